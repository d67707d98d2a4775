/**
 * The one factory behind every action node: it reads the inputs, calls the
 * client, writes the result into the message, keeps the status and ends every
 * message in exactly one outcome. A node file only declares what differs.
 */
import type { DeviceCloudClient } from '../../lib/client';
import { DeviceCloudError } from '../../lib/errors';
import { accountOf } from './account-link';
import { Inputs } from './inputs';
import { COMMON, statusOfError } from './status';
import type { DoneFunction, Node, NodeAPI, NodeConfig, NodeMessage, SendFunction } from './red';

export interface ActionSpec<Input, Output> {
  type: string;
  /** Reads and checks the inputs; throws a validation error that names the field. */
  prepare(inputs: Inputs): Input | Promise<Input>;
  /** The service call(s). */
  run(client: DeviceCloudClient, input: Input, signal: AbortSignal): Promise<Output>;
  /** Short status text after success. */
  status(output: Output, input: Input, RED: NodeAPI): string;
  /** Puts the result into the message; by default `msg.payload = output`. */
  write?(msg: NodeMessage, output: Output, input: Input): void;
}

export function defineAction<Input, Output>(spec: ActionSpec<Input, Output>): (RED: NodeAPI) => void {
  return (RED) => {
    function ActionNode(this: Node, config: NodeConfig): void {
      RED.nodes.createNode(this, config);
      const node = this;
      const running = new Set<AbortController>();
      const account = accountOf(RED, config.account);
      if (!account) node.status({ fill: 'red', shape: 'ring', text: RED._(COMMON.status.noAccount) });

      node.on('input', (msg, send, done) => {
        handle(msg, send, done).catch((unexpected: unknown) => finish(done, unexpected));
      });

      node.on('close', (_removed, done) => {
        const reason = new DeviceCloudError('aborted', 'the node was closed (redeploy or shutdown); request abandoned');
        for (const controller of running) controller.abort(reason);
        running.clear();
        node.status({});
        done();
      });

      async function handle(msg: NodeMessage, send: SendFunction, done: DoneFunction): Promise<void> {
        const controller = new AbortController();
        running.add(controller);
        try {
          if (!account) {
            throw new DeviceCloudError('validation', 'account: no Device Cloud account is set on this node', {
              field: 'account',
            });
          }
          node.status({ fill: 'blue', shape: 'dot', text: RED._(COMMON.status.requesting) });
          const input = await prepare(msg);
          const output = await spec.run(account.client(), input, controller.signal);
          if (spec.write) spec.write(msg, output, input);
          else msg.payload = output;
          node.status({ fill: 'green', shape: 'dot', text: spec.status(output, input, RED) });
          send(msg);
          done();
        } catch (error) {
          finish(done, error);
        } finally {
          running.delete(controller);
        }
      }

      async function prepare(msg: NodeMessage): Promise<Input> {
        try {
          return await spec.prepare(new Inputs(RED, node, config, msg));
        } catch (error) {
          if (error instanceof DeviceCloudError) throw error;
          // A failing JSONata expression or context store, say: the input could not be read.
          throw new DeviceCloudError('validation', `could not read the node's input: ${String(error)}`);
        }
      }

      function finish(done: DoneFunction, error: unknown): void {
        const failure = error instanceof DeviceCloudError ? error : new DeviceCloudError('internal', String(error));
        node.status({ fill: 'red', shape: 'ring', text: statusOfError(RED, failure) });
        done(failure);
      }
    }
    RED.nodes.registerType(spec.type, ActionNode);
  };
}
