/**
 * The to-do sync's plan, without I/O: from the list's items, the to-dos as the service lists them and what the
 * last sync left in memory (nothing on another machine), the writes that make the source's to-dos on the service
 * equal to the list, and the changes a person made on the device, to report.
 *
 * Which side changed a to-do is told by comparing each side with what it held at the last sync: the memory when
 * there is one, else the mark's digest (see description-mark). Content (the fields) and state (completed or not) are
 * told apart, so a to-do ticked off on the device keeps its tick when the list renames it; the content is merged
 * field by field (see field-merge), so a new title in the list and a new priority on the device both stay. Where
 * both sides changed a field differently, the list wins. Nothing is written for what only the device changed: it is
 * kept and reported instead, once.
 */
import type { TodoListItem } from '../../types';
import {
  asItem,
  todoCreate,
  todoUpdate,
  type DeviceId,
  type RemovedAction,
  type SyncItemInput,
  type TodoCreate,
  type TodoId,
  type TodoUpdate,
} from '../../values';
import {
  changedFields,
  contentDigest,
  contentOfItem,
  contentOfListed,
  plannedTodo,
  versionOf,
  withChanges,
  type TodoContent,
  type TodoVersion,
} from './todo-content';
import { baseOfMark, markDigest, markText, withMark, type Base } from './description-mark';
import { mergeContent, type TodoFields } from './field-merge';
import { ownTodos, type OwnTodo } from './own-todos';
import { sideOf, type RememberedItem, type SyncMemory } from './stored-memory';

/** What the sync is asked to do. */
export interface SyncRequest {
  /** The list's name. */
  source: string;
  /** The device its to-dos are on; none: personal to-dos. */
  deviceId?: DeviceId;
  removed: RemovedAction;
  items: readonly SyncItemInput[];
}

/** What a sync did (or in a dry run would do) to a to-do: the counts of the result are of these. */
export type ChangeAction = 'created' | 'updated' | 'completed' | 'reopened' | 'removed';
/** What a person did on the device. */
export type DeviceChangeKind = 'completed' | 'reopened' | 'edited' | 'deleted';

export type Operation =
  | { kind: 'create'; body: TodoCreate; action: 'created' }
  /** Complete or reopen; each request is counted, so a new item that is done counts as created and completed. */
  | { kind: 'state'; completed: boolean; action: ChangeAction }
  | { kind: 'update'; body: TodoUpdate; content: TodoContent; action: 'updated' }
  | { kind: 'delete'; action: 'removed' };

/** The writes for one to-do, in order. */
export interface Step {
  key: string;
  /** The to-do's id; none before a create. */
  id?: TodoId;
  operations: Operation[];
  /** The to-do on the service before the step; none for a create. */
  before?: TodoVersion;
  /** The item as the list has it; none when it left the list. */
  wanted?: TodoVersion;
  /** The to-do as a report shows it. */
  todo: TodoListItem;
  /** False for a second to-do of the same key, which the memory does not follow. */
  remembered: boolean;
}

/** A change a person made on the device, for output 2. */
export interface DeviceChange {
  key: string;
  change: DeviceChangeKind;
  /**
   * The to-do as the sync leaves it on the device (the list's changes merged in), its description without the mark;
   * for `deleted` the last version seen.
   */
  todo: TodoListItem;
  /** For `edited`: the fields a person changed on the device, with their values there. */
  fields?: TodoFields;
}

export interface SyncPlan {
  steps: Step[];
  reports: DeviceChange[];
  /** The items that need no write. */
  unchanged: number;
  /** What to remember of the keys without a step; a step's key is remembered as its writes end. */
  memory: SyncMemory;
}

/** A side's part changed since the last sync, or is not known to be the same. */
function moved(base: string | boolean | undefined, now: string | boolean): boolean {
  return base === undefined || base !== now;
}

