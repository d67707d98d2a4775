// What the order tests need of the JavaScript test support (test/support/harness.js and
// runtime.js), typed here until that support is TypeScript, and a record of how each message ended.

import type { RecordedRequest, SimPage, Simulator } from '../../dist/simulator/server';

export interface Message {
  _msgid?: string;
  payload?: unknown;
  [property: string]: unknown;
}

export interface StatusShown {
  fill?: string;
  shape?: string;
  text?: string;
}

export interface TestNode {
  id: string;
  receive(msg: Message): void;
  on(event: 'input', listener: (msg: Message) => void): void;
  removeListener(event: 'input', listener: (msg: Message) => void): void;
}

export interface FlowNode {
  id?: string;
  type: string;
  [property: string]: unknown;
}

export interface Harness {
  sim: Simulator;
  node: TestNode;
  out: TestNode;
  caught: TestNode;
  statuses: StatusShown[];
  requests: RecordedRequest[];
  helper: { getNode(id: string): TestNode & Record<string, unknown>; unload(): Promise<void> };
  load(node: FlowNode, options?: { account?: Record<string, unknown>; extra?: FlowNode[] }): Promise<TestNode>;
  reset(): Promise<void>;
  stop(): Promise<void>;
}

interface CompleteEvent {
  msg: Message;
  node: { id: string };
  error?: Error & { kind?: string };
}

interface Hooks {
  add(name: string, hook: (event: CompleteEvent) => void): void;
  remove(name: string): void;
}

/* eslint-disable @typescript-eslint/no-require-imports -- JavaScript support, typed above */
const harness = require('../support/harness') as { Harness: { start(): Promise<Harness> } };
const runtime = require('../support/runtime') as { runtimeRequire(name: string): unknown };
/* eslint-enable @typescript-eslint/no-require-imports */

export const startHarness = (): Promise<Harness> => harness.Harness.start();
const { hooks } = runtime.runtimeRequire('@node-red/util') as { hooks: Hooks };

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

  async settled(ids: readonly string[], timeoutMs = 10_000): Promise<void> {
    await until(
      () => ids.every((id) => this.completionsOf(id).length > 0),
      timeoutMs,
      () => {
        const open = ids.filter((id) => this.completionsOf(id).length === 0);
        return `${open.length} message(s) without an end: ${open.join(', ')}`;
      },
    );
    // A second end would come later: give it the time to show.
    await pause(50);
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

export async function until(
  condition: () => boolean,
  timeoutMs = 5000,
  why = () => 'condition not met',
): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`${why()} within ${timeoutMs} ms`);
    await pause(5);
  }
}

export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** What a page of a device shows in the simulator: its text, title and body, or image bytes as hex; undefined when empty. */
export function shown(sim: Simulator, deviceId: string, page: number): string | undefined {
  const slot: SimPage | null | undefined = sim.state.pages.get(deviceId)?.[page - 1];
  if (!slot) return undefined;
  if (slot.kind === 'text') return slot.text;
  if (slot.kind === 'structured') return `${slot.title} / ${slot.body}`;
  return slot.images.map((image) => image.data.toString('hex')).join(',');
}
