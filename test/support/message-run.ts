/**
 * Sends one message into a node and collects everything it led to: the
 * messages sent on, the errors a Catch node got, the times it ended well (a
 * Complete node) and the node's last status. Resolves once the runtime's
 * traffic has settled (./traffic): the node has ended the message and every
 * copy of it has arrived, so nothing more of it can come; rejects, naming
 * what is still under way, when it does not settle in time.
 * Only what carries this message's `_msgid` counts, so the Catch and
 * Complete nodes may be shared by several nodes of the flow.
 */
import { randomUUID } from 'node:crypto';
import type { CaughtMessage, NodeMessage, NodeStatus, SpyCall, TestNode } from './node-red';
import type { Traffic } from './traffic';
import { WAIT_MS } from './until';

export interface MessageRun {
  node: TestNode;
  msg: NodeMessage;
  /** The helper node wired to the node's output. */
  out: TestNode;
  /** The helper node behind a Catch node. */
  caught: TestNode;
  /** The helper node behind a Complete node. */
  completed: TestNode;
  /** The runtime's traffic (the harness's). */
  traffic: Traffic;
  timeoutMs?: number;
}

export interface MessageResult {
  outputs: NodeMessage[];
  errors: CaughtMessage[];
  completions: number;
  status: NodeStatus | undefined;
}

export async function sendAndCollect({
  node,
  msg,
  out,
  caught,
  completed,
  traffic,
  timeoutMs = WAIT_MS,
}: MessageRun): Promise<MessageResult> {
  const id = msg._msgid ?? randomUUID();
  const ours = (m: NodeMessage): boolean => m._msgid === id;
  const result: MessageResult = { outputs: [], errors: [], completions: 0, status: undefined };
  const onOutput = (m: NodeMessage): void => {
    if (ours(m)) result.outputs.push(m);
  };
  const onError = (m: NodeMessage): void => {
    if (ours(m)) result.errors.push(m as CaughtMessage);
  };
  const onComplete = (m: NodeMessage): void => {
    if (ours(m)) result.completions += 1;
  };
  const onStatus = (call: SpyCall): void => {
    result.status = call.args[0] as NodeStatus;
  };
  out.on('input', onOutput);
  caught.on('input', onError);
  completed.on('input', onComplete);
  node.on('call:status', onStatus);
  try {
    node.receive({ ...msg, _msgid: id });
    await traffic.settled({ what: `the end of message ${id} at ${node.id}`, messages: [id], timeoutMs });
  } finally {
    out.removeListener('input', onOutput);
    caught.removeListener('input', onError);
    completed.removeListener('input', onComplete);
    node.removeListener('call:status', onStatus);
  }
  return result;
}
