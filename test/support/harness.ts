/**
 * Runs our nodes inside a real Node-RED runtime (node-red-node-test-helper)
 * against the project's simulator on 127.0.0.1, and tells what a user would
 * see: the request the service got, the message that came out, the error a
 * Catch node received.
 */
import path from 'node:path';
import helper from 'node-red-node-test-helper';
import type { DeviceCloudClient } from '../../dist/lib';
import {
  startSimulator,
  type RecordedRequest,
  type Simulator,
  type SimulatorOptions,
} from '../../dist/simulator/server';
import type { ValueSource } from '../fixtures/messages';
import type { CaughtMessage, FlowNode, NodeMessage, NodeStatus, TestNode } from './node-red';
import { NODE_MODULES } from './package-files';
import { runtimeEntry } from './runtime';

export const root = path.resolve(__dirname, '../..');
// NODE_RED_RUNTIME points the suite at another Node-RED (the CI's Node-RED 5 run).
helper.init(runtimeEntry());

export { helper };
export const ACCOUNT_ID = 'account';
export const NODE_ID = 'subject';

/** The node under test's config: its type and properties (the harness adds id, wires and account). */
export interface NodeConfig {
  type: string;
  [property: string]: unknown;
}

export interface LoadOptions {
  /** Overrides of the account node's config. */
  account?: Record<string, unknown>;
  /** The account's API key (default: the simulator's). */
  apiKey?: string;
  /** More nodes for the flow. */
  extra?: FlowNode[];
}

/** The one way a message ended: sent on (`output`) or at the Catch node (`error`). */
export type Outcome = { output: NodeMessage; error?: undefined } | { error: CaughtMessage; output?: undefined };

/** The account node of a loaded flow, as our account node is: it owns the client. */
export interface AccountUnderTest extends TestNode {
  client(): DeviceCloudClient;
}

/** A flow: the account, the node under test wired to `out`, a Catch node wired to `caught`. */
function flowFor(node: NodeConfig, sim: Simulator, options: LoadOptions): FlowNode[] {
  return [
    { id: 'flow', type: 'tab', label: 'test' },
    {
      id: ACCOUNT_ID,
      type: 'device-cloud-account',
      name: 'test account',
      baseUrl: sim.url,
      ...options.account,
    },
    { id: NODE_ID, z: 'flow', x: 100, y: 100, name: 'under test', account: ACCOUNT_ID, wires: [['out']], ...node },
    { id: 'out', z: 'flow', x: 300, y: 100, type: 'helper' },
    { id: 'catch', z: 'flow', x: 100, y: 200, type: 'catch', scope: null, uncaught: false, wires: [['caught']] },
    { id: 'caught', z: 'flow', x: 300, y: 200, type: 'helper' },
    ...(options.extra ?? []),
  ];
}

/** A node of the loaded flow; fails when there is none. */
export function nodeOf(id: string): TestNode {
  const node = helper.getNode(id);
  if (!node) throw new Error(`the flow has no node ${id}`);
  return node;
}

export class Harness {
  readonly sim: Simulator;
  /** Set by load(). */
  node!: TestNode;
  out!: TestNode;
  caught!: TestNode;
  /** Every status the node under test showed since it was loaded. */
  statuses: NodeStatus[] = [];

  private constructor(sim: Simulator) {
    this.sim = sim;
  }

  /** Starts the simulator and the Node-RED test server; call from `before`. */
  static async start(simOptions?: SimulatorOptions): Promise<Harness> {
    const harness = new Harness(await startSimulator(simOptions));
    await helper.startServer();
    return harness;
  }

  /** Call from `after`: the suite must exit by itself. */
  async stop(): Promise<void> {
    await helper.unload();
    await helper.stopServer();
    await this.sim.close();
  }

  /** Call from `afterEach`. */
  async reset(): Promise<void> {
    await helper.unload();
    this.sim.reset();
  }

  get helper(): typeof helper {
    return helper;
  }

  /** Loads the node under test with an account pointing at the simulator. */
  async load(node: NodeConfig, options: LoadOptions = {}): Promise<TestNode> {
    const flow = flowFor(node, this.sim, options);
    const apiKey = options.apiKey ?? this.sim.apiKey;
    await helper.load(NODE_MODULES, flow, { [ACCOUNT_ID]: { apiKey } });
    this.node = nodeOf(NODE_ID);
    this.out = nodeOf('out');
    this.caught = nodeOf('caught');
    this.statuses = [];
    this.node.on('call:status', (call) => this.statuses.push(call.args[0] as NodeStatus));
    this.sim.clearRequests();
    return this.node;
  }

  /** The account node of the loaded flow. */
  get account(): AccountUnderTest {
    return nodeOf(ACCOUNT_ID) as AccountUnderTest;
  }

  /**
   * Sends a message into the node under test and resolves with its one
   * outcome: `{ output }` (the message sent on) or `{ error }` (the message a
   * Catch node got). Fails when no outcome comes, or when a second one follows.
   */
  send(msg: NodeMessage, { settleMs = 40, timeoutMs = 10_000 } = {}): Promise<Outcome> {
    return new Promise((resolve, reject) => {
      const outcomes: Outcome[] = [];
      let settle: NodeJS.Timeout | undefined;
      const record = (outcome: Outcome): void => {
        outcomes.push(outcome);
        if (outcomes.length === 1) settle = setTimeout(() => finish(), settleMs);
      };
      const onOutput = (output: NodeMessage): void => record({ output });
      const onError = (error: NodeMessage): void => record({ error: error as CaughtMessage });
      const timer = setTimeout(() => finish(new Error(`no outcome within ${timeoutMs} ms`)), timeoutMs);
      const finish = (failure?: Error): void => {
        clearTimeout(timer);
        clearTimeout(settle);
        this.out.removeListener('input', onOutput);
        this.caught.removeListener('input', onError);
        if (failure) return reject(failure);
        if (outcomes.length !== 1) {
          return reject(new Error(`expected one outcome, got ${outcomes.length}: ${JSON.stringify(outcomes)}`));
        }
        resolve(outcomes[0]);
      };
      this.out.on('input', onOutput);
      this.caught.on('input', onError);
      this.node.receive(msg);
    });
  }

  /** The requests the simulator received since the node was loaded. */
  get requests(): RecordedRequest[] {
    return this.sim.requests;
  }

  get lastStatus(): NodeStatus | undefined {
    return this.statuses[this.statuses.length - 1];
  }
}

/** The message that went on; fails, with the error's text, when the message ended at the Catch node. */
export function outputOf(outcome: Outcome): NodeMessage {
  if (outcome.error) throw new Error(`expected a message out, the Catch node got: ${outcome.error.error.message}`);
  return outcome.output;
}

/** The message the Catch node got; fails when the message went on instead. */
export function caughtOf(outcome: Outcome): CaughtMessage {
  if (!outcome.error) throw new Error(`expected an error, a message went on: ${JSON.stringify(outcome.output)}`);
  return outcome.error;
}

/** Loads another flow within one test (the helper loads one flow at a time). */
export async function loadAgain(h: Harness, node: NodeConfig, options?: LoadOptions): Promise<TestNode> {
  await helper.unload();
  return h.load(node, options);
}

/** Sends `msg` merged with the source's message, with its context or environment in place. */
export async function sendFromSource(h: Harness, source: ValueSource, msg: NodeMessage): Promise<Outcome> {
  const undo = source.prepare?.(h);
  try {
    return await h.send({ ...msg, ...source.msg });
  } finally {
    undo?.();
  }
}
