/**
 * The one factory behind every action node: it reads the inputs, calls the
 * client, writes the result into the message, keeps the status and ends every
 * message in exactly one outcome. A node file only declares what differs.
 */
import { setMaxListeners } from 'node:events';
import type { DeviceCloudClient } from '../../lib/client';
import { DeviceCloudError } from '../../lib/errors';
import { accountOf } from './account-link';
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

export function defineAction<Input, Output>(spec: ActionSpec<Input, Output>): (RED: NodeAPI) => void {
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
          setStatus({});
          done();
        });
      });

      async function handle(msg: NodeMessage, send: SendFunction, done: DoneFunction, signal: AbortSignal): Promise<void> {
        try {
          // Looked up per message: a redeployed account is a new node with a new client.
          const account = accountOf(RED, config.account);
          if (!account) {
            throw new DeviceCloudError('validation', 'account: no Device Cloud account is set on this node', {
              field: 'account',
            });
          }
          setStatus({ fill: 'blue', shape: 'dot', text: texts._(COMMON.status.requesting) });
          const input = await prepare(msg);
          const output = await spec.run(account.client(), input, signal);
          if (spec.write) spec.write(msg, output, input);
          else msg.payload = output;
          setStatus({ fill: 'green', shape: 'dot', text: spec.status(output, input, texts) });
          send(msg);
          done();
        } catch (error) {
          const failure = asFailure(error);
          setStatus({ fill: 'red', shape: 'ring', text: statusOfError(texts, failure) });
          done(failure);
        }
      }

      async function prepare(msg: NodeMessage): Promise<Input> {
        try {
          return await spec.prepare(new Inputs(RED, node, config, msg));
        } catch (error) {
          if (error instanceof DeviceCloudError) throw error;
          // A failing JSONata expression or context store, say: the input could not be read.
          throw new DeviceCloudError('validation', `could not read the node's input: ${describeError(error)}`);
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
    RED.nodes.registerType(spec.type, ActionNode);
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

function asFailure(error: unknown): DeviceCloudError {
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
