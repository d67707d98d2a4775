// The simulator, exercised over real HTTP with Node's fetch.

import { expect } from 'chai';
import { spawn } from 'node:child_process';
import path from 'node:path';
import {
  DEFAULT_DEVICES,
  DEFAULT_READINGS,
  type SimImagePage,
  type SimPage,
  type SimTodo,
  type Simulator,
  type StateSnapshot,
  type TodoListItem,
  startSimulator,
} from '../../dist/simulator/server';
import {
  type Answer,
  apiCaller,
  type CallOptions,
  eventReader,
  type FilePart,
  type FormField,
  HALLWAY,
  KITCHEN,
  multipart,
} from './support';
import { until, within } from '../support/until';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
const LIST_ITEM_KEYS = [
  'id',
  'title',
  'description',
  'dueDate',
  'dueTime',
  'repeatType',
  'status',
  'priority',
  'completed',
  'deviceId',
  'deviceName',
  'createDate',
  'updateDate',
];
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const CLI = path.join(__dirname, '..', '..', 'dist', 'simulator', 'cli.js');

interface CreatedTodo {
  id: number;
  title: string;
  status: number;
  priority: number;
  deviceId: string;
  createDate: string;
}
interface PushResult {
  totalPages: number;
  pushedPages: number;
  pageId: string;
}

function image(data: Buffer = PNG, filename = 'a.png', contentType = 'image/png'): FilePart {
  return { name: 'images', filename, contentType, data };
}

/** A buffer of `size` bytes that starts as a PNG does. */
function pngOfSize(size: number): Buffer {
  const data = Buffer.alloc(size, 1);
  PNG.copy(data);
  return data;
}

/** Runs the command-line simulator and collects what it prints. */
function runCli(args: string[], env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output, exited };
}

