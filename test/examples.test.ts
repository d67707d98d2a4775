/**
 * The flows under examples/ (Node-RED's Import > Examples): they are valid
 * flow files, keep no key, share one account (so that importing several, or
 * importing one where npm start runs, leaves one account), open their fields
 * as the dialogs offer them (a fixed device in the device picker), and work:
 * each one runs in a real Node-RED runtime against the simulator, every
 * inject node pressed once, top to bottom. So do the examples as version
 * 0.1.0 shipped them (test/fixtures/flows-0.1.0, kept as they were): flows
 * saved by an earlier version keep working.
 */
import fs from 'node:fs';
import path from 'node:path';
import { EventEmitter } from 'node:events';
import { expect } from 'chai';
import { Harness } from './support/harness';
import type { Traffic } from './support/traffic';
import { runtimeResolve } from './support/runtime';
import { ACCOUNT_TYPE, ACCOUNT_USERS, EDITOR_FILES, NODE_MODULES, NODE_TYPES, ROOT } from './support/package-files';
import type { Simulator } from '../dist/simulator/server';

interface FlowNode {
  id: string;
  type: string;
  name?: string;
  account?: string;
  baseUrl?: string;
  info?: string;
  x?: number;
  y?: number;
  wires?: string[][];
  [property: string]: unknown;
}
interface Message {
  _exampleRun?: number;
  error?: { message: string };
}
interface RuntimeNode {
  on(event: 'input', listener: (msg: Message) => void): void;
  receive(msg: Message): void;
}
interface TestHelper {
  load(modules: unknown[], flow: FlowNode[], credentials: Record<string, { apiKey: string }>): Promise<void>;
  getNode(id: string): RuntimeNode;
  unload(): Promise<void>;
}

const EXAMPLES_DIR = path.join(ROOT, 'examples');
const FLOWS_0_1_0_DIR = path.join(ROOT, 'test', 'fixtures', 'flows-0.1.0');
/** Where `npx device-cloud-simulator` serves by default: the address a user who imports an example can try at once. */
const SIMULATOR_URL = 'http://127.0.0.1:8080';
const EVALUATED_TYPES = ['msg', 'flow', 'global', 'env'];
const MAC = /^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/i;
/** How long the messages of a press may take to settle before the test says what is still under way (below mocha's timeout). */
const PRESS_MS = 10_000;

/** Node-RED's core nodes, type -> module file, read from the runtime the suite runs on. */
function coreNodeFiles(): Map<string, string> {
  const coreDir = path.join(path.dirname(runtimeResolve('@node-red/nodes/package.json')), 'core');
  const files = new Map<string, string>();
  for (const group of fs.readdirSync(coreDir)) {
    const groupDir = path.join(coreDir, group);
    if (!fs.statSync(groupDir).isDirectory()) continue;
    for (const name of fs.readdirSync(groupDir).filter((file) => file.endsWith('.js'))) {
      const file = path.join(groupDir, name);
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/registerType\(\s*["']([^"']+)["']/g)) {
        files.set(match[1], file);
      }
    }
  }
  return files;
}

const CORE_FILES = coreNodeFiles();

/**
 * The types each TypedInput field of our dialogs offers, by node type and
 * field, from the rows of the templates in nodes/device-cloud.html as the
 * shared form code builds them: a typed row offers its literal type (data-types,
 * else str), then msg, flow, global, env; the to-do id row is typed `num`; the
 * device row offers the picker's `device` and `str`, then its data-types or
 * msg, flow, global, env.
 */
function dialogTypes(): Map<string, Map<string, string[]>> {
  const html = fs.readFileSync(EDITOR_FILES[0], 'utf8');
  const result = new Map<string, Map<string, string[]>>();
  for (const [, type, template] of html.matchAll(/data-template-name="([^"]+)">([\s\S]*?)<\/script>/g)) {
    const fields = new Map<string, string[]>();
    for (const [row] of template.matchAll(/<div data-row="[^>]*>/g)) {
      const attribute = (name: string) => new RegExp(`data-${name}(?:="([^"]*)")?`).exec(row)?.[1];
      const kind = attribute('row');
      const types = attribute('types');
      if (kind === 'typed') fields.set(attribute('field') as string, [types || 'str', ...EVALUATED_TYPES]);
      if (kind === 'todoId') fields.set('todoId', ['num', ...EVALUATED_TYPES]);
      if (kind === 'device') fields.set('deviceId', ['device', 'str', ...(types ? types.split(',') : EVALUATED_TYPES)]);
    }
    result.set(type, fields);
  }
  return result;
}

