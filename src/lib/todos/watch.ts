/**
 * What the to-do watch computes, without Node-RED and without I/O: the events
 * between two lists of to-dos, the moment a to-do falls due in the host's time
 * zone, and which due moments were already reported. The clock is passed in.
 */
import { isCompleted, todoIdOf, type TodoListItem } from '../types';

export const TODO_EVENT_KINDS = ['created', 'updated', 'completed', 'reopened', 'deleted', 'due'] as const;
export type TodoEventKind = (typeof TODO_EVENT_KINDS)[number];

export interface TodoEvent {
  kind: TodoEventKind;
  id: number;
  /** The to-do now; for `deleted` the last version seen. */
  todo: TodoListItem;
  /** The version before the change; absent for `created` and `due`. */
  previous?: TodoListItem;
}

/** To-dos by id, as one poll saw them. */
export type TodoSnapshot = ReadonlyMap<number, TodoListItem>;

/** Fields that say what state a to-do is in or when it last changed, not what it is. */
const STATE_FIELDS: ReadonlySet<string> = new Set(['status', 'completed', 'updateDate']);

/** A list as a snapshot; items without an id are left out, a repeated id keeps its last item. */
export function snapshotOf(items: readonly TodoListItem[]): Map<number, TodoListItem> {
  const snapshot = new Map<number, TodoListItem>();
  for (const item of items) {
    const id = todoIdOf(item);
    if (id !== undefined) snapshot.set(id, item);
  }
  return snapshot;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aRecord = a as Record<string, unknown>;
  const bRecord = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(aRecord), ...Object.keys(bRecord)]);
  for (const key of keys) {
    if (!sameValue(aRecord[key], bRecord[key])) return false;
  }
  return true;
}

/** Whether anything but the state (status, completed) and its time stamp (updateDate) differs. */
export function contentChanged(before: TodoListItem, after: TodoListItem): boolean {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of keys) {
    if (!STATE_FIELDS.has(key) && !sameValue(before[key], after[key])) return true;
  }
  return false;
}

/** The one event for a to-do between two polls; a change of state wins over other changes made with it. */
export function changeOf(before: TodoListItem | undefined, after: TodoListItem | undefined): TodoEventKind | undefined {
  if (!before && !after) return undefined;
  if (!before) return 'created';
  if (!after) return 'deleted';
  const wasCompleted = isCompleted(before);
  const nowCompleted = isCompleted(after);
  if (!wasCompleted && nowCompleted) return 'completed';
  if (wasCompleted && !nowCompleted) return 'reopened';
  return contentChanged(before, after) ? 'updated' : undefined;
}

/** The change events between two snapshots, in id order. */
export function diffSnapshots(before: TodoSnapshot, after: TodoSnapshot): TodoEvent[] {
  const ids = [...new Set([...before.keys(), ...after.keys()])].sort((a, b) => a - b);
  const events: TodoEvent[] = [];
  for (const id of ids) {
    const previous = before.get(id);
    const current = after.get(id);
    const kind = changeOf(previous, current);
    if (!kind) continue;
    const todo = (current ?? previous) as TodoListItem;
    events.push(previous ? { kind, id, todo, previous } : { kind, id, todo });
  }
  return events;
}

const DATE = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:$|[\sT])/;
const TIME = /^\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*$/;

/**
 * When the to-do falls due, in ms since the epoch: its `dueDate` at its
 * `dueTime` (at the start of that day without one) in the host's time zone.
 * Undefined without a readable `dueDate`.
 */
