/**
 * What a person changed on the device, from the sync's reports of one item (output 2: completed or reopened,
 * edited with the fields the device changed, deleted), as the edits of one write. The fields the list changed are
 * not among them: the sync has brought them to the device, and the task has them already.
 */
import type { DeviceChange } from '../sync/plan';
import { FIELD_GROUPS, sameFields, type FieldGroup, type TodoFields } from '../sync/field-merge';
import type { TaskItem } from './task-item';
import type { DeviceEdits } from './task-edit';

export interface DeviceChangeSet {
  deleted: boolean;
  edits: DeviceEdits;
}

/** The reports of one key as one change: all a person did to one task, for one write. */
export function changeSetOf(reports: readonly DeviceChange[]): DeviceChangeSet {
  if (reports.some((report) => report.change === 'deleted')) return { deleted: true, edits: {} };
  const edits: DeviceEdits = {};
  for (const report of reports) {
    if (report.change === 'completed') edits.completed = true;
    else if (report.change === 'reopened') edits.completed = false;
    else if (report.change === 'edited') Object.assign(edits, editsOf(report.fields ?? {}));
  }
  return { deleted: false, edits };
}

function editsOf(fields: TodoFields): DeviceEdits {
  const edits: DeviceEdits = {};
  if (fields.title !== undefined) edits.title = fields.title;
  if (fields.description !== undefined) edits.description = fields.description;
  if (fields.dueDate !== undefined) {
    edits.due = { dueDate: fields.dueDate, dueTime: fields.dueDate === '' ? '' : (fields.dueTime ?? '') };
  }
  if (fields.priority !== undefined) edits.priority = fields.priority;
  if (fields.repeatType !== undefined) {
    const { repeatType, repeatWeekday, repeatMonth, repeatDay } = fields;
    edits.repeat = { repeatType, repeatWeekday, repeatMonth, repeatDay };
  }
  return edits;
}

/**
 * The edits without the fields the server changed between two reads of the task (another client, before the write
 * of the first read was answered 412): there, as for any field both sides changed, the list wins.
 */
export function withoutServerChanges(edits: DeviceEdits, read: TaskItem, reread: TaskItem): DeviceEdits {
  const kept: DeviceEdits = { ...edits };
  for (const group of Object.keys(FIELD_GROUPS) as FieldGroup[]) {
    if (!sameFields(group, read, reread)) delete kept[group];
  }
  return kept;
}
