// The example todo-sync-caldav as a user runs it: in a real Node-RED (its own process, default settings), its
// CalDAV node pointed at Debian's Radicale or Xandikos, or at the simulator's own CalDAV server (another simulator
// than the Device Cloud's, its task list made anew for the test), against the simulator. What a person does on the
// display (a tick, a reopening, a rename, a deletion) reaches the server even though Node-RED restarts between the
// change and the next sync, and a second restart writes nothing again.
//
// The example's debug nodes are replaced by recorders the test reads over HTTP (GET /seen). Output 2 is recorded
// one hop from the sync node and output 1 two hops from it: Node-RED delivers the messages of one send in order,
// so once a sync is recorded, so are all the changes it reported.

import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import { startSimulator, type Simulator } from '../../dist/simulator/server';
import type { DeviceChange } from '../../dist/lib/todos/sync/sync-todos';
import type { CalDavSyncResult } from '../../dist/lib/todos/caldav/caldav-sync';
import { vtodo, type CalDavServer } from '../support/caldav-server';
import { callAsAnotherClient } from '../support/clients';
import type { FlowNode } from '../support/node-red';
import { NodeRedServer } from '../support/node-red-server';
import { ROOT } from '../support/package-files';
import { Radicale } from '../support/radicale';
import { SimulatorCalDav } from '../support/simulator-caldav';
import { eventually } from '../support/until';
import { Xandikos } from '../support/xandikos';

const EXAMPLE = path.join(ROOT, 'examples', 'todo-sync-caldav.json');

interface Seen {
  synced: CalDavSyncResult[];
  reported: DeviceChange[];
  errors: { message: string }[];
}

const record = (kind: keyof Seen) =>
  `const seen = global.get('seen') || { synced: [], reported: [], errors: [] };\n` +
  `seen.${kind}.push(${kind === 'errors' ? 'msg.error' : 'msg.payload'});\nglobal.set('seen', seen);\nreturn null;`;

/** The example, its CalDAV node at the server's list, its debug nodes replaced by recorders. */
function exampleFlow(sim: Simulator, url: string): { flows: FlowNode[]; inject: string; caldav: string } {
  const nodes = JSON.parse(fs.readFileSync(EXAMPLE, 'utf8')) as FlowNode[];
  const kinds: Record<string, keyof Seen> = {
    'what the sync did': 'synced',
    'changed on the display, written back': 'reported',
    errors: 'errors',
  };
  const flows: FlowNode[] = nodes.map((node) => {
    if (node.type === 'device-cloud-account') return { ...node, baseUrl: sim.url };
    if (node.type === 'device-cloud-caldav') return { ...node, url, timeZone: 'Europe/Berlin' };
    if (node.type !== 'debug') return { ...node, z: 'tab' };
    const kind = kinds[String(node.name)];
    if (!kind) throw new Error(`a debug node the test does not know: ${String(node.name)}`);
    const relay = kind === 'synced' ? { func: 'return msg;', wires: [['synced']] } : { func: record(kind), wires: [] };
    return { ...node, z: 'tab', type: 'function', outputs: 1, ...relay };
  });
  const byType = (type: string) => flows.find((node) => node.type === type) as FlowNode;
  return {
    inject: byType('inject').id,
    caldav: byType('device-cloud-caldav').id,
    flows: [
      { id: 'tab', type: 'tab', label: 'CalDAV' },
      ...flows,
      { id: 'synced', z: 'tab', type: 'function', func: record('synced'), outputs: 1, x: 900, y: 60, wires: [] },
      { id: 'seen-in', z: 'tab', type: 'http in', url: '/seen', method: 'get', x: 100, y: 400, wires: [['seen']] },
      {
        id: 'seen',
        z: 'tab',
        type: 'function',
        func: "msg.payload = global.get('seen') || { synced: [], reported: [], errors: [] };\nreturn msg;",
        outputs: 1,
        x: 300,
        y: 400,
        wires: [['seen-out']],
      },
      { id: 'seen-out', z: 'tab', type: 'http response', x: 500, y: 400, wires: [] },
    ],
  };
}

const SERVERS: { name: string; start: () => Promise<CalDavServer> }[] = [
  { name: 'Radicale', start: () => Radicale.start() },
  { name: 'Xandikos', start: () => Xandikos.start() },
  { name: "the simulator's CalDAV server", start: () => SimulatorCalDav.start() },
];

