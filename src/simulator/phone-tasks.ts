// The simulator's task lists as another CalDAV client of the user (a phone) shows and changes them, for the
// simulator's page: each task's summary, due and state; a tick, a reopening, a new summary, a deletion. A change is
// written as such a client writes it: the task's text rewritten (STATUS, COMPLETED and PERCENT-COMPLETE; SUMMARY;
// DTSTAMP, LAST-MODIFIED and SEQUENCE stamped), under a new ETag, so that the next sync finds the task changed.

import ICAL from 'ical.js';
import { mainComponent, parseCalendar, type Component } from './calendar-object';
import { findCalendar, taskLists, writeObject, type SimCalendar, type SimCalendars } from './calendars';
import { calendarPath } from './dav-resources';

/** /sim/tasks/{calendar}/{object}, and …/complete, …/reopen; the names percent-encoded. */
export const PHONE_TASK_ROUTE = /^\/sim\/tasks\/([^/]+)\/([^/]+?)(?:\/(complete|reopen))?$/;

export interface TaskView {
  /** The object's name in its calendar, e.g. 'plumber.ics'. */
  name: string;
  summary: string;
  /** As the task says it: '2026-12-24', '2026-12-24 09:30 (Europe/London)', '… UTC', or '' for none. */
  due: string;
  /** Its STATUS, NEEDS-ACTION when it has none (COMPLETED for a task with only a COMPLETED time). */
  status: string;
  completed: boolean;
  /** The repeat's frequency, lower case ('weekly'); '' for none. */
  repeats: string;
}

export interface TaskListView {
  name: string;
  displayName: string;
  /** Its address on the simulator, e.g. '/caldav/user/calendars/tasks/'. */
  path: string;
  tasks: TaskView[];
}

export interface PhoneChangeAnswer {
  status: number;
  body: unknown;
}

const two = (value: number): string => String(value).padStart(2, '0');

function dueText(task: Component): string {
  const property = task.getFirstProperty('due');
  const due = property?.getFirstValue();
  if (!property || !(due instanceof ICAL.Time)) return '';
  const date = `${due.year}-${two(due.month)}-${two(due.day)}`;
  if (due.isDate) return date;
  const time = `${date} ${two(due.hour)}:${two(due.minute)}`;
  const zone = property.getParameter('tzid');
  if (typeof zone === 'string') return `${time} (${zone})`;
  return due.toString().endsWith('Z') ? `${time} UTC` : time;
}

function taskView(name: string, task: Component): TaskView {
  const said = task.getFirstPropertyValue('status');
  const status = typeof said === 'string' ? said.toUpperCase() : task.hasProperty('completed') ? 'COMPLETED' : '';
  const rule = task.getFirstPropertyValue('rrule');
  return {
    name,
    summary: String(task.getFirstPropertyValue('summary') ?? ''),
    due: dueText(task),
    status: status || 'NEEDS-ACTION',
    completed: status === 'COMPLETED',
    repeats: rule instanceof ICAL.Recur ? rule.freq.toLowerCase() : '',
  };
}

/** The task of an object of a task list, parsed; undefined for an object that holds none. */
function taskOf(ics: string): { root: Component; task: Component } | undefined {
  const root = parseCalendar(ics);
  const task = typeof root === 'string' ? undefined : mainComponent(root, 'VTODO');
  return task && typeof root !== 'string' ? { root, task } : undefined;
}

export function taskListViews(calendars: SimCalendars): TaskListView[] {
  return taskLists(calendars).map((calendar) => ({
    name: calendar.name,
    displayName: calendar.displayName,
    path: calendarPath(calendar.name),
    tasks: [...calendar.objects].flatMap(([name, object]) => {
      const parsed = taskOf(object.ics);
      return parsed ? [taskView(name, parsed.task)] : [];
    }),
  }));
}

function refused(status: number, msg: string): PhoneChangeAnswer {
  return { status, body: { code: status, msg } };
}

/** A new summary from a JSON body {summary}, or what is wrong with the body. */
function summaryFrom(rawBody: Buffer): string | PhoneChangeAnswer {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return refused(400, 'the body must be JSON: {summary}');
  }
  const summary = (body as { summary?: unknown } | null)?.summary;
  if (typeof summary !== 'string' || summary.trim() === '') return refused(400, 'summary must be a non-empty text');
  return summary;
}

/** The task rewritten by `change` and stamped as a client stamps its writes. */
function rewritten(root: Component, task: Component, change: (task: Component) => void): string {
  const now = ICAL.Time.fromJSDate(new Date(), true);
  change(task);
  task.updatePropertyWithValue('dtstamp', now);
  task.updatePropertyWithValue('last-modified', now);
  task.updatePropertyWithValue('sequence', Number(task.getFirstPropertyValue('sequence') ?? 0) + 1);
  return `${root.toString()}\r\n`;
}

function changeTask(calendar: SimCalendar, name: string, change: (task: Component) => void): PhoneChangeAnswer {
  const object = calendar.objects.get(name);
  const parsed = object && taskOf(object.ics);
  if (!object || !parsed) return refused(404, `no task ${name} in ${calendar.displayName}`);
  const etag = writeObject(calendar, name, rewritten(parsed.root, parsed.task, change), object);
  return { status: 200, body: { calendar: calendar.name, etag, ...taskView(name, parsed.task) } };
}

/** POST …/complete or …/reopen sets the state; PUT {summary} renames; DELETE deletes. */
export function changeOnPhone(
  calendars: SimCalendars,
  method: string,
  route: RegExpExecArray,
  rawBody: Buffer,
): PhoneChangeAnswer {
  let calendarName: string;
  let name: string;
  try {
    [calendarName, name] = [decodeURIComponent(route[1]), decodeURIComponent(route[2])];
  } catch {
    return refused(404, 'no such task');
  }
  const calendar = findCalendar(taskLists(calendars), calendarName);
  if (!calendar || !calendar.objects.has(name)) return refused(404, `no task ${name} in ${calendarName}`);
  const action = route[3];
  if (action) {
    if (method !== 'POST') return refused(405, `${action} takes POST`);
    return changeTask(calendar, name, (task) => {
      if (action === 'complete') {
        task.updatePropertyWithValue('status', 'COMPLETED');
        task.updatePropertyWithValue('completed', ICAL.Time.fromJSDate(new Date(), true));
        task.updatePropertyWithValue('percent-complete', 100);
      } else {
        task.updatePropertyWithValue('status', 'NEEDS-ACTION');
        task.removeAllProperties('completed');
        task.removeAllProperties('percent-complete');
      }
    });
  }
  if (method === 'DELETE') {
    calendar.objects.delete(name);
    return { status: 200, body: { calendar: calendar.name, name, deleted: true } };
  }
  if (method !== 'PUT') return refused(405, `method ${method} not allowed`);
  const summary = summaryFrom(rawBody);
  if (typeof summary !== 'string') return summary;
  return changeTask(calendar, name, (task) => task.updatePropertyWithValue('summary', summary));
}
