/**
 * Sends one message into a node and collects everything it led to: the
 * messages sent on, the errors a Catch node got, the times it ended well (a
 * Complete node) and the node's last status. Resolves once the message has
 * ended and nothing more came for `settleMs`; rejects when it never ends.
 * Only what carries this message's `_msgid` counts, so the Catch and
 * Complete nodes may be shared by several nodes of the flow.
 */
import { randomUUID } from 'node:crypto';
import type { CaughtMessage, NodeMessage, NodeStatus, SpyCall, TestNode } from './node-red';

export interface MessageRun {
  node: TestNode;
  msg: NodeMessage;
  /** The helper node wired to the node's output. */
  out: TestNode;
  /** The helper node behind a Catch node. */
  caught: TestNode;
  /** The helper node behind a Complete node. */
  completed: TestNode;
  settleMs?: number;
  timeoutMs?: number;
}

export interface MessageResult {
  outputs: NodeMessage[];
  errors: CaughtMessage[];
  completions: number;
  status: NodeStatus | undefined;
}

export function sendAndCollect({
  node,
  msg,
  out,
  caught,
  completed,
  settleMs = 60,
  timeoutMs = 10_000,
}: MessageRun): Promise<MessageResult> {
  const id = msg._msgid ?? randomUUID();
  const ours = (m: NodeMessage): boolean => m._msgid === id;
  return new Promise((resolve, reject) => {
    const result: MessageResult = { outputs: [], errors: [], completions: 0, status: undefined };
    let settle: NodeJS.Timeout | undefined;
    const onOutput = (m: NodeMessage): void => {
      if (ours(m)) result.outputs.push(m);
    };
    const onError = (m: NodeMessage): void => {
      if (!ours(m)) return;
      result.errors.push(m as CaughtMessage);
      ended();
    };
    const onComplete = (m: NodeMessage): void => {
      if (!ours(m)) return;
      result.completions += 1;
      ended();
    };
    const onStatus = (call: SpyCall): void => {
      result.status = call.args[0] as NodeStatus;
    };
    const timer = setTimeout(
      () => finish(new Error(`${node.id}: the message did not end within ${timeoutMs} ms`)),
      timeoutMs,
    );
    function ended(): void {
      clearTimeout(settle);
      settle = setTimeout(() => finish(), settleMs);
    }
    function finish(failure?: Error): void {
      clearTimeout(timer);
      clearTimeout(settle);
      out.removeListener('input', onOutput);
      caught.removeListener('input', onError);
      completed.removeListener('input', onComplete);
      node.removeListener('call:status', onStatus);
      if (failure) reject(failure);
      else resolve(result);
    }
    out.on('input', onOutput);
    caught.on('input', onError);
    completed.on('input', onComplete);
    node.on('call:status', onStatus);
    node.receive({ ...msg, _msgid: id });
  });
}
