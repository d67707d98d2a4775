/**
 * Runs our nodes inside a real Node-RED runtime (node-red-node-test-helper)
 * against the project's simulator on 127.0.0.1, and tells what a user would
 * see: the request the service got, the message that came out, the error a
 * Catch node received. A message sent in has ended when the runtime's
 * traffic has settled (./traffic): the node called done, and what it sent
 * and what a Catch node made of it have arrived.
 */
import { randomUUID } from 'node:crypto';
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
import { runtimeEntry, runtimeUtil } from './runtime';
import { expectRefused, expectRequest, expectServiceError, expectSuccessStatus, onlyRequest } from './expectations';
import type { ExpectedRequest } from './expectations';
import { Traffic, type SettledOptions } from './traffic';
import { WAIT_MS } from './until';
import { catchNodes } from './flow-fragments';

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
  /** Credentials of the extra nodes, by node id. */
  credentials?: Record<string, Record<string, string>>;
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
    ...catchNodes({ heardBy: 'caught' }),
    ...(options.extra ?? []),
  ];
}

/** A node of the loaded flow; fails when there is none. */
export function nodeOf(id: string): TestNode {
  const node = helper.getNode(id);
  if (!node) throw new Error(`the flow has no node ${id}`);
  return node;
}

/** Each harness its own hook label: a test may run one in a child process beside its own. */
let harnesses = 0;

export class Harness {
  private simulator: Simulator | undefined;
  /** The runtime's messages: settled when every message has ended and all it led to has arrived. */
  readonly traffic: Traffic;
  /** Set by load(). */
  node!: TestNode;
  out!: TestNode;
  caught!: TestNode;
  /** Every status the node under test showed since it was loaded. */
  statuses: NodeStatus[] = [];

  private constructor() {
    this.traffic = new Traffic(runtimeUtil().hooks, `harness${++harnesses}`);
  }

  /** Starts the simulator and the Node-RED test server; call from `before`. */
  static async start(simOptions?: SimulatorOptions): Promise<Harness> {
    const harness = new Harness();
    await harness.begin(simOptions);
    return harness;
  }

  /**
   * The harness of a `describe` block: started before its tests, reset after
   * each, stopped after all. Call in the block's body, not in a hook.
   */
  static forSuite(simOptions?: SimulatorOptions): Harness {
    const harness = new Harness();
    before(() => harness.begin(simOptions));
    after(() => harness.stop());
    afterEach(() => harness.reset());
    return harness;
  }

  private async begin(simOptions?: SimulatorOptions): Promise<void> {
    this.simulator = await startSimulator(simOptions);
    await helper.startServer();
  }

  /** The simulator the account points at; there once the harness has started. */
  get sim(): Simulator {
    if (!this.simulator) throw new Error('the harness has not started: its simulator is there from `before` on');
    return this.simulator;
  }

  /** Call from `after`: the suite must exit by itself. */
  async stop(): Promise<void> {
    await helper.unload();
    await helper.stopServer();
    this.traffic.stop();
    await this.simulator?.close();
  }

  /** Call from `afterEach`. */
  async reset(): Promise<void> {
    await helper.unload();
    this.traffic.forget();
    this.sim.reset();
  }

  get helper(): typeof helper {
    return helper;
  }

  /** Loads the node under test with an account pointing at the simulator. */
  async load(node: NodeConfig, options: LoadOptions = {}): Promise<TestNode> {
    const flow = flowFor(node, this.sim, options);
    const apiKey = options.apiKey ?? this.sim.apiKey;
    await helper.load(NODE_MODULES, flow, { ...options.credentials, [ACCOUNT_ID]: { apiKey } });
    this.traffic.forget();
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
   * Catch node got), once the message's traffic has settled: the node has
   * ended it, and its copies (sent on, or through a Catch node) have arrived.
   * Fails, naming what is still under way, when it does not settle in time;
   * fails when the message had no outcome, or more than one.
   */
  async send(msg: NodeMessage, { timeoutMs = WAIT_MS } = {}): Promise<Outcome> {
    const outcomes: Outcome[] = [];
    const onOutput = (output: NodeMessage): void => {
      outcomes.push({ output });
    };
    const onError = (error: NodeMessage): void => {
      outcomes.push({ error: error as CaughtMessage });
    };
    this.out.on('input', onOutput);
    this.caught.on('input', onError);
    try {
      const id = (msg._msgid ??= randomUUID());
      this.node.receive(msg);
      await this.settled({ what: `the end of message ${id} at ${this.node.type}`, messages: [id], timeoutMs });
    } finally {
      this.out.removeListener('input', onOutput);
      this.caught.removeListener('input', onError);
    }
    if (outcomes.length !== 1) {
      throw new Error(`expected one outcome, got ${outcomes.length}: ${JSON.stringify(outcomes)}`);
    }
    return outcomes[0];
  }

  /** Resolves once every message in the runtime (or those named) has ended and its copies have arrived (see ./traffic). */
  settled(options?: SettledOptions): Promise<void> {
    return this.traffic.settled(options);
  }

  /** The requests the simulator received since the node was loaded. */
  get requests(): RecordedRequest[] {
    return this.sim.requests;
  }

  get lastStatus(): NodeStatus | undefined {
    return this.statuses[this.statuses.length - 1];
  }

  // The checks of ./expectations on this harness, so a test names them without passing it.

  /** The one request the simulator received; fails when it received none or several. */
  onlyRequest(): RecordedRequest {
    return onlyRequest(this);
  }

  expectRequest(request: RecordedRequest, expected: ExpectedRequest): void {
    expectRequest(this, request, expected);
  }

  expectSuccessStatus(): void {
    expectSuccessStatus(this);
  }

  expectRefused(outcome: Outcome, pattern: RegExp): void {
    expectRefused(this, outcome, pattern);
  }

  expectServiceError(outcome: Outcome, expected: { pattern: RegExp; code: number }): void {
    expectServiceError(this, outcome, expected);
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
