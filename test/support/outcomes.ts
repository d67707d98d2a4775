/**
 * Many messages in flight at once, each outcome recorded against its message
 * id: `{ output }` from the helper node(s) wired to the nodes' outputs,
 * `{ error }` from the helper node(s) behind a Catch node.
 */
import type { Outcome } from './harness';
import type { CaughtMessage, NodeMessage, TestNode } from './node-red';
import { until } from './until';

export class Outcomes {
  private readonly byId = new Map<string, Outcome[]>();
  private listeners: [TestNode, (msg: NodeMessage) => void][] = [];

  constructor(outputs: TestNode[], errors: TestNode[]) {
    for (const node of outputs) this.listen(node, (msg) => ({ output: msg }));
    for (const node of errors) this.listen(node, (msg) => ({ error: msg as CaughtMessage }));
  }

  private listen(node: TestNode, outcomeOf: (msg: NodeMessage) => Outcome): void {
    const listener = (msg: NodeMessage): void => {
      const id = String(msg._msgid);
      const list = this.byId.get(id) ?? [];
      list.push(outcomeOf(msg));
      this.byId.set(id, list);
    };
    node.on('input', listener);
    this.listeners.push([node, listener]);
  }

  /** Every outcome of the message `id`, in order. */
  of(id: string): Outcome[] {
    return this.byId.get(id) ?? [];
  }

  /** The text of the first outcome of `id` when it is an error. */
  errorText(id: string): string | undefined {
    return this.of(id)[0]?.error?.error.message;
  }

  /** Resolves when each id has an outcome; rejects naming the ids still without one. */
  async settled(ids: string[], timeoutMs = 10_000): Promise<void> {
    try {
      await until(() => ids.every((id) => this.of(id).length > 0), { timeoutMs });
    } catch {
      const stuck = ids.filter((id) => this.of(id).length === 0);
      throw new Error(`${stuck.length} message(s) without an outcome: ${stuck.slice(0, 10).join(', ')}`);
    }
  }

  detach(): void {
    for (const [node, listener] of this.listeners) node.removeListener('input', listener);
    this.listeners = [];
  }
}