export function planSync(
  request: SyncRequest,
  listed: readonly TodoListItem[],
  remembered: SyncMemory = new Map(),
): SyncPlan {
  const { own, extras } = ownTodos(request, listed, remembered);
  const plan: SyncPlan = { steps: [], reports: [], unchanged: 0, memory: new Map() };
  for (const item of request.items) {
    const wanted = versionOf(contentOfItem(item.fields), item.completed);
    const todo = own.get(item.key);
    const entry = remembered.get(item.key);
    const steps = plan.steps.length;
    if (todo) planPresent(plan, request, item, wanted, todo, entry);
    else planAbsent(plan, request, item, wanted, entry);
    if (plan.steps.length === steps) plan.unchanged += 1;
  }
  const inList = new Set(request.items.map((item) => item.key));
  const left = [...own.entries()].filter(([key]) => !inList.has(key)).sort(([, a], [, b]) => a.id - b.id);
  for (const [key, todo] of left) planLeft(plan, request.removed, key, todo, remembered.get(key), true);
  for (const { key, todo } of extras) planLeft(plan, request.removed, key, todo, undefined, false);
  return plan;
}

/** An item whose to-do is on the service. */
function planPresent(
  plan: SyncPlan,
  request: SyncRequest,
  item: SyncItemInput,
  wanted: TodoVersion,
  todo: OwnTodo,
  entry: RememberedItem | undefined,
): void {
  const service = todo.version;
  const fromMark = todo.markDigest === undefined ? {} : baseOfMark(todo.markDigest, [service, wanted]);
  // The memory speaks for the service only about the same to-do.
  const serviceBase: Base = entry?.id === todo.id && entry.service ? entry.service : fromMark;
  const listBase: Base = entry ? (entry.list ?? {}) : fromMark;
  const operations: Operation[] = [];
  const reports: Omit<DeviceChange, 'key' | 'todo'>[] = [];

  if (service.completed !== wanted.completed) {
    if (moved(listBase.completed, wanted.completed)) {
      operations.push({
        kind: 'state',
        completed: wanted.completed,
        action: wanted.completed ? 'completed' : 'reopened',
      });
    } else if (moved(serviceBase.completed, service.completed)) {
      reports.push({ change: service.completed ? 'completed' : 'reopened' });
    }
  }

  let after = todo.todo;
  if (service.digest !== wanted.digest) {
    const bases = { device: serviceBase, list: listBase };
    const merge = mergeContent(service, wanted, bases, rememberedContents(entry));
    const changed = changedFields(service.content, merge.content);
    if (Object.keys(changed).length > 0) {
      const content = withChanges(service.content, changed);
      // The mark tells the content as the list has it, and the state the list's: without the memory, a field the
      // device kept, or a tick the list has not taken, is told again, never undone.
      const listed = withChanges(service.content, changedFields(service.content, wanted.content));
      const mark = markText(request.source, item.key, markDigest(contentDigest(listed), wanted.completed));
      const body = asItem(
        () =>
          todoUpdate({ ...changed, description: withMark(content.description, mark) }, where(item), {
            clearDue: true,
          }),
        where(item),
        item.key,
      );
      operations.push({ kind: 'update', body, content, action: 'updated' });
      after = { ...todo.todo, ...(changed as Partial<TodoListItem>) };
    }
    if (Object.keys(merge.fromDevice).length > 0) reports.push({ change: 'edited', fields: merge.fromDevice });
  }
  for (const report of reports) plan.reports.push({ key: item.key, ...report, todo: after });

  // Every update writes the mark at the end; without one, a mark a person moved or removed is put back alone.
  if (!todo.markAtEnd && !operations.some((operation) => operation.kind === 'update')) {
    const digest = todo.markDigest ?? (entry?.list ? markDigest(entry.list.content, entry.list.completed) : undefined);
    const repair = markRepair(request, item, service, digest ?? markDigest(service.digest, wanted.completed));
    if (repair) operations.push(repair);
  }

  if (operations.length > 0) {
    plan.steps.push({
      key: item.key,
      id: todo.id,
      operations,
      before: service,
      wanted,
      todo: todo.todo,
      remembered: true,
    });
  } else {
    plan.memory.set(item.key, { id: todo.id, service: sideOf(service), list: sideOf(wanted), todo: todo.todo });
  }
}