function flowFiles(dir: string) {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const text = fs.readFileSync(path.join(dir, name), 'utf8');
      try {
        return { name, text, nodes: JSON.parse(text) as FlowNode[] };
      } catch (error) {
        throw new Error(`${path.relative(ROOT, dir)}/${name} is not valid JSON: ${(error as Error).message}`);
      }
    });
}

const examples = flowFiles(EXAMPLES_DIR);

/** Every key of a JSON value, at any depth. */
function keysDeep(value: unknown, keys: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => keysDeep(item, keys));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      keys.push(key);
      keysDeep(inner, keys);
    }
  }
  return keys;
}

/** Nodes that start messages of their own rather than carry on the one they got. */
const MESSAGE_SOURCES = new Set(['device-cloud-todo-watch']);
/** Nodes that speak on a second output of changes a person made on the device. */
const DEVICE_REPORTERS = new Set(['device-cloud-todo-sync']);
const isAction = (node: FlowNode) => NODE_TYPES.includes(node.type) && node.type !== ACCOUNT_TYPE;
const wiresOf = (node: FlowNode): string[] => (Array.isArray(node.wires) ? node.wires.flat() : []);
const accountsOf = (nodes: FlowNode[]) => nodes.filter((node) => node.type === ACCOUNT_TYPE);

/** One runtime and simulator for every flow run here; each run starts from a fresh service. */
let harness: Harness;

describe('example flows', function () {
  before(async () => {
    harness = await Harness.start();
  });
  after(() => harness.stop());

  describe('examples', function () {
    it('are there, one flow file per node at least', () => {
      expect(examples.length).to.be.at.least(NODE_TYPES.length - 1);
    });

    it('together use every node of the package (the account aside)', () => {
      const used = new Set(examples.flatMap((example) => example.nodes.map((node) => node.type)));
      const missing = NODE_TYPES.filter((type) => type !== ACCOUNT_TYPE && !used.has(type));
      expect(missing, 'node types without an example').to.deep.equal([]);
    });

    it("share one account, the same in every file, at the simulator's default address", () => {
      const accounts = examples.map((example) => accountsOf(example.nodes));
      for (const [index, found] of accounts.entries()) expect(found, examples[index].name).to.have.length(1);
      const [first] = accounts[0];
      for (const [index, [account]] of accounts.entries()) {
        expect(account, `the account of ${examples[index].name}`).to.deep.equal(first);
      }
      expect(first.baseUrl).to.equal(SIMULATOR_URL);
    });

    it('have node ids unique across all files but the shared account (npm start puts them in one flow)', () => {
      const owners = new Map<string, string>();
      const clashes: string[] = [];
      for (const example of examples) {
        for (const node of example.nodes.filter((candidate) => candidate.type !== ACCOUNT_TYPE)) {
          if (owners.has(node.id)) clashes.push(`${node.id} in ${owners.get(node.id)} and ${example.name}`);
          owners.set(node.id, example.name);
        }
      }
      expect(clashes).to.deep.equal([]);
    });

    it('open each field as its dialog offers it: a fixed device in the device picker, each type one the field has', () => {
      const offered = dialogTypes();
      const problems: string[] = [];
      for (const example of examples) {
        for (const node of example.nodes.filter(isAction)) {
          const fields = offered.get(node.type) ?? new Map<string, string[]>();
          const where = `${example.name}: ${node.type} "${node.name || node.id}"`;
          if (typeof node.deviceId === 'string' && MAC.test(node.deviceId) && node.deviceIdType !== 'device') {
            problems.push(`${where}: device ${node.deviceId} typed as ${String(node.deviceIdType)}, not picked`);
          }
          for (const [field, types] of fields) {
            const type = node[`${field}Type`];
            if (!types.includes(type as string))
              problems.push(`${where}: ${field}Type ${String(type)} not in ${types.join(', ')}`);
          }
        }
      }
      expect(problems).to.deep.equal([]);
    });

    for (const example of examples) {
      describe(example.name, function () {
        const byId = new Map(example.nodes.map((node) => [node.id, node]));

        it('is an importable flow: an array of nodes with id and type, wired to nodes of the file', () => {
          expect(example.nodes).to.be.an('array').that.has.length.above(0);
          for (const node of example.nodes) {
            expect(node.id, JSON.stringify(node)).to.be.a('string').that.has.length.above(0);
            expect(node.type, node.id).to.be.a('string').that.has.length.above(0);
            for (const target of wiresOf(node))
              expect(byId.has(target), `${node.id} wired to ${target}`).to.equal(true);
          }
          expect(byId.size, 'ids are unique').to.equal(example.nodes.length);
        });

        it('uses only node types of Node-RED core and of this package', () => {
          const unknown = example.nodes
            .map((node) => node.type)
            .filter((type) => type !== 'tab' && !CORE_FILES.has(type) && !NODE_TYPES.includes(type));
          expect(unknown).to.deep.equal([]);
        });

        it('explains itself in a comment node and has inject, debug and catch nodes', () => {
          const comment = example.nodes.find((node) => node.type === 'comment');
          expect(comment?.info, 'the comment says what the example shows').to.match(/\w+/);
          for (const type of ['inject', 'debug', 'catch']) {
            expect(
              example.nodes.some((node) => node.type === type),
              `a ${type} node`,
            ).to.equal(true);
          }
          const catchNode = example.nodes.find((node) => node.type === 'catch') as FlowNode;
          expect(wiresOf(catchNode).map((id) => byId.get(id)?.type)).to.include('debug');
        });

        it('keeps no key: no credentials or apiKey, not even the simulator key', () => {
          const keys = keysDeep(example.nodes);
          expect(keys).to.not.include('credentials');
          expect(keys).to.not.include('apiKey');
          expect(example.text).to.not.match(/sim-key/);
        });

        it('points every Device Cloud node at the account of the file', () => {
          const [account] = accountsOf(example.nodes);
          const ours = example.nodes.filter((node) => ACCOUNT_USERS.includes(node.type));
          expect(ours).to.have.length.above(0);
          for (const node of ours) expect(node.account, node.id).to.equal(account.id);
        });

        runsAgainstTheSimulator(example.nodes);
      });
    }
  });

  describe('examples as version 0.1.0 shipped them', function () {
    for (const flow of flowFiles(FLOWS_0_1_0_DIR)) {
      describe(flow.name, function () {
        runsAgainstTheSimulator(flow.nodes);
      });
    }
  });
});

