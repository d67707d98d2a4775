// The API client on its own, over real HTTP against the simulator: every
// operation, the base URL, both ways of sending the key, the shape of every
// kind of error, and closing. What each fault of the service does to each
// operation is in faults.test.ts.

import { expect } from 'chai';
import util from 'node:util';
import type { PageId } from '../../dist/lib';
import { DeviceCloudError } from '../../dist/lib';
import { serviceAddress, sendsKeyInClear } from '../../dist/lib/client/base-url';
import { DEFAULT_READINGS, startSimulator, type Fault, type Simulator } from '../../dist/simulator/server';
import { bmpImage, FOUR_COLUMN_PIXELS, PNG, sharpImage } from '../fixtures/images';
import { pixelsOf } from '../support/pictures';
import { HALLWAY, KITCHEN } from '../fixtures/service';
import { Clients, failureOf, thrownBy } from '../support/clients';
import { freePort, openSockets } from '../support/sockets';
import { until } from '../support/until';
import { untyped } from '../support/untyped';

describe('DeviceCloudClient against the simulator', function () {
  let sim: Simulator;
  const clients = new Clients(() => sim);
  const clientOf = clients.of.bind(clients);

  before(async () => {
    sim = await startSimulator();
  });
  after(() => sim.close());
  beforeEach(() => sim.reset());
  afterEach(() => clients.closeAll());

  describe('every operation', function () {
    it('lists the devices', async () => {
      const devices = await clientOf().listDevices();
      expect(devices.map((device) => device.deviceId)).to.deep.equal([KITCHEN, HALLWAY]);
      expect(sim.requests).to.have.length(1);
      expect(sim.requests[0]).to.include({ method: 'GET', path: '/open/v1/devices' });
      expect(sim.requests[0].headers.accept).to.equal('application/json');
    });

    it('sets the sync interval of a device given in lower case with dashes', async () => {
      const result = await clientOf().setSyncInterval('aa-bb-cc-dd-ee-01', '30');
      expect(result).to.deep.equal({ deviceId: KITCHEN, syncInterval: 30 });
      expect(sim.requests[0].method).to.equal('PUT');
      expect(decodeURIComponent(sim.requests[0].path)).to.equal(`/open/v1/devices/${KITCHEN}/sync-interval`);
      expect(sim.requests[0].body).to.deep.equal({ syncInterval: 30 });
      expect(sim.state.syncIntervals.get(KITCHEN)).to.equal(30);
    });

    it('creates a to-do with a named priority, and lists it with both filters', async () => {
      const client = clientOf();
      const created = await client.createTodo({ title: 'Milk', priority: 'urgent', deviceId: KITCHEN });
      expect(created).to.include({ title: 'Milk', priority: 2, status: 0, deviceId: KITCHEN });
      expect(sim.requests[0]).to.include({ method: 'POST', path: '/open/v1/todos' });
      expect(sim.requests[0].body).to.deep.equal({ title: 'Milk', priority: 2, deviceId: KITCHEN });
      expect([...sim.state.todos.values()].map((todo) => todo.title)).to.deep.equal(['Milk']);

      const listed = await client.listTodos({ status: 'pending', deviceId: KITCHEN });
      expect(sim.requests[1].query).to.deep.equal({ status: '0', deviceId: KITCHEN });
      expect(listed.map((item) => item.id)).to.deep.equal([created.id]);
    });

    it('updates a to-do', async () => {
      const { id } = sim.addTodo({ title: 'old' });
      const updated = await clientOf().updateTodo(String(id), { title: 'new' });
      expect(updated).to.include({ id, title: 'new' });
      expect(sim.requests[0]).to.include({ method: 'PUT', path: `/open/v1/todos/${id}` });
      expect(sim.requests[0].body).to.deep.equal({ title: 'new' });
      expect(sim.state.todos.get(id)?.title).to.equal('new');
    });

    it('toggles a to-do with a PUT that has no body', async () => {
      const { id } = sim.addTodo({ title: 'flip' });
      await clientOf().toggleTodo(id);
      expect(sim.requests[0]).to.include({ method: 'PUT', path: `/open/v1/todos/${id}/complete` });
      expect(sim.requests[0].rawBody).to.have.length(0);
      expect(sim.state.todos.get(id)?.status).to.equal(1);
    });

    it('finds a to-do, completes it, leaves a completed one alone, and toggles it back', async () => {
      const client = clientOf();
      const { id } = sim.addTodo({ title: 'read' });
      expect((await client.findTodo(id)).title).to.equal('read');

      expect(await client.setTodoCompleted(id, true)).to.deep.equal({ id, status: 1, completed: true, changed: true });
      const toggles = () => sim.requests.filter((request) => request.path.endsWith('/complete')).length;
      expect(toggles()).to.equal(1);

      expect(await client.setTodoCompleted(id, true)).to.deep.equal({ id, status: 1, completed: true, changed: false });
      expect(toggles()).to.equal(1);

      expect(await client.setTodoCompleted(id, 'toggle')).to.include({ completed: false, changed: true });
      expect(toggles()).to.equal(2);
      expect(sim.state.todos.get(id)?.status).to.equal(0);
    });

    it('confirms an update of repeat and device fields, and says which the service did not apply, with the to-do', async () => {
      const client = clientOf();
      const { id } = sim.addTodo({ title: 'moves', deviceId: KITCHEN });
      const moved = await client.updateTodo(id, { deviceId: HALLWAY, repeatType: 'monthly', repeatDay: 9 });
      expect(moved).to.include({ id, status: 0 });
      expect(sim.requests.map((request) => request.method)).to.deep.equal(['PUT', 'GET']);
      sim.setReadings({ updateIgnoresUncertainFields: true });
      try {
        const error = await failureOf(client.updateTodo(id, { deviceId: KITCHEN, repeatDay: 10, title: 'moved back' }));
        expect(error.kind).to.equal('unconfirmed');
        expect(error.field).to.equal('repeatDay');
        expect(error.message).to.equal(
          `update to-do ${id} not applied: repeatDay sent 10, the service lists 9; deviceId sent "${KITCHEN}", ` +
            `the service lists "${HALLWAY}". The service answered success and took the other fields, ` +
            'but does not apply these: it may not update them at all',
        );
        expect(error.todo).to.include({
          id,
          title: 'moved back',
          deviceId: HALLWAY,
          repeatType: 'monthly',
          repeatDay: 9,
        });
      } finally {
        sim.setReadings(DEFAULT_READINGS);
      }
    });

    it('says that an update of a repeat field was taken when reading it back fails', async () => {
      const { id } = sim.addTodo({ title: 'read back' });
      sim.misbehave({ kind: 'code', method: 'GET', path: '/todos', code: 1002, msg: 'list unavailable' });
      const error = await failureOf(clientOf().updateTodo(id, { repeatType: 'daily' }));
      expect(error.message).to.equal(
        `list to-dos failed: list unavailable (code 1002); update to-do ${id}: the service took the update, ` +
          'but reading it back to confirm repeatType failed',
      );
      expect(error.code).to.equal(1002);
      expect(sim.state.todos.get(id)?.repeatType).to.equal('daily');
    });

    it('reopens through an update carrying status 0 where complete only marks, and fails naming the state where neither works', async () => {
      const client = clientOf();
      const { id } = sim.addTodo({ title: 'done', status: 1 });
      sim.setReadings({ completeOnlyMarks: true, updateAppliesStatus: true });
      try {
        expect(await client.setTodoCompleted(id, false)).to.deep.equal({
          id,
          status: 0,
          completed: false,
          changed: true,
        });
        expect(sim.requests.at(-1)?.body).to.deep.equal({ status: 0 });
        await client.setTodoCompleted(id, true);
        sim.setReadings({ updateAppliesStatus: false });
        const error = await failureOf(client.setTodoCompleted(id, false));
        expect(error.kind).to.equal('unconfirmed');
        expect(error.field).to.equal('status');
        expect(error.message).to.match(
          new RegExp(
            `^reopen to-do ${id} not done: wanted status 0 \\(pending\\), the service lists 1 \\(completed\\)`,
          ),
        );
        expect(error.todo).to.include({ id, status: 1, completed: true });
        expect(sim.state.todos.get(id)?.status).to.equal(1);
      } finally {
        sim.setReadings(DEFAULT_READINGS);
      }
    });

    it('refuses to complete a to-do that does not exist, without toggling anything', async () => {
      const error = await failureOf(clientOf().setTodoCompleted(99, true));
      expect(error).to.be.instanceOf(DeviceCloudError);
      expect(error.message).to.match(/to-do 99 not found/);
      expect(error.statusCode).to.equal(404);
      expect(sim.requests.every((request) => request.method === 'GET')).to.equal(true);
    });

    it('deletes a to-do', async () => {
      const { id } = sim.addTodo({ title: 'gone' });
      expect(await clientOf().deleteTodo(id)).to.deep.equal({ id, deleted: true });
      expect(sim.requests[0]).to.include({ method: 'DELETE', path: `/open/v1/todos/${id}` });
      expect(sim.state.todos.has(id)).to.equal(false);
    });

    it('pushes text with a font size to a page', async () => {
      const result = await clientOf().pushText(KITCHEN, { text: 'Hello', fontSize: 24, pageId: untyped<PageId>(2) });
      expect(result).to.include({ pageId: '2' });
      expect(result).to.have.property('pushedPages').that.is.a('number');
      expect(sim.requests[0]).to.include({ method: 'POST' });
      expect(decodeURIComponent(sim.requests[0].path)).to.equal(`/open/v1/devices/${KITCHEN}/display/text`);
      expect(sim.requests[0].body).to.deep.equal({ text: 'Hello', fontSize: 24, pageId: '2' });
      expect(sim.state.pages.get(KITCHEN)?.[1]).to.include({ kind: 'text', text: 'Hello', fontSize: 24 });
    });

    it('pushes a title and a body', async () => {
      await clientOf().pushStructuredText(KITCHEN, { title: 'Today', body: 'Sunny', pageId: '1' });
      expect(decodeURIComponent(sim.requests[0].path)).to.equal(`/open/v1/devices/${KITCHEN}/display/structured-text`);
      expect(sim.requests[0].body).to.deep.equal({ title: 'Today', body: 'Sunny', pageId: '1' });
      expect(sim.state.pages.get(KITCHEN)?.[0]).to.include({ kind: 'structured', title: 'Today', body: 'Sunny' });
    });

    it('pushes images as multipart parts named images, with dither and page', async () => {
      const result = await clientOf().pushImages(HALLWAY, {
        images: [{ data: PNG, format: 'png' }],
        dither: false,
        pageId: untyped<PageId>(5),
      });
      expect(result.pageId).to.equal('5');
      const [request] = sim.requests;
      expect(decodeURIComponent(request.path)).to.equal(`/open/v1/devices/${HALLWAY}/display/image`);
      const parts = request.parts ?? [];
      const files = parts.filter((part) => part.name === 'images');
      expect(files).to.have.length(1);
      expect(files[0].contentType).to.equal('image/png');
      expect(files[0].data.equals(PNG)).to.equal(true);
      expect(parts.find((part) => part.name === 'dither')?.data.toString()).to.equal('false');
      expect(sim.state.pages.get(HALLWAY)?.[4]).to.include({ kind: 'image', dither: false });
    });

    it('pushes a GIF and a BMP as PNGs of their own pixels', async () => {
      const gif = await sharpImage('gif');
      await clientOf().pushImages(KITCHEN, { images: [{ data: gif }, { data: bmpImage() }], pageId: '1' });
      const files = (sim.requests[0].parts ?? []).filter((part) => part.name === 'images');
      expect(files.map((file) => [file.contentType, file.filename])).to.deep.equal([
        ['image/png', 'image-1.png'],
        ['image/png', 'image-2.png'],
      ]);
      for (const file of files) {
        const pixels = await pixelsOf(file.data);
        expect([pixels.width, pixels.height]).to.deep.equal([4, 3]);
        FOUR_COLUMN_PIXELS.forEach((pixel, index) =>
          expect(pixels.at(index % 4, Math.floor(index / 4))).to.deep.equal(pixel),
        );
      }
    });

    it('deletes one page, then every page only when told "all"', async () => {
      const client = clientOf();
      await client.pushText(KITCHEN, { text: 'one', pageId: untyped<PageId>(1) });
      await client.pushText(KITCHEN, { text: 'three', pageId: untyped<PageId>(3) });
      expect(await client.deletePage(KITCHEN, 3)).to.deep.equal({ deviceId: KITCHEN, pageId: '3', deleted: true });
      expect(sim.requests[2]).to.include({ method: 'DELETE' });
      expect(decodeURIComponent(sim.requests[2].path)).to.equal(`/open/v1/devices/${KITCHEN}/display/pages/3`);
      expect(sim.state.pages.get(KITCHEN)?.[2]).to.equal(null);
      expect(sim.state.pages.get(KITCHEN)?.[0]).to.not.equal(null);

      expect(await client.deletePage(KITCHEN, 'all')).to.include({ pageId: 'all' });
      expect(decodeURIComponent(sim.requests[3].path)).to.equal(`/open/v1/devices/${KITCHEN}/display/pages`);
      expect((sim.state.pages.get(KITCHEN) ?? []).every((page) => page === null)).to.equal(true);

      const refused = await failureOf(client.deletePage(KITCHEN, undefined));
      expect(refused.kind).to.equal('validation');
      expect(sim.requests).to.have.length(4);
    });

    it('refuses bad input before sending anything', async () => {
      const client = clientOf();
      const refusals = await Promise.all([
        failureOf(client.setSyncInterval(KITCHEN, 7)),
        failureOf(client.createTodo({ description: 'no title' })),
        failureOf(client.createTodo(JSON.parse('{"title":"x","__proto__":{"polluted":true}}'))),
        failureOf(client.updateTodo(0, { title: 'x' })),
        failureOf(client.pushText('not-a-mac', { text: 'x' })),
        failureOf(client.pushImages(KITCHEN, { images: [{ data: Buffer.from('not an image'), format: 'png' }] })),
      ]);
      for (const error of refusals) {
        expect(error).to.be.instanceOf(DeviceCloudError);
        expect(error.kind).to.equal('validation');
        expect(error.field).to.be.a('string');
      }
      expect(sim.requests).to.have.length(0);
      expect(({} as { polluted?: unknown }).polluted).to.equal(undefined);
    });
  });

  describe('the base URL', function () {
    for (const suffix of ['', '/', '/open/v1', '/open/v1/', '//']) {
      it(`sends to /open/v1 when the base URL ends in "${suffix}"`, async () => {
        await clientOf({ baseUrl: sim.url + suffix }).listDevices();
        expect(sim.requests[0].path).to.equal('/open/v1/devices');
      });
    }

    it('keeps a path in front of /open/v1, and a port', () => {
      expect(serviceAddress('https://cloud.example.com:8443/api')).to.deep.equal({
        origin: 'https://cloud.example.com:8443',
        basePath: '/api/open/v1',
      });
      expect(serviceAddress('  https://cloud.example.com/api/open/v1/ ')).to.deep.equal({
        origin: 'https://cloud.example.com',
        basePath: '/api/open/v1',
      });
      expect(clientOf({ baseUrl: `${sim.url}/open/v1/` }).endpoint).to.equal(`${sim.url}/open/v1`);
    });

    for (const baseUrl of [
      '',
      '   ',
      'cloud.example.com',
      'ftp://cloud.example.com',
      'https://user:pw@cloud.example.com',
      'https://cloud.example.com/?token=1',
      'https://cloud.example.com/#x',
      42,
      null,
      {},
      'http://',
    ]) {
      it(`refuses the base URL ${JSON.stringify(baseUrl)} with a validation error`, () => {
        const error = thrownBy(() => clientOf({ baseUrl: untyped<string>(baseUrl) }));
        expect(error.kind).to.equal('validation');
        expect(error.field).to.equal('baseUrl');
        expect(error.message).to.not.include('pw');
      });
    }

    it('tells when the key would cross the network in clear text', () => {
      expect(sendsKeyInClear('http://cloud.example.com')).to.equal(true);
      expect(sendsKeyInClear('http://192.168.1.20:8080')).to.equal(true);
      expect(sendsKeyInClear('https://cloud.example.com')).to.equal(false);
      for (const local of ['http://localhost:1880', 'http://127.0.0.1', 'http://127.1.2.3:9', 'http://[::1]:8080']) {
        expect(sendsKeyInClear(local), local).to.equal(false);
      }
    });
  });

  describe('the key', function () {
    it('goes in X-API-Key by default', async () => {
      await clientOf().listDevices();
      expect(sim.requests[0].headers['x-api-key']).to.equal(sim.apiKey);
      expect(sim.requests[0].headers.authorization).to.equal(undefined);
    });

    it('goes in Authorization: Bearer when asked, trimmed', async () => {
      await clientOf({ authHeader: 'bearer', apiKey: `  ${sim.apiKey}\n` }).listDevices();
      expect(sim.requests[0].headers.authorization).to.equal(`Bearer ${sim.apiKey}`);
      expect(sim.requests[0].headers['x-api-key']).to.equal(undefined);
    });

    const badKeys: [string, unknown][] = [
      ['missing', undefined],
      ['empty', '  '],
      ['a number', 42],
      ['with a line break', 'abc\r\nX-Evil: 1'],
      ['with a control character', 'abc\u0000def'],
      ['beyond Latin-1', 'ключ'],
      ['too long', 'k'.repeat(5000)],
    ];
    for (const [label, apiKey] of badKeys) {
      it(`is refused when ${label}, without showing it`, () => {
        const error = thrownBy(() => clientOf({ apiKey: untyped<string>(apiKey) }));
        expect(error.kind).to.equal('validation');
        expect(error.field).to.equal('apiKey');
        if (typeof apiKey === 'string' && apiKey.trim() !== '')
          expect(error.message).to.not.include(apiKey.slice(0, 3));
      });
    }

    it('is nowhere in the client as util.inspect or JSON show it', () => {
      const client = clientOf({ apiKey: 'secret-inspect-me' });
      expect(util.inspect(client, { depth: 6, showHidden: true })).to.not.include('secret-inspect-me');
      expect(JSON.stringify(Object.keys(client))).to.not.include('secret-inspect-me');
    });
  });

  describe('errors', function () {
    it('HTTP >= 400: the status, the service code and its message', async () => {
      const error = await failureOf(clientOf({ apiKey: 'wrong' }).listDevices());
      expect(error).to.be.instanceOf(DeviceCloudError);
      expect(error).to.include({ kind: 'http', statusCode: 401, code: 401, operation: 'list devices' });
      expect(error.message).to.equal('list devices failed: HTTP 401: invalid or expired API key (code 401)');
      expect(error.transient).to.equal(false);
      expect(sim.requests).to.have.length(1);
    });

    it('HTTP 404 for a to-do that does not exist, not repeated', async () => {
      const error = await failureOf(clientOf().deleteTodo(12345));
      expect(error).to.include({ kind: 'http', statusCode: 404 });
      expect(error.message).to.match(/^delete to-do failed: HTTP 404: todo not found/);
      expect(sim.requests).to.have.length(1);
    });

    it('HTTP 200 with a non-zero code: the service message and code', async () => {
      sim.misbehave({ kind: 'code', code: 4711, msg: '设备不存在' });
      const error = await failureOf(clientOf().listDevices());
      expect(error).to.include({ kind: 'service', code: 4711, statusCode: 200, serviceMessage: '设备不存在' });
      expect(error.message).to.equal('list devices failed: 设备不存在 (code 4711)');
      expect(sim.requests).to.have.length(1);
    });

    it('a body that is not JSON', async () => {
      sim.misbehave({ kind: 'not-json' });
      const error = await failureOf(clientOf().listDevices());
      expect(error).to.include({ kind: 'parse', statusCode: 200 });
      expect(error.message).to.match(/not the service's JSON \(HTTP 200, text\/html/);
      expect(sim.requests).to.have.length(1);
    });

    it('a network error: connection refused, retried, then one error that says so', async () => {
      const port = await freePort();
      const client = clientOf({ baseUrl: `http://127.0.0.1:${port}`, retry: { maxAttempts: 3 } });
      const error = await failureOf(client.listDevices());
      expect(error).to.include({ kind: 'network', notSent: true, operation: 'list devices' });
      expect(error.message).to.match(/ECONNREFUSED/);
      expect(error.message).to.match(/gave up after 3 attempts/);
      expect(error.transient).to.equal(true);
    });

    it('a timeout when the service does not answer', async () => {
      sim.misbehave({ kind: 'hang', times: 2 });
      const error = await failureOf(clientOf({ timeoutMs: 150, retry: { maxAttempts: 2 } }).listDevices());
      expect(error).to.include({ kind: 'timeout', operation: 'list devices' });
      expect(error.message).to.equal('list devices failed: no answer within 150 ms; gave up after 2 attempts');
      expect(sim.requests).to.have.length(2);
    });

    it('a connection reset while waiting for the answer', async () => {
      sim.misbehave({ kind: 'reset' });
      const error = await failureOf(clientOf({ retry: { maxAttempts: 1 } }).listDevices());
      expect(error).to.include({ kind: 'network', notSent: false });
      expect(error.message).to.match(/^list devices failed: /);
    });

    it('errors are Error objects whose own enumerable fields hold no cause, headers or request', async () => {
      sim.misbehave({ kind: 'reset' });
      const error = await failureOf(clientOf({ retry: { maxAttempts: 1 } }).listDevices());
      expect(error).to.be.instanceOf(Error);
      expect(error.name).to.equal('DeviceCloudError');
      expect(error.cause).to.equal(undefined);
      expect(Object.keys(error).sort()).to.deep.equal(['kind', 'notSent', 'operation']);
    });
  });

  describe('retries', function () {
    it('repeats a read after 503, 502 and a reset, and succeeds', async () => {
      sim.misbehave({ kind: 'status', status: 503 });
      sim.misbehave({ kind: 'status', status: 502 });
      sim.misbehave({ kind: 'reset' });
      const devices = await clientOf().listDevices();
      expect(devices).to.have.length(2);
      expect(sim.requests).to.have.length(4);
    });

    it('repeats after 408, 425 and 429, and not after 400, 403 or 409', async () => {
      for (const status of [408, 425, 429]) {
        sim.reset();
        sim.misbehave({ kind: 'status', status });
        await clientOf().listDevices();
        expect(sim.requests, `HTTP ${status}`).to.have.length(2);
      }
      for (const status of [400, 403, 409]) {
        sim.reset();
        sim.misbehave({ kind: 'status', status });
        const error = await failureOf(clientOf().listDevices());
        expect(error.statusCode).to.equal(status);
        expect(sim.requests, `HTTP ${status}`).to.have.length(1);
      }
    });

    it('stops after the configured number of attempts', async () => {
      sim.misbehave({ kind: 'status', status: 500, times: 10 });
      const error = await failureOf(clientOf({ retry: { maxAttempts: 3 } }).listDevices());
      expect(error).to.include({ kind: 'http', statusCode: 500 });
      expect(error.message).to.match(/gave up after 3 attempts$/);
      expect(sim.requests).to.have.length(3);
    });

    it('makes one attempt only when retries are off', async () => {
      sim.misbehave({ kind: 'status', status: 503, times: 5 });
      await failureOf(clientOf({ retry: { maxAttempts: 1 } }).listDevices());
      expect(sim.requests).to.have.length(1);
    });

    it('stops when the total time would run out, whatever the attempts left', async () => {
      sim.misbehave({ kind: 'status', status: 503, times: 10 });
      const client = clientOf({ retry: { maxAttempts: 10, baseDelayMs: 1000, maxTotalMs: 100 } });
      await failureOf(client.listDevices());
      expect(sim.requests).to.have.length(1);
    });

    it('waits as Retry-After says in seconds', async () => {
      sim.misbehave({ kind: 'retry-after', status: 503, retryAfter: '1' });
      await clientOf().listDevices();
      expect(sim.requests).to.have.length(2);
      // A lower bound only: the wait cannot end before the service asked.
      expect(sim.requests[1].at - sim.requests[0].at).to.be.at.least(950);
    });

    it('waits as Retry-After says as an HTTP date', async () => {
      const date = new Date(Date.now() + 2000).toUTCString();
      sim.misbehave({ kind: 'retry-after', status: 429, retryAfter: date });
      await clientOf().listDevices();
      expect(sim.requests).to.have.length(2);
      // The date has whole seconds: the wait is at least what is left of them.
      expect(sim.requests[1].at).to.be.at.least(Date.parse(date) - 5);
    });

    it('gives up at once when Retry-After asks for longer than a single wait may be', async () => {
      sim.misbehave({ kind: 'retry-after', status: 429, retryAfter: '3600' });
      const error = await failureOf(clientOf().listDevices());
      expect(error).to.include({ statusCode: 429, retryAfterMs: 3_600_000 });
      expect(error.message).to.match(
        /the service asked to retry after 3600 s, longer than the 10 s this account waits/,
      );
      expect(sim.requests).to.have.length(1);
    });

    it('repeats a create after 429 and after a refused connection, never after a 5xx, a reset or a timeout', async () => {
      // A hang gives up after 1 s; an answer never takes that long, however busy the machine.
      const client = clientOf({ timeoutMs: 1000 });
      sim.misbehave({ kind: 'retry-after', status: 429, retryAfter: '0' });
      await client.createTodo({ title: 'after 429' });
      expect(sim.requests).to.have.length(2);
      expect(sim.state.todos.size).to.equal(1);

      const faults: Fault[] = [
        { kind: 'status', status: 503, afterEffect: true },
        { kind: 'status', status: 500 },
        { kind: 'reset', afterEffect: true },
        { kind: 'hang', afterEffect: true },
        { kind: 'status', status: 408 },
      ];
      for (const fault of faults) {
        sim.reset();
        sim.misbehave({ ...fault, times: 5 });
        const error = await failureOf(client.createTodo({ title: 'once' }));
        const label = JSON.stringify(fault);
        expect(sim.requests, label).to.have.length(1);
        expect(sim.state.todos.size, label).to.equal(fault.afterEffect ? 1 : 0);
        expect(error.message, label).to.match(/not repeated, because the service may have carried it out/);
      }
    });

    it('repeats a create whose connection was refused before anything was sent', async () => {
      const port = await freePort();
      const client = clientOf({ baseUrl: `http://127.0.0.1:${port}`, retry: { maxAttempts: 2 } });
      const error = await failureOf(client.createTodo({ title: 'x' }));
      expect(error.message).to.match(/gave up after 2 attempts/);
      expect(error.message).to.not.match(/may have carried it out/);
    });

    it('takes a 404 on a repeated delete, after a failure that may have arrived, as done', async () => {
      const { id } = sim.addTodo({ title: 'gone on the first try' });
      sim.misbehave({ kind: 'status', status: 502, method: 'DELETE', afterEffect: true });
      expect(await clientOf().deleteTodo(id)).to.deep.equal({ id, deleted: true });
      expect(sim.requests.map((request) => request.method)).to.deep.equal(['DELETE', 'DELETE']);
      expect(sim.state.todos.has(id)).to.equal(false);
    });

    it('still reports a 404 on a delete that failed only before reaching the service', async () => {
      sim.misbehave({ kind: 'retry-after', status: 429, retryAfter: '0', method: 'DELETE' });
      const error = await failureOf(clientOf().deleteTodo(77));
      expect(error).to.include({ kind: 'http', statusCode: 404 });
      expect(sim.requests).to.have.length(2);
    });

    it('completes a to-do whose toggle failed after it took effect without toggling it back', async () => {
      const { id } = sim.addTodo({ title: 'ambiguous' });
      sim.misbehave({ kind: 'status', status: 502, method: 'PUT', afterEffect: true });
      const state = await clientOf().setTodoCompleted(id, true);
      expect(state).to.include({ id, completed: true });
      expect(sim.state.todos.get(id)?.status).to.equal(1);
      expect(sim.requests.filter((request) => request.method === 'PUT')).to.have.length(1);
    });

    it('toggles again after a toggle that failed without taking effect', async () => {
      const { id } = sim.addTodo({ title: 'lost', status: 1 });
      sim.misbehave({ kind: 'reset', method: 'PUT' });
      const state = await clientOf().setTodoCompleted(id, 'toggle');
      expect(state).to.include({ id, completed: false });
      expect(sim.state.todos.get(id)?.status).to.equal(0);
      expect(sim.requests.filter((request) => request.method === 'PUT')).to.have.length(2);
    });
  });

  describe('pacing', function () {
    it('keeps at most maxInFlight requests open and queues the rest', async () => {
      sim.misbehave({ kind: 'hang', times: 10 });
      const client = clientOf({ pacing: { maxInFlight: 2, maxQueue: 10 } });
      const calls = [1, 2, 3, 4, 5].map(() => failureOf(client.listDevices()));
      await until(() => sim.requests.length === 2);
      expect(client.pacing).to.include({ inFlight: 2, queued: 3 });
      await client.close();
      const errors = await Promise.all(calls);
      expect(errors.map((error) => error.kind)).to.deep.equal(['aborted', 'aborted', 'aborted', 'aborted', 'aborted']);
      expect(sim.requests).to.have.length(2);
      expect(client.pacing.peakInFlight).to.equal(2);
    });

    it('refuses a call at once when the queue is full', async () => {
      sim.misbehave({ kind: 'hang', times: 10 });
      const client = clientOf({ pacing: { maxInFlight: 1, maxQueue: 2 } });
      const calls = [1, 2, 3].map(() => failureOf(client.listDevices()));
      const refused = await failureOf(client.listDevices());
      expect(refused.kind).to.equal('busy');
      expect(refused.message).to.match(/too many requests waiting \(2 queued, 1 in flight\)/);
      await client.close();
      await Promise.all(calls);
    });

    it('spaces the starts of requests by minSpacingMs', async () => {
      const client = clientOf({ pacing: { minSpacingMs: 100 } });
      // The first request of a client also opens its connection, which delays its arrival: it is not measured.
      await client.listDevices();
      await Promise.all([client.listDevices(), client.listDevices(), client.listDevices()]);
      const arrivals = sim.requests.slice(1).map((request) => request.at);
      expect(arrivals).to.have.length(3);
      // Arrival times carry a few milliseconds of the way from client to simulator: a lower bound with room for them.
      for (let index = 1; index < arrivals.length; index++) {
        expect(arrivals[index] - arrivals[index - 1]).to.be.at.least(90);
      }
    });

    it('a caller that gives up takes its call out of the queue', async () => {
      sim.misbehave({ kind: 'hang', times: 1 });
      const client = clientOf({ pacing: { maxInFlight: 1 } });
      const first = failureOf(client.listDevices());
      const controller = new AbortController();
      const second = failureOf(client.listDevices(controller.signal));
      await until(() => client.pacing.queued === 1 && sim.requests.length === 1);
      controller.abort();
      const error = await second;
      expect(error.kind).to.equal('aborted');
      expect(client.pacing.queued).to.equal(0);
      await client.close();
      await first;
      expect(sim.requests).to.have.length(1);
    });
  });

  describe('close', function () {
    it('aborts in-flight and queued calls with one clear error each and sends nothing more', async () => {
      sim.misbehave({ kind: 'hang', times: 5 });
      const client = clientOf({ pacing: { maxInFlight: 1 } });
      const inFlight = failureOf(client.listDevices());
      const queued = failureOf(client.createTodo({ title: 'queued' }));
      await until(() => sim.requests.length === 1);
      await client.close();
      for (const error of await Promise.all([inFlight, queued])) {
        expect(error.kind).to.equal('aborted');
        expect(error.message).to.equal('the account was closed (redeploy or shutdown); request abandoned');
      }
      const after = await failureOf(client.listDevices());
      expect(after.kind).to.equal('aborted');
      expect(client.closed).to.equal(true);
      expect(sim.requests).to.have.length(1);
      expect(sim.state.todos.size).to.equal(0);
    });

    it('ends a wait between retries at once', async () => {
      sim.misbehave({ kind: 'retry-after', status: 503, retryAfter: '5' });
      const client = clientOf();
      const call = failureOf(client.listDevices());
      await until(() => sim.requests.length === 1);
      await client.close();
      expect((await call).kind).to.equal('aborted');
      expect(sim.requests).to.have.length(1);
    });

    it('closes every socket of the pool', async () => {
      const client = clientOf({ pacing: { maxInFlight: 3 } });
      const before = openSockets();
      await Promise.all([client.listDevices(), client.listDevices(), client.listDevices()]);
      expect(openSockets()).to.be.above(before);
      await client.close();
      // The simulator's end of each connection closes once it sees the client's end go.
      await until(() => openSockets() === before);
    });

    it('can be called twice', async () => {
      const client = clientOf();
      await Promise.all([client.close(), client.close()]);
      await client.close();
      expect(client.closed).to.equal(true);
    });
  });
});
