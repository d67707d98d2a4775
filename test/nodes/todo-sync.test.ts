// The two-way to-do sync in a real Node-RED runtime against the simulator: what the service holds after a sync,
// the requests it got, what came out of each output, what a Catch node got; under the service's open readings.

import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runtimeResolve } from '../support/runtime';
import { ROOT, localeFile, pkg } from '../support/package-files';
import {
  ACCOUNT_ID,
  Harness,
  NODE_ID,
  caughtOf,
  nodeOf,
  outputOf,
  type LoadOptions,
  type Outcome,
} from '../support/harness';
import type { NodeMessage, TestNode } from '../support/node-red';
import { LIST_READINGS, everyCombination, OPEN_POINTS, underEachReading } from '../support/readings';
import { Outcomes } from '../support/outcomes';
import { FAST_RETRIES, HALLWAY, KITCHEN, UNKNOWN_DEVICE } from '../fixtures/service';
import type { RecordedRequest, SimTodo } from '../../dist/simulator/server';
import type { DeviceChange, SyncResult } from '../../dist/lib/todos/sync/sync-todos';
import { callAsAnotherClient } from '../support/clients';

const TYPE = 'device-cloud-todo-sync';

interface Item {
  key: string | number;
  title: string;
  description?: string;
  dueDate?: string;
  dueTime?: string;
  priority?: number | string;
  repeatType?: string;
  repeatWeekday?: number;
  repeatMonth?: number;
  repeatDay?: number;
  completed?: boolean;
}

const SHOPPING: Item[] = [
  { key: 'milk', title: 'Milk', description: 'Semi-skimmed, 2 l', priority: 'important' },
  { key: 'bread', title: 'Bread', dueDate: '2026-12-24', dueTime: '08:30' },
  { key: 42, title: 'Batteries', completed: true },
];

