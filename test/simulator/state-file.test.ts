// The simulator's state file (stateFile, the command line's --state): what one simulator was told is there when the
// next one starts from the file, over HTTP as a client and the page see it, its CalDAV tasks too; a file that is not
// the simulator's is a warning and an empty state; the file is replaced whole, never seen half written.

import { expect } from 'chai';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DEFAULT_DEVICES,
  EXAMPLE_DEVICES,
  type Simulator,
  type StateSnapshot,
  startSimulator,
} from '../../dist/simulator/server';
import { until, within } from '../support/until';
import { apiCaller, HALLWAY, KITCHEN, multipart } from './support';

const TASKS = '/caldav/user/calendars/tasks/';
const CALENDAR_QUERY =
  '<?xml version="1.0"?><C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop>' +
  '<D:getetag/><C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"/>' +
  '</C:comp-filter></C:filter></C:calendar-query>';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const CLI = path.join(__dirname, '..', '..', 'dist', 'simulator', 'cli.js');

/** What the simulator's page shows (its readings are the simulator's options, not its state). */
async function shown(sim: Simulator): Promise<Omit<StateSnapshot, 'readings'>> {
  const { devices, todos, taskLists } = (await (await fetch(`${sim.url}/sim/state`)).json()) as StateSnapshot;
  return { devices, todos, taskLists };
}

