/**
 * An example flow (examples/) loaded into a real Node-RED runtime against the
 * simulator, as a user imports it, with the test's view of it: what each debug
 * node received, a press of an inject node that resolves once the traffic it
 * caused has settled, and Node-RED's own HTTP endpoints (http in nodes) served
 * on a port of the test, at the address the examples give Node-RED itself.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { EventEmitter } from 'node:events';
import { expect } from 'chai';
import type { Harness } from './harness';
import type { Traffic } from './traffic';
import { runtimeResolve } from './runtime';
import { ACCOUNT_TYPE, CALDAV_TYPE, CONFIG_TYPES, NODE_MODULES, NODE_TYPES } from './package-files';
import type { Simulator } from '../../dist/simulator/server';

/** Where the examples reach the Node-RED they run in (the stand-in servers some of them hold): its default address. */
export const NODE_RED_URL = 'http://127.0.0.1:1880';
/**
 * Where `npx device-cloud-simulator` serves by default: the address a user who imports an example can try at once,
 * the simulator's CalDAV task list there too.
 */
export const SIMULATOR_URL = 'http://127.0.0.1:8080';

export interface FlowNode {
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
export interface Message {
  _exampleRun?: number;
  error?: { message: string };
}
export interface RuntimeNode {
  on(event: 'input', listener: (msg: Message) => void): void;
  receive(msg: Message): void;
}
export interface TestHelper {
  load(modules: unknown[], flow: FlowNode[], credentials: Record<string, { apiKey: string }>): Promise<void>;
  getNode(id: string): RuntimeNode;
  unload(): Promise<void>;
  /** What the runtime logged while the flow ran (a spy on Node-RED's log): `node.warn` gives level 30. */
  log(): { args: [{ level: number; id?: string; msg?: unknown }][] };
}

/** How long the messages of a press may take to settle before the test says what is still under way (below mocha's timeout). */
export const PRESS_MS = 10_000;

/** Node-RED's core nodes, type -> module file, read from the runtime the suite runs on. */
export function coreNodeFiles(): Map<string, string> {
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

export const CORE_FILES = coreNodeFiles();

/** Nodes that start messages of their own rather than carry on the one they got. */
export const MESSAGE_SOURCES = new Set(['device-cloud-todo-watch']);
/** Nodes that speak on a second output of changes a person made on the device. */
export const DEVICE_REPORTERS = new Set(['device-cloud-todo-sync']);
export const isAction = (node: FlowNode) => NODE_TYPES.includes(node.type) && !CONFIG_TYPES.includes(node.type);
export const wiresOf = (node: FlowNode): string[] => (Array.isArray(node.wires) ? node.wires.flat() : []);
/** Where a node's messages go: its wires, and from a link out the link in nodes it names (a flow that goes on a row below). */
export const onwardOf = (node: FlowNode): string[] =>
  node.type === 'link out' && Array.isArray(node.links) ? (node.links as string[]) : wiresOf(node);
export const accountsOf = (nodes: FlowNode[]) => nodes.filter((node) => node.type === ACCOUNT_TYPE);

/**
 * One example loaded into the runtime, with the test's view of it: what each
 * debug node received, and a Complete node on each to-do watch to know when a
 * poll asked for has ended.
 */
export class ExampleRun {
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
  /** Serves the runtime's http in nodes, as Node-RED serves them beside its editor; the test helper serves none. */
  private readonly nodeServer = new NodeEndpoints();
  /** Where the flow's http in nodes answer: what the examples call NODE_RED_URL. */
  nodeRedUrl = '';
  private presses = 0;

  /** An example's CalDAV node points at the simulator's task list, as the example is imported: at the test's simulator. */
  static async load(h: Harness, nodes: FlowNode[]): Promise<ExampleRun> {
    const run = new ExampleRun(h, nodes);
    run.nodeRedUrl = await run.nodeServer.listen();
    const flow = run.runnableFlow(run.nodeRedUrl);
    const [account] = accountsOf(nodes);
    const credentials = { [account.id]: { apiKey: run.sim.apiKey } };
    for (const caldav of flow.filter((node) => node.type === CALDAV_TYPE)) {
      const url = String(caldav.url);
      const atSimulator = url.startsWith(`${SIMULATOR_URL}/`);
      expect(atSimulator, `${url}: the simulator's task list, so that the example runs as imported`).to.equal(true);
      caldav.url = `${run.sim.url}${url.slice(SIMULATOR_URL.length)}`;
    }
    await loadingEachCoreModuleOnce(run.helper, (preloaded) =>
      run.helper.load(
        [...(NODE_MODULES as unknown[]), ...coreModulesFor(flow).filter((module) => !preloaded.has(module))],
        flow,
        credentials,
      ),
    );
    run.watchDebugs();
    return run;
  }

  async unload(): Promise<void> {
    await this.helper.unload();
    await this.nodeServer.close();
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

  /**
   * One tab; debug nodes become test helper nodes; the account points at the simulator, and the address of
   * Node-RED itself at the test's server of its http in nodes.
   */
  runnableFlow(nodeRedUrl: string): FlowNode[] {
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
        const here = JSON.parse(JSON.stringify(node).replaceAll(NODE_RED_URL, nodeRedUrl)) as FlowNode;
        flow.push({ ...here, z: tab.id, x: node.x ?? 0, y: node.y ?? 0 });
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
    const queue = [...onwardOf(start)];
    while (queue.length) {
      const id = queue.shift() as string;
      const node = this.byId.get(id);
      if (seen.has(id) || !node) continue;
      seen.add(id);
      if (!MESSAGE_SOURCES.has(node.type)) queue.push(...onwardOf(node));
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
  async press(inject: FlowNode, extra: Record<string, unknown> = {}): Promise<void> {
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
      this.helper.getNode(inject.id).receive({ ...extra, _exampleRun: mark });
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

  /** The warnings a node of the flow gave (`node.warn`), as they reach the debug sidebar. */
  warningsOf(id: string): string[] {
    return this.helper
      .log()
      .args.map(([entry]) => entry)
      .filter((entry) => entry.level === 30 && entry.id === id)
      .map((entry) => String(entry.msg));
  }

  caughtErrors(): (string | undefined)[] {
    return [...this.catchDebugs].flatMap((id) => (this.received.get(id) ?? []).map((msg) => msg.error?.message));
  }
}

/** The core node modules a flow needs (catch is loaded by the test helper itself). */
export function coreModulesFor(flow: FlowNode[]): unknown[] {
  const types = new Set(flow.map((node) => node.type).filter((type) => CORE_FILES.has(type) && type !== 'catch'));
  return [...new Set([...types].map((type) => CORE_FILES.get(type) as string))].map((file) =>
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- Node-RED's core node files, found at run time
    watchingNodeEndpoints(file, require(file)),
  );
}

type NodeModule = (RED: { httpNode?: http.RequestListener }) => unknown;

/**
 * The test helper loads its own core modules (catch, status, complete) once per node of their type, and Node-RED
 * refuses a type registered twice: a flow with two Catch nodes (as an example may hold) loads them once here, and
 * the modules the helper loads itself are not given to it again.
 */
async function loadingEachCoreModuleOnce(
  helper: TestHelper,
  load: (preloaded: Set<unknown>) => Promise<void>,
): Promise<void> {
  const preloads = (helper as unknown as { _nodeModules: Record<string, NodeModule> })._nodeModules;
  const originals = { ...preloads };
  const loaded = new Set<NodeModule>();
  for (const [type, module] of Object.entries(originals)) {
    preloads[type] = (RED) => {
      if (loaded.has(module)) return undefined;
      loaded.add(module);
      return module(RED);
    };
  }
  try {
    await load(new Set(Object.values(originals)));
  } finally {
    Object.assign(preloads, originals);
  }
}

/** The node endpoints (RED.httpNode) of the runtime loaded last, learnt from what the http in nodes' module is given. */
let loadedNodeApp: http.RequestListener | undefined;
const watchedModules = new Map<unknown, unknown>();

/** The module itself, or for the http in nodes one that notes where the runtime keeps its node endpoints (once, so the test helper knows it as the same module at every load). */
function watchingNodeEndpoints(file: string, module: unknown): unknown {
  if (!/httpin\.js$/.test(file)) return module;
  if (!watchedModules.has(module)) {
    const register = module as NodeModule;
    watchedModules.set(module, (RED: Parameters<NodeModule>[0]) => {
      loadedNodeApp = RED.httpNode;
      return register(RED);
    });
  }
  return watchedModules.get(module);
}

/** An HTTP server on a free port of 127.0.0.1 for the runtime's node endpoints. */
class NodeEndpoints {
  private readonly server = http.createServer((request, response) => {
    if (loadedNodeApp) loadedNodeApp(request, response);
    else response.writeHead(503).end('no http in node loaded');
  });

  listen(): Promise<string> {
    return new Promise((resolve) => {
      this.server.listen(0, '127.0.0.1', () => {
        resolve(`http://127.0.0.1:${(this.server.address() as AddressInfo).port}`);
      });
    });
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
