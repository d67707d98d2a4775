/**
 * The factory behind every action node: it reads the inputs, calls the
 * client, writes the result into the message and shows it in the status.
 * A node file only declares what differs.
 */
import type { ServiceClient, CallOptions } from '../lib/client';
import { describeThrown, DeviceCloudError } from '../lib/errors';
import type { Inputs } from './inputs';
import type { NodeRuntime } from './node-folder';
import { defineNode } from './lifecycle';
import type { NodeMessage } from './node-red-api';
import type { Translator } from './status';

export interface ActionSpec<Input, Output> {
  type: string;
  /** Reads the inputs and parses them into the values the client takes; throws a validation error that names the field. */
  prepare(inputs: Inputs): Input | Promise<Input>;
  /** The service call(s). */
  run(client: ServiceClient, input: Input, options: CallOptions): Promise<Output>;
  /** Short status text after success; `RED._` translates as Node-RED's does. */
  status(output: Output, input: Input, RED: Translator): string;
  /** Puts the result into the message; by default `msg.payload = output`. */
  write?(msg: NodeMessage, output: Output, input: Input): void;
}

export function defineAction<Input, Output>(spec: ActionSpec<Input, Output>): NodeRuntime {
  return defineNode({
    type: spec.type,
    async handle({ msg, inputs, account, signal, texts }) {
      const input = await prepareWith((given) => spec.prepare(given), inputs);
      const output = await spec.run(account.client(), input, { signal }).catch((error: unknown) => {
        // A change the service did not make: the Catch node gets the to-do as the service lists it.
        if (error instanceof DeviceCloudError && error.todo !== undefined) msg.todo = error.todo;
        throw error;
      });
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
    throw new DeviceCloudError('validation', `could not read the node's input: ${describeThrown(error)}`);
  }
}
