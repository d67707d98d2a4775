/**
 * The life of every node of the package: the account look-up (for the nodes
 * that talk to the service), the status, exactly one outcome per message, and
 * on close the abandoning of what is still under way. A node declares only how
 * it handles a message and, if it keeps something running between messages
 * (the to-do watch's poller, the render node's page renderer), how that starts
 * and ends.
 */
import { setMaxListeners } from 'node:events';
import { asDeviceCloudError, describeThrown, DeviceCloudError } from '../lib/errors';
import type { Preload } from '../lib/loading';
import { accountOf, type AccountNode } from './account-link';
import { Inputs } from './inputs';
import { migrate, type Migration } from './config-versions';
import type { NodeRuntime } from './node-folder';
import { preloadAtDeploy } from './preload';
import type { DoneFunction, Node, NodeAPI, NodeConfig, NodeMessage, NodeStatus, SendFunction } from './node-red-api';
import { COMMON, rememberingTranslator, statusOfError, type Translator } from './status';

/** What a node that keeps something running has at hand when it starts. */
export interface LocalStartContext {
  RED: NodeAPI;
  node: Node;
  config: NodeConfig;
  texts: Translator;
  /** Sets the node's status; the status already shown is not sent again. */
  showStatus: (status: NodeStatus) => void;
  /** Aborts when the node closes (redeploy or shutdown), with the "aborted" error as its reason. */
  closing: AbortSignal;
}

/** ... and, for a node that talks to the service, its account. */
export interface StartContext extends LocalStartContext {
  account: AccountNode;
}

/** What a message handler has at hand. */
export interface LocalMessageContext {
  msg: NodeMessage;
  /** The node handling the message. */
  node: Node;
  inputs: Inputs;
  signal: AbortSignal;
  texts: Translator;
}

export interface MessageContext extends LocalMessageContext {
  account: AccountNode;
}

/** How a message ended well: what to send on (nothing, one message or several) and the status to show, if any. */
export interface Outcome {
  send: NodeMessage | NodeMessage[] | null;
  /** A node with more outputs: the messages of output 2, 3..., each output's in a list. */
  further?: NodeMessage[][];
  status?: NodeStatus;
}

/** How a message ended badly: the error for Catch nodes and, where it differs from the error's kind, the status. */
export class Failure extends Error {
  constructor(
    readonly error: DeviceCloudError,
    readonly sent: NodeMessage[],
    readonly statusText: string,
    /** What goes out on output 2, 3... all the same. */
    readonly further: NodeMessage[][] = [],
  ) {
    super(error.message);
  }
}

interface Lifecycle<Running, Start, Message> {
  type: string;
  /** Starts what the node keeps running between messages; called once, when the node starts (with its account). */
  start?(context: Start): Running;
  /** Handles one message; throws a DeviceCloudError or a Failure. */
  handle(context: Message, running: Running): Promise<Outcome>;
  /**
   * Called when the node closes, after its messages have ended; what it started is given back to end. `removed`:
   * the node was deleted from the flows (not redeployed, nor stopped with Node-RED).
   */
  closed?(account: AccountNode | null, running: Running | undefined, removed: boolean): void | Promise<void>;
  /** Whether a message shows the "requesting" status while it is handled (default true). */
  showsRequesting?: boolean;
  /** The catalog key of that status's text (default: requesting). */
  busyText?: string;
  /** What the node's messages will need that is costly to load: loaded when the node is deployed, not by its first message. */
  preload?: readonly Preload<unknown>[];
  /** The node's credentials (Node-RED keeps them out of the flows it exports). */
  credentials?: Record<string, { type: 'text' | 'password' }>;
}

/** A node that talks to the service through the account its config names. */
export type NodeLifecycle<Running = undefined> = Lifecycle<Running, StartContext, MessageContext>;
/** A node that talks to no service (the render node): it has no account. */
export type LocalNodeLifecycle<Running = undefined> = Lifecycle<Running, LocalStartContext, LocalMessageContext>;

export function defineNode<Running = undefined>(lifecycle: NodeLifecycle<Running>): NodeRuntime {
  return register(lifecycle, true);
}

export function defineLocalNode<Running = undefined>(lifecycle: LocalNodeLifecycle<Running>): NodeRuntime {
  // Its start and handle take contexts without the account, which the node is never given.
  return register(lifecycle, false);
}

function register<Running>(lifecycle: NodeLifecycle<Running>, needsAccount: boolean): NodeRuntime {
  return {
    type: lifecycle.type,
    register: (RED, migrations) => registerNode(RED, lifecycle, needsAccount, migrations),
  };
}

