/**
 * The to-do watch: polls GET /todos, compares with what it saw last and sends
 * one message per change, and one when a pending to-do falls due. The service
 * has no events, so this node is where flows start from a to-do.
 */
import { describe, DeviceCloudError } from '../../lib/errors';
import { TodoPoller } from '../../lib/todos/poller';
import { TodoWatch, type TodoEvent } from '../../lib/todos/watch';
import { deviceId, type DeviceId } from '../../lib/values';
import { Inputs } from '../../runtime/inputs';
import { defineNode, type StartContext } from '../../runtime/lifecycle';
import type { Node, NodeConfig, NodeMessage } from '../../runtime/node-red-api';
import { COMMON, statusOfError } from '../../runtime/status';
import { DEFAULT_INTERVAL_SECONDS } from './settings';

const TYPE = 'device-cloud-todo-watch';

/** Seconds between polls: the dialog asks for at least 10, a hand-written flow may set less. */
function intervalMsOf(node: Node, config: NodeConfig): number {
  const raw = config.interval;
  if (raw === undefined || raw === null || raw === '') return DEFAULT_INTERVAL_SECONDS * 1000;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    node.warn(
      `interval: must be a number of seconds above 0 (got ${describe(raw)}); using ${DEFAULT_INTERVAL_SECONDS}`,
    );
    return DEFAULT_INTERVAL_SECONDS * 1000;
  }
  return seconds * 1000;
}

function clockTime(at: number): string {
  const date = new Date(at);
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

/** A message of its own for each event, with copies, so a flow that edits one cannot change what the watch remembers. */
function messageOf(event: TodoEvent): NodeMessage {
  const msg: NodeMessage = { topic: event.kind, payload: structuredClone(event.todo), todoId: event.id };
  if (event.previous) msg.previous = structuredClone(event.previous);
  return msg;
}

/** The device filter as the dialog sets it (a string, or env, flow or global); undefined for every device. */
async function deviceFilter({ RED, node, config }: StartContext): Promise<DeviceId | undefined> {
  let value: unknown;
  try {
    value = await new Inputs(RED, node, config, {}).dialog('deviceId');
  } catch (error) {
    throw new DeviceCloudError('validation', `deviceId: could not be read: ${String(error)}`, { field: 'deviceId' });
  }
  return value === undefined || value === '' ? undefined : deviceId(value);
}

/** Polls from the start; each failed poll turns the status red and reaches a Catch node once. */
function startPolling(context: StartContext): TodoPoller {
  const { RED, node, config, account, showStatus } = context;
  const watch = new TodoWatch({ emitExisting: config.emitExisting === true || config.emitExisting === 'true' });
  const poller = new TodoPoller(
    watch,
    intervalMsOf(node, config),
    {
      async fetch(signal) {
        const filter = await deviceFilter(context);
        const items = await account.client().todos.list(filter === undefined ? {} : { deviceId: filter }, { signal });
        return { items, filter };
      },
      polled(events, now) {
        for (const event of events) node.send(messageOf(event));
        const text = RED._(`${TYPE}.status.watching`, { pending: watch.pendingCount, time: clockTime(now) });
        showStatus({ fill: 'green', shape: 'dot', text });
      },
      failed(error) {
        const text = RED._(`${TYPE}.status.failed`, { reason: statusOfError(RED, error), time: clockTime(Date.now()) });
        showStatus({ fill: 'red', shape: 'ring', text });
        node.error(error, { topic: 'poll-failed', payload: error.message });
      },
    },
    context.closing,
  );
  showStatus({ fill: 'blue', shape: 'ring', text: RED._(COMMON.status.requesting) });
  poller.start();
  return poller;
}

/** A message in asks for a poll now; what the poll finds goes out as events, never the message itself. */
export default defineNode<TodoPoller>({
  type: TYPE,
  start: startPolling,
  showsRequesting: false,
  async handle(_context, poller) {
    await poller.poll();
    return { send: null };
  },
});