describe('simulator', function () {
  let sim: Simulator;
  const call = apiCaller(() => sim);

  before(async function () {
    sim = await startSimulator();
  });
  after(async function () {
    await sim.close();
  });
  beforeEach(function () {
    sim.reset();
  });

  function todoAt(id: number): SimTodo {
    const todo = sim.state.todos.get(id);
    if (!todo) throw new Error(`no to-do ${id} in the simulator`);
    return todo;
  }

  function slotsOf(deviceId: string): (SimPage | null)[] {
    const slots = sim.state.pages.get(deviceId);
    if (!slots) throw new Error(`no pages for ${deviceId} in the simulator`);
    return slots;
  }

  function imagePageAt(deviceId: string, index: number): SimImagePage {
    const page = slotsOf(deviceId)[index];
    if (page?.kind !== 'image') throw new Error(`page ${index + 1} of ${deviceId} holds no images`);
    return page;
  }

  async function createTodo(fields: Record<string, unknown>): Promise<CreatedTodo> {
    const answer = await call<CreatedTodo>('POST', '/todos', { json: fields });
    expect(answer.status, answer.text).to.equal(200);
    return answer.body.data;
  }

  async function listTodos(query = ''): Promise<TodoListItem[]> {
    const answer = await call<TodoListItem[]>('GET', `/todos${query}`);
    expect(answer.status, answer.text).to.equal(200);
    return answer.body.data;
  }

  function pushImages(deviceId: string, parts: (FormField | FilePart)[]): Promise<Answer<PushResult>> {
    const form = multipart(parts);
    return call<PushResult>('POST', `/devices/${deviceId}/display/image`, {
      body: form.body,
      contentType: form.contentType,
    });
  }

  function pushText(deviceId: string, json: Record<string, unknown>): Promise<Answer<PushResult>> {
    return call<PushResult>('POST', `/devices/${deviceId}/display/text`, { json });
  }

  async function expectBadRequest(method: string, apiPath: string, json: unknown, field: string): Promise<void> {
    const answer = await call(method, apiPath, { json });
    expect(answer.status, `${JSON.stringify(json)} -> ${answer.text}`).to.equal(400);
    expect(answer.body.code).to.equal(400);
    expect(answer.body.msg).to.include(field);
  }

  describe('start', function () {
    it('listens on 127.0.0.1 on a free port with the default key, devices and readings', function () {
      expect(sim.url).to.equal(`http://127.0.0.1:${sim.port}`);
      expect(sim.port).to.be.above(0);
      expect(sim.apiKey).to.equal('sim-key');
      expect(sim.state.devices).to.deep.equal([
        { deviceId: KITCHEN, alias: 'Kitchen', board: 'esp32-c3' },
        { deviceId: HALLWAY, alias: 'Hallway', board: 'esp32-s3' },
      ]);
      expect(sim.readings).to.deep.equal({
        unfilteredListOmitsCompleted: false,
        trailingSlashDeletesAllPages: false,
        updateIgnoresUncertainFields: false,
        completeOnlyMarks: false,
        errorsAsHttp200: false,
        updateAppliesStatus: false,
      });
      expect(DEFAULT_READINGS).to.deep.equal(sim.readings);
    });

    it('takes its key, devices and log from the options and never logs the key', async function () {
      const lines: string[] = [];
      const own = await startSimulator({
        apiKey: 'k-123',
        devices: [{ deviceId: '11:22:33:44:55:66', alias: 'Desk', board: 'b1' }],
        log: (line) => lines.push(line),
      });
      try {
        const response = await fetch(`${own.url}/open/v1/devices`, { headers: { 'X-API-Key': 'k-123' } });
        expect(await response.json()).to.deep.equal({
          code: 0,
          data: [{ deviceId: '11:22:33:44:55:66', alias: 'Desk', board: 'b1' }],
        });
        expect(lines).to.have.length(1);
        expect(lines[0]).to.include('GET /open/v1/devices').and.include('200');
        expect(lines.join('\n')).not.to.include('k-123');
      } finally {
        await own.close();
      }
    });

    it('plays the readings given as options, and refuses a reading it does not know', async function () {
      const own = await startSimulator({ readings: { unfilteredListOmitsCompleted: true } });
      try {
        expect(own.readings).to.deep.equal({ ...DEFAULT_READINGS, unfilteredListOmitsCompleted: true });
        own.addTodo({ title: 'done', status: 1 });
        const response = await fetch(`${own.url}/open/v1/todos`, { headers: { 'X-API-Key': own.apiKey } });
        expect(((await response.json()) as { data: unknown[] }).data).to.deep.equal([]);
      } finally {
        await own.close();
      }
      const typo = { listOmitsCompleted: true } as unknown as { unfilteredListOmitsCompleted: boolean };
      let refused: unknown;
      try {
        await startSimulator({ readings: typo });
      } catch (error) {
        refused = error;
      }
      expect(refused).to.be.instanceOf(TypeError);
      expect((refused as Error).message).to.include('listOmitsCompleted');
      expect(() => sim.setReadings({ trailingSlashDeletesAllPages: 'yes' as unknown as boolean })).to.throw(
        TypeError,
        'true or false',
      );
      expect(sim.readings.trailingSlashDeletesAllPages).to.equal(false);
    });
  });

  describe('authentication', function () {
    it('answers 401 with the envelope when no key is sent', async function () {
      const answer = await call('GET', '/devices', { auth: 'none' });
      expect(answer.status).to.equal(401);
      expect(answer.body).to.deep.equal({ code: 401, msg: 'invalid or expired API key' });
    });

    it('answers 401 for a wrong key in either header', async function () {
      expect((await call('GET', '/devices', { auth: 'none', headers: { 'X-API-Key': 'nope' } })).status).to.equal(401);
      expect(
        (await call('GET', '/devices', { auth: 'none', headers: { Authorization: 'Bearer nope' } })).status,
      ).to.equal(401);
      expect((await call('GET', '/devices', { auth: 'none', headers: { Authorization: sim.apiKey } })).status).to.equal(
        401,
      );
    });

    it('accepts X-API-Key and Authorization: Bearer', async function () {
      expect((await call('GET', '/devices', { auth: 'key' })).status).to.equal(200);
      expect((await call('GET', '/devices', { auth: 'bearer' })).status).to.equal(200);
    });

    it('checks the key before anything else, unknown paths included', async function () {
      const answer = await call('GET', '/nowhere', { auth: 'none' });
      expect(answer.status).to.equal(401);
    });
  });

  describe('routing', function () {
    it('answers 404 for an unknown /open/v1 path', async function () {
      const answer = await call('GET', '/gadgets');
      expect(answer.status).to.equal(404);
      expect(answer.body.code).to.equal(404);
    });

    it('answers 405 with Allow for a wrong method on a known path', async function () {
      const answer = await call('DELETE', '/devices');
      expect(answer.status).to.equal(405);
      expect(answer.body.code).to.equal(405);
      expect(answer.headers.get('allow')).to.equal('GET');
      const todos = await call('PATCH', '/todos/1');
      expect(todos.status).to.equal(405);
      expect(todos.headers.get('allow')).to.equal('PUT, DELETE');
    });

    it('answers 404 for paths outside /open/v1 and /sim', async function () {
      const response = await fetch(`${sim.url}/favicon.ico`);
      expect(response.status).to.equal(404);
      expect(sim.requests).to.have.length(0);
    });

    it('refuses a body over 12 MB with 413', async function () {
      const answer = await call('POST', '/todos', {
        body: Buffer.alloc(12 * 1024 * 1024 + 1, 0x20),
        contentType: 'application/json',
      });
      expect(answer.status).to.equal(413);
      expect(answer.body.code).to.equal(413);
      expect(sim.state.todos.size).to.equal(0);
    });

    it('percent-decodes every path segment before matching, and records the path as sent', async function () {
      const answer = await call('GET', '/%64evices');
      expect(answer.status).to.equal(200);
      expect(answer.body.data).to.deep.equal(DEFAULT_DEVICES);
      expect(sim.requests[0].path).to.equal('/open/v1/%64evices');
      const slashInside = await call('POST', `/devices/${KITCHEN}/display%2Ftext`, { json: { text: 'x' } });
      expect(slashInside.status, 'an encoded slash stays inside its segment').to.equal(404);
      const malformed = await call('PUT', '/devices/AA%3ABB%3ZZ/sync-interval', { json: { syncInterval: 10 } });
      expect(malformed.body, 'a segment that does not decode is taken as it is').to.deep.equal({
        code: 404,
        msg: 'device not found',
      });
      expect(sim.state.pages.size).to.equal(0);
    });
  });

  describe('devices', function () {
    it('lists the devices', async function () {
      const answer = await call('GET', '/devices');
      expect(answer.status).to.equal(200);
      expect(answer.body).to.deep.equal({ code: 0, data: DEFAULT_DEVICES });
    });

    it('sets the sync interval and answers msg and data', async function () {
      const answer = await call('PUT', `/devices/${KITCHEN}/sync-interval`, { json: { syncInterval: 60 } });
      expect(answer.status).to.equal(200);
      expect(answer.body).to.deep.equal({ code: 0, msg: 'success', data: { deviceId: KITCHEN, syncInterval: 60 } });
      expect(sim.state.syncIntervals.get(KITCHEN)).to.equal(60);
    });

    it('accepts every allowed sync interval and refuses others', async function () {
      for (const syncInterval of [0, 10, 30, 60, 180, 720]) {
        const answer = await call<{ syncInterval: number }>('PUT', `/devices/${HALLWAY}/sync-interval`, {
          json: { syncInterval },
        });
        expect(answer.body.data.syncInterval).to.equal(syncInterval);
      }
      for (const syncInterval of [15, -10, '60', null, 1440]) {
        await expectBadRequest('PUT', `/devices/${HALLWAY}/sync-interval`, { syncInterval }, 'syncInterval');
      }
      await expectBadRequest('PUT', `/devices/${HALLWAY}/sync-interval`, {}, 'syncInterval');
    });

    it('answers 404 for an unknown device, or a device id in another notation', async function () {
      for (const deviceId of ['AA:BB:CC:DD:EE:99', 'AA-BB-CC-DD-EE-01', 'AABBCCDDEE01']) {
        const answer = await call('PUT', `/devices/${deviceId}/sync-interval`, { json: { syncInterval: 10 } });
        expect(answer.status, deviceId).to.equal(404);
        expect(answer.body).to.deep.equal({ code: 404, msg: 'device not found' });
      }
      expect(sim.state.syncIntervals.size).to.equal(0);
    });

    it('takes a MAC in lower case for the same device, and answers the device id as listed', async function () {
      const answer = await call('PUT', `/devices/${KITCHEN.toLowerCase()}/sync-interval`, {
        json: { syncInterval: 180 },
      });
      expect(answer.status, answer.text).to.equal(200);
      expect(answer.body.data).to.deep.equal({ deviceId: KITCHEN, syncInterval: 180 });
      expect(sim.state.syncIntervals.get(KITCHEN)).to.equal(180);
      expect(sim.state.syncIntervals.has(KITCHEN.toLowerCase())).to.equal(false);
    });

    it('decodes a percent-encoded device id in the path', async function () {
      const answer = await call<{ deviceId: string }>('PUT', `/devices/${encodeURIComponent(KITCHEN)}/sync-interval`, {
        json: { syncInterval: 30 },
      });
      expect(answer.status).to.equal(200);
      expect(answer.body.data.deviceId).to.equal(KITCHEN);
    });
  });

  describe('answer shapes', function () {
    it('answers each success as the specification shows it: code and data, code and msg, or both for the sync interval', async function () {
      sim.addTodo({ title: 'a' });
      sim.addTodo({ title: 'b' });
      const form = multipart([image(), { name: 'pageId', value: '3' }]);
      const calls: [string, string, CallOptions, string[]][] = [
        ['GET', '/devices', {}, ['code', 'data']],
        ['PUT', `/devices/${KITCHEN}/sync-interval`, { json: { syncInterval: 30 } }, ['code', 'msg', 'data']],
        ['GET', '/todos', {}, ['code', 'data']],
        ['POST', '/todos', { json: { title: 'c' } }, ['code', 'data']],
        ['PUT', '/todos/1', { json: { title: 'a2' } }, ['code', 'data']],
        ['PUT', '/todos/1/complete', {}, ['code', 'msg']],
        ['DELETE', '/todos/2', {}, ['code', 'msg']],
        [
          'POST',
          `/devices/${KITCHEN}/display/image`,
          { body: form.body, contentType: form.contentType },
          ['code', 'data'],
        ],
        ['POST', `/devices/${KITCHEN}/display/text`, { json: { text: 't', pageId: '1' } }, ['code', 'data']],
        ['POST', `/devices/${KITCHEN}/display/structured-text`, { json: { body: 'b', pageId: 2 } }, ['code', 'data']],
        ['DELETE', `/devices/${KITCHEN}/display/pages/1`, {}, ['code', 'msg']],
        ['DELETE', `/devices/${KITCHEN}/display/pages`, {}, ['code', 'msg']],
      ];
      for (const [method, apiPath, options, keys] of calls) {
        const answer = await call(method, apiPath, options);
        expect(answer.status, `${method} ${apiPath}: ${answer.text}`).to.equal(200);
        expect(Object.keys(answer.body), `${method} ${apiPath}`).to.deep.equal(keys);
        expect(answer.body.code).to.equal(0);
        if (keys.includes('msg')) expect(answer.body.msg).to.equal('success');
      }
    });
  });

  describe('request bodies', function () {
    it('refuses a body that is not valid JSON', async function () {
      const answer = await call('POST', '/todos', { json: '{"title": "x"' });
      expect(answer.status).to.equal(400);
      expect(answer.body.msg).to.include('JSON');
    });

    it('refuses a JSON body that is not an object', async function () {
      const answer = await call('POST', '/todos', { json: '["title"]' });
      expect(answer.status).to.equal(400);
      expect(answer.body.msg).to.include('object');
    });

    it('refuses a JSON operation sent without Content-Type: application/json', async function () {
      const answer = await call('POST', '/todos', { body: '{"title":"x"}', contentType: 'text/plain' });
      expect(answer.status).to.equal(415);
      expect(answer.body.msg).to.include('Content-Type');
    });
  });

  describe('to-dos', function () {
    it('creates to-dos with ids from 1 and answers the create shape', async function () {
      const first = await call<CreatedTodo>('POST', '/todos', { json: { title: 'Buy milk', priority: 1 } });
      expect(first.status).to.equal(200);
      expect(first.body).to.have.all.keys('code', 'data');
      expect(first.body.code).to.equal(0);
      expect(first.body.data).to.have.all.keys('id', 'title', 'status', 'priority', 'deviceId', 'createDate');
      expect(first.body.data).to.include({ id: 1, title: 'Buy milk', status: 0, priority: 1, deviceId: '' });
      expect(first.body.data.createDate).to.match(LOCAL_DATE_TIME);
      const second = await createTodo({ title: 'Water plants', deviceId: KITCHEN });
      expect(second).to.include({ id: 2, deviceId: KITCHEN, priority: 0 });
    });

    it('stores the fields of a create', async function () {
      const fields = {
        title: 'Gym',
        description: 'legs',
        dueDate: '2024-02-29',
        dueTime: '07:30',
        repeatType: 'weekly',
        repeatWeekday: 0,
        repeatMonth: 12,
        repeatDay: '31',
        priority: 2,
        deviceId: HALLWAY,
      };
      const { id } = await createTodo(fields);
      expect(todoAt(id)).to.include({ ...fields, repeatDay: 31, status: 0 });
    });

    it('stores a device named in lower case under the id the device list gives', async function () {
      const created = await createTodo({ title: 'lower', deviceId: HALLWAY.toLowerCase() });
      expect(created.deviceId).to.equal(HALLWAY);
      expect(todoAt(created.id).deviceId).to.equal(HALLWAY);
      const [item] = await listTodos(`?deviceId=${HALLWAY.toLowerCase()}`);
      expect(item).to.include({ id: created.id, deviceId: HALLWAY, deviceName: 'Hallway' });
    });

    it('answers 404 for a create naming an unknown device, and keeps nothing', async function () {
      const answer = await call('POST', '/todos', { json: { title: 'x', deviceId: 'AA:BB:CC:DD:EE:99' } });
      expect(answer.status).to.equal(404);
      expect(answer.body).to.deep.equal({ code: 404, msg: 'device not found' });
      expect(sim.state.todos.size).to.equal(0);
    });

    it('refuses a create without a title', async function () {
      await expectBadRequest('POST', '/todos', {}, 'title');
      await expectBadRequest('POST', '/todos', { title: '' }, 'title');
      await expectBadRequest('POST', '/todos', { title: '   ' }, 'title');
      await expectBadRequest('POST', '/todos', { title: 42 }, 'title');
    });

    const invalidFields: [string, unknown][] = [
      ['dueDate', '2024-02-30'],
      ['dueDate', '2023-02-29'],
      ['dueDate', '2024-2-3'],
      ['dueDate', '03/04/2024'],
      ['dueTime', '24:00'],
      ['dueTime', '9:30'],
      ['dueTime', '12:60'],
      ['repeatType', 'hourly'],
      ['repeatType', 'Daily'],
      ['repeatWeekday', 7],
      ['repeatWeekday', -1],
      ['repeatMonth', 0],
      ['repeatMonth', 13],
      ['repeatDay', 0],
      ['repeatDay', 32],
      ['repeatDay', 'x'],
      ['priority', 3],
      ['priority', -1],
      ['priority', 1.5],
      ['priority', '1'],
      ['description', 5],
      ['deviceId', 7],
    ];
    for (const [field, value] of invalidFields) {
      it(`refuses ${field} = ${JSON.stringify(value)} on create and update`, async function () {
        await expectBadRequest('POST', '/todos', { title: 't', [field]: value }, field);
        sim.addTodo({ title: 'seeded' });
        await expectBadRequest('PUT', '/todos/1', { [field]: value }, field);
      });
    }

    it('lists items with exactly the list shape, in id order', async function () {
      sim.addTodo({ id: 5, title: 'later id' });
      await createTodo({ title: 'Kitchen task', deviceId: KITCHEN, dueDate: '2030-01-02' });
      const answer = await call<TodoListItem[]>('GET', '/todos');
      expect(answer.status).to.equal(200);
      expect(answer.body.code).to.equal(0);
      expect(answer.body.data.map((item) => item.id)).to.deep.equal([5, 6]);
      for (const item of answer.body.data)
        expect(Object.keys(item)).to.have.members(LIST_ITEM_KEYS).and.have.length(13);
      const item = answer.body.data[1];
      expect(item).to.include({
        title: 'Kitchen task',
        description: null,
        dueDate: '2030-01-02',
        dueTime: '',
        repeatType: 'none',
        status: 0,
        priority: 0,
        completed: false,
        deviceId: KITCHEN,
        deviceName: 'Kitchen',
      });
      expect(item.createDate).to.match(LOCAL_DATE_TIME);
      expect(Number.isInteger(item.updateDate)).to.equal(true);
      expect(Math.abs(item.updateDate - Date.now() / 1000)).to.be.below(5);
      expect(answer.body.data[0]).to.include({ deviceId: '', deviceName: '' });
    });

    it('lists repeatWeekday, repeatMonth and repeatDay as numbers on the items that have them', async function () {
      await createTodo({ title: 'weekly', repeatType: 'weekly', repeatWeekday: '0' });
      await createTodo({ title: 'yearly', repeatType: 'yearly', repeatMonth: 12, repeatDay: '24' });
      await createTodo({ title: 'monthly', repeatType: 'monthly', repeatDay: 1 });
      await createTodo({ title: 'once' });
      const items = await listTodos();
      expect(items[0]).to.include({ repeatType: 'weekly', repeatWeekday: 0 });
      expect(items[0]).not.to.have.any.keys('repeatMonth', 'repeatDay');
      expect(items[1]).to.include({ repeatType: 'yearly', repeatMonth: 12, repeatDay: 24 });
      expect(items[1]).not.to.have.property('repeatWeekday');
      expect(items[2]).to.include({ repeatType: 'monthly', repeatDay: 1 });
      expect(Object.keys(items[3])).to.have.members(LIST_ITEM_KEYS).and.have.length(13);
      await call('PUT', '/todos/3', { json: { repeatDay: 15 } });
      expect((await listTodos())[2].repeatDay).to.equal(15);
    });

    it('filters the list by status and deviceId', async function () {
      sim.addTodo({ title: 'a', deviceId: KITCHEN });
      sim.addTodo({ title: 'b', deviceId: KITCHEN, status: 1 });
      sim.addTodo({ title: 'c', deviceId: HALLWAY, status: 1 });
      sim.addTodo({ title: 'd' });
      const titles = async (query: string) => (await listTodos(query)).map((todo) => todo.title);
      expect(await titles('')).to.deep.equal(['a', 'b', 'c', 'd']);
      expect(await titles('?status=0')).to.deep.equal(['a', 'd']);
      expect(await titles('?status=1')).to.deep.equal(['b', 'c']);
      expect(await titles(`?deviceId=${encodeURIComponent(KITCHEN)}`)).to.deep.equal(['a', 'b']);
      expect(await titles(`?deviceId=${encodeURIComponent(HALLWAY)}&status=0`)).to.deep.equal([]);
      expect((await call('GET', '/todos?status=2')).status).to.equal(400);
    });

    describe('the unfiltered list under both readings', function () {
      afterEach(function () {
        sim.setReadings(DEFAULT_READINGS);
      });

      it('leaves completed to-dos out of every list without a status filter when told to', async function () {
        sim.addTodo({ title: 'a', deviceId: KITCHEN });
        sim.addTodo({ title: 'b', deviceId: KITCHEN, status: 1 });
        sim.addTodo({ title: 'c', status: 1 });
        sim.setReadings({ unfilteredListOmitsCompleted: true });
        const titles = async (query: string) => (await listTodos(query)).map((todo) => todo.title);
        expect(await titles('')).to.deep.equal(['a']);
        expect(await titles(`?deviceId=${encodeURIComponent(KITCHEN)}`)).to.deep.equal(['a']);
        expect(await titles('?status=1')).to.deep.equal(['b', 'c']);
        expect(await titles('?status=0')).to.deep.equal(['a']);
        sim.setReadings({ unfilteredListOmitsCompleted: false });
        expect(await titles('')).to.deep.equal(['a', 'b', 'c']);
      });

      it('keeps the reading across reset()', async function () {
        sim.setReadings({ unfilteredListOmitsCompleted: true });
        sim.reset();
        expect(sim.readings.unfilteredListOmitsCompleted).to.equal(true);
        sim.addTodo({ title: 'done', status: 1 });
        expect(await listTodos()).to.deep.equal([]);
      });
    });

    it('updates a subset of fields and answers the update shape', async function () {
      sim.addTodo({ title: 'Old', priority: 0, updateDate: 1000, status: 1 });
      const answer = await call('PUT', '/todos/1', { json: { title: 'New', priority: 2, description: 'd' } });
      expect(answer.status).to.equal(200);
      expect(answer.body).to.deep.equal({ code: 0, data: { id: 1, title: 'New', status: 1, priority: 2 } });
      const stored = todoAt(1);
      expect(stored).to.include({ title: 'New', priority: 2, description: 'd', status: 1 });
      expect(stored.updateDate).to.be.above(1000);
    });

    it('updates repeatType and moves a to-do between device and personal', async function () {
      sim.addTodo({ title: 't' });
      await call('PUT', '/todos/1', { json: { deviceId: HALLWAY, repeatType: 'monthly', repeatDay: 3 } });
      expect(todoAt(1)).to.include({ deviceId: HALLWAY, repeatType: 'monthly', repeatDay: 3 });
      await call('PUT', '/todos/1', { json: { deviceId: '' } });
      expect(todoAt(1).deviceId).to.equal('');
      const unknown = await call('PUT', '/todos/1', { json: { deviceId: 'AA:BB:CC:DD:EE:99' } });
      expect(unknown.status).to.equal(404);
      expect(unknown.body.msg).to.equal('device not found');
    });

    it('refuses an update with an empty title, and changes nothing', async function () {
      sim.addTodo({ title: 't' });
      await expectBadRequest('PUT', '/todos/1', { title: '', priority: 2 }, 'title');
      expect(todoAt(1)).to.include({ title: 't', priority: 0 });
    });

    it('ignores a status in an update by default, whatever it is, and applies the rest', async function () {
      sim.addTodo({ title: 'open' });
      for (const status of [1, 'completed', 7, null]) {
        const answer = await call('PUT', '/todos/1', { json: { title: `status ${String(status)}`, status } });
        expect(answer.status, answer.text).to.equal(200);
        expect(answer.body.data).to.deep.equal({ id: 1, title: `status ${String(status)}`, status: 0, priority: 0 });
      }
      expect(todoAt(1)).to.include({ title: 'status null', status: 0 });
    });

    describe('the other open points of the to-dos, under each reading', function () {
      afterEach(function () {
        sim.setReadings(DEFAULT_READINGS);
      });

      it('applies a status of 0 or 1 in an update when told to, and refuses one that is neither', async function () {
        sim.setReadings({ updateAppliesStatus: true });
        sim.addTodo({ title: 'done', status: 1 });
        const reopened = await call('PUT', '/todos/1', { json: { status: 0 } });
        expect(reopened.body).to.deep.equal({ code: 0, data: { id: 1, title: 'done', status: 0, priority: 0 } });
        expect(todoAt(1).status).to.equal(0);
        expect((await call('PUT', '/todos/1', { json: { status: '1' } })).body.data).to.include({ status: 1 });
        await expectBadRequest('PUT', '/todos/1', { status: 2 }, 'status');
        await expectBadRequest('PUT', '/todos/1', { status: 'completed' }, 'status');
        expect(todoAt(1).status).to.equal(1);
      });

      it('ignores repeatType, the repeat days and deviceId in an update when told to, and applies the rest', async function () {
        sim.setReadings({ updateIgnoresUncertainFields: true });
        sim.addTodo({ title: 't', deviceId: KITCHEN });
        const fields = { repeatType: 'monthly', repeatDay: 3, repeatWeekday: 9, repeatMonth: 'x', deviceId: HALLWAY };
        const answer = await call('PUT', '/todos/1', { json: { ...fields, title: 'renamed', priority: 1 } });
        expect(answer.status, answer.text).to.equal(200);
        expect(answer.body).to.deep.equal({ code: 0, data: { id: 1, title: 'renamed', status: 0, priority: 1 } });
        expect(todoAt(1)).to.include({
          title: 'renamed',
          priority: 1,
          deviceId: KITCHEN,
          repeatType: 'none',
          repeatDay: null,
          repeatWeekday: null,
          repeatMonth: null,
        });
        expect((await call('PUT', '/todos/1', { json: { deviceId: 'AA:BB:CC:DD:EE:99' } })).status).to.equal(200);
      });

      it('only marks a to-do completed on complete when told to: a completed one stays so', async function () {
        sim.setReadings({ completeOnlyMarks: true });
        sim.addTodo({ title: 't' });
        for (let round = 0; round < 2; round++) {
          const answer = await call('PUT', '/todos/1/complete');
          expect(answer.body).to.deep.equal({ code: 0, msg: 'success' });
          expect(todoAt(1).status).to.equal(1);
        }
      });

      it('answers every refusal HTTP 200 with the non-zero code and msg when told to', async function () {
        sim.setReadings({ errorsAsHttp200: true });
        const refusals: [string, string, CallOptions, number, string][] = [
          ['PUT', '/todos/99', { json: { title: 'x' } }, 404, 'todo not found'],
          ['POST', '/todos', { json: {} }, 400, 'title is required'],
          ['POST', `/devices/${KITCHEN}/display/text`, { json: { text: 'x', pageId: 9 } }, 400, 'pageId'],
          ['GET', '/devices', { auth: 'none' }, 401, 'invalid or expired API key'],
          ['GET', '/nothing-here', {}, 404, 'not found'],
          ['POST', '/devices', {}, 405, 'not allowed'],
        ];
        for (const [method, apiPath, options, code, msg] of refusals) {
          const answer = await call(method, apiPath, options);
          expect(answer.status, `${method} ${apiPath}`).to.equal(200);
          expect(answer.body.code, `${method} ${apiPath}`).to.equal(code);
          expect(answer.body.msg, `${method} ${apiPath}`).to.include(msg);
        }
        expect((await call('GET', '/devices')).body).to.deep.equal({ code: 0, data: DEFAULT_DEVICES });
      });
    });

    it('takes null as "not given": a create leaves the due date empty, an update leaves it as it was', async function () {
      const { id } = await createTodo({ title: 'no due', dueDate: null, dueTime: null, description: null });
      expect(todoAt(id)).to.include({ dueDate: '', dueTime: '', description: null });
      sim.addTodo({ id: 2, title: 'due', dueDate: '2030-05-06', dueTime: '08:15' });
      const update = await call('PUT', '/todos/2', { json: { dueDate: null, dueTime: null, title: 'still due' } });
      expect(update.status, update.text).to.equal(200);
      expect(todoAt(2)).to.include({ title: 'still due', dueDate: '2030-05-06', dueTime: '08:15' });
      await call('PUT', '/todos/2', { json: { dueDate: '', dueTime: '' } });
      expect(todoAt(2)).to.include({ dueDate: '', dueTime: '' });
    });

    it('answers 404 for an unknown to-do and 400 for an id that is not a positive integer', async function () {
      const missing = await call('PUT', '/todos/99', { json: { title: 'x' } });
      expect(missing.status).to.equal(404);
      expect(missing.body).to.deep.equal({ code: 404, msg: 'todo not found' });
      for (const id of ['0', '-1', 'abc', '1.5', '01']) {
        const answer = await call('DELETE', `/todos/${id}`);
        expect(answer.status, id).to.equal(400);
        expect(answer.body.msg).to.include('id');
      }
      expect((await call('PUT', '/todos/99/complete')).status).to.equal(404);
      expect((await call('DELETE', '/todos/99')).status).to.equal(404);
    });

    it('toggles status with complete by default, answering code and msg only', async function () {
      sim.addTodo({ title: 't', updateDate: 1000 });
      const first = await call('PUT', '/todos/1/complete');
      expect(first.status).to.equal(200);
      expect(first.body).to.deep.equal({ code: 0, msg: 'success' });
      expect(todoAt(1).status).to.equal(1);
      expect(todoAt(1).updateDate).to.be.above(1000);
      const listed = await listTodos();
      expect(listed[0]).to.include({ status: 1, completed: true });
      await call('PUT', '/todos/1/complete');
      expect(todoAt(1).status).to.equal(0);
    });

    it('deletes a to-do', async function () {
      sim.addTodo({ title: 'a' });
      sim.addTodo({ title: 'b' });
      const answer = await call('DELETE', '/todos/1');
      expect(answer.body).to.deep.equal({ code: 0, msg: 'success' });
      expect([...sim.state.todos.keys()]).to.deep.equal([2]);
      expect((await call('DELETE', '/todos/1')).status).to.equal(404);
    });
  });

  describe('text pages', function () {
    it('shows text pushed without a pageId as the temporary screen, replacing no page', async function () {
      await pushText(KITCHEN, { text: 'stored', pageId: '1' });
      const answer = await pushText(KITCHEN, { text: 'Hello\nworld' });
      expect(answer.status).to.equal(200);
      expect(answer.body).to.deep.equal({ code: 0, data: { totalPages: 1, pushedPages: 1 } });
      const screen = sim.state.temporaryScreens.get(KITCHEN);
      expect(screen).to.include({ kind: 'text', text: 'Hello\nworld', fontSize: 20, persistent: false });
      expect(screen?.pushedAt).to.be.a('number');
      expect(slotsOf(KITCHEN)[0]).to.include({ kind: 'text', text: 'stored', persistent: true });
      expect(slotsOf(KITCHEN).slice(1)).to.deep.equal([null, null, null, null]);
      await pushText(KITCHEN, { text: 'next' });
      expect(sim.state.temporaryScreens.get(KITCHEN)).to.include({ text: 'next' });
      expect(sim.state.temporaryScreens.has(HALLWAY)).to.equal(false);
    });

    it('pushes to the given page, as a string or a number; every answer counts the one page pushed', async function () {
      const third = await pushText(KITCHEN, { text: 'a', pageId: '3', fontSize: 48 });
      expect(third.body.data).to.deep.equal({ totalPages: 1, pushedPages: 1, pageId: '3' });
      const fifth = await pushText(KITCHEN, { text: 'b', pageId: 5, fontSize: 12 });
      expect(fifth.body.data).to.deep.equal({ totalPages: 1, pushedPages: 1, pageId: '5' });
      const again = await pushText(KITCHEN, { text: 'c', pageId: 3 });
      expect(again.body.data).to.deep.equal({ totalPages: 1, pushedPages: 1, pageId: '3' });
      const slots = slotsOf(KITCHEN);
      expect(slots[2]).to.include({ text: 'c', persistent: true });
      expect(slots[4]).to.include({ text: 'b', fontSize: 12 });
      expect(sim.state.pages.get(HALLWAY)).to.equal(undefined);
    });

    it('accepts 5000 characters and refuses 5001 or no text', async function () {
      const url = `/devices/${KITCHEN}/display/text`;
      expect((await call('POST', url, { json: { text: 'x'.repeat(5000) } })).status).to.equal(200);
      await expectBadRequest('POST', url, { text: 'x'.repeat(5001) }, 'text');
      await expectBadRequest('POST', url, {}, 'text');
      await expectBadRequest('POST', url, { text: '' }, 'text');
      await expectBadRequest('POST', url, { text: 5 }, 'text');
    });

    it('refuses a fontSize that is not an integer from 12 to 48', async function () {
      for (const fontSize of [11, 49, 20.5, '20']) {
        await expectBadRequest('POST', `/devices/${KITCHEN}/display/text`, { text: 'x', fontSize }, 'fontSize');
      }
    });

    it('refuses a pageId outside 1 to 5', async function () {
      for (const pageId of [0, 6, '0', '6', 'x', '', 1.5, true]) {
        await expectBadRequest('POST', `/devices/${KITCHEN}/display/text`, { text: 'x', pageId }, 'pageId');
      }
    });

    it('answers 404 for an unknown device', async function () {
      const answer = await pushText('AA:BB:CC:DD:EE:99', { text: 'x' });
      expect(answer.status).to.equal(404);
      expect(answer.body).to.deep.equal({ code: 404, msg: 'device not found' });
    });
  });

  describe('structured pages', function () {
    const url = `/devices/${HALLWAY}/display/structured-text`;

    it('pushes a title and body', async function () {
      const answer = await call('POST', url, { json: { title: 'News', body: 'line 1\nline 2', pageId: '2' } });
      expect(answer.body).to.deep.equal({ code: 0, data: { totalPages: 1, pushedPages: 1, pageId: '2' } });
      expect(slotsOf(HALLWAY)[1]).to.include({ kind: 'structured', title: 'News', body: 'line 1\nline 2' });
    });

    it('accepts a title alone or a body alone', async function () {
      expect((await call('POST', url, { json: { title: 'only', pageId: '1' } })).status).to.equal(200);
      expect(slotsOf(HALLWAY)[0]).to.include({ title: 'only', body: '' });
      expect((await call('POST', url, { json: { body: 'only', pageId: '1' } })).status).to.equal(200);
      expect(slotsOf(HALLWAY)[0]).to.include({ title: '', body: 'only' });
    });

    it('refuses neither title nor body (or both blank), and lengths over the limits', async function () {
      await expectBadRequest('POST', url, {}, 'title or body');
      await expectBadRequest('POST', url, { title: '', body: '' }, 'title or body');
      await expectBadRequest('POST', url, { title: ' ', body: '\n\t' }, 'title or body');
      await expectBadRequest('POST', url, { title: 'x'.repeat(201) }, 'title');
      await expectBadRequest('POST', url, { body: 'x'.repeat(5001) }, 'body');
      await expectBadRequest('POST', url, { title: 'x', pageId: 9 }, 'pageId');
      expect((await call('POST', url, { json: { title: 'x'.repeat(200), body: 'x'.repeat(5000) } })).status).to.equal(
        200,
      );
    });
  });

  describe('image pages', function () {
    it('stores the images of a multipart push on the given page', async function () {
      const answer = await pushImages(KITCHEN, [
        image(PNG, 'one.png', 'image/png'),
        image(JPEG, 'two.jpg', 'image/jpeg'),
        { name: 'dither', value: 'false' },
        { name: 'pageId', value: '4' },
      ]);
      expect(answer.status, answer.text).to.equal(200);
      expect(answer.body).to.deep.equal({ code: 0, data: { totalPages: 2, pushedPages: 2, pageId: '4' } });
      const page = imagePageAt(KITCHEN, 3);
      expect(page).to.include({ kind: 'image', dither: false, persistent: true });
      expect(page.images.map((i) => i.contentType)).to.deep.equal(['image/png', 'image/jpeg']);
      expect(page.images[0].data.equals(PNG)).to.equal(true);
      expect(page.images[1].data.equals(JPEG)).to.equal(true);
    });

    it('dithers by default, and shows a push without a pageId as the temporary screen', async function () {
      const answer = await pushImages(KITCHEN, [image()]);
      expect(answer.body.data).to.deep.equal({ totalPages: 1, pushedPages: 1 });
      expect(sim.state.temporaryScreens.get(KITCHEN)).to.include({ kind: 'image', dither: true, persistent: false });
      expect(sim.state.pages.get(KITCHEN)).to.equal(undefined);
    });

    it('accepts five images of exactly 2 MB and refuses six, none, or one byte more', async function () {
      const twoMb = pngOfSize(2 * 1024 * 1024);
      const five = await pushImages(KITCHEN, [
        ...Array.from({ length: 5 }, () => image(twoMb)),
        { name: 'pageId', value: '1' },
      ]);
      expect(five.status, five.text).to.equal(200);
      expect(five.body.data).to.deep.equal({ totalPages: 5, pushedPages: 5, pageId: '1' });
      const six = await pushImages(
        KITCHEN,
        Array.from({ length: 6 }, () => image()),
      );
      expect(six.status).to.equal(400);
      expect(six.body.msg).to.include('images');
      const none = await pushImages(KITCHEN, [{ name: 'pageId', value: '1' }]);
      expect(none.status).to.equal(400);
      expect(none.body.msg).to.include('images');
      const big = await pushImages(KITCHEN, [image(), image(pngOfSize(2 * 1024 * 1024 + 1))]);
      expect(big.status).to.equal(400);
      expect(big.body.msg).to.include('images[1]').and.include('2 MB');
    });

    it('tells the format from the bytes: parts without a type, or as octet-stream, named "image"', async function () {
      const answer = await pushImages(KITCHEN, [
        { name: 'images', filename: 'image', data: PNG },
        { name: 'images', filename: 'image', contentType: 'application/octet-stream', data: JPEG },
        { name: 'images', filename: 'photo.png', contentType: 'image/png', data: JPEG },
        { name: 'pageId', value: '1' },
      ]);
      expect(answer.status, answer.text).to.equal(200);
      expect(answer.body.data).to.deep.equal({ totalPages: 3, pushedPages: 3, pageId: '1' });
      const page = imagePageAt(KITCHEN, 0);
      expect(page.images.map((i) => i.contentType)).to.deep.equal(['image/png', 'image/jpeg', 'image/jpeg']);
    });

    it('refuses image parts that are not image files, bad dither and bad pageId', async function () {
      const plain = await pushImages(KITCHEN, [{ name: 'images', value: 'not a file' }]);
      expect(plain.status).to.equal(400);
      expect(plain.body.msg).to.include('images[0]');
      const text = await pushImages(KITCHEN, [image(PNG, 'a.txt', 'text/plain')]);
      expect(text.status).to.equal(400);
      expect(text.body.msg).to.include('images[0]').and.include('text/plain');
      const untypedText = await pushImages(KITCHEN, [
        image(PNG),
        { name: 'images', filename: 'image', data: Buffer.from('hello') },
      ]);
      expect(untypedText.status).to.equal(400);
      expect(untypedText.body.msg).to.include('images[1]').and.include('PNG, JPEG, GIF, BMP, WebP');
      const declaredOnly = await pushImages(KITCHEN, [image(Buffer.from('<svg/>'), 'a.png', 'image/png')]);
      expect(declaredOnly.status).to.equal(400);
      expect(declaredOnly.body.msg).to.include('images[0]').and.include('no image');
      const dither = await pushImages(KITCHEN, [image(), { name: 'dither', value: 'yes' }]);
      expect(dither.status).to.equal(400);
      expect(dither.body.msg).to.include('dither');
      const pageId = await pushImages(KITCHEN, [image(), { name: 'pageId', value: '6' }]);
      expect(pageId.status).to.equal(400);
      expect(pageId.body.msg).to.include('pageId');
      expect(sim.state.pages.get(KITCHEN)).to.equal(undefined);
    });

    it('refuses a body without a multipart boundary, or one that does not parse', async function () {
      const url = `/devices/${KITCHEN}/display/image`;
      const form = multipart([image()]);
      const noBoundary = await call('POST', url, { body: form.body, contentType: 'multipart/form-data' });
      expect(noBoundary.status).to.equal(400);
      expect(noBoundary.body.msg).to.include('boundary');
      const json = await call('POST', url, { json: { images: [] } });
      expect(json.status).to.equal(400);
      const truncated = await call('POST', url, { body: form.body.subarray(0, 80), contentType: form.contentType });
      expect(truncated.status).to.equal(400);
      expect(truncated.body.msg).to.include('multipart');
    });

    it('parses a quoted boundary and the form FormData of fetch itself', async function () {
      const quoted = multipart([image()], 'quoted:boundary=1');
      const answer = await call('POST', `/devices/${KITCHEN}/display/image`, {
        body: quoted.body,
        contentType: 'multipart/form-data; boundary="quoted:boundary=1"',
      });
      expect(answer.status, answer.text).to.equal(200);
      const form = new FormData();
      form.append('images', new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }), 'photo.jpg');
      form.append('pageId', '2');
      const native = await call('POST', `/devices/${KITCHEN}/display/image`, { body: form });
      expect(native.status, native.text).to.equal(200);
      expect(native.body.data).to.deep.equal({ totalPages: 1, pushedPages: 1, pageId: '2' });
      expect(imagePageAt(KITCHEN, 1).images[0].data.equals(JPEG)).to.equal(true);
    });

    it('answers 404 for an unknown device', async function () {
      const answer = await pushImages('AA:BB:CC:DD:EE:99', [image()]);
      expect(answer.status).to.equal(404);
    });
  });

  describe('page deletion', function () {
    async function fillPages(deviceId: string, pageIds: string[]): Promise<void> {
      for (const pageId of pageIds) await pushText(deviceId, { text: `p${pageId}`, pageId });
    }

    function textsOf(deviceId: string): (string | null)[] {
      return slotsOf(deviceId).map((page) => (page?.kind === 'text' ? page.text : null));
    }

    it('deletes one page', async function () {
      await fillPages(KITCHEN, ['1', '2', '3']);
      const answer = await call('DELETE', `/devices/${KITCHEN}/display/pages/2`);
      expect(answer.body).to.deep.equal({ code: 0, msg: 'success' });
      expect(textsOf(KITCHEN)).to.deep.equal(['p1', null, 'p3', null, null]);
      const next = await pushText(KITCHEN, { text: 'x', pageId: '5' });
      expect(next.body.data).to.deep.equal({ totalPages: 1, pushedPages: 1, pageId: '5' });
      expect(textsOf(KITCHEN)).to.deep.equal(['p1', null, 'p3', null, 'x']);
    });

    it('deletes every page of the device and only that device', async function () {
      await fillPages(KITCHEN, ['1', '4']);
      await fillPages(HALLWAY, ['2']);
      const answer = await call('DELETE', `/devices/${KITCHEN}/display/pages`);
      expect(answer.body).to.deep.equal({ code: 0, msg: 'success' });
      expect(slotsOf(KITCHEN)).to.deep.equal([null, null, null, null, null]);
      expect(slotsOf(HALLWAY)[1]).to.include({ text: 'p2' });
    });

    it('refuses a pageId outside 1 to 5 and an unknown device', async function () {
      const bad = await call('DELETE', `/devices/${KITCHEN}/display/pages/6`);
      expect(bad.status).to.equal(400);
      expect(bad.body.msg).to.include('pageId');
      expect((await call('DELETE', '/devices/AA:BB:CC:DD:EE:99/display/pages/1')).status).to.equal(404);
      expect((await call('DELETE', '/devices/AA:BB:CC:DD:EE:99/display/pages')).status).to.equal(404);
    });

    describe('with a trailing slash, under both readings', function () {
      afterEach(function () {
        sim.setReadings(DEFAULT_READINGS);
      });

      it('is an unknown path by default, and deletes nothing', async function () {
        await fillPages(KITCHEN, ['1', '2']);
        const answer = await call('DELETE', `/devices/${KITCHEN}/display/pages/`);
        expect(answer.status).to.equal(404);
        expect(answer.body).to.deep.equal({ code: 404, msg: 'not found' });
        expect(textsOf(KITCHEN)).to.deep.equal(['p1', 'p2', null, null, null]);
      });

      it('deletes every page of that device when told to, and is still no other method', async function () {
        await fillPages(KITCHEN, ['1', '2']);
        await fillPages(HALLWAY, ['3']);
        sim.setReadings({ trailingSlashDeletesAllPages: true });
        const answer = await call('DELETE', `/devices/${KITCHEN}/display/pages/`);
        expect(answer.status, answer.text).to.equal(200);
        expect(answer.body).to.deep.equal({ code: 0, msg: 'success' });
        expect(textsOf(KITCHEN)).to.deep.equal([null, null, null, null, null]);
        expect(textsOf(HALLWAY)).to.deep.equal([null, null, 'p3', null, null]);
        const wrongMethod = await call('GET', `/devices/${KITCHEN}/display/pages/`);
        expect(wrongMethod.status).to.equal(405);
        expect((await call('DELETE', '/devices/AA:BB:CC:DD:EE:99/display/pages/')).status).to.equal(404);
      });
    });
  });

  describe('recording', function () {
    it('records method, path, query, headers, raw body, parsed body and arrival time', async function () {
      const before = Date.now();
      await call('POST', '/todos?trace=1&trace=2&x=y', { json: { title: 'rec' }, headers: { 'X-Custom': 'yes' } });
      expect(sim.requests).to.have.length(1);
      const [recorded] = sim.requests;
      expect(recorded).to.include({ method: 'POST', path: '/open/v1/todos' });
      expect(recorded.query).to.deep.equal({ trace: '1', x: 'y' });
      expect(recorded.headers['x-api-key']).to.equal(sim.apiKey);
      expect(recorded.headers['x-custom']).to.equal('yes');
      expect(recorded.headers['content-type']).to.equal('application/json');
      expect(recorded.rawBody.toString()).to.equal('{"title":"rec"}');
      expect(recorded.body).to.deep.equal({ title: 'rec' });
      expect(recorded.parts).to.equal(undefined);
      expect(recorded.fault).to.equal(undefined);
      expect(recorded.at).to.be.within(before, Date.now());
    });

    it('records the parts of a multipart body', async function () {
      await pushImages(KITCHEN, [image(PNG, 'p.png'), { name: 'dither', value: 'true' }]);
      const [recorded] = sim.requests;
      expect(recorded.body).to.equal(undefined);
      const parts = recorded.parts ?? [];
      expect(parts).to.have.length(2);
      expect(parts[0]).to.include({ name: 'images', filename: 'p.png', contentType: 'image/png' });
      expect(parts[0].data.equals(PNG)).to.equal(true);
      expect(parts[0].value).to.equal(undefined);
      expect(parts[1]).to.include({ name: 'dither', value: 'true' });
      expect(parts[1].filename).to.equal(undefined);
    });

    it('records refused requests too, in arrival order, and clears on demand', async function () {
      await call('GET', '/devices', { auth: 'none' });
      await call('GET', '/todos');
      expect(sim.requests.map((r) => r.path)).to.deep.equal(['/open/v1/devices', '/open/v1/todos']);
      sim.clearRequests();
      expect(sim.requests).to.have.length(0);
    });

    it('does not record the page or /sim routes', async function () {
      await fetch(`${sim.url}/`).then((r) => r.text());
      await fetch(`${sim.url}/sim/state`).then((r) => r.text());
      expect(sim.requests).to.have.length(0);
    });
  });

  describe('faults', function () {
    it("'status' answers the status with the envelope, 503 by default, and does nothing", async function () {
      sim.misbehave({ kind: 'status' });
      const answer = await call('POST', '/todos', { json: { title: 'x' } });
      expect(answer.status).to.equal(503);
      expect(answer.body).to.deep.equal({ code: 503, msg: 'simulated 503' });
      expect(sim.state.todos.size).to.equal(0);
      expect(sim.requests[0].fault).to.equal('status');
      sim.misbehave({ kind: 'status', status: 502 });
      expect((await call('GET', '/devices')).status).to.equal(502);
    });

    it("'retry-after' answers 429 with Retry-After: 1 by default, or what is given", async function () {
      sim.misbehave({ kind: 'retry-after' });
      const first = await call('GET', '/devices');
      expect(first.status).to.equal(429);
      expect(first.headers.get('retry-after')).to.equal('1');
      expect(first.body).to.deep.equal({ code: 429, msg: 'simulated 429' });
      const date = 'Wed, 21 Oct 2015 07:28:00 GMT';
      sim.misbehave({ kind: 'retry-after', status: 503, retryAfter: date });
      const second = await call('GET', '/devices');
      expect(second.status).to.equal(503);
      expect(second.headers.get('retry-after')).to.equal(date);
    });

    it("'hang' never answers", async function () {
      sim.misbehave({ kind: 'hang' });
      let error: unknown;
      try {
        await call('GET', '/devices', { signal: AbortSignal.timeout(300) });
      } catch (caught) {
        error = caught;
      }
      expect(error, 'the request should not be answered').to.be.instanceOf(Error);
      expect((error as Error).name).to.equal('TimeoutError');
      expect(sim.requests[0].fault).to.equal('hang');
    });

    it("'reset' destroys the connection without an answer", async function () {
      sim.misbehave({ kind: 'reset' });
      let error: unknown;
      try {
        await call('POST', '/todos', { json: { title: 'x' } });
      } catch (caught) {
        error = caught;
      }
      expect(error, 'the request should fail').to.be.instanceOf(TypeError);
      expect(sim.state.todos.size).to.equal(0);
      expect(sim.requests[0].fault).to.equal('reset');
    });

    it("'not-json' answers 200 with an HTML body", async function () {
      sim.misbehave({ kind: 'not-json' });
      const answer = await call('GET', '/devices');
      expect(answer.status).to.equal(200);
      expect(answer.headers.get('content-type')).to.match(/^text\/html/);
      expect(answer.text).to.equal('<html>gateway</html>');
    });

    it("'code' answers 200 with a non-zero code, 1001 by default", async function () {
      sim.misbehave({ kind: 'code' });
      sim.misbehave({ kind: 'code', code: 40001, msg: 'quota exceeded' });
      const first = await call('GET', '/devices');
      expect(first.status).to.equal(200);
      expect(first.body).to.deep.equal({ code: 1001, msg: 'simulated failure' });
      const second = await call('GET', '/devices');
      expect(second.body).to.deep.equal({ code: 40001, msg: 'quota exceeded' });
    });

    it('with afterEffect carries the operation out, then answers the fault', async function () {
      sim.misbehave({ kind: 'status', status: 502, afterEffect: true });
      const answer = await call('POST', '/todos', { json: { title: 'made anyway' } });
      expect(answer.status).to.equal(502);
      expect(todoAt(1)).to.include({ title: 'made anyway' });
      sim.misbehave({ kind: 'reset', afterEffect: true });
      await call('PUT', '/todos/1/complete').catch(() => undefined);
      expect(todoAt(1).status).to.equal(1);
      expect(sim.requests.map((r) => r.fault)).to.deep.equal(['status', 'reset']);
    });

    it('hits only matching requests, as many times as asked, first queued first', async function () {
      sim.misbehave({ kind: 'status', status: 500, method: 'POST', path: '/open/v1/todos', times: 2 });
      sim.misbehave({ kind: 'status', status: 504, path: /\/display\// });
      sim.misbehave({ kind: 'status', status: 501, path: '/todos' });
      expect((await call('GET', '/devices')).status).to.equal(200);
      expect((await call('GET', '/todos')).status).to.equal(501);
      expect((await call('POST', '/todos', { json: { title: 'a' } })).status).to.equal(500);
      expect((await call('POST', '/todos', { json: { title: 'b' } })).status).to.equal(500);
      expect((await call('POST', '/todos', { json: { title: 'c' } })).status).to.equal(200);
      expect((await pushText(KITCHEN, { text: 'x' })).status).to.equal(504);
      expect((await pushText(KITCHEN, { text: 'x' })).status).to.equal(200);
    });

    it('applies to the method case-insensitively and is cleared by clearFaults', async function () {
      sim.misbehave({ kind: 'status', method: 'get', times: 5 });
      expect((await call('GET', '/devices')).status).to.equal(503);
      sim.clearFaults();
      expect((await call('GET', '/devices')).status).to.equal(200);
    });
  });

  describe('seeding and reset', function () {
    it('addTodo fills defaults and later creates continue the ids', async function () {
      const seeded = sim.addTodo({ title: 'seed', deviceId: HALLWAY });
      expect(seeded).to.include({
        id: 1,
        title: 'seed',
        status: 0,
        priority: 0,
        description: null,
        dueDate: '',
        dueTime: '',
        repeatType: 'none',
      });
      expect(seeded.createDate).to.match(LOCAL_DATE_TIME);
      const listed = await listTodos();
      expect(listed[0]).to.include({ id: 1, deviceName: 'Hallway' });
      expect((await createTodo({ title: 'next' })).id).to.equal(2);
    });

    it('skips ids pushed into the state directly', async function () {
      const first = sim.addTodo({ title: 'a' });
      sim.state.todos.set(2, { ...first, id: 2, title: 'pushed' });
      expect((await createTodo({ title: 'created' })).id).to.equal(3);
    });

    it('reset restores devices and drops to-dos, pages, intervals, faults and requests', async function () {
      sim.state.devices.push({ deviceId: 'FF:FF:FF:FF:FF:FF', alias: 'Extra', board: 'x' });
      await createTodo({ title: 'x' });
      await pushText(KITCHEN, { text: 'x' });
      await pushText(KITCHEN, { text: 'x', pageId: '2' });
      await call('PUT', `/devices/${KITCHEN}/sync-interval`, { json: { syncInterval: 720 } });
      sim.misbehave({ kind: 'status' });
      sim.reset();
      expect(sim.state.devices).to.deep.equal(DEFAULT_DEVICES);
      expect(sim.state.todos.size).to.equal(0);
      expect(sim.state.pages.size).to.equal(0);
      expect(sim.state.temporaryScreens.size).to.equal(0);
      expect(sim.state.syncIntervals.size).to.equal(0);
      expect(sim.requests).to.have.length(0);
      expect((await call('GET', '/devices')).status).to.equal(200);
      expect((await createTodo({ title: 'y' })).id).to.equal(1);
    });
  });

  describe('the page for people', function () {
    afterEach(function () {
      sim.setReadings(DEFAULT_READINGS);
    });

    it('serves the page without a key', async function () {
      const response = await fetch(`${sim.url}/`);
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.match(/^text\/html/);
      const html = await response.text();
      expect(html).to.include('<title>Device Cloud simulator</title>');
      expect(html).to.include("new EventSource('sim/events')");
      expect(html).to.include('state.readings');
      expect(html).not.to.match(/<(script|link)[^>]+(src|href)=/);
    });

    it('serves the state as JSON with images as data URLs, the temporary screen, and the readings', async function () {
      await pushImages(HALLWAY, [image(), { name: 'pageId', value: '2' }]);
      await pushText(HALLWAY, { text: 'hi', fontSize: 30, pageId: 1 });
      await pushText(HALLWAY, { text: 'right now' });
      await call('PUT', `/devices/${HALLWAY}/sync-interval`, { json: { syncInterval: 180 } });
      sim.addTodo({ title: 'on the hallway', deviceId: HALLWAY });
      sim.addTodo({ title: 'done', status: 1 });
      sim.setReadings({ unfilteredListOmitsCompleted: true });
      const response = await fetch(`${sim.url}/sim/state`);
      expect(response.status).to.equal(200);
      const state = (await response.json()) as StateSnapshot;
      const hallway = state.devices.find((d) => d.deviceId === HALLWAY);
      expect(hallway).to.include({ alias: 'Hallway', board: 'esp32-s3', syncInterval: 180 });
      const pages = hallway?.pages ?? [];
      expect(pages.map((p) => p.pageId)).to.deep.equal(['1', '2', '3', '4', '5']);
      expect(pages[0].content).to.include({ kind: 'text', text: 'hi', fontSize: 30, persistent: true });
      const second = pages[1].content;
      expect(second?.kind === 'image' && second.images).to.deep.equal([
        `data:image/png;base64,${PNG.toString('base64')}`,
      ]);
      expect(pages[2].content).to.equal(null);
      expect(hallway?.temporaryScreen).to.include({ kind: 'text', text: 'right now', persistent: false });
      expect(state.devices.find((d) => d.deviceId === KITCHEN)?.temporaryScreen).to.equal(null);
      expect(
        state.todos.map((t) => t.title),
        'the page shows every to-do',
      ).to.deep.equal(['on the hallway', 'done']);
      expect(state.todos[0]).to.include({ deviceName: 'Hallway' });
      expect(state.readings).to.deep.equal({ ...DEFAULT_READINGS, unfilteredListOmitsCompleted: true });
    });

    it('answers 405 for another method on a /sim route', async function () {
      const response = await fetch(`${sim.url}/sim/state`, { method: 'POST' });
      expect(response.status).to.equal(405);
    });

    it('streams the state on connect and after every change, readings included', async function () {
      const controller = new AbortController();
      const response = await fetch(`${sim.url}/sim/events`, { signal: controller.signal });
      try {
        expect(response.headers.get('content-type')).to.match(/^text\/event-stream/);
        const nextEvent = eventReader<StateSnapshot>(response);
        const initial = await nextEvent();
        expect(initial.event).to.equal('state');
        expect(initial.data.devices[0].pages[0].content).to.equal(null);
        await pushText(KITCHEN, { text: 'live', pageId: '1' });
        const afterPush = await nextEvent();
        expect(afterPush.data.devices[0].pages[0].content).to.include({ kind: 'text', text: 'live' });
        await call('POST', '/todos', { json: { title: 'refused', priority: 9 } });
        sim.addTodo({ title: 'seeded' });
        const afterSeed = await nextEvent();
        expect(afterSeed.data.todos.map((t) => t.title)).to.deep.equal(['seeded']);
        sim.setReadings({ trailingSlashDeletesAllPages: true });
        const afterReading = await nextEvent();
        expect(afterReading.data.readings.trailingSlashDeletesAllPages).to.equal(true);
      } finally {
        controller.abort();
      }
    });
  });

  describe('close', function () {
    it('resolves while a hanging request is pending, and the request fails', async function () {
      const own = await startSimulator();
      own.misbehave({ kind: 'hang' });
      const pending = fetch(`${own.url}/open/v1/devices`, { headers: { 'X-API-Key': own.apiKey } }).then(
        () => 'answered',
        () => 'failed',
      );
      await until(() => own.requests.length === 1);
      await within(own.close(), 'close() to end the hanging request rather than wait for it');
      expect(await pending).to.equal('failed');
      let refused: unknown;
      try {
        await fetch(`${own.url}/sim/state`);
      } catch (error) {
        refused = error;
      }
      expect(refused, 'nothing listens any more').to.be.instanceOf(TypeError);
    });

    it('leaves nothing behind: a process with a hanging request and an event stream exits by itself', async function () {
      const serverModule = path.join(__dirname, '..', '..', 'dist', 'simulator', 'server.js');
      const untilModule = path.join(__dirname, '..', 'support', 'until.ts');
      const script = `
        const { startSimulator } = require(${JSON.stringify(serverModule)});
        const { until } = require(${JSON.stringify(untilModule)});
        (async () => {
          const sim = await startSimulator();
          sim.misbehave({ kind: 'hang' });
          const stream = await fetch(sim.url + '/sim/events');
          stream.body.getReader().read().catch(() => {});
          fetch(sim.url + '/open/v1/todos', { headers: { 'X-API-Key': sim.apiKey } }).catch(() => {});
          await until(() => sim.requests.length > 0, { what: 'the request to reach the simulator' });
          await sim.close();
          console.log('closed');
        })();`;
      const typescriptHook = path.join(__dirname, '..', 'support', 'typescript.js');
      const child = spawn(process.execPath, ['--require', typescriptHook, '-e', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      try {
        expect(await within(exited, 'the process to exit by itself once the simulator closed')).to.equal(0);
      } finally {
        child.kill('SIGKILL');
      }
      expect(output.trim()).to.equal('closed');
    });
  });

  describe('command line', function () {
    it('prints the URLs, hides a custom key, serves with it and stops on SIGTERM', async function () {
      const { child, output, exited } = runCli(['--port', '0', '--key', 'very-secret']);
      try {
        await until(() => /Base URL:\s+(\S+)/.test(output.stdout));
        const baseUrl = (/Base URL:\s+(\S+)/.exec(output.stdout) ?? [])[1];
        expect(output.stdout).to.include(`Page:       ${baseUrl}/`);
        expect(output.stdout).not.to.include('very-secret');
        const response = await fetch(`${baseUrl}/open/v1/devices`, { headers: { 'X-API-Key': 'very-secret' } });
        expect(response.status).to.equal(200);
      } finally {
        child.kill('SIGTERM');
      }
      expect(await within(exited, 'the simulator to stop on SIGTERM')).to.equal(0);
    });

    it('prints the default key and refuses unknown options', async function () {
      const bad = runCli(['--bogus']);
      expect(await within(bad.exited, 'the simulator to refuse its options and exit')).to.equal(2);
      expect(bad.output.stderr).to.include('unknown option --bogus');
      const good = runCli([], { ...process.env, PORT: '0' });
      try {
        await until(() => good.output.stdout.includes('API key'));
        expect(good.output.stdout).to.match(/API key:\s+sim-key/);
      } finally {
        good.child.kill('SIGINT');
      }
      expect(await within(good.exited, 'the simulator to stop on SIGINT')).to.equal(0);
    });

    it('documents every reading and its default in --help', async function () {
      const help = runCli(['--help']);
      expect(await within(help.exited, 'the simulator to print its help and exit')).to.equal(0);
      expect(help.output.stdout).to.include('--list-omits-completed').and.include('--trailing-slash-deletes-all');
      expect(help.output.stdout).to.match(/\(default off: it lists every to-do/);
      expect(help.output.stdout).to.match(/\(default off: refused as an unknown path, 404\)/);
      for (const flag of [
        '--update-ignores-uncertain',
        '--complete-only-marks',
        '--errors-as-http-200',
        '--update-applies-status',
      ]) {
        expect(help.output.stdout).to.include(flag);
      }
      expect(help.output.stdout).to.match(/\(default off: applies them/);
      expect(help.output.stdout).to.match(/\(default off: it toggles/);
      expect(help.output.stdout).to.match(/\(default off: HTTP 4xx/);
      expect(help.output.stdout).to.match(/\(default off: ignored, as the specification says/);
    });

    it('switches the readings with its flags, prints them, and refuses a value that is no switch', async function () {
      const { child, output, exited } = runCli([
        '--port=0',
        '--list-omits-completed',
        '--trailing-slash-deletes-all=true',
        '--update-ignores-uncertain',
        '--complete-only-marks',
        '--errors-as-http-200',
        '--update-applies-status=true',
      ]);
      try {
        await until(() => /Stop with Ctrl\+C/.test(output.stdout));
        expect(output.stdout).to.match(/Unfiltered to-do list: leaves completed to-dos out/);
        expect(output.stdout).to.match(/DELETE \.\.\.\/pages\/:\s+deletes every page/);
        const baseUrl = (/Base URL:\s+(\S+)/.exec(output.stdout) ?? [])[1];
        const state = (await (await fetch(`${baseUrl}/sim/state`)).json()) as StateSnapshot;
        expect(output.stdout).to.match(/Update, repeat\/device: ignored/);
        expect(output.stdout).to.match(/Complete:\s+only marks completed/);
        expect(output.stdout).to.match(/Errors:\s+HTTP 200 with a non-zero code/);
        expect(output.stdout).to.match(/Update, status:\s+applied/);
        expect(state.readings).to.deep.equal({
          unfilteredListOmitsCompleted: true,
          trailingSlashDeletesAllPages: true,
          updateIgnoresUncertainFields: true,
          completeOnlyMarks: true,
          errorsAsHttp200: true,
          updateAppliesStatus: true,
        });
      } finally {
        child.kill('SIGTERM');
      }
      expect(await within(exited, 'the simulator to stop on SIGTERM')).to.equal(0);
      const off = runCli(['--port=0', '--list-omits-completed=false']);
      try {
        await until(() => /Stop with Ctrl\+C/.test(off.output.stdout));
        expect(off.output.stdout).to.match(/Unfiltered to-do list: lists every to-do/);
      } finally {
        off.child.kill('SIGTERM');
      }
      expect(await within(off.exited, 'the simulator to stop on SIGTERM')).to.equal(0);
      const bad = runCli(['--list-omits-completed=sometimes']);
      expect(await within(bad.exited, 'the simulator to refuse its options and exit')).to.equal(2);
      expect(bad.output.stderr).to.include('--list-omits-completed takes no value, or =true or =false');
    });
  });
});