/** The contents the memory holds of a key, among which the merge finds each side's by its digest. */
function rememberedContents(entry: RememberedItem | undefined): TodoContent[] {
  if (!entry) return [];
  const { service, list, todo } = entry;
  const description = typeof todo.description === 'string' ? todo.description : '';
  // A memory an earlier version wrote holds the to-do as last seen, and no fields.
  return [service?.fields, list?.fields, contentOfListed(todo, description)].filter(
    (content): content is TodoContent => content !== undefined,
  );
}

/**
 * An item without a to-do on the service: made, unless the last sync saw its to-do and the item has not changed
 * since, which means a person deleted it on the device (told once, and the to-do not made again until the item
 * changes). Without a memory of the last sync (another machine, or the memory lost) it is made again.
 */
function planAbsent(
  plan: SyncPlan,
  request: SyncRequest,
  item: SyncItemInput,
  wanted: TodoVersion,
  entry: RememberedItem | undefined,
): void {
  const listMoved = !entry?.list || entry.list.content !== wanted.digest || entry.list.completed !== wanted.completed;
  if (entry && !listMoved) {
    if (entry.service !== null) plan.reports.push({ key: item.key, change: 'deleted', todo: entry.todo });
    plan.memory.set(item.key, { ...entry, service: null });
    return;
  }
  // A new to-do is pending: its mark says so, so that a create whose completion failed is completed next time.
  const mark = markText(request.source, item.key, markDigest(wanted.digest, false));
  const fields = { ...item.fields, description: withMark(wanted.content.description, mark) };
  const body = asItem(
    () => todoCreate(request.deviceId ? { ...fields, deviceId: request.deviceId } : fields, where(item)),
    where(item),
    item.key,
  );
  const operations: Operation[] = [{ kind: 'create', body, action: 'created' }];
  if (wanted.completed) operations.push({ kind: 'state', completed: true, action: 'completed' });
  plan.steps.push({ key: item.key, operations, wanted, todo: plannedTodo(wanted, request.deviceId), remembered: true });
}

/** A to-do of the source whose item is not in the list: deleted, completed or kept, as `removed` says. */
function planLeft(
  plan: SyncPlan,
  removed: RemovedAction,
  key: string,
  todo: OwnTodo,
  entry: RememberedItem | undefined,
  remembered: boolean,
): void {
  const step = (operation: Operation): void => {
    plan.steps.push({ key, id: todo.id, operations: [operation], before: todo.version, todo: todo.todo, remembered });
  };
  // Completed once, when the item leaves the list: a person may reopen it on the device afterwards.
  const leftNow = entry === undefined || entry.id !== todo.id || entry.list !== null;
  if (removed === 'delete') {
    step({ kind: 'delete', action: 'removed' });
  } else if (removed === 'complete' && !todo.version.completed && leftNow) {
    step({ kind: 'state', completed: true, action: 'removed' });
  } else if (remembered) {
    plan.memory.set(key, { id: todo.id, service: sideOf(todo.version), list: null, todo: todo.todo });
  }
}

/**
 * The update that puts the mark back at the end of a to-do's description, the person's text kept and the fields as
 * they are. The mark keeps the digest it had (or, gone, the memory's of the list's side), so that the to-do reads
 * as a device's edit of what the sync last wrote, with or without the memory. None when the service would refuse
 * the description (too long with the mark): the memory still knows the to-do by its id.
 */
function markRepair(
  request: SyncRequest,
  item: SyncItemInput,
  service: TodoVersion,
  digest: string,
): Operation | undefined {
  const description = withMark(service.content.description, markText(request.source, item.key, digest));
  try {
    const body = todoUpdate({ description }, where(item));
    return { kind: 'update', body, content: service.content, action: 'updated' };
  } catch {
    return undefined;
  }
}

/** Where the item is in msg.payload, as errors name it. */
function where(item: SyncItemInput): string {
  return `payload[${item.index}]`;
}
