'use strict';
// The simulator, exercised over real HTTP with Node's fetch.

const { expect } = require('chai');
const { spawn } = require('node:child_process');
const path = require('node:path');
const { startSimulator, DEFAULT_DEVICES } = require('../dist/simulator/server');

const KITCHEN = 'AA:BB:CC:DD:EE:01';
const HALLWAY = 'AA:BB:CC:DD:EE:02';
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

function until(condition, timeoutMs = 2000) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const poll = () => {
      if (condition()) resolve();
      else if (Date.now() - started > timeoutMs) reject(new Error('condition not met in time'));
      else setTimeout(poll, 5);
    };
    poll();
  });
}

/** Builds a multipart/form-data body by hand. part: {name, value} or {name, filename, contentType, data}. */
function multipart(parts, boundary = 'sim-test-boundary-7MA4YWxkTrZu0gW') {
  const chunks = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(part.data ?? part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function image(data = PNG, name = 'a.png', contentType = 'image/png') {
  return { name: 'images', filename: name, contentType, data };
}

/** Reads Server-Sent Events from a fetch response, one at a time. */
function eventReader(response) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return async function nextEvent() {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = frame.split('\n');
        const data = lines
          .filter((l) => l.startsWith('data: '))
          .map((l) => l.slice(6))
          .join('\n');
        const event = lines.find((l) => l.startsWith('event: '));
        if (data) return { event: event && event.slice(7), data: JSON.parse(data) };
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('event stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
}

describe('simulator', function () {
  let sim;

  before(async function () {
    sim = await startSimulator();
  });
  after(async function () {
    await sim.close();
  });
  beforeEach(function () {
    sim.reset();
  });

  /** One /open/v1 call; json is sent as application/json; auth: 'key' | 'bearer' | 'none'. */
  async function call(method, apiPath, options = {}) {
    const { json, body, contentType, auth = 'key', headers = {}, signal } = options;
    const sent = { ...headers };
    if (auth === 'key') sent['X-API-Key'] = sim.apiKey;
    if (auth === 'bearer') sent.Authorization = `Bearer ${sim.apiKey}`;
    let payload = body;
    if (json !== undefined) {
      payload = typeof json === 'string' ? json : JSON.stringify(json);
      sent['Content-Type'] = 'application/json';
    }
    if (contentType) sent['Content-Type'] = contentType;
    const response = await fetch(`${sim.url}/open/v1${apiPath}`, { method, headers: sent, body: payload, signal });
    const text = await response.text();
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, text, body: parsed };
  }

  async function createTodo(fields) {
    const answer = await call('POST', '/todos', { json: fields });
    expect(answer.status, answer.text).to.equal(200);
    return answer.body.data;
  }

  function pushImages(deviceId, parts) {
    const form = multipart(parts);
    return call('POST', `/devices/${deviceId}/display/image`, { body: form.body, contentType: form.contentType });
  }

  async function expectBadRequest(method, apiPath, json, field) {
    const answer = await call(method, apiPath, { json });
    expect(answer.status, `${JSON.stringify(json)} -> ${answer.text}`).to.equal(400);
    expect(answer.body.code).to.equal(400);
    expect(answer.body.msg).to.include(field);
  }

  describe('start', function () {
    it('listens on 127.0.0.1 on a free port with the default key and devices', function () {
      expect(sim.url).to.equal(`http://127.0.0.1:${sim.port}`);
      expect(sim.port).to.be.above(0);
      expect(sim.apiKey).to.equal('sim-key');
      expect(sim.state.devices).to.deep.equal([
        { deviceId: KITCHEN, alias: 'Kitchen', board: 'esp32-c3' },
        { deviceId: HALLWAY, alias: 'Hallway', board: 'esp32-s3' },
      ]);
    });

    it('takes its key, devices and log from the options and never logs the key', async function () {
      const lines = [];
      const own = await startSimulator({
        apiKey: 'k-123',
        devices: [{ deviceId: '11:22:33:44:55:66', alias: 'Desk', board: 'b1' }],
        log: (line) => lines.push(line),
      });
      try {
        const response = await fetch(`${own.url}/open/v1/devices`, { headers: { 'X-API-Key': 'k-123' } });
        expect(await response.json()).to.deep.equal({
          code: 0,
          msg: 'success',
          data: [{ deviceId: '11:22:33:44:55:66', alias: 'Desk', board: 'b1' }],
        });
        expect(lines).to.have.length(1);
        expect(lines[0]).to.include('GET /open/v1/devices').and.include('200');
        expect(lines.join('\n')).not.to.include('k-123');
      } finally {
        await own.close();
      }
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
  });

  describe('devices', function () {
    it('lists the devices', async function () {
      const answer = await call('GET', '/devices');
      expect(answer.status).to.equal(200);
      expect(answer.body).to.deep.equal({ code: 0, msg: 'success', data: DEFAULT_DEVICES });
    });

    it('sets the sync interval and answers msg and data', async function () {
      const answer = await call('PUT', `/devices/${KITCHEN}/sync-interval`, { json: { syncInterval: 60 } });
      expect(answer.status).to.equal(200);
      expect(answer.body).to.deep.equal({ code: 0, msg: 'success', data: { deviceId: KITCHEN, syncInterval: 60 } });
      expect(sim.state.syncIntervals.get(KITCHEN)).to.equal(60);
    });

    it('accepts every allowed sync interval and refuses others', async function () {
      for (const syncInterval of [0, 10, 30, 60, 180, 720]) {
        const answer = await call('PUT', `/devices/${HALLWAY}/sync-interval`, { json: { syncInterval } });
        expect(answer.body.data.syncInterval).to.equal(syncInterval);
      }
      for (const syncInterval of [15, -10, '60', null, 1440]) {
        await expectBadRequest('PUT', `/devices/${HALLWAY}/sync-interval`, { syncInterval }, 'syncInterval');
      }
      await expectBadRequest('PUT', `/devices/${HALLWAY}/sync-interval`, {}, 'syncInterval');
    });

    it('answers 404 for an unknown device, comparing ids exactly', async function () {
      for (const deviceId of ['AA:BB:CC:DD:EE:99', 'aa:bb:cc:dd:ee:01', 'AA-BB-CC-DD-EE-01']) {
        const answer = await call('PUT', `/devices/${deviceId}/sync-interval`, { json: { syncInterval: 10 } });
        expect(answer.status, deviceId).to.equal(404);
        expect(answer.body).to.deep.equal({ code: 404, msg: 'device not found' });
      }
    });

    it('decodes a percent-encoded device id in the path', async function () {
      const answer = await call('PUT', `/devices/${encodeURIComponent(KITCHEN)}/sync-interval`, {
        json: { syncInterval: 30 },
      });
      expect(answer.status).to.equal(200);
      expect(answer.body.data.deviceId).to.equal(KITCHEN);
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
      const first = await call('POST', '/todos', { json: { title: 'Buy milk', priority: 1 } });
      expect(first.status).to.equal(200);
      expect(first.body.code).to.equal(0);
      expect(first.body.msg).to.equal('success');
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
      expect(sim.state.todos.get(id)).to.include({ ...fields, repeatDay: 31, status: 0 });
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

    const invalidFields = [
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
      const answer = await call('GET', '/todos');
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

    it('filters the list by status and deviceId', async function () {
      sim.addTodo({ title: 'a', deviceId: KITCHEN });
      sim.addTodo({ title: 'b', deviceId: KITCHEN, status: 1 });
      sim.addTodo({ title: 'c', deviceId: HALLWAY, status: 1 });
      sim.addTodo({ title: 'd' });
      const titles = async (query) => (await call('GET', `/todos${query}`)).body.data.map((t) => t.title);
      expect(await titles('')).to.deep.equal(['a', 'b', 'c', 'd']);
      expect(await titles('?status=0')).to.deep.equal(['a', 'd']);
      expect(await titles('?status=1')).to.deep.equal(['b', 'c']);
      expect(await titles(`?deviceId=${encodeURIComponent(KITCHEN)}`)).to.deep.equal(['a', 'b']);
      expect(await titles(`?deviceId=${encodeURIComponent(HALLWAY)}&status=0`)).to.deep.equal([]);
      expect((await call('GET', '/todos?status=2')).status).to.equal(400);
    });

    it('updates a subset of fields and answers the update shape', async function () {
      sim.addTodo({ title: 'Old', priority: 0, updateDate: 1000, status: 1 });
      const answer = await call('PUT', '/todos/1', { json: { title: 'New', priority: 2, description: 'd' } });
      expect(answer.status).to.equal(200);
      expect(answer.body).to.deep.equal({
        code: 0,
        msg: 'success',
        data: { id: 1, title: 'New', status: 1, priority: 2 },
      });
      const stored = sim.state.todos.get(1);
      expect(stored).to.include({ title: 'New', priority: 2, description: 'd', status: 1 });
      expect(stored.updateDate).to.be.above(1000);
    });

    it('updates repeatType and moves a to-do between device and personal', async function () {
      sim.addTodo({ title: 't' });
      await call('PUT', '/todos/1', { json: { deviceId: HALLWAY, repeatType: 'monthly', repeatDay: 3 } });
      expect(sim.state.todos.get(1)).to.include({ deviceId: HALLWAY, repeatType: 'monthly', repeatDay: 3 });
      await call('PUT', '/todos/1', { json: { deviceId: '' } });
      expect(sim.state.todos.get(1).deviceId).to.equal('');
      const unknown = await call('PUT', '/todos/1', { json: { deviceId: 'AA:BB:CC:DD:EE:99' } });
      expect(unknown.status).to.equal(404);
      expect(unknown.body.msg).to.equal('device not found');
    });

    it('refuses an update that contains status, or an empty title', async function () {
      sim.addTodo({ title: 't' });
      await expectBadRequest('PUT', '/todos/1', { status: 1 }, 'status');
      await expectBadRequest('PUT', '/todos/1', { title: '' }, 'title');
      expect(sim.state.todos.get(1).status).to.equal(0);
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

    it('toggles status with complete, answering code and msg only', async function () {
      sim.addTodo({ title: 't', updateDate: 1000 });
      const first = await call('PUT', '/todos/1/complete');
      expect(first.status).to.equal(200);
      expect(first.body).to.deep.equal({ code: 0, msg: 'success' });
      expect(sim.state.todos.get(1).status).to.equal(1);
      expect(sim.state.todos.get(1).updateDate).to.be.above(1000);
      const listed = await call('GET', '/todos');
      expect(listed.body.data[0]).to.include({ status: 1, completed: true });
      await call('PUT', '/todos/1/complete');
      expect(sim.state.todos.get(1).status).to.equal(0);
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
    it('pushes text to page 1 when no pageId is given', async function () {
      const answer = await call('POST', `/devices/${KITCHEN}/display/text`, { json: { text: 'Hello\nworld' } });
      expect(answer.status).to.equal(200);
      expect(answer.body).to.deep.equal({
        code: 0,
        msg: 'success',
        data: { totalPages: 1, pushedPages: 1, pageId: '1' },
      });
      const page = sim.state.pages.get(KITCHEN)[0];
      expect(page).to.include({ kind: 'text', text: 'Hello\nworld', fontSize: 20, persistent: false });
      expect(page.pushedAt).to.be.a('number');
    });

    it('pushes to the given page, as a string or a number, and counts pages', async function () {
      const third = await call('POST', `/devices/${KITCHEN}/display/text`, {
        json: { text: 'a', pageId: '3', fontSize: 48 },
      });
      expect(third.body.data).to.deep.equal({ totalPages: 1, pushedPages: 1, pageId: '3' });
      const fifth = await call('POST', `/devices/${KITCHEN}/display/text`, {
        json: { text: 'b', pageId: 5, fontSize: 12 },
      });
      expect(fifth.body.data).to.deep.equal({ totalPages: 2, pushedPages: 1, pageId: '5' });
      const again = await call('POST', `/devices/${KITCHEN}/display/text`, { json: { text: 'c', pageId: 3 } });
      expect(again.body.data.totalPages).to.equal(2);
      const slots = sim.state.pages.get(KITCHEN);
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
      const answer = await call('POST', '/devices/AA:BB:CC:DD:EE:99/display/text', { json: { text: 'x' } });
      expect(answer.status).to.equal(404);
      expect(answer.body).to.deep.equal({ code: 404, msg: 'device not found' });
    });
  });

  describe('structured pages', function () {
    const url = `/devices/${HALLWAY}/display/structured-text`;

    it('pushes a title and body', async function () {
      const answer = await call('POST', url, { json: { title: 'News', body: 'line 1\nline 2', pageId: '2' } });
      expect(answer.body).to.deep.equal({
        code: 0,
        msg: 'success',
        data: { totalPages: 1, pushedPages: 1, pageId: '2' },
      });
      expect(sim.state.pages.get(HALLWAY)[1]).to.include({ kind: 'structured', title: 'News', body: 'line 1\nline 2' });
    });

    it('accepts a title alone or a body alone', async function () {
      expect((await call('POST', url, { json: { title: 'only' } })).status).to.equal(200);
      expect(sim.state.pages.get(HALLWAY)[0]).to.include({ title: 'only', body: '' });
      expect((await call('POST', url, { json: { body: 'only' } })).status).to.equal(200);
      expect(sim.state.pages.get(HALLWAY)[0]).to.include({ title: '', body: 'only' });
    });

    it('refuses neither title nor body, and lengths over the limits', async function () {
      await expectBadRequest('POST', url, {}, 'title or body');
      await expectBadRequest('POST', url, { title: '', body: '' }, 'title or body');
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
      expect(answer.body).to.deep.equal({
        code: 0,
        msg: 'success',
        data: { totalPages: 1, pushedPages: 2, pageId: '4' },
      });
      const page = sim.state.pages.get(KITCHEN)[3];
      expect(page).to.include({ kind: 'image', dither: false, persistent: true });
      expect(page.images.map((i) => i.contentType)).to.deep.equal(['image/png', 'image/jpeg']);
      expect(page.images[0].data.equals(PNG)).to.equal(true);
      expect(page.images[1].data.equals(JPEG)).to.equal(true);
    });

    it('dithers by default and uses page 1 without a pageId', async function () {
      const answer = await pushImages(KITCHEN, [image()]);
      expect(answer.body.data).to.deep.equal({ totalPages: 1, pushedPages: 1, pageId: '1' });
      expect(sim.state.pages.get(KITCHEN)[0]).to.include({ dither: true, persistent: false });
    });

    it('accepts five images of exactly 2 MB and refuses six, none, or one byte more', async function () {
      const twoMb = Buffer.alloc(2 * 1024 * 1024, 1);
      const five = await pushImages(
        KITCHEN,
        Array.from({ length: 5 }, () => image(twoMb)),
      );
      expect(five.status, five.text).to.equal(200);
      expect(five.body.data.pushedPages).to.equal(5);
      const six = await pushImages(
        KITCHEN,
        Array.from({ length: 6 }, () => image()),
      );
      expect(six.status).to.equal(400);
      expect(six.body.msg).to.include('images');
      const none = await pushImages(KITCHEN, [{ name: 'pageId', value: '1' }]);
      expect(none.status).to.equal(400);
      expect(none.body.msg).to.include('images');
      const big = await pushImages(KITCHEN, [image(), image(Buffer.alloc(2 * 1024 * 1024 + 1))]);
      expect(big.status).to.equal(400);
      expect(big.body.msg).to.include('images[1]').and.include('2 MB');
    });

    it('refuses image parts that are not image files, bad dither and bad pageId', async function () {
      const plain = await pushImages(KITCHEN, [{ name: 'images', value: 'not a file' }]);
      expect(plain.status).to.equal(400);
      expect(plain.body.msg).to.include('images[0]');
      const text = await pushImages(KITCHEN, [image(PNG, 'a.txt', 'text/plain')]);
      expect(text.status).to.equal(400);
      expect(text.body.msg).to.include('images[0]');
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
      form.append('images', new Blob([JPEG], { type: 'image/jpeg' }), 'photo.jpg');
      form.append('pageId', '2');
      const native = await call('POST', `/devices/${KITCHEN}/display/image`, { body: form });
      expect(native.status, native.text).to.equal(200);
      expect(native.body.data).to.deep.equal({ totalPages: 2, pushedPages: 1, pageId: '2' });
      expect(sim.state.pages.get(KITCHEN)[1].images[0].data.equals(JPEG)).to.equal(true);
    });

    it('answers 404 for an unknown device', async function () {
      const answer = await pushImages('AA:BB:CC:DD:EE:99', [image()]);
      expect(answer.status).to.equal(404);
    });
  });

  describe('page deletion', function () {
    async function fillPages(deviceId, pageIds) {
      for (const pageId of pageIds) {
        await call('POST', `/devices/${deviceId}/display/text`, { json: { text: `p${pageId}`, pageId } });
      }
    }

    it('deletes one page', async function () {
      await fillPages(KITCHEN, ['1', '2', '3']);
      const answer = await call('DELETE', `/devices/${KITCHEN}/display/pages/2`);
      expect(answer.body).to.deep.equal({ code: 0, msg: 'success' });
      expect(sim.state.pages.get(KITCHEN).map((p) => p && p.text)).to.deep.equal(['p1', null, 'p3', null, null]);
      const next = await call('POST', `/devices/${KITCHEN}/display/text`, { json: { text: 'x', pageId: '5' } });
      expect(next.body.data.totalPages).to.equal(3);
    });

    it('deletes every page of the device and only that device', async function () {
      await fillPages(KITCHEN, ['1', '4']);
      await fillPages(HALLWAY, ['2']);
      const answer = await call('DELETE', `/devices/${KITCHEN}/display/pages`);
      expect(answer.body).to.deep.equal({ code: 0, msg: 'success' });
      expect(sim.state.pages.get(KITCHEN)).to.deep.equal([null, null, null, null, null]);
      expect(sim.state.pages.get(HALLWAY)[1]).to.include({ text: 'p2' });
    });

    it('refuses a pageId outside 1 to 5 and an unknown device', async function () {
      const bad = await call('DELETE', `/devices/${KITCHEN}/display/pages/6`);
      expect(bad.status).to.equal(400);
      expect(bad.body.msg).to.include('pageId');
      expect((await call('DELETE', '/devices/AA:BB:CC:DD:EE:99/display/pages/1')).status).to.equal(404);
      expect((await call('DELETE', '/devices/AA:BB:CC:DD:EE:99/display/pages')).status).to.equal(404);
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
      expect(recorded.parts).to.have.length(2);
      expect(recorded.parts[0]).to.include({ name: 'images', filename: 'p.png', contentType: 'image/png' });
      expect(recorded.parts[0].data.equals(PNG)).to.equal(true);
      expect(recorded.parts[0].value).to.equal(undefined);
      expect(recorded.parts[1]).to.include({ name: 'dither', value: 'true' });
      expect(recorded.parts[1].filename).to.equal(undefined);
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
      let error;
      try {
        await call('GET', '/devices', { signal: AbortSignal.timeout(300) });
      } catch (caught) {
        error = caught;
      }
      expect(error, 'the request should not be answered').to.be.instanceOf(Error);
      expect(error.name).to.equal('TimeoutError');
      expect(sim.requests[0].fault).to.equal('hang');
    });

    it("'reset' destroys the connection without an answer", async function () {
      sim.misbehave({ kind: 'reset' });
      let error;
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
      expect(sim.state.todos.get(1)).to.include({ title: 'made anyway' });
      sim.misbehave({ kind: 'reset', afterEffect: true });
      await call('PUT', '/todos/1/complete').catch(() => undefined);
      expect(sim.state.todos.get(1).status).to.equal(1);
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
      expect((await call('POST', `/devices/${KITCHEN}/display/text`, { json: { text: 'x' } })).status).to.equal(504);
      expect((await call('POST', `/devices/${KITCHEN}/display/text`, { json: { text: 'x' } })).status).to.equal(200);
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
      const listed = await call('GET', '/todos');
      expect(listed.body.data[0]).to.include({ id: 1, deviceName: 'Hallway' });
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
      await call('POST', `/devices/${KITCHEN}/display/text`, { json: { text: 'x' } });
      await call('PUT', `/devices/${KITCHEN}/sync-interval`, { json: { syncInterval: 720 } });
      sim.misbehave({ kind: 'status' });
      sim.reset();
      expect(sim.state.devices).to.deep.equal(DEFAULT_DEVICES);
      expect(sim.state.todos.size).to.equal(0);
      expect(sim.state.pages.size).to.equal(0);
      expect(sim.state.syncIntervals.size).to.equal(0);
      expect(sim.requests).to.have.length(0);
      expect((await call('GET', '/devices')).status).to.equal(200);
      expect((await createTodo({ title: 'y' })).id).to.equal(1);
    });
  });

  describe('the page for people', function () {
    it('serves the page without a key', async function () {
      const response = await fetch(`${sim.url}/`);
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.match(/^text\/html/);
      const html = await response.text();
      expect(html).to.include('<title>Device Cloud simulator</title>');
      expect(html).to.include("new EventSource('sim/events')");
      expect(html).not.to.match(/<(script|link)[^>]+(src|href)=/);
    });

    it('serves the state as JSON with images as data URLs', async function () {
      await pushImages(HALLWAY, [image(), { name: 'pageId', value: '2' }]);
      await call('POST', `/devices/${HALLWAY}/display/text`, { json: { text: 'hi', fontSize: 30, pageId: 1 } });
      await call('PUT', `/devices/${HALLWAY}/sync-interval`, { json: { syncInterval: 180 } });
      sim.addTodo({ title: 'on the hallway', deviceId: HALLWAY });
      const response = await fetch(`${sim.url}/sim/state`);
      expect(response.status).to.equal(200);
      const state = await response.json();
      const hallway = state.devices.find((d) => d.deviceId === HALLWAY);
      expect(hallway).to.include({ alias: 'Hallway', board: 'esp32-s3', syncInterval: 180 });
      expect(hallway.pages.map((p) => p.pageId)).to.deep.equal(['1', '2', '3', '4', '5']);
      expect(hallway.pages[0].content).to.include({ kind: 'text', text: 'hi', fontSize: 30, persistent: true });
      expect(hallway.pages[1].content.images).to.deep.equal([`data:image/png;base64,${PNG.toString('base64')}`]);
      expect(hallway.pages[2].content).to.equal(null);
      expect(state.todos[0]).to.include({ title: 'on the hallway', deviceName: 'Hallway' });
    });

    it('answers 405 for another method on a /sim route', async function () {
      const response = await fetch(`${sim.url}/sim/state`, { method: 'POST' });
      expect(response.status).to.equal(405);
    });

    it('streams the state on connect and after every change', async function () {
      const controller = new AbortController();
      const response = await fetch(`${sim.url}/sim/events`, { signal: controller.signal });
      try {
        expect(response.headers.get('content-type')).to.match(/^text\/event-stream/);
        const nextEvent = eventReader(response);
        const initial = await nextEvent();
        expect(initial.event).to.equal('state');
        expect(initial.data.devices[0].pages[0].content).to.equal(null);
        await call('POST', `/devices/${KITCHEN}/display/text`, { json: { text: 'live', pageId: '1' } });
        const afterPush = await nextEvent();
        expect(afterPush.data.devices[0].pages[0].content).to.include({ kind: 'text', text: 'live' });
        await call('POST', '/todos', { json: { title: 'refused', priority: 9 } });
        sim.addTodo({ title: 'seeded' });
        const afterSeed = await nextEvent();
        expect(afterSeed.data.todos.map((t) => t.title)).to.deep.equal(['seeded']);
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
      const started = Date.now();
      await own.close();
      expect(Date.now() - started).to.be.below(1000);
      expect(await pending).to.equal('failed');
      let refused;
      try {
        await fetch(`${own.url}/sim/state`);
      } catch (error) {
        refused = error;
      }
      expect(refused, 'nothing listens any more').to.be.instanceOf(TypeError);
    });

    it('leaves nothing behind: a process with a hanging request and an event stream exits by itself', async function () {
      const serverModule = path.join(__dirname, '..', 'dist', 'simulator', 'server.js');
      const script = `
        const { startSimulator } = require(${JSON.stringify(serverModule)});
        (async () => {
          const sim = await startSimulator();
          sim.misbehave({ kind: 'hang' });
          const stream = await fetch(sim.url + '/sim/events');
          stream.body.getReader().read().catch(() => {});
          fetch(sim.url + '/open/v1/todos', { headers: { 'X-API-Key': sim.apiKey } }).catch(() => {});
          while (sim.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
          await sim.close();
          console.log('closed');
        })();`;
      const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      const exitCode = await new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve('still running after 5 s');
        }, 5000);
        child.on('exit', (code) => {
          clearTimeout(timer);
          resolve(code);
        });
      });
      expect(exitCode).to.equal(0);
      expect(output.trim()).to.equal('closed');
    });
  });

  describe('command line', function () {
    it('prints the URLs, hides a custom key, serves with it and stops on SIGTERM', async function () {
      const cli = path.join(__dirname, '..', 'dist', 'simulator', 'cli.js');
      const child = spawn(process.execPath, [cli, '--port', '0', '--key', 'very-secret'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
      try {
        await until(() => /Base URL:\s+(\S+)/.test(output), 5000);
        const baseUrl = /Base URL:\s+(\S+)/.exec(output)[1];
        expect(output).to.include(`Page:       ${baseUrl}/`);
        expect(output).not.to.include('very-secret');
        const response = await fetch(`${baseUrl}/open/v1/devices`, { headers: { 'X-API-Key': 'very-secret' } });
        expect(response.status).to.equal(200);
      } finally {
        child.kill('SIGTERM');
      }
      expect(await exited).to.equal(0);
    });

    it('prints the default key and refuses unknown options', async function () {
      const cli = path.join(__dirname, '..', 'dist', 'simulator', 'cli.js');
      const bad = spawn(process.execPath, [cli, '--bogus'], { stdio: ['ignore', 'ignore', 'pipe'] });
      let errors = '';
      bad.stderr.on('data', (chunk) => (errors += chunk));
      expect(await new Promise((resolve) => bad.on('exit', resolve))).to.equal(2);
      expect(errors).to.include('unknown option --bogus');
      const good = spawn(process.execPath, [cli], {
        stdio: ['ignore', 'pipe', 'ignore'],
        env: { ...process.env, PORT: '0' },
      });
      let output = '';
      good.stdout.on('data', (chunk) => (output += chunk));
      const exited = new Promise((resolve) => good.on('exit', resolve));
      try {
        await until(() => output.includes('API key'), 5000);
        expect(output).to.match(/API key:\s+sim-key/);
      } finally {
        good.kill('SIGINT');
      }
      expect(await exited).to.equal(0);
    });
  });
});
