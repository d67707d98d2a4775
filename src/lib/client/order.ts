/**
 * The order of operations on one target. A target is a device's page, a whole
 * device (ordered against each of its pages) or a to-do. An operation starts
 * only after every earlier operation on its target has ended, retries
 * included; operations on different targets run side by side. A page push
 * still waiting when a newer push to the same page arrives is superseded: it
 * is not sent. One that is on the wire is never recalled: the newer one waits.
 */
import { DeviceCloudError } from '../errors';
import type { DeviceId, PageId, TodoId } from '../values/ids';
import type { RequestLimiter } from './limiter';
import { abortReason, type CallSignal } from './signals';

export interface Target {
  /** The device or to-do; operations with different keys never wait for each other. */
  key: string;
  /** A page of the device; none: the whole device (or the to-do). */
  page?: string;
  /** A page push, which a newer push to the same page makes unnecessary while it waits. */
  supersedable?: boolean;
  /** The target as an error text names it. */
  label: string;
}

/** A device's page (`push`: a page push), or the whole device. */
export function deviceTarget(deviceId: DeviceId, page?: PageId, push = false): Target {
  if (page === undefined) return { key: deviceId, label: `device ${deviceId}` };
  return { key: deviceId, page, supersedable: push, label: `page ${page} of ${deviceId}` };
}

export function todoTarget(id: TodoId): Target {
  return { key: `todo ${id}`, label: `to-do ${id}` };
}

/** What a superseded call ends with instead of the service's answer. */
export const SUPERSEDED = Symbol('superseded');

/** The call taking a turn: its signal, its group in the queue, its name and its time budget. */
export interface TurnCall {
  link: CallSignal;
  group?: object;
  name: string;
  /** Date.now() by which it must have started, or it ends in a timeout. */
  deadline: number;
}

export class Turn {
  started = false;
  /** It waited for an earlier operation: it held a place in the queue meanwhile, and has one when it starts. */
  waited = false;
  superseded = false;
  /** An attempt is on the wire. */
  onWire = false;
  /** Ends the wait of a turn not yet started. */
  settle: ((outcome: Turn | typeof SUPERSEDED) => void) | undefined;

  constructor(
    readonly target: Target,
    readonly call: TurnCall,
  ) {}

  /** Who holds its place in the queue while it waits: its group (a fan-out holds one), or itself. */
  get holder(): object {
    return this.call.group ?? this;
  }
}

const SUPERSEDED_REASON = new DeviceCloudError('aborted', 'superseded by a newer push to the same page');

/** True when the call was given up (a node or the account closing), not only superseded. */
export function abandoned(link: CallSignal): boolean {
  return link.signal.aborted && link.signal.reason !== SUPERSEDED_REASON;
}

export class TargetOrder {
  /** Per key, the operations not yet ended, in the order they came. */
  private readonly lines = new Map<string, Turn[]>();

  constructor(private readonly limiter: RequestLimiter) {}

  /**
   * Takes a turn on the target: the turn itself when the operation may start
   * at once, else a promise of it (or of SUPERSEDED) for when it may.
   */
  enter(target: Target, call: TurnCall): Turn | Promise<Turn | typeof SUPERSEDED> {
    const line = this.lines.get(target.key) ?? [];
    const stale = target.supersedable ? line.filter((older) => isPushTo(older, target.page) && !older.superseded) : [];
    const staleWaiting = stale.filter((older) => !older.started);
    const mustWait = line.some((earlier) => !staleWaiting.includes(earlier) && blocks(earlier.target, target));
    const turn = new Turn(target, call);
    // Refused as "busy" before anything changes, when no place is free.
    if (mustWait)
      this.limiter.holdPlace(
        turn.holder,
        staleWaiting.map((older) => older.holder),
      );
    turn.waited = mustWait;
    turn.started = !mustWait;
    line.push(turn);
    this.lines.set(target.key, line);
    const started = mustWait ? this.wait(line, turn) : turn;
    for (const older of stale) this.supersede(line, older);
    if (staleWaiting.length > 0) this.startWhatMay(line);
    return started;
  }

  /** The operation has ended: what waited for it may start. */
  leave(turn: Turn): void {
    const line = this.lines.get(turn.target.key);
    if (!line) return;
    remove(line, turn);
    this.startWhatMay(line);
    if (line.length === 0) this.lines.delete(turn.target.key);
  }

  private wait(line: Turn[], turn: Turn): Promise<Turn | typeof SUPERSEDED> {
    const { link, name, deadline } = turn.call;
    return new Promise((resolve, reject) => {
      const stop = (error: DeviceCloudError): void => {
        end();
        remove(line, turn);
        this.limiter.releasePlace(turn.holder);
        this.startWhatMay(line);
        if (line.length === 0 && this.lines.get(turn.target.key) === line) this.lines.delete(turn.target.key);
        reject(error);
      };
      const onAbort = (): void => stop(abortReason(link.signal, name));
      const entered = Date.now();
      const timer = setTimeout(() => {
        const seconds = Math.round((Date.now() - entered) / 100) / 10;
        const said = `an earlier request to ${turn.target.label} had not ended after ${seconds} s, within the time a call may take`;
        stop(new DeviceCloudError('timeout', `${name} failed: ${said}; not sent`, { operation: name, notSent: true }));
      }, deadline - entered);
      const end = (): void => {
        clearTimeout(timer);
        link.signal.removeEventListener('abort', onAbort);
        turn.settle = undefined;
      };
      turn.settle = (outcome) => {
        end();
        resolve(outcome);
      };
      if (link.signal.aborted) onAbort();
      else link.signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** An older push to the page is not sent: taken out while it waits, stopped between attempts, left alone on the wire. */
  private supersede(line: Turn[], older: Turn): void {
    older.superseded = true;
    if (!older.started) {
      remove(line, older);
      this.limiter.releasePlace(older.holder);
      older.settle?.(SUPERSEDED);
    } else if (!older.onWire) {
      older.call.link.abort(SUPERSEDED_REASON);
    }
  }

  /** Starts each waiting operation that no earlier one on its target holds back. */
  private startWhatMay(line: readonly Turn[]): void {
    const heldPages = new Set<string>();
    // Starting a turn only settles its promise: the line does not change while this runs.
    for (const turn of line) {
      const page = turn.target.page;
      if (!turn.started && (page === undefined ? heldPages.size === 0 : !heldPages.has(page))) {
        turn.started = true;
        this.limiter.releasePlace(turn.holder);
        turn.settle?.(turn);
      }
      // A whole-device operation holds back everything after it.
      if (page === undefined) return;
      heldPages.add(page);
    }
  }
}

function blocks(earlier: Target, later: Target): boolean {
  return earlier.page === undefined || later.page === undefined || earlier.page === later.page;
}

function isPushTo(turn: Turn, page: string | undefined): boolean {
  return turn.target.supersedable === true && turn.target.page === page;
}

function remove(line: Turn[], turn: Turn): void {
  const index = line.indexOf(turn);
  if (index >= 0) line.splice(index, 1);
}
