/**
 * The life of every node that talks to the service: the account look-up, the
 * status, exactly one outcome per message, and on close the abandoning of what
 * is still under way. A node declares only how it handles a message and, if it
 * keeps something running between messages (the to-do watch), how that starts.
 */
import { setMaxListeners } from 'node:events';
import { asDeviceCloudError, describeThrown, DeviceCloudError } from '../../lib/errors';
import type { Preload } from '../../lib/loading';
import { accountOf, type AccountNode } from './account-link';
import { Inputs } from './inputs';
import { preloadAtDeploy } from './preload';
import type { DoneFunction, Node, NodeAPI, NodeConfig, NodeMessage, NodeStatus, SendFunction } from './red';
import { COMMON, rememberingTranslator, statusOfError, type Translator } from './status';

/** What a node that keeps something running has at hand when it starts. */
export interface StartContext {
  RED: NodeAPI;
  node: Node;
  config: NodeConfig;
  account: AccountNode;
  texts: Translator;
  /** Sets the node's status; the status already shown is not sent again. */
  showStatus: (status: NodeStatus) => void;
  /** Aborts when the node closes (redeploy or shutdown), with the "aborted" error as its reason. */
  closing: AbortSignal;
}

/** What a message handler has at hand. */
export interface MessageContext {
  msg: NodeMessage;
  inputs: Inputs;
  account: AccountNode;
  signal: AbortSignal;
  texts: Translator;
}

/** How a message ended well: what to send on (nothing, one message or several) and the status to show, if any. */
export interface Outcome {
  send: NodeMessage | NodeMessage[] | null;
  status?: NodeStatus;
}

/** How a message ended badly: the error for Catch nodes and, where it differs from the error's kind, the status. */
export class Failure extends Error {
  constructor(
    readonly error: DeviceCloudError,
    readonly sent: NodeMessage[],
    readonly statusText: string,
  ) {
    super(error.message);
  }
}

export interface NodeLifecycle<Running = undefined> {
  type: string;
  /** Starts what the node keeps running between messages; called once, when the node starts with an account. */
  start?(context: StartContext): Running;
  /** Handles one message; throws a DeviceCloudError or a Failure. */
  handle(context: MessageContext, running: Running): Promise<Outcome>;
  /** Called when the node closes, after its messages have ended. */
  closed?(account: AccountNode | null): void;
  /** Whether a message shows the "requesting" status while it is handled (default true). */
  showsRequesting?: boolean;
  /** What the node's messages will need that is costly to load: loaded when the node is deployed, not by its first message. */
  preload?: readonly Preload<unknown>[];
}

export function defineNode<Running = undefined>(lifecycle: NodeLifecycle<Running>): (RED: NodeAPI) => void {
  return (RED) => {
    function DeviceCloudNode(this: Node, config: NodeConfig): void {
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
      const account = accountOf(RED, config.account);
      if (!account) setStatus({ fill: 'red', shape: 'ring', text: texts._(COMMON.status.noAccount) });
      const started =
        account && lifecycle.start
          ? lifecycle.start({ RED, node, config, account, texts, showStatus: setStatus, closing: closing.signal })
          : undefined;

      node.on('input', (msg, send, done) => {
        const ended: Promise<void> = handle(msg, send, once(done), closing.signal)
          .catch((fault: unknown) => node.warn(`internal error while ending a message: ${describeThrown(fault)}`))
          .finally(() => running.delete(ended));
        running.add(ended);
      });

      // Queued and in-flight messages end with an "aborted" error before the node reports itself closed.
      // On a full redeploy or a shutdown the Catch nodes stop too and show nothing, so a warning says it.
      node.on('close', (_removed, done) => {
        const reason = new DeviceCloudError('aborted', 'the node was closed (redeploy or shutdown); request abandoned');
        const pending = [...running];
        if (pending.length > 0) node.warn(`${pending.length} message(s) abandoned: ${reason.message}`);
        closing.abort(reason);
        void Promise.allSettled(pending).then(() => {
          try {
            lifecycle.closed?.(accountOf(RED, config.account));
          } catch (fault) {
            node.warn(`internal error while closing: ${describeThrown(fault)}`);
          }
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
          const current = accountOf(RED, config.account);
          if (!current || (lifecycle.start && started === undefined)) {
            throw new DeviceCloudError('validation', 'account: no Device Cloud account is set on this node', {
              field: 'account',
            });
          }
          if (lifecycle.showsRequesting !== false) {
            setStatus({ fill: 'blue', shape: 'dot', text: texts._(COMMON.status.requesting) });
          }
          const inputs = new Inputs(RED, node, config, msg);
          const outcome = await lifecycle.handle({ msg, inputs, account: current, signal, texts }, started as Running);
          if (outcome.status) setStatus(outcome.status);
          if (Array.isArray(outcome.send)) {
            if (outcome.send.length > 0) send([outcome.send]);
          } else if (outcome.send) {
            send(outcome.send);
          }
          done();
        } catch (error) {
          if (error instanceof Failure) {
            if (error.sent.length > 0) send([error.sent]);
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
    RED.nodes.registerType(lifecycle.type, DeviceCloudNode);
  };
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
