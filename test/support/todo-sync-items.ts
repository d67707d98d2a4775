/**
 * The to-do sync's input and the service's to-dos as plain values, for the tests of its plan (no I/O): a list of
 * items as msg.payload holds it, checked, and a to-do as the service lists it after the sync wrote it.
 */
import { contentOfItem, versionOf } from '../../dist/lib/todos/sync/todo-content';
import { markDigest, markText, withMark } from '../../dist/lib/todos/sync/description-mark';
import type { SyncRequest } from '../../dist/lib/todos/sync/plan';
import type { TodoListItem } from '../../dist/lib/types';
import { syncItems } from '../../dist/lib/values';

export const KITCHEN = 'AA:BB:CC:DD:EE:01';

/** A sync of the list "shopping" on the kitchen display. */
export function request(items: unknown[], removed: SyncRequest['removed'] = 'delete'): SyncRequest {
  return { source: 'shopping', deviceId: KITCHEN as SyncRequest['deviceId'], removed, items: syncItems(items) };
}

/** The digest of an item's content, as a mark carries it (with its state). */
export function digestOf(item: Record<string, unknown>): string {
  return versionOf(contentOfItem(syncItems([{ key: 'k', ...item }])[0].fields), false).digest;
}

/** A to-do as the service lists it, written by the sync for `item` (pending unless `completed`). */
export function listed(id: number, item: Record<string, unknown>, changes: Partial<TodoListItem> = {}): TodoListItem {
  const [parsed] = syncItems([item]);
  const version = versionOf(contentOfItem(parsed.fields), false);
  const mark = markText('shopping', parsed.key, markDigest(version.digest, false));
  const { content } = version;
  return {
    id,
    title: content.title,
    description: withMark(content.description, mark),
    dueDate: content.dueDate,
    dueTime: content.dueTime,
    repeatType: content.repeatType,
    status: 0,
    priority: content.priority as TodoListItem['priority'],
    completed: false,
    deviceId: KITCHEN,
    deviceName: 'Kitchen',
    createDate: '2026-11-20 10:00:00',
    updateDate: 1_795_000_000,
    ...(content.repeatWeekday === null ? {} : { repeatWeekday: content.repeatWeekday }),
    ...changes,
  };
}
