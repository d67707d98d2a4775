// The to-do sync across restarts of a real Node-RED (its own process) with its default settings (a memory
// context): what a person did on the device (a deletion, a reopening, an edit of the fields, a note rewritten
// without the sync's mark) is not undone by the first sync after a restart, is reported then, once, and not again
// after the next restart. The flow takes the list over HTTP, as a flow fed by another system would.

import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import { startSimulator, type RecordedRequest, type SimTodo, type Simulator } from '../../dist/simulator/server';
import type { DeviceChange, SyncResult } from '../../dist/lib/todos/sync/sync-todos';
import { FAST_RETRIES, KITCHEN } from '../fixtures/service';
import { callAsAnotherClient } from '../support/clients';
import type { FlowNode } from '../support/node-red';
import { NodeRedServer } from '../support/node-red-server';
import { eventually } from '../support/until';

const LIST = [
  { key: 'milk', title: 'Milk', description: 'Semi-skimmed, 2 l' },
  { key: 'bread', title: 'Bread', dueDate: '2026-12-24', dueTime: '08:30' },
  { key: 42, title: 'Batteries', completed: true },
  { key: 'eggs', title: 'Eggs', description: 'Free range' },
];

/**
 * POST /sync: the list in, output 1 answered. Output 2 is recorded in the global context, read by GET /reports:
 * a report is recorded one hop from the sync node and the answer given two hops from it, and Node-RED delivers the
 * messages of one send in order, so the reports of a sync are recorded before its answer is sent.
 */
function flows(sim: Simulator): FlowNode[] {
  return [
    { id: 'tab', type: 'tab', label: 'sync' },
    { id: 'account', type: 'device-cloud-account', name: 'sim', baseUrl: sim.url, ...FAST_RETRIES },
    { id: 'sync-in', z: 'tab', type: 'http in', url: '/sync', method: 'post', x: 100, y: 60, wires: [['sync']] },
    {
      id: 'sync',
      z: 'tab',
      type: 'device-cloud-todo-sync',
      account: 'account',
      source: 'shopping',
      deviceId: KITCHEN,
      deviceIdType: 'device',
      removed: 'delete',
      x: 300,
      y: 60,
      wires: [['answer'], ['record']],
    },
    { id: 'answer', z: 'tab', type: 'function', func: 'return msg;', x: 500, y: 40, wires: [['respond']] },
    { id: 'respond', z: 'tab', type: 'http response', x: 700, y: 40, wires: [] },
    {
      id: 'record',
      z: 'tab',
      type: 'function',
      func: "const reports = global.get('reports') || [];\nreports.push(msg.payload);\nglobal.set('reports', reports);\nreturn null;",
      x: 500,
      y: 100,
      wires: [],
    },
    { id: 'catch', z: 'tab', type: 'catch', scope: ['sync'], x: 300, y: 160, wires: [['failed']] },
    {
      id: 'failed',
      z: 'tab',
      type: 'function',
      func: 'msg.statusCode = 500;\nmsg.payload = { error: msg.error.message };\nreturn msg;',
      x: 500,
      y: 160,
      wires: [['respond']],
    },
    { id: 'reports-in', z: 'tab', type: 'http in', url: '/reports', method: 'get', x: 100, y: 220, wires: [['read']] },
    {
      id: 'read',
      z: 'tab',
      type: 'function',
      func: "msg.payload = global.get('reports') || [];\nreturn msg;",
      x: 300,
      y: 220,
      wires: [['respond']],
    },
  ];
}

