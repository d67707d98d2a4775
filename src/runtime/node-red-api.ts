/**
 * The small part of Node-RED's runtime API these nodes use, typed as it
 * behaves in Node-RED 4 and 5 (the published @types/node-red lag behind:
 * `send` and `done` on input, `removed` on close, async context callbacks).
 */
export interface NodeMessage {
  _msgid?: string;
  payload?: unknown;
  topic?: string;
  [property: string]: unknown;
}

export interface NodeStatus {
  fill?: 'red' | 'green' | 'yellow' | 'blue' | 'grey';
  shape?: 'ring' | 'dot';
  text?: string;
}

export type SendFunction = (msg: NodeMessage | (NodeMessage | NodeMessage[] | null)[]) => void;
export type DoneFunction = (error?: Error) => void;

export interface NodeConfig {
  id: string;
  type: string;
  name?: string;
  [property: string]: unknown;
}

/** A node's context (`node.context()`): its store may be memory (lost on a restart) or a file, as settings say. */
export interface NodeContext {
  get(key: string, callback: (error: Error | null | undefined, value: unknown) => void): void;
  set(key: string, value: unknown, callback: (error?: Error | null) => void): void;
}

export interface Node {
  id: string;
  type: string;
  name?: string;
  /** The flow (tab or subflow) the node is on. */
  z?: string;
  credentials?: Record<string, string | undefined>;
  on(event: 'input', handler: (msg: NodeMessage, send: SendFunction, done: DoneFunction) => void): void;
  on(event: 'close', handler: (removed: boolean, done: () => void) => void): void;
  status(status: NodeStatus | Record<string, never>): void;
  send(msg: NodeMessage | (NodeMessage | NodeMessage[] | null)[]): void;
  receive(msg?: NodeMessage): void;
  error(error: unknown, msg?: NodeMessage): void;
  warn(message: unknown): void;
  log(message: unknown): void;
  context(): NodeContext;
}

export type NodeConstructor = (this: Node, config: NodeConfig) => void;

export interface HttpRequest {
  query: Record<string, unknown>;
  params: Record<string, string>;
  /** A JSON body, as the admin API's body parser leaves it. */
  body?: unknown;
}

export interface HttpResponse {
  status(code: number): HttpResponse;
  json(body: unknown): void;
  type(contentType: string): HttpResponse;
  set(header: string, value: string): HttpResponse;
  send(body: Buffer): void;
}

type Middleware = (req: HttpRequest, res: HttpResponse, next: () => void) => void;

export interface NodeAPI {
  nodes: {
    createNode(node: Node, config: NodeConfig): void;
    registerType(
      type: string,
      constructor: NodeConstructor,
      options?: { credentials?: Record<string, { type: 'text' | 'password' }> },
    ): void;
    getNode(id: string): Node | null;
    /** A node's stored credentials, deployed or saved. */
    getCredentials?(id: string): Record<string, string | undefined> | undefined;
  };
  util: {
    evaluateNodeProperty(
      value: unknown,
      type: string,
      node: Node,
      msg: NodeMessage,
      callback: (error: Error | null, result: unknown) => void,
    ): void;
    getMessageProperty(msg: NodeMessage, expression: string): unknown;
    cloneMessage<T extends NodeMessage>(msg: T): T;
  };
  httpAdmin: {
    get(path: string, ...handlers: Middleware[]): void;
    post(path: string, ...handlers: Middleware[]): void;
    delete(path: string, ...handlers: Middleware[]): void;
  };
  /** Messages to every open editor (Node-RED's comms); `retain` keeps the last one for editors that connect later. */
  comms?: { publish(topic: string, data: unknown, retain: boolean): void };
  log?: { warn(message: unknown): void };
  auth: { needsPermission(permission: string): Middleware };
  /** Node-RED's settings; `userDir` is where its flows and a user's files live. */
  settings?: { userDir?: string };
  _(key: string, substitutions?: Record<string, unknown>): string;
}

/** The deployed config node `id` names, where it is one of the kind `isKind` recognises; else null. */
export function configNodeOf<T extends Node>(
  RED: NodeAPI,
  id: unknown,
  isKind: (node: Partial<T>) => boolean,
): T | null {
  if (typeof id !== 'string' || id === '') return null;
  const node = RED.nodes.getNode(id) as Partial<T> | null;
  return node && isKind(node) ? (node as T) : null;
}
