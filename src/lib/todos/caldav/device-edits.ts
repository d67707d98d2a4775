/**
 * What a person changed on the device, from the sync's reports of one item (output 2: completed or reopened,
 * edited, deleted): the fields that differ between the to-do and the item the list gave (the task as read),
 * which is what the device changed, since a report means the list did not change them.
 */
import type { TodoListItem } from '../../types';
import type { SyncItemInput } from '../../values';
import type { DeviceChange } from '../sync/plan';
import { contentOfItem, contentOfListed, type TodoContent } from '../sync/todo-content';
import type { DeviceEdits } from './task-edit';

export interface DeviceChangeSet {
  deleted: boolean;
  edits: DeviceEdits;
}

/** The reports of one key as one change: all a person did to one task, for one write. */
export function changeSetOf(reports: readonly DeviceChange[], item: SyncItemInput): DeviceChangeSet {
  if (reports.some((report) => report.change === 'deleted')) return { deleted: true, edits: {} };
  const edits: DeviceEdits = {};
  for (const report of reports) {
    if (report.change === 'completed') edits.completed = true;
    else if (report.change === 'reopened') edits.completed = false;
    else if (report.change === 'edited') Object.assign(edits, editsOf(report.todo, contentOfItem(item.fields)));
  }
  return { deleted: false, edits };
}

function editsOf(todo: TodoListItem, read: TodoContent): DeviceEdits {
  const shown = contentOfListed(todo, typeof todo.description === 'string' ? todo.description : '');
  const edits: DeviceEdits = {};
  if (shown.title !== read.title) edits.title = shown.title;
  if (shown.description !== read.description) edits.description = shown.description;
  if (shown.dueDate !== read.dueDate || shown.dueTime !== read.dueTime) {
    edits.due = { dueDate: shown.dueDate, dueTime: shown.dueDate === '' ? '' : shown.dueTime };
  }
  if (shown.priority !== read.priority) edits.priority = shown.priority;
  const repeatFields = ['repeatType', 'repeatWeekday', 'repeatMonth', 'repeatDay'] as const;
  if (repeatFields.some((field) => shown[field] !== read[field])) {
    edits.repeat = { repeatType: shown.repeatType };
    if (shown.repeatWeekday !== null) edits.repeat.repeatWeekday = shown.repeatWeekday;
    if (shown.repeatMonth !== null) edits.repeat.repeatMonth = shown.repeatMonth;
    if (shown.repeatDay !== null) edits.repeat.repeatDay = shown.repeatDay;
  }
  return edits;
}
