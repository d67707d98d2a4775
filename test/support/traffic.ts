/**
 * When the messages of a Node-RED runtime have settled, told by Node-RED's own
 * hooks rather than by a quiet moment:
 *
 * - a message on its way: Node-RED delivers what a node sends on a later turn of
 *   the event loop (preDeliver), and it arrives when the next node receives it
 *   (onReceive);
 * - a message held: a node whose input handler takes `done` has received it and
 *   not yet ended it (onComplete). A Catch or Complete node gets its copy while
 *   `done` runs, so the copy is held or on its way before the end is checked.
 *
 * The traffic has settled when neither is left. Then a message sent in has
 * ended everywhere it went, and everything it led to has arrived: what a test
 * records from the helper nodes is all there will be, however slow the machine.
 * The check runs a turn of the event loop after the last hook, so that the
 * rest of a `done` (its Catch and Complete copies) has run by then.
 *
 * Used in the test process (the harness, the examples) and inside a Node-RED
 * of its own (test/fixtures/settled-plugin, for the editor tests).
 */
import type { HookedNode, NodeMessage, RuntimeHooks } from './node-red';
import { WAIT_MS } from './until';

/**
 * A node ends its messages when an input handler of it takes `done`; Node-RED counts them, and for a node
 * whose handlers do not, it never reports an end (a Complete node never hears of one): such a node holds nothing.
 */
function endsMessages(node: HookedNode): boolean {
  const expected = node._expectedDoneCount;
  return typeof expected === 'number' ? expected > 0 : node.type !== 'helper';
}

const EVERY_MESSAGE = (): boolean => true;

function idOf(msg: NodeMessage): string {
  return String(msg._msgid);
}

function nameOf(node: HookedNode | undefined, id: string): string {
  if (!node) return id;
  return `${node.type}${node.name ? ` "${node.name}"` : ''} (${node.id})`;
}

/** Which messages a settling is about: all, or those with these `_msgid`s. */
type Concerning = (msgid: string) => boolean;

/** What is under way, counted per message and node, with its `_msgid` and the words a failure uses for it. */
class Tally {
  private readonly counts = new Map<string, { count: number; msgid: string; text: string }>();

  add(key: string, msgid: string, text: string): void {
    const entry = this.counts.get(key);
    if (entry) entry.count++;
    else this.counts.set(key, { count: 1, msgid, text });
  }

  /** Nothing is taken for a message from before the count began: it was not counted. */
  take(key: string): void {
    const entry = this.counts.get(key);
    if (entry && --entry.count === 0) this.counts.delete(key);
  }

  any(concerning: Concerning): boolean {
    for (const { msgid } of this.counts.values()) if (concerning(msgid)) return true;
    return false;
  }

  texts(concerning: Concerning): string[] {
    return [...this.counts.values()]
      .filter(({ msgid }) => concerning(msgid))
      .map(({ count, text }) => (count > 1 ? `${text} (${count} times)` : text));
  }

  clear(): void {
    this.counts.clear();
  }
}

export interface SettledOptions {
  /** What the settling stands for, as a failure names it. */
  what?: string;
  /** Only these messages (by `_msgid`) and their copies: others may stay under way. Default: every message. */
  messages?: readonly string[];
  /** Default WAIT_MS. */
  timeoutMs?: number;
}

export class Traffic {
  private readonly onTheWay = new Tally();
  private readonly held = new Tally();
  private readonly identities = new WeakMap<object, number>();
  private lastIdentity = 0;
  private readonly waiting = new Map<() => void, Concerning>();
  private checkPending = false;
  private readonly hooks: RuntimeHooks;
  private readonly label: string;

  /** `label` names the hooks: one Traffic per label and runtime. */
  constructor(hooks: RuntimeHooks, label: string) {
    this.hooks = hooks;
    this.label = label;
    hooks.add(`preDeliver.${label}`, (event) => {
      const { msg, destination } = event;
      const to = nameOf(destination.node, destination.id);
      this.onTheWay.add(this.deliveryKey(msg, destination.id), idOf(msg), `message ${idOf(msg)} on its way to ${to}`);
      this.changed();
    });
    hooks.add(`onReceive.${label}`, (event) => {
      const { msg, destination } = event;
      this.onTheWay.take(this.deliveryKey(msg, destination.id));
      if (endsMessages(destination.node)) {
        const by = nameOf(destination.node, destination.id);
        this.held.add(this.holdKey(msg, destination.id), idOf(msg), `message ${idOf(msg)} held by ${by}`);
      }
      this.changed();
    });
    hooks.add(`onComplete.${label}`, (event) => {
      this.held.take(this.holdKey(event.msg, event.node.id));
      this.changed();
    });
  }

  /** Nothing on its way, nothing held (of the messages concerned). */
  settledNow(concerning: Concerning = EVERY_MESSAGE): boolean {
    return !this.onTheWay.any(concerning) && !this.held.any(concerning);
  }

  /** What is still under way, for a failure message. */
  underWay(concerning: Concerning = EVERY_MESSAGE): string {
    const texts = [...this.held.texts(concerning), ...this.onTheWay.texts(concerning)];
    return texts.length > 0 ? texts.join('; ') : 'nothing';
  }

  /**
   * Resolves at the first turn of the event loop at which the traffic has
   * settled; rejects after the timeout naming what is still under way.
   */
  settled({ what = 'the messages to settle', messages, timeoutMs = WAIT_MS }: SettledOptions = {}): Promise<void> {
    const ids = messages && new Set(messages);
    const concerning: Concerning = ids ? (msgid) => ids.has(msgid) : EVERY_MESSAGE;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(done);
        reject(new Error(`waited ${timeoutMs} ms in vain for ${what}; still under way: ${this.underWay(concerning)}`));
      }, timeoutMs);
      const done = (): void => {
        clearTimeout(timer);
        resolve();
      };
      this.waiting.set(done, concerning);
      this.changed();
    });
  }

  /** Forgets what was under way: the flows were replaced, and what their nodes held went with them. */
  forget(): void {
    this.onTheWay.clear();
    this.held.clear();
    this.changed();
  }

  /** Removes the hooks. */
  stop(): void {
    this.hooks.remove(`*.${this.label}`);
    this.forget();
  }

  /** Checks on the next turn, once the hook that called this and the code around it have run. */
  private changed(): void {
    if (this.checkPending || this.waiting.size === 0) return;
    this.checkPending = true;
    setImmediate(() => {
      this.checkPending = false;
      for (const [done, concerning] of this.waiting) {
        if (!this.settledNow(concerning)) continue;
        this.waiting.delete(done);
        done();
      }
    });
  }

  private identityOf(msg: object): number {
    let identity = this.identities.get(msg);
    if (identity === undefined) {
      identity = ++this.lastIdentity;
      this.identities.set(msg, identity);
    }
    return identity;
  }

  private deliveryKey(msg: object, to: string): string {
    return `${this.identityOf(msg)}>${to}`;
  }

  private holdKey(msg: object, by: string): string {
    return `${this.identityOf(msg)}@${by}`;
  }
}