export function dueMoment(item: Pick<TodoListItem, 'dueDate' | 'dueTime'>): number | undefined {
  const date = typeof item.dueDate === 'string' ? DATE.exec(item.dueDate) : null;
  if (!date) return undefined;
  const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
  const startOfDay = new Date(year, month - 1, day);
  if (startOfDay.getFullYear() !== year || startOfDay.getMonth() !== month - 1 || startOfDay.getDate() !== day) {
    return undefined;
  }
  const time = typeof item.dueTime === 'string' ? TIME.exec(item.dueTime) : null;
  if (!time) return startOfDay.getTime();
  const [hours, minutes, seconds] = [Number(time[1]), Number(time[2]), Number(time[3] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return startOfDay.getTime();
  return new Date(year, month - 1, day, hours, minutes, seconds).getTime();
}

/** One due moment of one to-do: a changed date or time is a new moment. */
export function dueKey(item: TodoListItem): string {
  return `${todoIdOf(item) ?? String(item.id)}|${String(item.dueDate ?? '')}|${String(item.dueTime ?? '')}`;
}

/**
 * The wait before the next poll: the interval, doubled after each failure in
 * a row, at most `maxFactor` times the interval.
 */
export function pollDelay(intervalMs: number, failuresInRow: number, maxFactor = 10): number {
  if (failuresInRow <= 0) return intervalMs;
  const factor = Math.min(2 ** Math.min(failuresInRow, 30), maxFactor);
  return intervalMs * factor;
}

export interface TodoWatchOptions {
  /** Report the to-dos of the first poll as `created`. */
  emitExisting?: boolean;
}

/**
 * The state of one watch: the last snapshot and the due moments already
 * reported. Feed it every successful poll; a failed poll is simply not fed.
 */
export class TodoWatch {
  private last: Map<number, TodoListItem> | undefined;
  private readonly fired = new Set<string>();

  constructor(private readonly options: TodoWatchOptions = {}) {}

  get hasBaseline(): boolean {
    return this.last !== undefined;
  }

  get snapshot(): TodoSnapshot {
    return this.last ?? new Map();
  }

  get pendingCount(): number {
    let count = 0;
    for (const item of this.snapshot.values()) if (!isCompleted(item)) count++;
    return count;
  }

  /** Forgets everything: the next list sets a new baseline. */
  reset(): void {
    this.last = undefined;
    this.fired.clear();
  }

  /** Takes the list of a successful poll made at `now`; returns the events to send, in order. */
  update(items: readonly TodoListItem[], now: number): TodoEvent[] {
    const current = snapshotOf(items);
    const previous = this.last;
    this.last = current;
    if (!previous) return this.baseline(current, now);
    const events = diffSnapshots(previous, current);
    events.push(...this.dueEvents(current, now));
    this.forgetStaleMoments(current);
    return events;
  }

  /** The earliest due moment still to report, or undefined when none is ahead. */
  nextDueAt(): number | undefined {
    let next: number | undefined;
    for (const item of this.snapshot.values()) {
      if (isCompleted(item) || this.fired.has(dueKey(item))) continue;
      const moment = dueMoment(item);
      if (moment !== undefined && (next === undefined || moment < next)) next = moment;
    }
    return next;
  }

  /** The first list: what is already overdue counts as reported, whatever its state. */
  private baseline(current: TodoSnapshot, now: number): TodoEvent[] {
    for (const item of current.values()) {
      const moment = dueMoment(item);
      if (moment !== undefined && moment <= now) this.fired.add(dueKey(item));
    }
    if (!this.options.emitExisting) return [];
    return [...current.entries()]
      .sort(([a], [b]) => a - b)
      .map(([id, todo]): TodoEvent => ({ kind: 'created', id, todo }));
  }

  private dueEvents(current: TodoSnapshot, now: number): TodoEvent[] {
    const events: TodoEvent[] = [];
    for (const [id, todo] of [...current.entries()].sort(([a], [b]) => a - b)) {
      if (isCompleted(todo)) continue;
      const moment = dueMoment(todo);
      const key = dueKey(todo);
      if (moment === undefined || moment > now || this.fired.has(key)) continue;
      this.fired.add(key);
      events.push({ kind: 'due', id, todo });
    }
    return events;
  }

  /** Keeps only the moments that are still some to-do's current one, so the set cannot grow without end. */
  private forgetStaleMoments(current: TodoSnapshot): void {
    const live = new Set([...current.values()].map(dueKey));
    for (const key of this.fired) if (!live.has(key)) this.fired.delete(key);
  }
}
