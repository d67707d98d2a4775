/**
 * A task of a CalDAV list as an item of the to-do sync: the UID is the key, SUMMARY the title, DESCRIPTION the
 * description, DUE the due date and time on the display's clock (./due), PRIORITY 1-4 urgent, 5 important, else
 * normal, a simple RRULE the repeat (./repeat), STATUS:COMPLETED (or a COMPLETED time without STATUS) the tick. A
 * cancelled task is not on the device. A repeating task is read from its master (the VTODO without a
 * RECURRENCE-ID); the exceptions beside it are kept as they are.
 */
import type ICALModule from 'ical.js';
import { ICAL } from '../../caldav/modules';
import { DeviceCloudError } from '../../errors';
import { readDue } from './due';
import { readRepeat } from './repeat';

type Component = InstanceType<typeof ICALModule.Component>;

/** What the device gets for a task without a SUMMARY: the service needs a title. */
export const UNTITLED = '(untitled)';

/** An item of the sync, as msg.payload would hold it. */
export interface TaskItem {
  key: string;
  title: string;
  description: string;
  dueDate: string;
  dueTime: string;
  priority: number;
  repeatType: string;
  repeatWeekday?: number;
  repeatMonth?: number;
  repeatDay?: number;
  completed: boolean;
}

export interface ParsedTask {
  calendar: Component;
  /** The master VTODO. */
  task: Component;
}

/** A task's iCalendar text, parsed; an error names the resource when it is not iCalendar or holds no VTODO. */
export function parseTask(ics: string, where: string): ParsedTask {
  const { Component: ComponentClass, parse } = ICAL.get();
  let calendar: Component;
  try {
    calendar = new ComponentClass(parse(ics) as unknown[]);
  } catch (error) {
    throw new DeviceCloudError(
      'parse',
      `${where}: not iCalendar (${error instanceof Error ? error.message : 'unreadable'})`,
      {
        operation: 'caldav',
      },
    );
  }
  const todos = calendar.getAllSubcomponents('vtodo');
  const task = todos.find((todo) => !todo.hasProperty('recurrence-id')) ?? todos[0];
  if (!task) throw new DeviceCloudError('parse', `${where}: holds no task (VTODO)`, { operation: 'caldav' });
  return { calendar, task };
}

/** The task's UID, its key in the sync. */
export function uidOf(task: Component): string {
  const uid = task.getFirstPropertyValue('uid');
  return typeof uid === 'string' ? uid.trim() : '';
}

/** The device's priority for iCalendar's (1 highest to 9 lowest, 0 none). */
export function priorityOf(value: unknown): number {
  const priority = Number(value ?? 0);
  if (priority >= 1 && priority <= 4) return 2;
  return priority === 5 ? 1 : 0;
}

/** iCalendar's priority for the device's: urgent 1, important 5, normal none. */
export function icalPriorityOf(priority: number): number | undefined {
  if (priority === 2) return 1;
  return priority === 1 ? 5 : undefined;
}

export function isCompletedTask(task: Component): boolean {
  const status = String(task.getFirstPropertyValue('status') ?? '').toUpperCase();
  return status === 'COMPLETED' || (status === '' && task.hasProperty('completed'));
}

function textProperty(task: Component, name: string): string {
  const value = task.getFirstPropertyValue(name);
  return typeof value === 'string' ? value : '';
}

/** The item for a task; undefined for a cancelled one. */
export function itemOfTask({ calendar, task }: ParsedTask, key: string, displayZone: string): TaskItem | undefined {
  if (String(task.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED') return undefined;
  const due = readDue(calendar, task, displayZone);
  const repeat = readRepeat(task.getFirstPropertyValue('rrule') as never, due.dueDate);
  return {
    key,
    title: textProperty(task, 'summary').trim() === '' ? UNTITLED : textProperty(task, 'summary'),
    description: textProperty(task, 'description'),
    ...due,
    priority: priorityOf(task.getFirstPropertyValue('priority')),
    ...repeat,
    completed: isCompletedTask(task),
  };
}
