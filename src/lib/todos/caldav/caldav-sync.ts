/**
 * One sync of a CalDAV task list with the device: the address checked to be a task list, its tasks read, the
 * device synced with them as with any list, and each change a person made on the device written back to its task
 * (./write-back). Nothing is written on either side when the list cannot be read, or is not a task list.
 *
 * What a write back changed beyond the device's own change (a repeating task moved on to its next occurrence, a
 * change on the server merged in after a 412, a task deleted on the device but changed on the server) reaches
 * the device in the same sync: the sync runs again over those items. So that it does, the memory learns that the
 * list took the device's version of each task written.
 */
import type { CalDavTaskList } from '../../caldav/task-list';
import { DeviceCloudError, describe } from '../../errors';
import { syncItems, type SyncItemInput } from '../../values';
import type { DeviceChange, SyncRequest } from '../sync/plan';
import type { SyncMemory } from '../sync/stored-memory';
import { syncTodos, type SyncOptions, type SyncOutcome, type SyncResult } from '../sync/sync-todos';
import { contentOfItem, versionOf } from '../sync/todo-content';
import type { SyncCalls } from '../sync/write-steps';
import { changeSetOf } from './device-edits';
import { listedTasks, taskItemOf, type ListedTask } from './list-items';
import { itemOfTask, parseTask } from './task-item';
import { writeBack, type TaskChange, type WriteBack } from './write-back';

export interface CalDavSyncOptions extends SyncOptions {
  /** The display's time zone: due times are shown on its clock. */
  displayZone: string;
  now?: () => Date;
}

/** Output 1 of a CalDAV sync: the sync's, and what was written to the server. */
export interface CalDavSyncResult extends SyncResult {
  written: { updated: number; deleted: number };
}

export interface CalDavSyncOutcome extends Omit<SyncOutcome, 'result'> {
  result: CalDavSyncResult;
}

export async function syncCalDavList(
  calls: SyncCalls,
  list: CalDavTaskList,
  request: Omit<SyncRequest, 'items'>,
  remembered: SyncMemory,
  options: CalDavSyncOptions,
): Promise<CalDavSyncOutcome> {
  await list.check(options.signal);
  const tasks = listedTasks(await list.readTasks(options.signal), options.displayZone);
  const items = [...tasks.values()].map((task) => task.item);
  const first = await syncTodos(calls, { ...request, items }, remembered, options);
  const written = { updated: 0, deleted: 0 };
  if (options.dryRun || first.reports.length === 0) return { ...first, result: { ...first.result, written } };

  const backs = await writeBack(list, changesOf(first.reports, tasks), {
    displayZone: options.displayZone,
    now: (options.now ?? (() => new Date()))(),
    signal: options.signal,
    itemOf: (ics, where) => taskItemOf(ics, where, options.displayZone),
  });
  written.updated = backs.filter((back) => back.outcome === 'updated').length;
  written.deleted = backs.filter((back) => back.outcome === 'deleted').length;
  const memory = learnt(first.memory, backs);
  const after = itemsAfter(tasks, backs, options.displayZone);
  let outcome: CalDavSyncOutcome = { ...first, memory, result: { ...first.result, written } };
  if (needsAnotherPass(after, backs, memory)) {
    const second = await syncTodos(calls, { ...request, items: after }, memory, options);
    // A change on the device seen by this pass is told by the next sync, not lost.
    for (const { key } of second.reports) {
      const before = memory.get(key);
      if (before) second.memory.set(key, before);
      else second.memory.delete(key);
    }
    outcome = { ...outcome, memory: second.memory, result: { ...sum(first.result, second.result), written } };
    if (second.error) outcome.error = second.error;
  }
  const failed = backs.filter((back): back is Extract<WriteBack, { outcome: 'failed' }> => back.outcome === 'failed');
  for (const { key } of failed) {
    const entry = outcome.memory.get(key);
    // Told again, and written back, by the next sync.
    if (entry) outcome.memory.set(key, { ...entry, service: remembered.get(key)?.service ?? null });
  }
  const error = writeBackError(request.source, failed, tasks);
  if (error) outcome.error = outcome.error ? joined(outcome.error, error) : error;
  return outcome;
}