for (const { name, start } of SERVERS) {
  describe(`example todo-sync-caldav against ${name}, across restarts of Node-RED @slow`, function () {
    // Three starts of Node-RED and a CalDAV server on a busy machine.
    this.timeout(120_000);
    let sim: Simulator;
    let server: CalDavServer;
    let nodeRed: NodeRedServer | undefined;

    before(async () => {
      sim = await startSimulator();
      server = await start();
    });
    after(async () => {
      await nodeRed?.stop();
      await server?.stop();
      await sim?.close();
    });

    async function seen(): Promise<Seen> {
      const { status, body } = await (nodeRed as NodeRedServer).request('GET', 'seen');
      expect(status, 'GET /seen').to.equal(200);
      return body as Seen;
    }

    /** Presses *sync now* and waits until the sync is recorded. */
    async function syncNow(inject: string): Promise<{ result: CalDavSyncResult; reported: DeviceChange[] }> {
      const before = await seen();
      expect((await (nodeRed as NodeRedServer).request('POST', `inject/${inject}`)).status).to.equal(200);
      const after = await eventually(
        async () => {
          const now = await seen();
          return (now.errors.length > before.errors.length || now.synced.length > before.synced.length) && now;
        },
        { what: 'the sync' },
      );
      expect(after.errors.map((error) => error.message)).to.deep.equal([]);
      return { result: after.synced[after.synced.length - 1], reported: after.reported.slice(before.reported.length) };
    }

    const titled = (title: string) => [...sim.state.todos.values()].find((todo) => todo.title === title);

    it('writes back what a person did on the display, though Node-RED restarts before the sync', async () => {
      const list = await server.taskList('tasks');
      await server.put(
        `${list}milk.ics`,
        vtodo('milk', ['SUMMARY:Milk', 'BEGIN:VALARM', 'ACTION:DISPLAY', 'TRIGGER:-PT1H', 'END:VALARM']),
      );
      await server.put(`${list}rent.ics`, vtodo('rent', ['SUMMARY:Pay the rent', 'STATUS:COMPLETED']));
      await server.put(
        `${list}dentist.ics`,
        vtodo('dentist', ['SUMMARY:Dentist', 'DUE;TZID=Europe/Berlin:20261224T083000']),
      );
      await server.put(`${list}bins.ics`, vtodo('bins', ['SUMMARY:Bins']));
      const { flows, inject, caldav } = exampleFlow(sim, `${server.url}${list}`);
      nodeRed = await NodeRedServer.start({
        flows,
        credentials: {
          dc00acc000000001: { apiKey: sim.apiKey },
          [caldav]: { username: server.user, password: server.password },
        },
      });

      expect((await syncNow(inject)).result).to.deep.include({ created: 4, completed: 1 });
      await callAsAnotherClient(sim, 'PUT', `/todos/${titled('Milk')?.id}/complete`);
      await callAsAnotherClient(sim, 'PUT', `/todos/${titled('Pay the rent')?.id}/complete`);
      await callAsAnotherClient(sim, 'PUT', `/todos/${titled('Dentist')?.id}`, {
        title: '牙医 Dr Lee, 😬',
        dueTime: '09:15',
      });
      await callAsAnotherClient(sim, 'DELETE', `/todos/${titled('Bins')?.id}`);
      await nodeRed.restart();

      const afterRestart = await syncNow(inject);
      expect(afterRestart.reported.map((report) => [report.key, report.change])).to.have.deep.members([
        ['milk', 'completed'],
        ['rent', 'reopened'],
        ['dentist', 'edited'],
        ['bins', 'deleted'],
      ]);
      expect(afterRestart.result.written).to.deep.equal({ updated: 3, deleted: 1 });
      const milk = await server.ics(`${list}milk.ics`);
      expect(milk).to.include('STATUS:COMPLETED').and.include('TRIGGER:-PT1H');
      expect(await server.ics(`${list}rent.ics`))
        .to.include('STATUS:NEEDS-ACTION')
        .and.not.match(/\r\nCOMPLETED:/);
      const dentist = await server.ics(`${list}dentist.ics`);
      expect(dentist).to.include('SUMMARY:牙医 Dr Lee\\, 😬').and.include('DUE;TZID=Europe/Berlin:20261224T091500');
      expect((await server.request('GET', `${list}bins.ics`)).status).to.equal(404);
      expect(titled('Pay the rent')?.status, 'the reopening is not undone').to.equal(0);

      const etags = async () =>
        Promise.all(
          ['milk', 'rent', 'dentist'].map(async (file) => (await server.request('GET', `${list}${file}.ics`)).etag),
        );
      const before = await etags();
      await nodeRed.restart();
      sim.clearRequests();
      const quiet = await syncNow(inject);
      expect(quiet.result).to.deep.include({
        created: 0,
        updated: 0,
        completed: 0,
        reopened: 0,
        written: { updated: 0, deleted: 0 },
      });
      expect(quiet.reported).to.deep.equal([]);
      expect(sim.requests.filter((request) => request.method !== 'GET')).to.deep.equal([]);
      expect(await etags(), 'nothing written to the server').to.deep.equal(before);
    });
  });
}