describe('device-cloud-todo-sync across restarts of Node-RED with its default settings', function () {
  // Three starts of Node-RED on a busy machine.
  this.timeout(120_000);
  let sim: Simulator;
  let server: NodeRedServer | undefined;

  before(async () => {
    sim = await startSimulator();
  });
  after(async () => {
    await server?.stop();
    await sim.close();
  });

  async function sync(): Promise<SyncResult> {
    const response = await fetch(new URL('sync', server?.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(LIST),
    });
    const body = (await response.json()) as SyncResult & { error?: string };
    expect(response.status, body.error).to.equal(200);
    return body;
  }

  async function reports(): Promise<DeviceChange[]> {
    const response = await fetch(new URL('reports', server?.url));
    return (await response.json()) as DeviceChange[];
  }

  const writes = (): RecordedRequest[] => sim.requests.filter((request) => request.method !== 'GET');

  function titled(title: string): SimTodo[] {
    return [...sim.state.todos.values()].filter((todo) => todo.title === title);
  }

  function only(title: string): SimTodo {
    const found = titled(title);
    expect(found, `to-dos titled ${title}`).to.have.length(1);
    return found[0];
  }

  it('a deletion, a reopening, an edit and a rewritten note on the device are kept, and reported once', async () => {
    server = await NodeRedServer.start({ flows: flows(sim), credentials: { account: { apiKey: sim.apiKey } } });
    expect(await sync()).to.deep.include({ created: 4, completed: 1 });
    const milk = only('Milk');
    const bread = only('Bread');
    const batteries = only('Batteries');
    const eggs = only('Eggs');
    expect(batteries.status).to.equal(1);
    const eggsMark = /\[Node-RED shopping:eggs [0-9a-f]{8}\]$/.exec(eggs.description ?? '')?.[0];
    expect(eggsMark, 'the mark of the eggs').to.be.a('string');

    await callAsAnotherClient(sim, 'DELETE', `/todos/${milk.id}`);
    await callAsAnotherClient(sim, 'PUT', `/todos/${batteries.id}/complete`);
    expect(sim.state.todos.get(batteries.id)?.status, 'reopened on the device').to.equal(0);
    await callAsAnotherClient(sim, 'PUT', `/todos/${bread.id}`, { title: 'Bread, sliced' });
    await callAsAnotherClient(sim, 'PUT', `/todos/${eggs.id}`, { description: 'Brown ones' });

    await server.restart();
    const memoryFolder = path.join(server.userDir, 'device-cloud', 'todo-sync');
    expect(fs.readdirSync(memoryFolder), 'the memory, in the user directory').to.have.length(1);
    sim.clearRequests();

    const afterRestart = await sync();

    expect(titled('Milk'), 'the deleted to-do is not made again').to.deep.equal([]);
    expect(sim.state.todos.get(batteries.id)?.status, 'the reopened one is not completed again').to.equal(0);
    expect(sim.state.todos.get(bread.id)?.title, 'the edit is not undone').to.equal('Bread, sliced');
    expect(only('Eggs'), 'the note kept, the mark put back, no second to-do').to.include({
      id: eggs.id,
      description: `Brown ones\n${eggsMark}`,
    });
    expect(writes().map((request) => `${request.method} ${request.path}`)).to.deep.equal([
      `PUT /open/v1/todos/${eggs.id}`,
    ]);
    expect(afterRestart).to.deep.include({ created: 0, updated: 1, completed: 0, reopened: 0, removed: 0 });
    const told = await eventually(async () => {
      const got = await reports();
      return got.length >= 4 && got;
    });
    expect(told.map((report) => [report.key, report.change, report.todo.id])).to.deep.equal([
      ['milk', 'deleted', milk.id],
      ['bread', 'edited', bread.id],
      ['42', 'reopened', batteries.id],
      ['eggs', 'edited', eggs.id],
    ]);

    await server.restart();
    sim.clearRequests();

    expect(await sync()).to.deep.include({ created: 0, updated: 0, completed: 0, unchanged: 4, changes: [] });
    expect(writes(), 'nothing written').to.deep.equal([]);
    expect(await reports(), 'nothing reported twice').to.deep.equal([]);
    expect(titled('Milk')).to.deep.equal([]);
    expect(sim.state.todos.get(batteries.id)?.status).to.equal(0);
  });
});
