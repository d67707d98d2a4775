// The example todo-sync-caldav as a user runs it: in a real Node-RED (its own process, default settings), against
// Debian's Radicale and the simulator. The tasks another CalDAV client made reach the display with their due times
// converted from their time zones, all-day dates, repeats, priorities and states; what a person then does on the
// display (a tick, a reopening, a rename, a note rewritten, a deletion) is written back to the .ics resources, and
// a restart of Node-RED between the change and the sync undoes none of it.
//
// The example's debug nodes are replaced by recorders the test reads over HTTP (GET /seen). The sync's output 2 is
// recorded one hop from the sync node and output 1 two hops from it: Node-RED delivers the messages of one send in
// order, so once a sync is recorded, so are all the changes it reported.

import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import { startSimulator, type RecordedRequest, type SimTodo, type Simulator } from '../../dist/simulator/server';
import type { DeviceChange, SyncResult } from '../../dist/lib/todos/sync/sync-todos';
import { callAsAnotherClient } from '../support/clients';
import type { FlowNode } from '../support/node-red';
import { NodeRedServer } from '../support/node-red-server';
import { ROOT } from '../support/package-files';
import { Radicale } from '../support/radicale';
import { eventually } from '../support/until';

const KITCHEN = 'AA:BB:CC:DD:EE:01';
const EXAMPLE = path.join(ROOT, 'examples', 'todo-sync-caldav.json');

/** What the recorders saw since Node-RED started. */
interface Seen {
  synced: SyncResult[];
  reported: DeviceChange[];
  written: unknown[];
  errors: { message: string }[];
}

