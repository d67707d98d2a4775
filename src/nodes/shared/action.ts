/**
 * The one factory behind every action node: it reads the inputs, calls the
 * client, writes the result into the message, keeps the status and ends every
 * message in exactly one outcome. A node file only declares what differs.
 */
import { setMaxListeners } from 'node:events';
import type { DeviceCloudClient } from '../../lib/client';
import { DeviceCloudError } from '../../lib/errors';
import { accountOf, type AccountNode } from './account-link';
import { Inputs } from './inputs';
import { COMMON, rememberingTranslator, statusOfError, type Translator } from './status';
import type { DoneFunction, Node, NodeAPI, NodeConfig, NodeMessage, NodeStatus, SendFunction } from './red';

export interface ActionSpec<Input, Output> {
  type: string;
  /** Reads and checks the inputs; throws a validation error that names the field. */
  prepare(inputs: Inputs): Input | Promise<Input>;
  /** The service call(s). */
  run(client: DeviceCloudClient, input: Input, signal: AbortSignal): Promise<Output>;
  /** Short status text after success; `RED._` translates as Node-RED's does. */
  status(output: Output, input: Input, RED: Translator): string;
  /** Puts the result into the message; by default `msg.payload = output`. */
  write?(msg: NodeMessage, output: Output, input: Input): void;
}

/** What a message handler has at hand. */
export interface MessageContext {
  msg: NodeMessage;
  inputs: Inputs;
  account: AccountNode;
  signal: AbortSignal;
  texts: Translator;
}

/** How a message ended well: what to send on the output (nothing, one message or several) and the status to show. */
export interface Outcome {
  send: NodeMessage | NodeMessage[] | null;
  status: NodeStatus;
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

export interface NodeLifecycle {
  type: string;
  /** Handles one message; throws a DeviceCloudError or a Failure. */
  handle(context: MessageContext): Promise<Outcome>;
  /** Called when the node closes, after its messages have ended. */
  closed?(account: AccountNode | null): void;
}

export function defineAction<Input, Output>(spec: ActionSpec<Input, Output>): (RED: NodeAPI) => void {
  return defineNode({
    type: spec.type,
    async handle({ msg, inputs, account, signal, texts }) {
      const input = await prepareWith((given) => spec.prepare(given), inputs);
      const output = await spec.run(account.client(), input, signal);
      if (spec.write) spec.write(msg, output, input);
      else msg.payload = output;
      return { send: msg, status: { fill: 'green', shape: 'dot', text: spec.status(output, input, texts) } };
    },
  });
}

/** Runs a node's prepare; anything but our own error (a failing context store, say) becomes a validation error. */
export async function prepareWith<Input>(
  prepare: (inputs: Inputs) => Input | Promise<Input>,
  inputs: Inputs,
): Promise<Input> {
  try {
    return await prepare(inputs);
  } catch (error) {
    if (error instanceof DeviceCloudError) throw error;
    throw new DeviceCloudError('validation', `could not read the node's input: ${describeError(error)}`);
  }
}

/**
 * The life of every action node: the account look-up, the status, exactly one
 * outcome per message, and on close the abandoning of what is still under way.
 */
export function defineNode(lifecycle: NodeLifecycle): (RED: NodeAPI) => void {
  return (RED) => {
    function ActionNode(this: Node, config: NodeConfig): void {
      RED.nodes.createNode(this, config);
      const node = this;
      const texts = rememberingTranslator(RED);
      /** When each message being handled has ended. */
      const running = new Set<Promise<void>>();
      /** Abandons every message being handled when the node closes. */
      const closing = new AbortController();
      // Shared by every message under way: a listener per message must not look like a leak.
      setMaxListeners(0, closing.signal);
      let shownStatus: NodeStatus | undefined;
      if (!accountOf(RED, config.account)) {
        setStatus({ fill: 'red', shape: 'ring', text: texts._(COMMON.status.noAccount) });
      }

      node.on('input', (msg, send, done) => {
        const ended: Promise<void> = handle(msg, send, once(done), closing.signal)
          .catch((fault: unknown) => node.warn(`internal error while ending a message: ${describeError(fault)}`))
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
            node.warn(`internal error while closing: ${describeError(fault)}`);
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
          const account = accountOf(RED, config.account);
          if (!account) {
            throw new DeviceCloudError('validation', 'account: no Device Cloud account is set on this node', {
              field: 'account',
            });
          }
          setStatus({ fill: 'blue', shape: 'dot', text: texts._(COMMON.status.requesting) });
          const inputs = new Inputs(RED, node, config, msg);
          const outcome = await lifecycle.handle({ msg, inputs, account, signal, texts });
          setStatus(outcome.status);
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
          const failure = asFailure(error);
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
    RED.nodes.registerType(lifecycle.type, ActionNode);
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

export function asFailure(error: unknown): DeviceCloudError {
  if (error instanceof DeviceCloudError) return error;
  return new DeviceCloudError('internal', `internal error: ${describeError(error)}`);
}

/** A short text for anything thrown, even an object without a usable toString. */
function describeError(error: unknown): string {
  let text: string;
  try {
    text = error instanceof Error ? String(error.message) : String(error);
  } catch {
    text = 'an error that cannot be shown as text';
  }
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
