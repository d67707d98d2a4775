/**
 * The tasks of a CalDAV list as the sync's items, each checked as msg.payload's would be, with the resource it
 * came from (for the writes back). A task is keyed by its UID (its resource's name if it has none); a second
 * resource with the same UID is left out, as a server should not hold one. An error names the resource.
 */
import type { TaskResource } from '../../caldav/task-list';
import { DeviceCloudError } from '../../errors';
import { syncItems, type SyncItemInput } from '../../values';
import { itemOfTask, parseTask, uidOf, type TaskItem } from './task-item';

export interface ListedTask {
  resource: TaskResource;
  item: SyncItemInput;
  /** The task as the device would show it, as read: to tell a change made on the server since. */
  read: TaskItem;
}

/** A task's text as the device would show it; undefined for a task the device does not show. */
export function taskItemOf(ics: string, where: string, displayZone: string): TaskItem | undefined {
  return itemOfTask(parseTask(ics, where), '', displayZone);
}

/** Two readings of a task show the same to the device. */
export function sameTask(a: TaskItem | undefined, b: TaskItem | undefined): boolean {
  const visible = (item: TaskItem | undefined) => item && JSON.stringify({ ...item, key: '' });
  return visible(a) === visible(b);
}

/** The list's tasks by key, in the server's order. */
export function listedTasks(resources: readonly TaskResource[], displayZone: string): Map<string, ListedTask> {
  const items: TaskItem[] = [];
  const kept: TaskResource[] = [];
  const keys = new Set<string>();
  for (const resource of resources) {
    const parsed = parseTask(resource.ics, resource.url.href);
    const key = uidOf(parsed.task) || decodeURIComponent(resource.url.pathname.split('/').pop() ?? resource.url.href);
    const item = itemOfTask(parsed, key, displayZone);
    if (!item || keys.has(key)) continue;
    keys.add(key);
    items.push(item);
    kept.push(resource);
  }
  let checked: SyncItemInput[];
  try {
    checked = syncItems(items);
  } catch (error) {
    throw namingTheTask(error, kept);
  }
  return new Map(checked.map((item, index) => [item.key, { resource: kept[index], item, read: items[index] }]));
}

/** An item's error, naming the task's resource rather than its place in a list the user never saw. */
function namingTheTask(error: unknown, resources: readonly TaskResource[]): unknown {
  if (!(error instanceof DeviceCloudError)) return error;
  const match = /^payload\[(\d+)\]/.exec(error.message);
  const resource = match ? resources[Number(match[1])] : undefined;
  if (!match || !resource) return error;
  return new DeviceCloudError('validation', `task ${resource.url.href}${error.message.slice(match[0].length)}`, {
    operation: 'caldav',
    field: error.field,
  });
}