function runsAgainstTheSimulator(nodes: FlowNode[]): void {
  describe('against the simulator', function () {
    this.timeout(4 * PRESS_MS);

    it('works: every inject, pressed top to bottom, reaches its debug nodes and no Catch fires', async () => {
      await harness.reset();
      const run = await ExampleRun.load(harness, nodes);
      for (const inject of run.injects) await run.press(inject);
      if (run.watches.length) await run.changeTodosAndPoll();
      if (run.syncs.length) await run.changeOnDeviceAndSync();

      expect(run.caughtErrors(), 'messages a Catch node got').to.deep.equal([]);
      for (const id of run.expectedDebugs) {
        expect(run.received.get(id), `debug "${run.byId.get(id)?.name}" got a message`).to.have.length.above(0);
      }
      expect(run.sim.requests.length, 'requests the simulator received').to.be.at.least(run.injects.length);
      await run.helper.unload();
    });
  });
}

/**
 * One example loaded into the runtime, with the test's view of it: what each
 * debug node received, and a Complete node on each to-do watch to know when a
 * poll asked for has ended.
 */
class ExampleRun {
  readonly helper: TestHelper;
  readonly sim: Simulator;
  readonly traffic: Traffic;
  readonly nodes: FlowNode[];
  readonly byId: Map<string, FlowNode>;
  readonly catchDebugs: Set<string>;
  readonly watches: string[];
  readonly syncs: FlowNode[];
  readonly injects: FlowNode[];
  readonly received = new Map<string, Message[]>();
  readonly events = new EventEmitter();
  readonly expectedDebugs = new Set<string>();
  private presses = 0;

  static async load(h: Harness, nodes: FlowNode[]): Promise<ExampleRun> {
    const run = new ExampleRun(h, nodes);
    const flow = run.runnableFlow();
    const [account] = accountsOf(nodes);
    await run.helper.load([...(NODE_MODULES as unknown[]), ...coreModulesFor(flow)], flow, {
      [account.id]: { apiKey: run.sim.apiKey },
    });
    run.watchDebugs();
    return run;
  }