function registerNode<Running>(
  RED: NodeAPI,
  lifecycle: NodeLifecycle<Running>,
  needsAccount: boolean,
  migrations: readonly Migration[],
): void {
  function DeviceCloudNode(this: Node, saved: NodeConfig): void {
    const config = migrate(saved, migrations);
    RED.nodes.createNode(this, config);
    const node = this;
    if (lifecycle.preload) preloadAtDeploy(node, lifecycle.preload);
    const texts = rememberingTranslator(RED);
    /** When each message being handled has ended. */
    const running = new Set<Promise<void>>();
    /** Abandons every message being handled, and what the node keeps running, when the node closes. */
    const closing = new AbortController();
    // Shared by every message under way: a listener per message must not look like a leak.
    setMaxListeners(0, closing.signal);
    let shownStatus: NodeStatus | undefined;
    const account = needsAccount ? accountOf(RED, config.account) : undefined;
    if (needsAccount && !account) setStatus({ fill: 'red', shape: 'ring', text: texts._(COMMON.status.noAccount) });
    const started =
      lifecycle.start && (account || !needsAccount)
        ? lifecycle.start({
            RED,
            node,
            config,
            account: account as AccountNode,
            texts,
            showStatus: setStatus,
            closing: closing.signal,
          })
        : undefined;

    node.on('input', (msg, send, done) => {
      const ended: Promise<void> = handle(msg, send, once(done), closing.signal)
        .catch((fault: unknown) => node.warn(`internal error while ending a message: ${describeThrown(fault)}`))
        .finally(() => running.delete(ended));
      running.add(ended);
    });

    // Queued and in-flight messages end with an "aborted" error before the node reports itself closed.
    // On a full redeploy or a shutdown the Catch nodes stop too and show nothing, so a warning says it.
    node.on('close', (removed, done) => {
      const reason = new DeviceCloudError('aborted', 'the node was closed (redeploy or shutdown); request abandoned');
      const pending = [...running];
      if (pending.length > 0) node.warn(`${pending.length} message(s) abandoned: ${reason.message}`);
      closing.abort(reason);
      void Promise.allSettled(pending)
        .then(() => lifecycle.closed?.(needsAccount ? accountOf(RED, config.account) : null, started, removed === true))
        .catch((fault: unknown) => node.warn(`internal error while closing: ${describeThrown(fault)}`))
        .finally(() => {
          setStatus({});
          done();
        });
    });

    async function handle(
      msg: NodeMessage,
      send: SendFunction,
      done: DoneFunction,
      signal: AbortSignal,
    ): Promise<void> {
      try {
        // Looked up per message: a redeployed account is a new node with a new client.
        const current = needsAccount ? accountOf(RED, config.account) : undefined;
        if (needsAccount && (!current || (lifecycle.start && started === undefined))) {
          throw new DeviceCloudError('validation', 'account: no Device Cloud account is set on this node', {
            field: 'account',
          });
        }
        if (lifecycle.showsRequesting !== false) {
          setStatus({ fill: 'blue', shape: 'dot', text: texts._(lifecycle.busyText ?? COMMON.status.requesting) });
        }
        const inputs = new Inputs(RED, node, config, msg);
        const context = { msg, node, inputs, account: current as AccountNode, signal, texts };
        const outcome = await lifecycle.handle(context, started as Running);
        if (outcome.status) setStatus(outcome.status);
        if (outcome.further) {
          sendToEach(send, outcome.send === null ? [] : [outcome.send].flat(), outcome.further);
        } else if (Array.isArray(outcome.send)) {
          if (outcome.send.length > 0) send([outcome.send]);
        } else if (outcome.send) {
          send(outcome.send);
        }
        done();
      } catch (error) {
        if (error instanceof Failure) {
          if (error.further.length > 0) sendToEach(send, error.sent, error.further);
          else if (error.sent.length > 0) send([error.sent]);
          setStatus({ fill: 'red', shape: 'ring', text: error.statusText });
          done(error.error);
          return;
        }
        const failure = asDeviceCloudError(error);
        setStatus({ fill: 'red', shape: 'ring', text: statusOfError(texts, failure) });
        done(failure);
      }
    }

    /** A status update never decides a message's outcome. The status shown is not sent again: a burst would repeat it for each message. */
    function setStatus(status: NodeStatus): void {
      if (shownStatus && sameStatus(shownStatus, status)) return;
      shownStatus = status;
      try {
        node.status(status);
      } catch {
        // nothing to do: the outcome is reported through done
      }
    }
  }
  RED.nodes.registerType(
    lifecycle.type,
    DeviceCloudNode,
    lifecycle.credentials ? { credentials: lifecycle.credentials } : undefined,
  );
}

/** Sends the messages of each output, in one call; nothing when there are none. */
function sendToEach(send: SendFunction, first: NodeMessage[], further: NodeMessage[][]): void {
  const outputs = [first, ...further];
  if (outputs.every((messages) => messages.length === 0)) return;
  send(outputs.map((messages) => (messages.length === 0 ? null : messages)));
}

function sameStatus(a: NodeStatus, b: NodeStatus): boolean {
  return a.fill === b.fill && a.shape === b.shape && a.text === b.text;
}

/** done() as it may be called: once; a second call is a fault of ours and is dropped rather than a second outcome. */
function once(done: DoneFunction): DoneFunction {
  let called = false;
  return (error?: Error) => {
    if (called) return;
    called = true;
    done(error);
  };
}
