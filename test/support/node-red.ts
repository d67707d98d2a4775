/**
 * Node-RED as the tests see it: the messages, the nodes node-red-node-test-helper
 * gives (event emitters whose methods its spies report as `call:<method>`), the
 * Catch node's view of an error, and the helper itself. Only what the tests use.
 */
import type { EventEmitter } from 'node:events';

/** A message as it travels a flow. */
export interface NodeMessage {
  _msgid?: string;
  payload?: unknown;
  topic?: unknown;
  [property: string]: unknown;
}

/** `msg.error` as a Catch node gets it: the error's text, the node it came from, and our error's code. */
export interface CaughtError {
  message: string;
  source: { id: string; type: string; name?: string; count?: number };
  stack?: string;
  code?: unknown;
}

/** The message a Catch node sends on. */
export interface CaughtMessage extends NodeMessage {
  error: CaughtError;
}

export interface NodeStatus {
  fill?: string;
  shape?: string;
  text?: string;
}

/** One call the helper's spy recorded (sinon): the `call:<method>` events carry it. */
export interface SpyCall {
  args: unknown[];
}

export interface ContextStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
}

/** A node of the running flows. */
export interface TestNode extends EventEmitter {
  id: string;
  type: string;
  name?: string;
  credentials?: Record<string, unknown>;
  receive(msg?: NodeMessage): void;
  context(): ContextStore & { flow: ContextStore; global: ContextStore };
  error(error: unknown, msg?: NodeMessage): void;
  on(event: 'input', listener: (msg: NodeMessage) => void): this;
  on(event: `call:${string}`, listener: (call: SpyCall) => void): this;
  once(event: 'input', listener: (msg: NodeMessage) => void): this;
  removeListener(event: 'input', listener: (msg: NodeMessage) => void): this;
  removeListener(event: `call:${string}`, listener: (call: SpyCall) => void): this;
}

/** A node of a flow as the runtime loads it. */
export interface FlowNode {
  id: string;
  type: string;
  [property: string]: unknown;
}

/** A node module as Node-RED requires it: called with the runtime's API. */
export type NodeModule = (RED: never) => unknown;

/** The credentials of a flow, by node id. */
export type NodeCredentials = Record<string, Record<string, unknown>>;

/** A log entry as Node-RED's log handlers get it. */
export interface LogEntry {
  level: number;
  id?: string;
  type?: string;
  msg: unknown;
}

/** The helper's spy on RED.log.log: its calls, and the levels as numbers. */
export interface LogSpy {
  args: [LogEntry][];
  WARN: number;
  ERROR: number;
}

export interface AdminResponse {
  status: number;
  text: string;
  body: unknown;
  headers: Record<string, string>;
}

/** A request to the admin API (supertest): checks chained, then awaited. */
export interface AdminRequest extends PromiseLike<AdminResponse> {
  expect(status: number): AdminRequest;
  expect(header: string, value: string | RegExp): AdminRequest;
}

export interface NodeTestHelper {
  init(runtimePath: string, userSettings?: Record<string, unknown>): void;
  startServer(): Promise<void>;
  stopServer(): Promise<void>;
  load(nodes: NodeModule | NodeModule[], flow: FlowNode[], credentials?: NodeCredentials): Promise<void>;
  unload(): Promise<void>;
  /** Node-RED's settings for the next load(): the defaults merged with these. */
  settings(userSettings: Record<string, unknown>): Record<string, unknown>;
  /** A node of the running flows; undefined when none has this id. */
  getNode(id: string): TestNode | undefined;
  setFlows(flow: FlowNode[], type: 'full' | 'flows' | 'nodes', credentials?: NodeCredentials): Promise<void>;
  /** The spy load() sets up. */
  log(): LogSpy;
  request(): { get(path: string): AdminRequest };
  /** The runtime's flows module (internal API). */
  _redNodes: { getFlows(): { flows: FlowNode[] } };
}

// --- @node-red/util, the runtime's own instance (see runtime.ts) -----------------

/** What Node-RED's onComplete hook gets each time a node ends a message. */
export interface CompleteEvent {
  msg: NodeMessage;
  node: { id: string; node?: HookedNode };
  error?: Error & { kind?: string };
}

/** A node of the running flows as Node-RED's hooks give it. */
export interface HookedNode {
  id: string;
  type: string;
  name?: string;
  /** How many of its input handlers take `done` (Node-RED's own count; internal). */
  _expectedDoneCount?: number;
}

/** What the preDeliver hook gets: a message about to be delivered, on a later turn, to its destination. */
export interface DeliveryEvent {
  msg: NodeMessage;
  destination: { id: string; node?: HookedNode };
}

/** What the onReceive hook gets: a node about to receive a message. */
export interface ReceiveEvent {
  msg: NodeMessage;
  destination: { id: string; node: HookedNode };
}

/** Node-RED's message hooks (`<hook>.<label>`), the ones the tests use. */
export interface RuntimeHooks {
  add(name: `onComplete.${string}`, handler: (event: CompleteEvent) => void): void;
  add(name: `preDeliver.${string}`, handler: (event: DeliveryEvent) => void): void;
  add(name: `onReceive.${string}`, handler: (event: ReceiveEvent) => void): void;
  remove(name: string): void;
}

export interface RuntimeUtil {
  hooks: RuntimeHooks;
  log: {
    WARN: number;
    addHandler(handler: EventEmitter): void;
    removeHandler(handler: EventEmitter): void;
  };
  events: EventEmitter;
}