  constructor(h: Harness, nodes: FlowNode[]) {
    this.helper = h.helper as TestHelper;
    this.sim = h.sim;
    this.traffic = h.traffic;
    this.nodes = nodes;
    this.byId = new Map(nodes.map((node) => [node.id, node]));
    this.catchDebugs = new Set(nodes.filter((node) => node.type === 'catch').flatMap(wiresOf));
    this.watches = nodes.filter((node) => MESSAGE_SOURCES.has(node.type)).map((node) => node.id);
    this.syncs = nodes.filter((node) => DEVICE_REPORTERS.has(node.type));
    this.injects = nodes
      .filter((node) => node.type === 'inject')
      .sort((a, b) => (a.y ?? 0) - (b.y ?? 0) || (a.x ?? 0) - (b.x ?? 0));
  }

  /** One tab; debug nodes become test helper nodes; the account points at the simulator. */
  runnableFlow(): FlowNode[] {
    const tab = { id: 'example-tab', type: 'tab', label: 'example' };
    const flow: FlowNode[] = [tab];
    for (const node of this.nodes) {
      if (node.type === ACCOUNT_TYPE) {
        flow.push({ ...node, baseUrl: this.sim.url });
      } else if (node.type === 'debug') {
        flow.push({
          id: node.id,
          type: 'helper',
          name: node.name,
          z: tab.id,
          x: node.x ?? 0,
          y: node.y ?? 0,
          wires: [],
        });
      } else {
        flow.push({ ...node, z: tab.id, x: node.x ?? 0, y: node.y ?? 0 });
      }
    }
    for (const id of this.watches) {
      flow.push(
        {
          id: `polled-${id}`,
          type: 'complete',
          scope: [id],
          uncaught: false,
          z: tab.id,
          x: 0,
          y: 0,
          wires: [[`polled-${id}-out`]],
        },
        { id: `polled-${id}-out`, type: 'helper', z: tab.id, x: 0, y: 0, wires: [] },
      );
    }
    return flow;
  }

  watchDebugs(): void {
    const listen = (id: string) => {
      this.received.set(id, []);
      this.helper.getNode(id).on('input', (msg) => {
        this.received.get(id)?.push(msg);
        this.events.emit('message', id, msg);
      });
    };
    this.nodes.filter((node) => node.type === 'debug').forEach((node) => listen(node.id));
    this.watches.forEach((id) => listen(`polled-${id}-out`));
  }

  /** The nodes a message from `start` reaches along the wires; a to-do watch starts messages of its own. */
  reachableFrom(start: FlowNode): FlowNode[] {
    const seen = new Set<string>();
    const queue = [...wiresOf(start)];
    while (queue.length) {
      const id = queue.shift() as string;
      const node = this.byId.get(id);
      if (seen.has(id) || !node) continue;
      seen.add(id);
      if (!MESSAGE_SOURCES.has(node.type)) queue.push(...wiresOf(node));
    }
    return [...seen].map((id) => this.byId.get(id) as FlowNode);
  }

  /**
   * Presses an inject node with a marker on its message, and resolves once the
   * runtime's traffic has settled: every node the press reached has ended its
   * message, and all they sent has arrived. Rejects when a Catch node got the
   * marked message, or when no debug node it reaches got it (nor, for a watch,
   * the end of the poll it asked for).
   */
  async press(inject: FlowNode): Promise<void> {
    const reached = this.reachableFrom(inject);
    const debugs = reached
      .filter((node) => node.type === 'debug' && !this.catchDebugs.has(node.id))
      .map((node) => node.id);
    const polls = reached.filter((node) => MESSAGE_SOURCES.has(node.type)).map((node) => `polled-${node.id}-out`);
    debugs.forEach((id) => this.expectedDebugs.add(id));
    const ends = debugs.length ? debugs : polls;
    if (!ends.length) throw new Error(`"${inject.name}" is wired to no debug node`);
    const mark = ++this.presses;
    const heard: { id: string; msg: Message }[] = [];
    const onMessage = (id: string, msg: Message) => {
      if (msg._exampleRun === mark) heard.push({ id, msg });
    };
    this.events.on('message', onMessage);
    try {
      this.helper.getNode(inject.id).receive({ _exampleRun: mark });
      await this.traffic.settled({ what: `the messages of "${inject.name}" to settle`, timeoutMs: PRESS_MS });
    } finally {
      this.events.removeListener('message', onMessage);
    }
    const caught = heard.find(({ id }) => this.catchDebugs.has(id));
    if (caught) throw new Error(`"${inject.name}": a Catch node got: ${caught.msg.error?.message}`);
    if (!heard.some(({ id }) => ends.includes(id))) {
      const names = ends.map((id) => `"${this.byId.get(id)?.name ?? id}"`).join(', ');
      throw new Error(
        `"${inject.name}": none of ${names} got a message; heard: ${JSON.stringify(heard.map(({ id }) => id))}`,
      );
    }
  }