/** One change per task: all a person did to it on the device. */
function changesOf(reports: readonly DeviceChange[], tasks: Map<string, ListedTask>): TaskChange[] {
  const byKey = new Map<string, DeviceChange[]>();
  for (const report of reports) byKey.set(report.key, [...(byKey.get(report.key) ?? []), report]);
  const changes: TaskChange[] = [];
  for (const [key, keyReports] of byKey) {
    const task = tasks.get(key);
    if (!task) continue;
    changes.push({ key, resource: task.resource, read: task.read, ...changeSetOf(keyReports) });
  }
  return changes;
}

/** The memory after the writes back: the list holds the device's version of each task written. */
function learnt(memory: SyncMemory, backs: readonly WriteBack[]): SyncMemory {
  const next: SyncMemory = new Map(memory);
  for (const back of backs) {
    const entry = next.get(back.key);
    if (back.outcome === 'updated' && entry?.service) next.set(back.key, { ...entry, list: entry.service });
    if (back.outcome === 'deleted' || back.outcome === 'kept') next.delete(back.key);
  }
  return next;
}

/** The list's items as the server holds them after the writes back. */
function itemsAfter(tasks: Map<string, ListedTask>, backs: readonly WriteBack[], displayZone: string): SyncItemInput[] {
  const byKey = new Map<string, object>([...tasks.values()].map((task) => [task.item.key, rawOf(task.item)]));
  for (const back of backs) {
    if (back.outcome === 'deleted' || back.outcome === 'gone') byKey.delete(back.key);
    const ics = back.outcome === 'updated' ? back.ics : 'resource' in back ? back.resource.ics : undefined;
    if (ics === undefined) continue;
    const item = itemOfTask(parseTask(ics, back.key), back.key, displayZone);
    if (item) byKey.set(back.key, item);
    else byKey.delete(back.key);
  }
  return syncItems([...byKey.values()]);
}

function rawOf(item: SyncItemInput): object {
  return { key: item.key, ...item.fields, completed: item.completed };
}

/** Whether the device differs from what the writes left on the server. */
function needsAnotherPass(items: readonly SyncItemInput[], backs: readonly WriteBack[], memory: SyncMemory): boolean {
  const byKey = new Map(items.map((item) => [item.key, item]));
  return backs.some((back) => {
    if (back.outcome === 'kept' || back.outcome === 'overruled' || back.outcome === 'gone') return true;
    if (back.outcome !== 'updated') return false;
    const item = byKey.get(back.key);
    const device = memory.get(back.key)?.service;
    if (!item || !device) return true;
    const version = versionOf(contentOfItem(item.fields), item.completed);
    return version.digest !== device.content || version.completed !== device.completed;
  });
}

function sum(a: SyncResult, b: SyncResult): SyncResult {
  return {
    created: a.created + b.created,
    updated: a.updated + b.updated,
    completed: a.completed + b.completed,
    reopened: a.reopened + b.reopened,
    removed: a.removed + b.removed,
    unchanged: a.unchanged,
    changes: [...a.changes, ...b.changes],
  };
}

function writeBackError(
  source: string,
  failed: readonly Extract<WriteBack, { outcome: 'failed' }>[],
  tasks: Map<string, ListedTask>,
): DeviceCloudError | undefined {
  if (failed.length === 0) return undefined;
  const each = failed.map(
    ({ key, error }) => `task ${describe(key)} (${tasks.get(key)?.resource.url.href ?? ''}): ${error.message}`,
  );
  const [first] = failed;
  return new DeviceCloudError(
    first.error.kind,
    `sync of ${describe(source)}: writing a change made on the device back to the CalDAV server failed: ${each.join('; ')}. ` +
      'The next sync tries again',
    { operation: 'caldav', statusCode: first.error.statusCode },
  );
}

function joined(a: DeviceCloudError, b: DeviceCloudError): DeviceCloudError {
  return new DeviceCloudError(a.kind, `${a.message}; ${b.message}`, {
    operation: a.operation,
    code: a.code,
    statusCode: a.statusCode ?? b.statusCode,
    serviceMessage: a.serviceMessage,
    field: a.field,
    todo: a.todo,
  });
}