describe('the simulator state file', function () {
  let dir: string;
  let file: string;
  let sim: Simulator | undefined;
  const call = apiCaller(() => {
    if (!sim) throw new Error('no simulator running');
    return sim;
  });

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'device-cloud-sim-state-'));
    file = path.join(dir, 'simulator.json');
  });
  afterEach(async () => {
    await sim?.close();
    sim = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function start(options: { log?: (line: string) => void } = {}): Promise<Simulator> {
    sim = await startSimulator({ devices: [...EXAMPLE_DEVICES], stateFile: file, ...options });
    return sim;
  }

  it('keeps pages, temporary screens, sync intervals and to-dos across a restart', async () => {
    await start();
    const text = await call('POST', `/devices/${KITCHEN}/display/text`, {
      json: { text: 'Back at 6', fontSize: 28, pageId: '2' },
    });
    expect(text.status, text.text).to.equal(200);
    const form = multipart([{ name: 'images', filename: 'a.png', contentType: 'image/png', data: PNG }]);
    const screen = await call('POST', `/devices/${HALLWAY}/display/image`, {
      body: form.body,
      contentType: form.contentType,
    });
    expect(screen.status, screen.text).to.equal(200);
    expect((await call('PUT', `/devices/${HALLWAY}/sync-interval`, { json: { syncInterval: 60 } })).status).to.equal(
      200,
    );
    const created = await call<{ id: number }>('POST', '/todos', {
      json: { title: 'Water the plants', dueDate: '2030-05-01', priority: 2, deviceId: KITCHEN },
    });
    expect(created.status, created.text).to.equal(200);
    const before = await shown(sim as Simulator);
    await sim?.close();

    const again = await start();
    expect(await shown(again)).to.deep.equal(before);
    expect(before.devices.find((device) => device.deviceId === KITCHEN)?.pages[1].content).to.include({
      kind: 'text',
      text: 'Back at 6',
    });
    expect(before.todos.map((todo) => todo.title)).to.deep.equal(['Water the plants']);
    const next = await call<{ id: number }>('POST', '/todos', { json: { title: 'Second' } });
    expect(next.body.data.id, 'the next id goes on from the stored ones').to.equal(created.body.data.id + 1);
  });

  it('keeps the CalDAV tasks across a restart: each text and ETag as written, ticks and deletions too', async () => {
    await start();
    const base = () => (sim as Simulator).url;
    const phone = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//A phone//EN',
      'BEGIN:VTODO',
      'UID:phone-stamps',
      'DTSTAMP:20261120T090000Z',
      'SUMMARY:Buy stamps 邮票',
      'X-PHONE;X-KEPT=yes:kept',
      'END:VTODO',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const put = await fetch(`${base()}${TASKS}stamps.ics`, {
      method: 'PUT',
      headers: { 'content-type': 'text/calendar', 'if-none-match': '*' },
      body: phone,
    });
    expect(put.status).to.equal(201);
    expect((await fetch(`${base()}/sim/tasks/tasks/plumber.ics/complete`, { method: 'POST' })).status).to.equal(200);
    const bins = await fetch(`${base()}${TASKS}bins.ics`);
    const etag = bins.headers.get('etag') as string;
    expect(
      (await fetch(`${base()}${TASKS}bins.ics`, { method: 'DELETE', headers: { 'if-match': etag } })).status,
    ).to.equal(204);
    const report = async () =>
      (
        await fetch(`${base()}${TASKS}`, {
          method: 'REPORT',
          headers: { depth: '1', 'content-type': 'application/xml' },
          body: CALENDAR_QUERY,
        })
      ).text();
    const before = await report();
    const shownBefore = await shown(sim as Simulator);
    await sim?.close();

    const again = await start();
    expect(await report(), 'every task, its ETag and its text as before').to.equal(before);
    expect(await (await fetch(`${again.url}${TASKS}stamps.ics`)).text(), 'byte for byte').to.equal(phone);
    const [tasks] = (await shown(again)).taskLists;
    expect(tasks.tasks.map((task) => [task.summary, task.status])).to.deep.equal([
      ['Call the plumber', 'COMPLETED'],
      ['交电费', 'NEEDS-ACTION'],
      ['买牛奶', 'COMPLETED'],
      ['Buy stamps 邮票', 'NEEDS-ACTION'],
    ]);
    expect((await shown(again)).taskLists).to.deep.equal(shownBefore.taskLists);
    const stale = await fetch(`${again.url}${TASKS}stamps.ics`, {
      method: 'PUT',
      headers: { 'content-type': 'text/calendar', 'if-match': '"not-its-etag"' },
      body: phone,
    });
    expect(stale.status, 'its ETag kept: another is refused').to.equal(412);
  });

  it('names a task whose text is not iCalendar, and keeps nothing of such a file; a reset brings the samples', async () => {
    await start();
    await call('POST', '/todos', { json: { title: 'Kept' } });
    await sim?.close();
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { calendars: { objects: Record<string, unknown> }[] };
    stored.calendars[0].objects['milk.ics'] = { ics: 'milk', etag: '"1"' };
    fs.writeFileSync(file, JSON.stringify(stored));
    const warnings: string[] = [];
    const started = await start({ log: (line) => warnings.push(line) });
    expect(warnings.join('\n')).to.include('calendars[0].objects["milk.ics"].ics is not a calendar object');
    expect((await shown(started)).todos).to.deep.equal([]);

    await fetch(`${started.url}${TASKS}milk.ics`, { method: 'DELETE' });
    started.reset();
    const [tasks] = (await shown(started)).taskLists;
    expect(tasks.tasks.map((task) => task.name)).to.deep.equal([
      'plumber.ics',
      'electricity.ics',
      'bins.ics',
      'milk.ics',
    ]);
  });

  it("gives a file of a version without calendars the sample tasks, keeping the file's to-dos", async () => {
    await start();
    await call('POST', '/todos', { json: { title: 'Kept' } });
    await sim?.close();
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { calendars?: unknown };
    delete stored.calendars;
    fs.writeFileSync(file, JSON.stringify(stored));
    const started = await start();
    const { todos, taskLists } = await shown(started);
    expect(todos.map((todo) => todo.title)).to.deep.equal(['Kept']);
    expect(taskLists.map((list) => [list.displayName, list.tasks.length])).to.deep.equal([['Tasks', 4]]);
  });

  it('writes the changes without waiting for a close, replacing the file whole', async () => {
    await start();
    const seen: unknown[] = [];
    let reading = true;
    const reader = (async () => {
      while (reading) {
        // Every look at the file finds a whole one (or none yet): it is renamed into place, never written there.
        if (fs.existsSync(file)) seen.push(JSON.parse(fs.readFileSync(file, 'utf8')));
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    for (let index = 1; index <= 30; index += 1) {
      await call('POST', '/todos', { json: { title: `to-do ${index}` } });
    }
    await until(
      () =>
        fs.existsSync(file) && (JSON.parse(fs.readFileSync(file, 'utf8')) as { todos: unknown[] }).todos.length === 30,
      { what: 'the file to hold the 30 to-dos', got: () => (fs.existsSync(file) ? 'a file with fewer' : 'no file') },
    );
    reading = false;
    await reader;
    expect(seen.length, 'looks at the file').to.be.above(0);
    expect(fs.readdirSync(dir), 'no temporary file left beside it').to.deep.equal(['simulator.json']);
  });

  it('starts with an empty state and a warning from a file that is not JSON, and sets the file aside', async () => {
    fs.writeFileSync(file, '{"format": "device-cloud-simulator-state/1", "devi');
    const warnings: string[] = [];
    const started = await start({ log: (line) => warnings.push(line) });
    expect(warnings.join('\n')).to.include(file).and.include('starting with an empty state');
    const { devices, todos } = await shown(started);
    expect(devices.map((device) => device.deviceId)).to.deep.equal(EXAMPLE_DEVICES.map((device) => device.deviceId));
    expect(devices.every((device) => device.pages.every((page) => page.content === null))).to.equal(true);
    expect(todos).to.deep.equal([]);
    expect(fs.readFileSync(`${file}.corrupt`, 'utf8')).to.include('"devi');
  });

  it('names the first field that is wrong, and keeps nothing of such a file', async () => {
    await start();
    await call('POST', '/todos', { json: { title: 'Kept' } });
    await sim?.close();
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { todos: { status: number }[] };
    stored.todos[0].status = 7;
    fs.writeFileSync(file, JSON.stringify(stored));
    const warnings: string[] = [];
    const started = await start({ log: (line) => warnings.push(line) });
    expect(warnings.join('\n')).to.include('todos[0].status');
    expect((await shown(started)).todos).to.deep.equal([]);
  });

  it('adds the devices it is given that the file lacks', async () => {
    sim = await startSimulator({ devices: [...DEFAULT_DEVICES], stateFile: file });
    await call('POST', '/todos', { json: { title: 'Kept' } });
    await sim.close();
    const started = await start();
    expect((await shown(started)).devices.map((device) => device.alias)).to.deep.equal(
      EXAMPLE_DEVICES.map((device) => device.alias),
    );
    expect((await shown(started)).todos.map((todo) => todo.title)).to.deep.equal(['Kept']);
  });

  it('is emptied by a reset', async () => {
    await start();
    await call('POST', '/todos', { json: { title: 'Gone' } });
    sim?.reset();
    await sim?.close();
    expect((await shown(await start())).todos).to.deep.equal([]);
  });

  it("is the command line's --state, which --help lists: a to-do kept across a stop with SIGTERM", async () => {
    const help = spawn(process.execPath, [CLI, '--help'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let helpText = '';
    help.stdout.on('data', (chunk: Buffer) => (helpText += chunk.toString()));
    await within(new Promise((resolve) => help.on('exit', resolve)), 'the help');
    expect(helpText).to.match(/--state <file>\s+keep the devices, pages, to-dos and CalDAV tasks in this file across/);

    const runOnce = async (action: (baseUrl: string) => Promise<void>) => {
      const child = spawn(process.execPath, [CLI, '--port', '0', '--state', file], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise((resolve) => child.on('exit', resolve));
      try {
        await until(() => /Base URL:\s+(\S+)/.test(output), { what: 'the banner', got: () => output });
        expect(output).to.include(`State file: ${file}`);
        await action((/Base URL:\s+(\S+)/.exec(output) ?? [])[1]);
      } finally {
        child.kill('SIGTERM');
      }
      expect(await within(exited, 'the simulator to stop on SIGTERM')).to.equal(0);
    };
    const headers = { 'X-API-Key': 'sim-key', 'Content-Type': 'application/json' };
    // The second to-do comes within a second of the first, whose write it waits behind: the stop writes it.
    await runOnce(async (baseUrl) => {
      for (const title of ['Across a restart', 'Just before the stop']) {
        const answer = await fetch(`${baseUrl}/open/v1/todos`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ title }),
        });
        expect(answer.status).to.equal(200);
      }
    });
    await runOnce(async (baseUrl) => {
      const state = (await (await fetch(`${baseUrl}/sim/state`)).json()) as StateSnapshot;
      expect(state.todos.map((todo) => todo.title)).to.deep.equal(['Across a restart', 'Just before the stop']);
    });
  });
});