  /**
   * A to-do watch speaks of changes made elsewhere (the app, a device): make
   * some through the service's API, poll, and expect a debug node after the
   * watch to hear of them.
   */
  async changeTodosAndPoll(): Promise<void> {
    const pollers = this.injects.filter((inject) =>
      this.reachableFrom(inject).some((node) => MESSAGE_SOURCES.has(node.type)),
    );
    expect(pollers, 'an inject node that asks the watch to poll').to.have.length.above(0);
    const afterWatches = new Set(
      this.watches.flatMap((id) => this.reachableFrom(this.byId.get(id) as FlowNode).map((node) => node.id)),
    );
    const heardBefore = this.debugMessagesAfter(afterWatches);
    const created = (await this.api('POST', '/todos', { title: 'Feed the cat', deviceId: 'AA:BB:CC:DD:EE:01' })) as {
      id: number;
    };
    for (const inject of pollers) await this.press(inject);
    await this.api('PUT', `/todos/${created.id}/complete`);
    for (const inject of pollers) await this.press(inject);
    expect(this.debugMessagesAfter(afterWatches), 'messages the watch sent on to a debug node').to.be.above(
      heardBefore,
    );
  }

  /**
   * A to-do sync speaks on its second output of what a person changed on the device: tick off one of its to-dos
   * through the service's API, as the device would, sync again, and expect a debug node after that output to hear
   * of it.
   */
  async changeOnDeviceAndSync(): Promise<void> {
    const syncers = this.injects.filter((inject) =>
      this.reachableFrom(inject).some((node) => DEVICE_REPORTERS.has(node.type)),
    );
    expect(syncers, 'an inject node that makes the sync run').to.have.length.above(0);
    const afterDevice = new Set(
      this.syncs.flatMap((sync) => {
        const port = { ...sync, wires: [Array.isArray(sync.wires) ? (sync.wires[1] ?? []) : []] };
        return this.reachableFrom(port).map((node) => node.id);
      }),
    );
    const heardBefore = this.debugMessagesAfter(afterDevice);
    const synced = [...this.sim.state.todos.values()].find(
      (todo) => todo.status === 0 && /\[Node-RED \S+ [0-9a-f]{8}\]$/.test(todo.description ?? ''),
    );
    expect(synced, 'a pending to-do of a sync').to.not.equal(undefined);
    await this.api('PUT', `/todos/${synced?.id}/complete`);
    await this.press(syncers[0]);
    expect(this.debugMessagesAfter(afterDevice), 'messages of the device changes a debug node heard').to.be.above(
      heardBefore,
    );
  }

  debugMessagesAfter(ids: Set<string>): number {
    return [...ids]
      .filter((id) => this.byId.get(id)?.type === 'debug' && !this.catchDebugs.has(id))
      .reduce((count, id) => count + (this.received.get(id)?.length ?? 0), 0);
  }

  /** A call to the simulator's API, as another client of the service would make it. */
  async api(method: string, apiPath: string, body?: object): Promise<unknown> {
    const response = await fetch(`${this.sim.url}/open/v1${apiPath}`, {
      method,
      headers: { 'x-api-key': this.sim.apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const envelope = (await response.json()) as { code: number; data: unknown };
    expect(envelope.code, `${method} ${apiPath}`).to.equal(0);
    return envelope.data;
  }

  caughtErrors(): (string | undefined)[] {
    return [...this.catchDebugs].flatMap((id) => (this.received.get(id) ?? []).map((msg) => msg.error?.message));
  }
}

/** The core node modules a flow needs (catch is loaded by the test helper itself). */
function coreModulesFor(flow: FlowNode[]): unknown[] {
  const types = new Set(flow.map((node) => node.type).filter((type) => CORE_FILES.has(type) && type !== 'catch'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- Node-RED's core node files, found at run time
  return [...new Set([...types].map((type) => CORE_FILES.get(type) as string))].map((file) => require(file) as unknown);
}