/** A VTODO resource as another CalDAV client (Thunderbird, a phone) writes it. */
function vtodo(uid: string, lines: string[]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Another client//EN',
    'BEGIN:VTODO',
    `UID:${uid}`,
    'DTSTAMP:20261120T090000Z',
    ...lines,
    'END:VTODO',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

const DENTIST = 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6';
const BINS = '040000008200E00074C5B7101A82E00800000000B0C6D3A4E1F2DA0100000000000000001000000047A3B2C1D0E9F8';
const MILK = 'milk@example.com';
const RENT = 'rent-2026-12';
const SHOPPING_ZH = 'zh-0001';

const TASKS: Record<string, { uid: string; lines: string[] }> = {
  'dentist.ics': {
    uid: DENTIST,
    lines: ['SUMMARY:Dentist', 'DUE;TZID=America/New_York:20261224T083000', 'PRIORITY:1', 'STATUS:NEEDS-ACTION'],
  },
  'bins.ics': {
    uid: BINS,
    lines: ['SUMMARY:Take out the bins', 'DUE;VALUE=DATE:20261221', 'RRULE:FREQ=WEEKLY;BYDAY=MO'],
  },
  'milk.ics': { uid: MILK, lines: ['SUMMARY:Milk', 'DESCRIPTION:Semi-skimmed\\, 2 l', 'PRIORITY:5'] },
  'rent.ics': {
    uid: RENT,
    lines: ['SUMMARY:Pay the rent', 'DUE:20261201T090000Z', 'STATUS:COMPLETED', 'COMPLETED:20261120T080000Z'],
  },
  'zh.ics': {
    uid: SHOPPING_ZH,
    lines: ['SUMMARY:买牛奶和面包', 'DUE;VALUE=DATE:20261215', 'RRULE:FREQ=MONTHLY;BYMONTHDAY=15'],
  },
  'cancelled.ics': { uid: 'cancelled-1', lines: ['SUMMARY:Called off', 'STATUS:CANCELLED'] },
};

/** The example, on a tab whose environment names the server, its debug nodes replaced by recorders. */
function exampleFlow(sim: Simulator, radicale: Radicale, tasks: string): { flows: FlowNode[]; inject: string } {
  const nodes = JSON.parse(fs.readFileSync(EXAMPLE, 'utf8')) as FlowNode[];
  const byName = (name: string): FlowNode => {
    const found = nodes.find((node) => node.name === name);
    if (!found) throw new Error(`the example has no node "${name}"`);
    return found;
  };
  const record = (kind: keyof Seen): string =>
    `const seen = global.get('seen') || { synced: [], reported: [], written: [], errors: [] };\n` +
    `seen.${kind}.push(${kind === 'errors' ? 'msg.error' : kind === 'written' ? 'msg.topic' : 'msg.payload'});\n` +
    `global.set('seen', seen);\nreturn null;`;
  const recorders: Record<string, keyof Seen> = {
    'what the sync did': 'synced',
    'written back to the CalDAV server': 'written',
    errors: 'errors',
  };
  const flows: FlowNode[] = nodes.map((node) => {
    if (node.type === 'device-cloud-account') return { ...node, baseUrl: sim.url };
    const placed = { ...node, z: 'tab' };
    if (node.type === 'debug') {
      const kind = recorders[String(node.name)];
      if (!kind) throw new Error(`a debug node the test does not know: ${String(node.name)}`);
      // Output 1 reaches its recorder through a relay: one hop more than output 2's.
      if (kind === 'synced')
        return { ...placed, type: 'function', func: 'return msg;', outputs: 1, wires: [['synced']] };
      return { ...placed, type: 'function', func: record(kind), outputs: 1, wires: [] };
    }
    return placed;
  });
  const sync = flows.find((node) => node.type === 'device-cloud-todo-sync') as FlowNode;
  sync.wires = [(sync.wires as string[][])[0], [...(sync.wires as string[][])[1], 'reported']];
  const env = [
    ['CALDAV_URL', `${radicale.url}${tasks}`],
    ['CALDAV_USER', radicale.user],
    ['CALDAV_PASSWORD', 'secret'],
    ['DISPLAY_TZ', 'Europe/Berlin'],
  ].map(([name, value]) => ({ name, value, type: 'str' }));
  return {
    inject: byName('sync now').id,
    flows: [
      { id: 'tab', type: 'tab', label: 'CalDAV', env },
      ...flows,
      { id: 'synced', z: 'tab', type: 'function', func: record('synced'), outputs: 1, x: 1500, y: 60, wires: [] },
      { id: 'reported', z: 'tab', type: 'function', func: record('reported'), outputs: 1, x: 1500, y: 300, wires: [] },
      { id: 'seen-in', z: 'tab', type: 'http in', url: '/seen', method: 'get', x: 100, y: 400, wires: [['seen']] },
      {
        id: 'seen',
        z: 'tab',
        type: 'function',
        func: "msg.payload = global.get('seen') || { synced: [], reported: [], written: [], errors: [] };\nreturn msg;",
        outputs: 1,
        x: 300,
        y: 400,
        wires: [['seen-out']],
      },
      { id: 'seen-out', z: 'tab', type: 'http response', x: 500, y: 400, wires: [] },
    ],
  };
}

describe('example todo-sync-caldav against Radicale, across restarts of Node-RED', function () {
  // Three starts of Node-RED and a CalDAV server on a busy machine.
  this.timeout(120_000);
  let sim: Simulator;
  let radicale: Radicale;
  let server: NodeRedServer | undefined;

  before(async () => {
    sim = await startSimulator();
    radicale = await Radicale.start();
  });
  after(async () => {
    await server?.stop();
    await radicale?.stop();
    await sim?.close();
  });

  async function seen(): Promise<Seen> {
    const { status, body } = await (server as NodeRedServer).request('GET', 'seen');
    expect(status, 'GET /seen').to.equal(200);
    return body as Seen;
  }

  /** Presses *sync now* and waits until the sync is done and each change it reported is written back. */
  async function syncNow(inject: string): Promise<{ result: SyncResult; reported: DeviceChange[] }> {
    const before = await seen();
    const { status } = await (server as NodeRedServer).request('POST', `inject/${inject}`);
    expect(status, 'the inject pressed').to.equal(200);
    const after = await eventually(
      async () => {
        const now = await seen();
        if (now.errors.length > before.errors.length) return now;
        return now.synced.length > before.synced.length && now.written.length === now.reported.length && now;
      },
      { what: 'the sync, and each change it reported written back' },
    );
    expect(after.errors.map((error) => error.message)).to.deep.equal([]);
    return { result: after.synced[after.synced.length - 1], reported: after.reported.slice(before.reported.length) };
  }

  const ours = (): SimTodo[] =>
    [...sim.state.todos.values()].filter((todo) => /\[Node-RED tasks:\S+ [0-9a-f]{8}\]$/.test(todo.description ?? ''));
  const titled = (title: string): SimTodo[] => [...sim.state.todos.values()].filter((todo) => todo.title === title);
  function only(title: string): SimTodo {
    const found = titled(title);
    expect(found, `to-dos titled ${title}`).to.have.length(1);
    return found[0];
  }
  const writes = (): string[] =>
    sim.requests
      .filter((request: RecordedRequest) => request.method !== 'GET')
      .map((request) => `${request.method} ${request.path}`);

  it('keeps the tasks and the display in step both ways; a restart undoes nothing done on the display', async () => {
    const tasks = await radicale.taskList('tasks');
    for (const [file, { uid, lines }] of Object.entries(TASKS)) {
      const put = await radicale.request('PUT', `${tasks}${file}`, vtodo(uid, lines), {
        'content-type': 'text/calendar; charset=utf-8',
      });
      expect(put.status, `PUT ${file}`).to.equal(201);
    }
    const { flows, inject } = exampleFlow(sim, radicale, tasks);
    server = await NodeRedServer.start({ flows, credentials: { dc00acc000000001: { apiKey: sim.apiKey } } });

    // The tasks reach the display.
    const first = await syncNow(inject);
    expect(first.result).to.deep.include({ created: 5, completed: 1, updated: 0, removed: 0 });
    expect(first.reported).to.deep.equal([]);
    expect(ours()).to.have.length(5);
    expect(titled('Called off'), 'a cancelled task').to.deep.equal([]);
    const dentist = only('Dentist');
    expect(dentist, 'New York 08:30 is Berlin 14:30').to.include({
      dueDate: '2026-12-24',
      dueTime: '14:30',
      priority: 2,
      status: 0,
      deviceId: KITCHEN,
    });
    const bins = only('Take out the bins');
    expect(bins, 'all-day, weekly on Mondays').to.include({
      dueDate: '2026-12-21',
      dueTime: '',
      repeatType: 'weekly',
      repeatWeekday: 1,
      priority: 0,
    });
    const milk = only('Milk');
    expect(milk).to.include({ priority: 1, status: 0 });
    expect(milk.description).to.match(/^Semi-skimmed, 2 l\n\[Node-RED tasks:milk%40example\.com [0-9a-f]{8}\]$/);
    const rent = only('Pay the rent');
    expect(rent, '09:00 UTC is Berlin 10:00').to.include({ dueDate: '2026-12-01', dueTime: '10:00', status: 1 });
    const shopping = only('买牛奶和面包');
    expect(shopping).to.include({ dueDate: '2026-12-15', repeatType: 'monthly', repeatDay: 15 });
    expect(bins.description).to.include(`:${BINS} `);

    // Nothing changed: nothing written.
    sim.clearRequests();
    expect((await syncNow(inject)).result).to.deep.include({ created: 0, updated: 0, completed: 0, unchanged: 5 });
    expect(writes()).to.deep.equal([]);

    // A person at the display; then Node-RED restarts before the next sync.
    await callAsAnotherClient(sim, 'PUT', `/todos/${milk.id}/complete`);
    await callAsAnotherClient(sim, 'PUT', `/todos/${rent.id}/complete`);
    expect(sim.state.todos.get(rent.id)?.status, 'reopened on the display').to.equal(0);
    await callAsAnotherClient(sim, 'PUT', `/todos/${dentist.id}`, { title: 'Dentist, Dr Lee' });
    await callAsAnotherClient(sim, 'DELETE', `/todos/${bins.id}`);
    await callAsAnotherClient(sim, 'PUT', `/todos/${shopping.id}`, { description: 'Two boxes' });
    await server.restart();
    sim.clearRequests();

    const afterRestart = await syncNow(inject);
    expect(afterRestart.reported.map((report) => [report.key, report.change])).to.have.deep.members([
      [DENTIST, 'edited'],
      [BINS, 'deleted'],
      [MILK, 'completed'],
      [RENT, 'reopened'],
      [SHOPPING_ZH, 'edited'],
    ]);
    expect(titled('Take out the bins'), 'the deleted to-do is not made again').to.deep.equal([]);
    expect(sim.state.todos.get(rent.id)?.status, 'the reopening is not undone').to.equal(0);
    expect(sim.state.todos.get(milk.id)?.status).to.equal(1);
    expect(sim.state.todos.get(dentist.id)?.title, 'the rename is not undone').to.equal('Dentist, Dr Lee');
    expect(only('买牛奶和面包').description, 'the note kept, its mark put back').to.match(
      /^Two boxes\n\[Node-RED tasks:zh-0001 [0-9a-f]{8}\]$/,
    );
    expect(writes(), 'only the mark put back').to.deep.equal([`PUT /open/v1/todos/${shopping.id}`]);

    // Written back to the server.
    const ics = async (file: string) => (await radicale.request('GET', `${tasks}${file}`)).body;
    expect(await ics('milk.ics'))
      .to.match(/\r\nSTATUS:COMPLETED\r\n/)
      .and.match(/\r\nCOMPLETED:\d{8}T\d{6}Z\r\n/);
    expect(await ics('rent.ics'))
      .to.match(/\r\nSTATUS:NEEDS-ACTION\r\n/)
      .and.not.match(/\r\nCOMPLETED:/);
    const dentistIcs = await ics('dentist.ics');
    expect(dentistIcs).to.include('\r\nSUMMARY:Dentist\\, Dr Lee\r\n');
    expect(dentistIcs, 'the due time as it was').to.include('\r\nDUE;TZID=America/New_York:20261224T083000\r\n');
    expect(dentistIcs).to.include('\r\nPRIORITY:1\r\n');
    expect(dentistIcs).to.include(`\r\nUID:${DENTIST}\r\n`);
    expect((await radicale.request('GET', `${tasks}bins.ics`)).status, 'the deleted task').to.equal(404);
    expect(await ics('zh.ics'))
      .to.include('\r\nDESCRIPTION:Two boxes\r\n')
      .and.include('\r\nSUMMARY:买牛奶和面包\r\n');

    // Another restart: nothing to do, nothing told twice.
    const etags = async () =>
      Promise.all(Object.keys(TASKS).map(async (file) => (await radicale.request('GET', `${tasks}${file}`)).etag));
    const etagsBefore = await etags();
    await server.restart();
    sim.clearRequests();
    const quiet = await syncNow(inject);
    expect(quiet.result).to.deep.include({ created: 0, updated: 0, completed: 0, reopened: 0, removed: 0 });
    expect(quiet.reported).to.deep.equal([]);
    expect(writes()).to.deep.equal([]);
    expect(await etags(), 'nothing written to the server').to.deep.equal(etagsBefore);

    // A change on the server reaches the display.
    const renamed = await radicale.request(
      'PUT',
      `${tasks}milk.ics`,
      vtodo(MILK, ['SUMMARY:Oat milk', 'DESCRIPTION:Semi-skimmed\\, 2 l', 'PRIORITY:5', 'STATUS:COMPLETED']),
      { 'content-type': 'text/calendar; charset=utf-8' },
    );
    expect(renamed.status).to.equal(201);
    const added = await radicale.request(
      'PUT',
      `${tasks}call.ics`,
      vtodo('call-mum', ['SUMMARY:Call mum', 'DUE;TZID=Asia/Tokyo:20261225T090000']),
      { 'content-type': 'text/calendar; charset=utf-8' },
    );
    expect(added.status).to.equal(201);
    const fromServer = await syncNow(inject);
    expect(fromServer.result).to.deep.include({ created: 1, updated: 1 });
    expect(sim.state.todos.get(milk.id)).to.include({ title: 'Oat milk', status: 1 });
    const call = only('Call mum');
    expect(call, 'Tokyo 09:00 is Berlin 01:00').to.include({ dueDate: '2026-12-25', dueTime: '01:00' });

    // Due, priority and repeat changed on the display, written back in iCalendar's terms, and read back alike.
    await callAsAnotherClient(sim, 'PUT', `/todos/${call.id}`, {
      dueDate: '2026-12-26',
      dueTime: '18:00',
      priority: 2,
      repeatType: 'yearly',
      repeatMonth: 12,
      repeatDay: 26,
    });
    const edited = await syncNow(inject);
    expect(edited.reported.map((report) => report.change)).to.deep.equal(['edited']);
    const callIcs = await ics('call.ics');
    expect(callIcs).to.include('\r\nDUE;TZID=Europe/Berlin:20261226T180000\r\n');
    expect(callIcs).to.include('\r\nPRIORITY:1\r\n');
    expect(callIcs).to.include('\r\nRRULE:FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=26\r\n');
    sim.clearRequests();
    const roundTrip = await syncNow(inject);
    expect(roundTrip.result).to.deep.include({ created: 0, updated: 0, completed: 0, reopened: 0, removed: 0 });
    expect(roundTrip.reported).to.deep.equal([]);
    expect(writes()).to.deep.equal([]);
  });
});
