/**
 * A change made on the device, written into a task's iCalendar text: only what the device changed is rewritten
 * (SUMMARY, DESCRIPTION, DUE, PRIORITY, RRULE, the state), and everything else of the object stays as the server
 * had it: other properties and their parameters, X- properties, VALARM, CATEGORIES, time zones, the exceptions of
 * a repeating task. Each write stamps the task (DTSTAMP, LAST-MODIFIED) and counts its SEQUENCE up, as clients do.
 */
import { ICAL } from '../../caldav/modules';
import { readDue, writeDue, type DeviceDue } from './due';
import { moveToNextOccurrence, writeRepeat, type DeviceRepeat } from './repeat';
import { icalPriorityOf, parseTask } from './task-item';

/** What a person changed on the device, field by field; a field left out was not changed. */
export interface DeviceEdits {
  title?: string;
  description?: string;
  due?: DeviceDue;
  priority?: number;
  repeat?: DeviceRepeat;
  /** true: ticked off; false: reopened. */
  completed?: boolean;
}

export interface EditOptions {
  displayZone: string;
  /** The time of the write. */
  now: Date;
}

/** The task's new text; `moved` is set when a tick moved a repeating task on to its next occurrence. */
export function editTask(
  ics: string,
  edits: DeviceEdits,
  options: EditOptions,
  where: string,
): { ics: string; moved: boolean } {
  const { Time } = ICAL.get();
  const { calendar, task } = parseTask(ics, where);
  const now = Time.fromJSDate(options.now, true);
  const set = (name: string, value: unknown) => {
    const property = task.getFirstProperty(name);
    if (property) property.setValue(value);
    else task.addPropertyWithValue(name, value);
  };
  if (edits.title !== undefined) set('summary', edits.title);
  if (edits.description !== undefined) {
    if (edits.description === '') task.removeAllProperties('description');
    else set('description', edits.description);
  }
  if (edits.due) writeDue(calendar, task, edits.due, options.displayZone);
  if (edits.priority !== undefined) {
    const priority = icalPriorityOf(edits.priority);
    if (priority === undefined) task.removeAllProperties('priority');
    else set('priority', priority);
  }
  if (edits.repeat) writeRepeat(task, edits.repeat, readDue(calendar, task, options.displayZone).dueDate);
  let moved = false;
  if (edits.completed === true) moved = moveToNextOccurrence(task);
  if (edits.completed === false || moved) {
    set('status', 'NEEDS-ACTION');
    task.removeAllProperties('completed');
    task.removeAllProperties('percent-complete');
  } else if (edits.completed === true) {
    set('status', 'COMPLETED');
    set('completed', now);
    set('percent-complete', 100);
  }
  set('dtstamp', now);
  set('last-modified', now);
  const sequence = Number(task.getFirstPropertyValue('sequence') ?? 0);
  set('sequence', Number.isInteger(sequence) && sequence >= 0 ? sequence + 1 : 1);
  return { ics: calendar.toString() + '\r\n', moved };
}
