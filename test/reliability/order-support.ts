// How each message of the nodes under test ended, told by the runtime's onComplete hook (every done() it saw),
// and what a page of a simulated device shows.

import type { SimPage, Simulator } from '../../dist/simulator/server';
import { Harness } from '../support/harness';
import type { CompleteEvent, NodeMessage as Message } from '../support/node-red';
import { runtimeUtil } from '../support/runtime';
import { until } from '../support/until';

export type { NodeConfig } from '../support/harness';
export type { FlowNode, NodeMessage as Message } from '../support/node-red';
export { Harness } from '../support/harness';
export { turns, until } from '../support/until';

export const startHarness = (): Promise<Harness> => Harness.start();
const { hooks } = runtimeUtil();

/** How each message of the nodes under test ended: its outputs, and every done() Node-RED saw for it. */
export class Endings {
  private readonly outputs = new Map<string, Message[]>();
  private readonly completions = new Map<string, (CompleteEvent['error'] | undefined)[]>();
  private readonly onOutput = (msg: Message): void => push(this.outputs, String(msg._msgid), msg);

  private readonly h: Harness;

  constructor(h: Harness, nodeIds: readonly string[]) {
    this.h = h;
    hooks.add('onComplete.orderTest', (event) => {
      if (nodeIds.includes(event.node.id)) push(this.completions, String(event.msg._msgid), event.error);
    });
    h.out.on('input', this.onOutput);
  }

  outputsOf(id: string): Message[] {
    return this.outputs.get(id) ?? [];
  }

  /** The done() calls of the message: exactly one when it ended once. */
  completionsOf(id: string): (CompleteEvent['error'] | undefined)[] {
    return this.completions.get(id) ?? [];
  }

  /** The one payload the message went on with; fails when it ended otherwise. */
  payloadOf(id: string): unknown {
    const completions = this.completionsOf(id);
    if (completions.length !== 1 || completions[0] !== undefined) {
      throw new Error(`${id} ended ${completions.length} time(s): ${completions.map(String).join('; ')}`);
    }
    const outputs = this.outputsOf(id);
    if (outputs.length !== 1) throw new Error(`${id} went out ${outputs.length} time(s)`);
    return outputs[0].payload;
  }

  /**
   * Resolves once each message has ended and its copies have arrived (the traffic of these messages has
   * settled), so that a second end or a late output would already show; rejects naming what is missing.
   */
  async settled(ids: readonly string[], timeoutMs = 10_000): Promise<void> {
    await until(() => ids.every((id) => this.completionsOf(id).length > 0), {
      what: `an end of each of ${ids.length} message(s)`,
      got: () => `no end yet for ${ids.filter((id) => this.completionsOf(id).length === 0).join(', ')}`,
      timeoutMs,
    });
    await this.h.settled({ what: `the copies of ${ids.join(', ')} to arrive`, messages: ids, timeoutMs });
  }

  detach(): void {
    hooks.remove('*.orderTest');
    this.h.out.removeListener('input', this.onOutput);
  }
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key) ?? [];
  list.push(value);
  map.set(key, list);
}

/** What a page of a device shows in the simulator: its text, title and body, or image bytes as hex; undefined when empty. */
export function shown(sim: Simulator, deviceId: string, page: number): string | undefined {
  const slot: SimPage | null | undefined = sim.state.pages.get(deviceId)?.[page - 1];
  if (!slot) return undefined;
  if (slot.kind === 'text') return slot.text;
  if (slot.kind === 'structured') return `${slot.title} / ${slot.body}`;
  return slot.images.map((image) => image.data.toString('hex')).join(',');
}