describe(TYPE, function () {
  const h = Harness.forSuite();
  /** What came out of output 2 since the node was loaded. */
  let fromDevice: NodeMessage[];

  /** Node-RED's user directory, a new one for each test: the sync keeps its memory there. */
  let userDir: string;
  const memoryFolder = () => path.join(userDir, 'device-cloud', 'todo-sync');

  after(() => h.helper.settings({}));
  beforeEach(() => {
    userDir = fs.mkdtempSync(path.join(os.tmpdir(), 'todo-sync-user-'));
    h.helper.settings({ userDir });
  });
  afterEach(() => {
    fs.rmSync(userDir, { recursive: true, force: true });
  });

  /** Loads a sync node (list "shopping" on the kitchen display unless told) with output 2 wired to a helper. */
  async function load(config: Record<string, unknown> = {}, options: LoadOptions = {}): Promise<TestNode> {
    await h.load(
      {
        type: TYPE,
        source: 'shopping',
        deviceId: KITCHEN,
        deviceIdType: 'device',
        removed: 'delete',
        wires: [['out'], ['device']],
        ...config,
      },
      {
        ...options,
        account: { ...FAST_RETRIES, ...options.account },
        extra: [{ id: 'device', z: 'flow', x: 300, y: 150, type: 'helper' }, ...(options.extra ?? [])],
      },
    );
    fromDevice = [];
    nodeOf('device').on('input', (msg: NodeMessage) => fromDevice.push(msg));
    return h.node;
  }

  async function sync(payload: unknown, msg: NodeMessage = {}): Promise<Outcome> {
    return h.send({ payload, ...msg });
  }

  async function synced(payload: unknown, msg: NodeMessage = {}): Promise<SyncResult> {
    return outputOf(await sync(payload, msg)).payload as SyncResult;
  }

  /** The to-dos of the list on the service: those on its device whose description ends with its mark. */
  function ours(source = 'shopping', deviceId = KITCHEN): SimTodo[] {
    return [...h.sim.state.todos.values()].filter(
      (todo) =>
        todo.deviceId === deviceId &&
        new RegExp(`\\n?\\[Node-RED ${source}:\\S+ [0-9a-f]{8}\\]$`).test(todo.description ?? ''),
    );
  }

  function todoTitled(title: string): SimTodo {
    const found = [...h.sim.state.todos.values()].filter((todo) => todo.title === title);
    expect(found, `to-dos titled ${title}`).to.have.length(1);
    return found[0];
  }

  const writes = (): RecordedRequest[] => h.requests.filter((request) => request.method !== 'GET');
  const writeLines = (): string[] => writes().map((request) => `${request.method} ${request.path}`);

  /** A change made on the device (by a person at it), through the service's API. */
  async function onDevice(method: string, path: string, body?: Record<string, unknown>): Promise<void> {
    await callAsAnotherClient(h.sim, method, path, body);
  }

  /** The node's context, as the memory store keeps it. */
  function nodeContext(): { keys(): string[]; get(key: string): unknown; set(key: string, value: unknown): void } {
    return h.node.context() as unknown as ReturnType<typeof nodeContext>;
  }

  /** The files of the sync's memory in the user directory, by name, as JSON. */
  function memoryFiles(): Record<string, unknown> {
    if (!fs.existsSync(memoryFolder())) return {};
    return Object.fromEntries(
      fs
        .readdirSync(memoryFolder())
        .map((name) => [name, JSON.parse(fs.readFileSync(path.join(memoryFolder(), name), 'utf8')) as unknown]),
    );
  }

  /** What another machine syncing the same list has: no memory of it (the node had some, in its file and context). */
  function forgetMemory(): void {
    const keys = nodeContext().keys();
    expect(keys, "the node's context").to.not.have.length(0);
    for (const key of keys) nodeContext().set(key, undefined);
    expect(Object.keys(memoryFiles()), 'the memory files').to.not.have.length(0);
    fs.rmSync(memoryFolder(), { recursive: true });
  }

  underEachReading(
    LIST_READINGS,
    () => h.sim,
    () => {
      describe('a fresh start', function () {
        it('creates each item on the device with its fields, completes the completed one, and says so', async () => {
          await load();
          const result = await synced(SHOPPING);

          expect(ours()).to.have.length(3);
          const milk = todoTitled('Milk');
          expect(milk).to.include({ priority: 1, status: 0, deviceId: KITCHEN, dueDate: '' });
          expect(milk.description).to.match(/^Semi-skimmed, 2 l\n\[Node-RED shopping:milk [0-9a-f]{8}\]$/);
          expect(todoTitled('Bread')).to.include({ dueDate: '2026-12-24', dueTime: '08:30', status: 0 });
          const batteries = todoTitled('Batteries');
          expect(batteries.status).to.equal(1);
          expect(batteries.description).to.match(/^\[Node-RED shopping:42 [0-9a-f]{8}\]$/);
          expect(result, 'each request counted').to.deep.include({
            created: 3,
            updated: 0,
            completed: 1,
            reopened: 0,
            removed: 0,
            unchanged: 0,
          });
          expect(writes().map((request) => request.method)).to.deep.equal(['POST', 'POST', 'POST', 'PUT']);
          expect(result.changes).to.deep.equal([
            { key: 'milk', action: 'created', id: milk.id },
            { key: 'bread', action: 'created', id: todoTitled('Bread').id },
            { key: '42', action: 'created', id: batteries.id },
            { key: '42', action: 'completed', id: batteries.id },
          ]);
          expect(fromDevice).to.deep.equal([]);
          expect(h.lastStatus?.fill).to.equal('green');
        });

        it('sends no write for the same list again, nor from another machine (without its memory)', async () => {
          await load();
          await synced(SHOPPING);
          h.sim.clearRequests();

          const again = await synced(SHOPPING);
          forgetMemory();
          const elsewhere = await synced(SHOPPING);

          expect(writes()).to.deep.equal([]);
          for (const request of h.requests) {
            expect(request.query.deviceId, 'the device filter').to.equal(KITCHEN);
          }
          expect(again).to.deep.include({ created: 0, unchanged: 3, changes: [] });
          expect(elsewhere).to.deep.include({ created: 0, unchanged: 3, changes: [] });
          expect(ours()).to.have.length(3);
          expect(fromDevice).to.deep.equal([]);
        });
      });

      describe('a create the service carried out but answered with an error', function () {
        const faults = [
          { name: 'HTTP 500', fault: { kind: 'status', status: 500 }, account: {}, said: /HTTP 500/ },
          { name: 'a timeout', fault: { kind: 'hang' }, account: { timeout: '0.3' }, said: /no answer within 300 ms/ },
        ] as const;
        for (const { name, fault, account, said } of faults) {
          it(`(${name}) ends in one error naming the item; the next sync makes no second to-do and completes it`, async () => {
            await load({}, { account });
            h.sim.misbehave({ ...fault, method: 'POST', path: '/todos', afterEffect: true });
            const caught = caughtOf(await sync([{ key: 'card', title: 'Birthday card', completed: true }]));

            expect(caught.error.message).to.match(said).and.to.include('item "card"');
            expect(writeLines()).to.deep.equal(['POST /open/v1/todos']);
            expect(ours()).to.have.length(1);
            expect(todoTitled('Birthday card').status, 'not completed yet').to.equal(0);

            h.sim.clearRequests();
            const next = await synced([{ key: 'card', title: 'Birthday card', completed: true }]);

            expect(writeLines()).to.deep.equal([`PUT /open/v1/todos/${todoTitled('Birthday card').id}/complete`]);
            expect(next).to.deep.include({ created: 0, completed: 1 });
            expect(ours()).to.have.length(1);
            expect(todoTitled('Birthday card').status).to.equal(1);
            expect(fromDevice, 'nothing taken for a change on the device').to.deep.equal([]);
          });
        }

        it('makes no second to-do with no memory of it either', async () => {
          await load();
          h.sim.misbehave({ kind: 'status', status: 500, method: 'POST', path: '/todos', afterEffect: true });
          caughtOf(await sync(SHOPPING.slice(0, 1)));
          expect(nodeContext().keys(), 'nothing to remember of a create that failed').to.deep.equal([]);
          h.sim.clearRequests();
          expect(await synced(SHOPPING.slice(0, 1))).to.deep.include({ created: 0, unchanged: 1 });
          expect(writes()).to.deep.equal([]);
          expect(ours()).to.have.length(1);
        });
      });

      describe('a change made on the device', function () {
        it('(completed) with an unchanged list: kept, reported once on output 2, not undone, nothing written', async () => {
          await load();
          await synced(SHOPPING);
          const milk = todoTitled('Milk');
          await onDevice('PUT', `/todos/${milk.id}/complete`);
          h.sim.clearRequests();

          const result = await synced(SHOPPING, { topic: 'from the list', entity: 'todo.shopping' });

          expect(writes()).to.deep.equal([]);
          expect(todoTitled('Milk').status).to.equal(1);
          expect(result).to.deep.include({ completed: 0, reopened: 0, unchanged: 3, changes: [] });
          expect(fromDevice).to.have.length(1);
          const [report] = fromDevice;
          const change = report.payload as DeviceChange;
          expect(change).to.deep.include({ key: 'milk', change: 'completed' });
          expect(change.todo).to.include({ id: milk.id, title: 'Milk', status: 1, completed: true });
          expect(change.todo.description, 'without the mark').to.equal('Semi-skimmed, 2 l');
          expect(report.topic).to.equal('completed');
          expect(report.entity, 'the message that came in travels on').to.equal('todo.shopping');

          await synced(SHOPPING);
          expect(fromDevice, 'reported once').to.have.length(1);
          expect(writes()).to.deep.equal([]);
          expect(todoTitled('Milk').status).to.equal(1);
        });

        it('(completed) without its memory (another machine): reported once more, still not undone; once the list follows, quiet', async () => {
          await load();
          await synced(SHOPPING);
          await onDevice('PUT', `/todos/${todoTitled('Milk').id}/complete`);
          await synced(SHOPPING);
          forgetMemory();
          h.sim.clearRequests();

          await synced(SHOPPING);
          expect(fromDevice.map((msg) => (msg.payload as DeviceChange).change)).to.deep.equal([
            'completed',
            'completed',
          ]);
          expect(writes()).to.deep.equal([]);

          const followed = SHOPPING.map((item) => (item.key === 'milk' ? { ...item, completed: true } : item));
          forgetMemory();
          expect(await synced(followed)).to.deep.include({ unchanged: 3, changes: [] });
          expect(await synced(followed)).to.deep.include({ unchanged: 3, changes: [] });
          expect(writes()).to.deep.equal([]);
          expect(fromDevice).to.have.length(2);
          expect(todoTitled('Milk').status).to.equal(1);
        });

        it('(reopened, edited) reported each, with the to-do as the device has it, and kept', async () => {
          await load();
          await synced(SHOPPING);
          const batteries = todoTitled('Batteries');
          const bread = todoTitled('Bread');
          await onDevice('PUT', `/todos/${batteries.id}/complete`);
          await onDevice('PUT', `/todos/${bread.id}`, {
            title: 'Bread, sliced',
            description: `Wholemeal\n[Node-RED shopping:bread ${bread.description?.slice(-9, -1)}]`,
          });
          h.sim.clearRequests();

          await synced(SHOPPING);

          expect(writes()).to.deep.equal([]);
          expect(fromDevice.map((msg) => msg.payload)).to.deep.equal([
            {
              key: 'bread',
              change: 'edited',
              todo: fromDevice[0].payload && (fromDevice[0].payload as DeviceChange).todo,
              fields: { title: 'Bread, sliced', description: 'Wholemeal' },
            },
            { key: '42', change: 'reopened', todo: (fromDevice[1].payload as DeviceChange).todo },
          ]);
          expect((fromDevice[0].payload as DeviceChange).todo).to.include({
            title: 'Bread, sliced',
            description: 'Wholemeal',
          });
          expect((fromDevice[1].payload as DeviceChange).todo).to.include({ id: batteries.id, completed: false });
          expect(todoTitled('Bread, sliced').description).to.match(/^Wholemeal\n\[Node-RED shopping:bread /);
          expect(todoTitled('Batteries').status).to.equal(0);
        });

        it('(deleted) reported once and not made again while the item does not change; made again when it does', async () => {
          await load();
          await synced(SHOPPING);
          const milk = todoTitled('Milk');
          await onDevice('DELETE', `/todos/${milk.id}`);
          h.sim.clearRequests();

          expect(await synced(SHOPPING)).to.deep.include({ created: 0, unchanged: 3 });
          expect(await synced(SHOPPING)).to.deep.include({ created: 0, unchanged: 3 });
          expect(writes()).to.deep.equal([]);
          expect(fromDevice).to.have.length(1);
          expect(fromDevice[0].payload).to.deep.include({ key: 'milk', change: 'deleted' });
          expect((fromDevice[0].payload as DeviceChange).todo).to.include({ id: milk.id, title: 'Milk' });

          const renamed = SHOPPING.map((item) => (item.key === 'milk' ? { ...item, title: 'Oat milk' } : item));
          expect(await synced(renamed)).to.deep.include({ created: 1 });
          expect(todoTitled('Oat milk').description).to.match(/\[Node-RED shopping:milk /);
        });

        it('(deleted) is not made again after a redeploy: the memory is in a file of the user directory', async () => {
          await load();
          await synced(SHOPPING);
          const milk = todoTitled('Milk');
          await onDevice('DELETE', `/todos/${milk.id}`);
          await h.helper.unload();
          expect(Object.keys(memoryFiles()), 'kept when the node closes').to.have.length(1);
          await load();
          h.sim.clearRequests();

          expect(await synced(SHOPPING)).to.deep.include({ created: 0, unchanged: 3 });
          expect(writes()).to.deep.equal([]);
          expect(ours()).to.have.length(2);
          expect(fromDevice.map((msg) => msg.payload)).to.deep.equal([
            { key: 'milk', change: 'deleted', todo: (fromDevice[0].payload as DeviceChange).todo },
          ]);
          expect((fromDevice[0].payload as DeviceChange).todo).to.include({ id: milk.id, title: 'Milk' });
        });
      });

      describe('a note a person edited on the device', function () {
        /** The milk's to-do after the first sync, and its mark. */
        async function syncedMilk(): Promise<{ milk: SimTodo; mark: string }> {
          await load();
          await synced(SHOPPING);
          const milk = todoTitled('Milk');
          const mark = /\[Node-RED shopping:milk [0-9a-f]{8}\]$/.exec(milk.description ?? '')?.[0];
          expect(mark, 'the mark').to.be.a('string');
          return { milk, mark: mark as string };
        }

        it('(replaced, the mark gone) stays its to-do: reported edited, the mark put back under the text, never deleted', async () => {
          const { milk, mark } = await syncedMilk();
          await onDevice('PUT', `/todos/${milk.id}`, { description: 'Blue cap please' });
          h.sim.clearRequests();

          const result = await synced(SHOPPING);

          expect(writeLines()).to.deep.equal([`PUT /open/v1/todos/${milk.id}`]);
          expect(writes()[0].body).to.deep.equal({ description: `Blue cap please\n${mark}` });
          expect(h.sim.state.todos.get(milk.id)).to.include({ title: 'Milk', description: `Blue cap please\n${mark}` });
          expect(result).to.deep.include({ created: 0, updated: 1, removed: 0, unchanged: 2 });
          expect(result.changes).to.deep.equal([{ key: 'milk', action: 'updated', id: milk.id }]);
          expect(fromDevice.map((msg) => msg.payload)).to.deep.equal([
            {
              key: 'milk',
              change: 'edited',
              todo: (fromDevice[0].payload as DeviceChange).todo,
              fields: { description: 'Blue cap please' },
            },
          ]);
          expect((fromDevice[0].payload as DeviceChange).todo).to.include({
            id: milk.id,
            description: 'Blue cap please',
          });
          expect(ours()).to.have.length(3);

          h.sim.clearRequests();
          expect(await synced(SHOPPING)).to.deep.include({ unchanged: 3, changes: [] });
          expect(writes()).to.deep.equal([]);
          expect(fromDevice, 'reported once').to.have.length(1);
        });

        it('(a line written below the mark) reported edited, the mark moved back to the end, nothing made twice', async () => {
          const { milk, mark } = await syncedMilk();
          await onDevice('PUT', `/todos/${milk.id}`, {
            description: `Semi-skimmed, 2 l\n${mark}\nfrom the corner shop`,
          });

          await synced(SHOPPING);

          expect(h.sim.state.todos.get(milk.id)?.description).to.equal(
            `Semi-skimmed, 2 l\nfrom the corner shop\n${mark}`,
          );
          expect(fromDevice.map((msg) => (msg.payload as DeviceChange).change)).to.deep.equal(['edited']);
          expect(ours()).to.have.length(3);
        });

        it('(the mark removed, the text as it was) the mark put back, nothing reported', async () => {
          const { milk, mark } = await syncedMilk();
          await onDevice('PUT', `/todos/${milk.id}`, { description: 'Semi-skimmed, 2 l' });
          h.sim.clearRequests();

          expect(await synced(SHOPPING)).to.deep.include({ updated: 1, unchanged: 2 });

          expect(h.sim.state.todos.get(milk.id)?.description).to.equal(`Semi-skimmed, 2 l\n${mark}`);
          expect(fromDevice).to.deep.equal([]);
        });

        it("(the list's name in the mark edited, or another list's note pasted) stays its to-do, its own mark put back", async () => {
          const { milk, mark } = await syncedMilk();
          const foreign = mark.replace('[Node-RED shopping:', '[Node-RED shoping:');
          await onDevice('PUT', `/todos/${milk.id}`, { description: `Semi-skimmed\n${foreign}` });
          h.sim.clearRequests();

          const result = await synced(SHOPPING);

          expect(writeLines()).to.deep.equal([`PUT /open/v1/todos/${milk.id}`]);
          expect(h.sim.state.todos.get(milk.id)?.description).to.equal(`Semi-skimmed\n${mark}`);
          expect(result).to.deep.include({ created: 0, updated: 1, removed: 0 });
          expect(fromDevice.map((msg) => (msg.payload as DeviceChange).change)).to.deep.equal(['edited']);
          expect(ours()).to.have.length(3);
        });

        it('without its memory (another machine), a to-do without the mark is left alone, as a hand-made one', async () => {
          const { milk } = await syncedMilk();
          await onDevice('PUT', `/todos/${milk.id}`, { description: 'Blue cap please' });
          forgetMemory();

          expect(await synced(SHOPPING)).to.deep.include({ created: 1 });

          expect(h.sim.state.todos.get(milk.id)).to.include({ description: 'Blue cap please' });
          expect(fromDevice).to.deep.equal([]);
        });
      });

      describe('what it remembers', function () {
        it('is a file per node and list in the user directory, kept whole: no temporary file left', async () => {
          await load();
          await synced(SHOPPING);

          const files = memoryFiles();
          expect(Object.keys(files)).to.have.length(1);
          expect(Object.values(files)[0]).to.deep.include({ source: 'shopping', deviceId: KITCHEN, version: 1 });
          const { items } = Object.values(files)[0] as { items: [string, { id: number }][] };
          expect(items.map(([key, entry]) => [key, entry.id])).to.deep.equal(
            ['milk', 'bread', '42'].map((key) => [
              key,
              ours().find((todo) => todo.description?.includes(`:${key} `))?.id,
            ]),
          );

          await h.helper.unload();
          await load({ source: '' });
          await synced(SHOPPING.slice(0, 1), { source: 'hardware' });
          const names = Object.keys(memoryFiles());
          expect(names).to.have.length(2);
          for (const name of names) expect(name).to.match(/^subject-[0-9a-f]{16}\.json$/);
        });

        it('is kept when the node is redeployed, and removed when the node is deleted from the flows', async () => {
          await load();
          await synced(SHOPPING);
          const credentials = { [ACCOUNT_ID]: { apiKey: h.sim.apiKey } };
          const flows = h.helper._redNodes.getFlows().flows;
          const renamed = flows.map((node) => (node.id === NODE_ID ? { ...node, name: 'renamed' } : node));
          await h.helper.setFlows(renamed, 'nodes', credentials);
          expect(Object.keys(memoryFiles()), 'after a redeploy').to.have.length(1);

          await h.helper.setFlows(
            renamed.filter((node) => node.id !== NODE_ID),
            'full',
            credentials,
          );
          expect(memoryFiles(), 'after the node was deleted').to.deep.equal({});
        });

        it('is not written again by a sync that changed nothing', async () => {
          await load();
          await synced(SHOPPING);
          await synced(SHOPPING);
          const [name] = Object.keys(memoryFiles());
          const file = path.join(memoryFolder(), name);
          const first = fs.statSync(file).ino;
          await synced(SHOPPING);
          expect(fs.statSync(file).ino, 'the same file').to.equal(first);
          await onDevice('PUT', `/todos/${todoTitled('Milk').id}/complete`);
          await synced(SHOPPING);
          expect(fs.statSync(file).ino, 'a new file, renamed over the old one').to.not.equal(first);
        });

        it('without its file, the node context is read (a memory an earlier version kept there), and the file written', async () => {
          await load();
          await synced(SHOPPING);
          const milk = todoTitled('Milk');
          fs.rmSync(memoryFolder(), { recursive: true });
          expect(nodeContext().keys(), "the node's context").to.have.length(1);
          await onDevice('DELETE', `/todos/${milk.id}`);
          h.sim.clearRequests();

          expect(await synced(SHOPPING)).to.deep.include({ created: 0, unchanged: 3 });

          expect(writes()).to.deep.equal([]);
          expect(fromDevice.map((msg) => (msg.payload as DeviceChange).change)).to.deep.equal(['deleted']);
          expect(Object.keys(memoryFiles())).to.have.length(1);
        });

        it('a file that cannot be read is a warning; the sync goes on from the marks and writes it anew', async () => {
          await load();
          await synced(SHOPPING);
          const [name] = Object.keys(memoryFiles());
          fs.writeFileSync(path.join(memoryFolder(), name), '{"version": 1, "items": [');
          nodeContext().set(nodeContext().keys()[0], undefined);
          const warnings: string[] = [];
          h.node.on('call:warn', (call) => warnings.push(String(call.args[0])));
          h.sim.clearRequests();

          expect(await synced(SHOPPING)).to.deep.include({ created: 0, unchanged: 3 });

          expect(writes()).to.deep.equal([]);
          expect(warnings).to.have.length(1);
          expect(warnings[0]).to.include('could not read its memory').and.include(name);
          expect(Object.values(memoryFiles())[0]).to.deep.include({ source: 'shopping', version: 1 });
        });
      });

      describe('both sides changed', function () {
        it('a tick on the device and a new title in the list: both kept, the tick reported', async () => {
          await load();
          await synced(SHOPPING);
          const milk = todoTitled('Milk');
          await onDevice('PUT', `/todos/${milk.id}/complete`);
          h.sim.clearRequests();
          const renamed = SHOPPING.map((item) => (item.key === 'milk' ? { ...item, title: 'Whole milk' } : item));

          const result = await synced(renamed);

          expect(writeLines()).to.deep.equal([`PUT /open/v1/todos/${milk.id}`]);
          expect(writes()[0].body).to.deep.include({ title: 'Whole milk' });
          expect(h.sim.state.todos.get(milk.id)).to.include({ title: 'Whole milk', status: 1 });
          expect(result).to.deep.include({ updated: 1, completed: 0, reopened: 0 });
          expect(fromDevice.map((msg) => (msg.payload as DeviceChange).change)).to.deep.equal(['completed']);

          forgetMemory();
          await synced(renamed);
          expect(h.sim.state.todos.get(milk.id)?.status, 'not undone without the memory').to.equal(1);
        });

        it('a title changed on both: the list wins', async () => {
          await load();
          await synced(SHOPPING);
          const milk = todoTitled('Milk');
          await onDevice('PUT', `/todos/${milk.id}`, { title: 'Milk (device)' });
          const renamed = SHOPPING.map((item) => (item.key === 'milk' ? { ...item, title: 'Milk (list)' } : item));

          expect(await synced(renamed)).to.deep.include({ updated: 1 });
          expect(h.sim.state.todos.get(milk.id)?.title).to.equal('Milk (list)');
          expect(fromDevice).to.deep.equal([]);
        });

        it('a new title in the list and a new priority on the device: both kept, field by field; the report has the device’s field and the to-do as merged, so writing it back undoes nothing', async () => {
          await load();
          await synced(SHOPPING);
          const bread = todoTitled('Bread');
          await onDevice('PUT', `/todos/${bread.id}`, { priority: 2, dueTime: '09:15' });
          h.sim.clearRequests();
          const renamed = SHOPPING.map((item) => (item.key === 'bread' ? { ...item, title: 'Rye bread' } : item));

          expect(await synced(renamed)).to.deep.include({ updated: 1, unchanged: 2 });

          expect(writeLines()).to.deep.equal([`PUT /open/v1/todos/${bread.id}`]);
          expect(writes()[0].body).to.deep.include({ title: 'Rye bread' }).and.not.have.keys('priority', 'dueTime');
          expect(h.sim.state.todos.get(bread.id)).to.include({ title: 'Rye bread', priority: 2, dueTime: '09:15' });
          expect(fromDevice.map((msg) => msg.payload)).to.deep.equal([
            {
              key: 'bread',
              change: 'edited',
              todo: (fromDevice[0].payload as DeviceChange).todo,
              fields: { priority: 2, dueDate: '2026-12-24', dueTime: '09:15' },
            },
          ]);
          const { todo } = fromDevice[0].payload as DeviceChange;
          expect(todo).to.include({ id: bread.id, title: 'Rye bread', priority: 2, dueTime: '09:15' });

          // A flow writes the to-do back to the list, as the Home Assistant example does: nothing is undone.
          const followed = renamed.map((item) =>
            item.key === 'bread'
              ? { ...item, title: todo.title, priority: todo.priority, dueTime: todo.dueTime }
              : item,
          );
          h.sim.clearRequests();
          expect(await synced(followed)).to.deep.include({ updated: 0, unchanged: 3 });
          expect(writes()).to.deep.equal([]);
          expect(fromDevice, 'reported once').to.have.length(1);
          expect(h.sim.state.todos.get(bread.id)).to.include({ title: 'Rye bread', priority: 2, dueTime: '09:15' });

          forgetMemory();
          expect(await synced(followed), 'nor without the memory').to.deep.include({ updated: 0, unchanged: 3 });
          expect(writes()).to.deep.equal([]);
          expect(fromDevice).to.have.length(1);
        });

        it('without its memory (another machine), a change of both sides is merged whole: the list wins', async () => {
          await load();
          await synced(SHOPPING);
          const bread = todoTitled('Bread');
          await onDevice('PUT', `/todos/${bread.id}`, { priority: 2 });
          forgetMemory();
          const renamed = SHOPPING.map((item) => (item.key === 'bread' ? { ...item, title: 'Rye bread' } : item));

          expect(await synced(renamed)).to.deep.include({ updated: 1 });
          expect(h.sim.state.todos.get(bread.id)).to.include({ title: 'Rye bread', priority: 0 });
          expect(fromDevice).to.deep.equal([]);
        });
      });

      describe("to-dos that are not the list's", function () {
        it('leaves hand-made ones and those of another list alone, even with equal titles and keys', async () => {
          const handMade = h.sim.addTodo({ title: 'Milk', deviceId: KITCHEN, description: 'for the cat' });
          const bare = h.sim.addTodo({ title: 'Bread', deviceId: KITCHEN });
          const otherList = h.sim.addTodo({
            title: 'Milk',
            deviceId: KITCHEN,
            description: '[Node-RED groceries:milk 0badc0de]',
          });
          const otherDevice = h.sim.addTodo({
            title: 'Milk',
            deviceId: HALLWAY,
            description: '[Node-RED shopping:milk 0badc0de]',
          });
          const untouched = [handMade, bare, otherList, otherDevice].map((todo) => ({ ...todo }));
          await load();

          expect(await synced(SHOPPING)).to.deep.include({ created: 3 });
          expect(await synced([])).to.deep.include({ removed: 3 });

          const touched = new Set(untouched.map((todo) => todo.id));
          for (const request of writes()) {
            const id = Number(/\/todos\/(\d+)/.exec(request.path)?.[1]);
            expect(touched.has(id), `${request.method} ${request.path}`).to.equal(false);
          }
          for (const todo of untouched) expect(h.sim.state.todos.get(todo.id)).to.deep.equal(todo);
          expect(ours(), 'the list is empty now').to.deep.equal([]);
          expect(h.sim.state.todos.size).to.equal(4);
        });

        it('syncs personal to-dos when no device is set, and leaves those of the devices alone', async () => {
          const onKitchen = h.sim.addTodo({
            title: 'Milk',
            deviceId: KITCHEN,
            description: '[Node-RED shopping:milk 0badc0de]',
          });
          await load({ deviceId: '', deviceIdType: 'device' });
          expect(await synced(SHOPPING.slice(0, 1))).to.deep.include({ created: 1 });
          expect(await synced([])).to.deep.include({ removed: 1 });
          expect(h.sim.state.todos.get(onKitchen.id)?.title).to.equal('Milk');
          for (const request of writes().filter((write) => write.method === 'POST')) {
            expect(request.body).to.not.have.property('deviceId');
          }
          for (const request of h.requests.filter((read) => read.method === 'GET')) {
            expect(request.query).to.not.have.property('deviceId');
          }
        });
      });

      describe('a dry run', function () {
        it('reads, writes nothing, sends the plan on output 1 and nothing on output 2, and remembers nothing', async () => {
          await load();
          await synced(SHOPPING);
          const milk = todoTitled('Milk');
          const bread = todoTitled('Bread');
          await onDevice('PUT', `/todos/${milk.id}/complete`);
          const before = JSON.stringify([...h.sim.state.todos.values()]);
          const memory = JSON.stringify(
            nodeContext()
              .keys()
              .map((key) => nodeContext().get(key)),
          );
          const files = memoryFiles();
          h.sim.clearRequests();
          const next: Item[] = [
            { key: 'milk', title: 'Milk', description: 'Semi-skimmed, 2 l', priority: 'important' },
            { key: 'bread', title: 'Bread', dueDate: '2026-12-24', dueTime: '08:30', completed: true },
            { key: 'eggs', title: 'Eggs' },
          ];

          const output = outputOf(await sync(next, { dryRun: true }));

          expect(writes()).to.deep.equal([]);
          expect(h.requests.length).to.be.above(0);
          expect(JSON.stringify([...h.sim.state.todos.values()])).to.equal(before);
          expect(
            JSON.stringify(
              nodeContext()
                .keys()
                .map((key) => nodeContext().get(key)),
            ),
          ).to.equal(memory);
          expect(memoryFiles()).to.deep.equal(files);
          expect(output.payload).to.deep.equal({
            created: 1,
            updated: 0,
            completed: 1,
            reopened: 0,
            removed: 1,
            unchanged: 1,
            changes: [
              { key: 'bread', action: 'completed', id: bread.id },
              { key: 'eggs', action: 'created', id: null },
              { key: '42', action: 'removed', id: todoTitled('Batteries').id },
            ],
          });
          expect(output.dryRun).to.equal(true);
          expect(fromDevice).to.deep.equal([]);
          expect(h.lastStatus).to.include({ fill: 'green', shape: 'ring' });

          // What the dry run saw on the device is still reported by the real sync.
          await synced(next);
          expect(fromDevice.map((msg) => (msg.payload as DeviceChange).change)).to.deep.equal(['completed']);
        });
      });

      describe('what becomes of a to-do whose item left the list', function () {
        it('complete: completed once; reopened on the device afterwards, it stays so', async () => {
          await load({ removed: 'complete' });
          await synced(SHOPPING);
          const milk = todoTitled('Milk');
          h.sim.clearRequests();
          const withoutMilk = SHOPPING.filter((item) => item.key !== 'milk');

          expect(await synced(withoutMilk)).to.deep.include({
            removed: 1,
            changes: [{ key: 'milk', action: 'removed', id: milk.id }],
          });
          expect(writeLines()).to.deep.equal([`PUT /open/v1/todos/${milk.id}/complete`]);
          expect(h.sim.state.todos.get(milk.id)?.status).to.equal(1);

          await onDevice('PUT', `/todos/${milk.id}/complete`);
          h.sim.clearRequests();
          expect(await synced(withoutMilk)).to.deep.include({ removed: 0, changes: [] });
          expect(writes()).to.deep.equal([]);
          expect(h.sim.state.todos.get(milk.id)?.status).to.equal(0);
          expect(fromDevice, 'a to-do whose item left is not reported').to.deep.equal([]);

          expect(await synced(SHOPPING), 'the item back').to.deep.include({ created: 0, unchanged: 3 });
        });

        it('keep: nothing written, and the item back finds its to-do', async () => {
          await load({ removed: 'keep' });
          await synced(SHOPPING);
          h.sim.clearRequests();
          expect(await synced([])).to.deep.include({ removed: 0, unchanged: 0, changes: [] });
          expect(writes()).to.deep.equal([]);
          expect(ours()).to.have.length(3);
          expect(await synced(SHOPPING)).to.deep.include({ created: 0, unchanged: 3 });
        });

        it('msg.removed when the dialog leaves it to the message; delete when neither says', async () => {
          await load({ removed: '' });
          await synced(SHOPPING);
          expect(await synced(SHOPPING.slice(1), { removed: 'keep' })).to.deep.include({ removed: 0 });
          expect(await synced(SHOPPING.slice(1))).to.deep.include({ removed: 1 });
          expect(ours()).to.have.length(2);
        });

        it('a second to-do of the same item (two machines at once, say) goes as a removed one', async () => {
          await load();
          await synced(SHOPPING);
          const milk = todoTitled('Milk');
          const twin = h.sim.addTodo({ title: 'Milk', deviceId: KITCHEN, description: milk.description });
          expect(await synced(SHOPPING)).to.deep.include({
            removed: 1,
            unchanged: 3,
            changes: [{ key: 'milk', action: 'removed', id: twin.id }],
          });
          expect(h.sim.state.todos.has(twin.id)).to.equal(false);
          expect(h.sim.state.todos.has(milk.id)).to.equal(true);
        });
      });

      describe('one sync at a time', function () {
        it('a sync that comes while one runs waits; a newer one takes its place; the newest list wins', async () => {
          await load({}, { account: { timeout: '1' } });
          // The first sync's first read hangs until the account's timeout, then is repeated.
          h.sim.misbehave({ kind: 'hang', method: 'GET', path: '/todos' });
          const outcomes = new Outcomes([h.out], [h.caught]);
          const lists: Record<string, Item[]> = {
            first: [
              { key: 'a', title: 'First A' },
              { key: 'b', title: 'First B' },
            ],
            second: [{ key: 'x', title: 'Second X' }],
            third: [
              { key: 'a', title: 'First A' },
              { key: 'c', title: 'Third C' },
            ],
          };
          for (const [id, payload] of Object.entries(lists)) h.node.receive({ _msgid: id, payload });
          await outcomes.settled(Object.keys(lists));
          outcomes.detach();

          const [first, second, third] = Object.keys(lists).map((id) => outcomes.of(id));
          expect(first.map(outputOf).map((msg) => msg.payload)).to.have.length(1);
          expect(outputOf(first[0]).payload).to.deep.include({ created: 2 });
          expect(second.map(outputOf).map((msg) => msg.payload)).to.deep.equal([
            { superseded: true, source: 'shopping' },
          ]);
          expect(outputOf(third[0]).payload).to.deep.include({ created: 1, removed: 1, unchanged: 1 });
          expect(
            ours()
              .map((todo) => todo.title)
              .sort(),
          ).to.deep.equal(['First A', 'Third C']);
          const titles = h.requests.map((request) => (request.body as { title?: string } | undefined)?.title);
          expect(titles, 'the list in between is never synced').to.not.include('Second X');
          // Never two at once: the last sync's first read comes after the first sync's last write.
          const firstWrites = h.requests.flatMap((request, index) =>
            ['First A', 'First B'].includes(String((request.body as { title?: string } | undefined)?.title))
              ? [index]
              : [],
          );
          const pendingReads = h.requests.flatMap((request, index) =>
            request.method === 'GET' && request.query.status === '0' ? [index] : [],
          );
          expect(pendingReads, 'the hung read, its repetition, the last sync').to.have.length(3);
          expect(pendingReads[2]).to.be.above(Math.max(...firstWrites));
          expect(h.lastStatus?.fill).to.equal('green');
        });
      });
    },
  );

  describe('bad input', function () {
    const cases: [string, NodeMessage, Record<string, unknown>, RegExp][] = [
      [
        'a payload that is not an array',
        { payload: { key: 1, title: 'Milk' } },
        {},
        /payload: must be an array of items/,
      ],
      ['an item that is not an object', { payload: ['Milk'] }, {}, /payload\[0\]: must be an item/],
      ['an item without a key', { payload: [{ title: 'Milk' }] }, {}, /payload\[0\]\.key: is required/],
      ['a key that is an object', { payload: [{ key: { id: 1 }, title: 'Milk' }] }, {}, /payload\[0\]\.key: must be/],
      [
        'two items with one key (42 and "42")',
        {
          payload: [
            { key: 42, title: 'Milk' },
            { key: '42', title: 'Bread' },
          ],
        },
        {},
        /payload\[1\]\.key \(item "42"\): is also the key of payload\[0\]/,
      ],
      [
        'a dueDate not written yyyy-MM-dd',
        {
          payload: [
            { key: 'bread', title: 'Bread' },
            { key: 'milk', title: 'Milk', dueDate: '24/12/2026' },
          ],
        },
        {},
        /payload\[1\]\.dueDate \(item "milk"\): must be a date written yyyy-MM-dd/,
      ],
      [
        'a dueTime past 23:59',
        { payload: [{ key: 'milk', title: 'Milk', dueTime: '24:00' }] },
        {},
        /payload\[0\]\.dueTime \(item "milk"\): must be a time written HH:mm/,
      ],
      [
        'a priority the service has not',
        { payload: [{ key: 'milk', title: 'Milk', priority: 'very' }] },
        {},
        /payload\[0\]\.priority \(item "milk"\): must be 0, 1, 2/,
      ],
      [
        'a repeat day without its repeat type',
        { payload: [{ key: 'milk', title: 'Milk', repeatType: 'weekly', repeatDay: 3 }] },
        {},
        /payload\[0\]\.repeatDay \(item "milk"\): goes with repeatType monthly or yearly/,
      ],
      [
        'a blank title',
        { payload: [{ key: 'milk', title: '  ' }] },
        {},
        /payload\[0\]\.title \(item "milk"\): must not be empty/,
      ],
      [
        'a field an item does not have',
        { payload: [{ key: 'milk', summary: 'Milk' }] },
        {},
        /payload\[0\]\.summary \(item "milk"\): is not a field of an item/,
      ],
      [
        'completed that is not true or false',
        { payload: [{ key: 'milk', title: 'Milk', completed: 'yes' }] },
        {},
        /payload\[0\]\.completed \(item "milk"\): must be true or false/,
      ],
      ['no source', { payload: SHOPPING }, { source: '' }, /source: is required/],
      [
        'a device that is no MAC address',
        { payload: SHOPPING },
        { deviceId: 'all', deviceIdType: 'str' },
        /deviceId: must be a MAC/,
      ],
      [
        'an unknown removed',
        { payload: SHOPPING, removed: 'archive' },
        { removed: '' },
        /removed: must be delete, complete, keep/,
      ],
      [
        'a dryRun that is not true or false',
        { payload: SHOPPING, dryRun: 'maybe' },
        {},
        /dryRun: must be true or false/,
      ],
    ];
    for (const [name, msg, config, said] of cases) {
      it(`${name}: one error naming it, and not a request`, async () => {
        await load(config);
        const caught = caughtOf(await h.send(msg));
        expect(caught.error.message).to.match(said);
        expect(h.requests).to.deep.equal([]);
        expect(fromDevice).to.deep.equal([]);
        expect(h.lastStatus).to.include({ fill: 'red', shape: 'ring' });
      });
    }

    it('takes the source from msg.source when the dialog leaves it empty', async () => {
      await load({ source: '' });
      expect(await synced(SHOPPING.slice(0, 1), { source: 'errands' })).to.deep.include({ created: 1 });
      expect(ours('errands')).to.have.length(1);
    });
  });

  describe('a list of 500 items', function () {
    this.timeout(60_000);

    it('with 5 changes sends the reads and 5 writes, and leaves the service equal to the list', async () => {
      await load();
      const items: Item[] = Array.from({ length: 500 }, (_, index) => ({
        key: `item-${index}`,
        title: `Item ${index}`,
        ...(index % 7 === 0 ? { dueDate: '2026-12-24' } : {}),
        ...(index % 100 === 50 ? { completed: true } : {}),
      }));
      await synced(items);
      expect(ours()).to.have.length(500);
      h.sim.clearRequests();

      const changed = items
        .filter((item) => item.key !== 'item-4')
        .map((item) => {
          if (item.key === 'item-1') return { ...item, title: 'Item one' };
          if (item.key === 'item-2') return { ...item, dueDate: '2027-01-06' };
          if (item.key === 'item-3') return { ...item, completed: true };
          return item;
        })
        .concat([{ key: 'item-500', title: 'Item 500' }]);
      const result = await synced(changed);

      const id = (key: string) => Number(ours().find((todo) => todo.description?.includes(`:${key} `))?.id);
      expect(result).to.deep.include({ created: 1, updated: 2, completed: 1, removed: 1, unchanged: 496 });
      expect(writeLines().sort()).to.deep.equal(
        [
          'POST /open/v1/todos',
          `PUT /open/v1/todos/${id('item-1')}`,
          `PUT /open/v1/todos/${id('item-2')}`,
          `PUT /open/v1/todos/${id('item-3')}/complete`,
          `DELETE /open/v1/todos/${result.changes.find((change) => change.key === 'item-4')?.id}`,
        ].sort(),
      );
      expect(h.requests.filter((request) => request.method === 'GET').length, 'reads').to.be.at.most(6);

      const onService = new Map(ours().map((todo) => [/:(item-\d+) /.exec(todo.description ?? '')?.[1], todo]));
      expect(onService.size).to.equal(changed.length);
      for (const item of changed) {
        const todo = onService.get(String(item.key));
        expect(todo, String(item.key)).to.include({
          title: item.title,
          dueDate: item.dueDate ?? '',
          status: item.completed ? 1 : 0,
        });
      }
    });
  });

  describe('through the account', function () {
    it('a write answered 503 is repeated by the account, and the sync goes through', async () => {
      await load();
      await synced(SHOPPING);
      h.sim.misbehave({ kind: 'status', status: 503, method: 'PUT' });
      h.sim.clearRequests();
      const renamed = SHOPPING.map((item) => (item.key === 'milk' ? { ...item, title: 'Oat milk' } : item));
      expect(await synced(renamed)).to.deep.include({ updated: 1 });
      const milk = todoTitled('Oat milk');
      expect(writeLines()).to.deep.equal([`PUT /open/v1/todos/${milk.id}`, `PUT /open/v1/todos/${milk.id}`]);
      expect(writes()[0].fault).to.equal('status');
    });

    it('an outage stops the sync at the first write that fails; the next sync makes the rest', async () => {
      await load({}, { account: { retries: '0', maxInFlight: '1' } });
      h.sim.misbehave({ kind: 'status', status: 503, method: 'POST', times: 100 });
      const caught = caughtOf(await sync(SHOPPING));
      expect(caught.error.message).to.match(
        /a write failed \(0 changes made, 2 to-dos not tried after it\): item "milk"/,
      );
      expect(caught.error.code).to.equal(503);
      expect(writeLines()).to.deep.equal(['POST /open/v1/todos']);

      h.sim.clearFaults();
      expect(await synced(SHOPPING)).to.deep.include({ created: 3 });
      expect(ours()).to.have.length(3);
    });
  });

  describe('where the specification leaves the service open', function () {
    underEachReading(
      everyCombination(OPEN_POINTS),
      () => h.sim,
      ({ readings }) => {
        const canReopen = !readings.completeOnlyMarks || readings.updateAppliesStatus === true;
        const appliesRepeat = !readings.updateIgnoresUncertainFields;

        it('makes what the service can, names each item it cannot, and does not try it again', async () => {
          const before: Item[] = [
            { key: 'milk', title: 'Milk' },
            { key: 'bread', title: 'Bread' },
            { key: 'batteries', title: 'Batteries', completed: true },
            { key: 'bins', title: 'Bins', repeatType: 'weekly', repeatWeekday: 1 },
          ];
          const after: Item[] = [
            { key: 'milk', title: 'Milk', completed: true },
            { key: 'bread', title: 'Wholemeal bread' },
            { key: 'batteries', title: 'Batteries' },
            { key: 'bins', title: 'Bins', repeatType: 'weekly', repeatWeekday: 3 },
            { key: 'eggs', title: 'Eggs' },
          ];
          await load();
          await synced(before);
          const outcome = await sync(after);

          expect(todoTitled('Milk').status).to.equal(1);
          expect(todoTitled('Wholemeal bread').status).to.equal(0);
          expect(todoTitled('Eggs').status).to.equal(0);
          expect(todoTitled('Batteries').status).to.equal(canReopen ? 0 : 1);
          expect(todoTitled('Bins').repeatWeekday).to.equal(appliesRepeat ? 3 : 1);
          if (canReopen && appliesRepeat) {
            expect(outputOf(outcome).payload).to.deep.include({ created: 1, updated: 2, completed: 1, reopened: 1 });
          } else {
            const caught = caughtOf(outcome);
            if (!canReopen) expect(caught.error.message).to.match(/item "batteries": reopen to-do \d+ not done/);
            if (!appliesRepeat)
              expect(caught.error.message).to.match(/item "bins": update to-do \d+ not applied: repeatWeekday/);
            expect(caught.error.message).to.match(/Sending the list again is safe/);
            expect(caught.todo, 'msg.todo').to.be.an('object');
          }
          expect(fromDevice).to.deep.equal([]);

          h.sim.clearRequests();
          expect(await synced(after), 'the same list again').to.deep.include({ changes: [] });
          expect(writes()).to.deep.equal([]);
          expect(fromDevice).to.deep.equal([]);
        });

        it('a write the service refuses: one error naming each item, with its message; the other writes made', async () => {
          await load({ deviceId: UNKNOWN_DEVICE });
          const caught = caughtOf(await sync(SHOPPING.slice(0, 2)));
          expect(caught.error.message).to.match(/2 writes failed \(0 changes made\)/);
          expect(caught.error.message).to.match(/item "milk": create to-do failed: .*device not found/);
          expect(caught.error.message).to.match(/item "bread": create to-do failed: .*device not found/);
          expect(caught.error.message).to.match(readings.errorsAsHttp200 ? /failed: device not found/ : /HTTP 404/);
          expect(writeLines()).to.deep.equal(['POST /open/v1/todos', 'POST /open/v1/todos']);
        });
      },
    );
  });

  describe('its status', function () {
    /** statusText with the runtime's own i18n and the package's catalog in `lang`, in a process of its own. */
    function statusTexts(
      lang: string,
      cases: { result: Partial<SyncResult>; reports: number; dryRun: boolean }[],
    ): string[] {
      const script = `
        const { i18n } = require(${JSON.stringify(runtimeResolve('@node-red/util'))});
        const { statusText } = require(${JSON.stringify(path.join(ROOT, 'dist', 'nodes', 'todo-sync', 'runtime.js'))});
        const [lang, namespace, dir, file, cases] = JSON.parse(process.argv[1]);
        i18n.init({ lang });
        i18n.registerMessageCatalog(namespace, dir, file).then(() => {
          const texts = { _: (key, values) => i18n._(key, values) };
          const zero = { created: 0, updated: 0, completed: 0, reopened: 0, removed: 0, unchanged: 0, changes: [] };
          process.stdout.write(JSON.stringify(cases.map(({ result, reports, dryRun }) =>
            statusText(texts, { result: { ...zero, ...result }, reports: new Array(reports).fill({}) }, dryRun))));
        });
      `;
      const catalog = localeFile('en-US', '.json');
      const input = JSON.stringify([
        lang,
        `${pkg.name}/${path.basename(catalog, '.json')}`,
        path.dirname(path.dirname(catalog)),
        path.basename(catalog),
        cases,
      ]);
      return JSON.parse(
        execFileSync(process.execPath, ['-e', script, input], { cwd: ROOT, encoding: 'utf8' }),
      ) as string[];
    }

    const cases = [
      { result: { created: 2, updated: 1 }, reports: 0, dryRun: false },
      { result: { removed: 1 }, reports: 2, dryRun: false },
      { result: {}, reports: 0, dryRun: false },
      { result: { created: 1, completed: 3 }, reports: 0, dryRun: true },
    ];

    it('says what a sync did, in English', function () {
      expect(statusTexts('en-US', cases)).to.deep.equal([
        'synced: 2 created, 1 updated',
        'synced: 1 removed, 2 changed on the device',
        'synced: no change',
        'dry run: 1 to create, 3 to complete',
      ]);
    });

    it('and in Chinese', function () {
      expect(statusTexts('zh-CN', cases)).to.deep.equal([
        '已同步：新建 2，更新 1',
        '已同步：移除 1，设备上改动 2',
        '已同步：无改动',
        '试运行：将新建 1，将完成 3',
      ]);
    });

    it('is the error when a sync fails', async () => {
      await load({ deviceId: UNKNOWN_DEVICE });
      caughtOf(await sync(SHOPPING.slice(0, 1)));
      expect(h.lastStatus).to.deep.equal({
        fill: 'red',
        shape: 'ring',
        text: '@device-cloud/node-red-device-cloud/device-cloud:common.error.http',
      });
    });
  });
});
