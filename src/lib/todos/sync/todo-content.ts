/**
 * What the to-do sync compares: a to-do's content (its fields but the state) and its state, read the same way from
 * an item of the list and from a to-do as the service lists it, so that equal means equal to a person. The
 * service's answers are read leniently (a number as a string, null for none, seconds on a time).
 */
import { createHash } from 'node:crypto';
import { isCompleted, type TodoListItem } from '../../types';
import { REPEAT_TYPES, SYNC_TODO_FIELDS, toInteger, type RepeatType, type TodoCreate } from '../../values';

/** A to-do's fields, each in one form: '' for no text, date or time, 0 for normal priority, null for no repeat day. */
export interface TodoContent {
  title: string;
  /** The description without the sync's mark. */
  description: string;
  dueDate: string;
  dueTime: string;
  priority: number;
  repeatType: RepeatType;
  repeatWeekday: number | null;
  repeatMonth: number | null;
  repeatDay: number | null;
}

/** The fields of the content: an item's to-do fields. */
export const CONTENT_FIELDS = SYNC_TODO_FIELDS satisfies readonly (keyof TodoContent)[];

/** A to-do as the sync compares it: its content, a digest of the content, and its state. */
export interface TodoVersion {
  content: TodoContent;
  /** 16 hex digits: two contents with the same digest are taken for equal. */
  digest: string;
  completed: boolean;
}

export function contentDigest(content: TodoContent): string {
  const parts = CONTENT_FIELDS.map((field) => content[field]);
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16);
}

export function versionOf(content: TodoContent, completed: boolean): TodoVersion {
  return { content, digest: contentDigest(content), completed };
}

/** A repeat day counts only with the repeat type it belongs to: the weekday with weekly, the month with yearly, the day with monthly and yearly. */
function withRepeat(
  type: RepeatType,
  weekday: number | null,
  month: number | null,
  day: number | null,
): Pick<TodoContent, 'repeatType' | 'repeatWeekday' | 'repeatMonth' | 'repeatDay'> {
  return {
    repeatType: type,
    repeatWeekday: type === 'weekly' ? weekday : null,
    repeatMonth: type === 'yearly' ? month : null,
    repeatDay: type === 'monthly' || type === 'yearly' ? day : null,
  };
}

/** The content of an item of the list, from its checked fields. */
export function contentOfItem(fields: TodoCreate): TodoContent {
  return {
    title: fields.title,
    description: fields.description ?? '',
    dueDate: fields.dueDate ?? '',
    dueTime: fields.dueTime ?? '',
    priority: fields.priority ?? 0,
    ...withRepeat(
      fields.repeatType ?? 'none',
      fields.repeatWeekday ?? null,
      fields.repeatMonth ?? null,
      fields.repeatDay ?? null,
    ),
  };
}

/** The content of a to-do as the service lists it; `description` is its description without the mark. */
export function contentOfListed(item: TodoListItem, description: string): TodoContent {
  const type = typeof item.repeatType === 'string' ? item.repeatType.trim().toLowerCase() : '';
  return {
    title: textOf(item.title),
    description,
    dueDate: dateOf(item.dueDate),
    dueTime: timeOf(item.dueTime),
    priority: toInteger(item.priority) ?? 0,
    ...withRepeat(
      (REPEAT_TYPES as readonly string[]).includes(type) ? (type as RepeatType) : 'none',
      toInteger(item.repeatWeekday) ?? null,
      toInteger(item.repeatMonth) ?? null,
      toInteger(item.repeatDay) ?? null,
    ),
  };
}

export function versionOfListed(item: TodoListItem, description: string): TodoVersion {
  return versionOf(contentOfListed(item, description), isCompleted(item));
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  return typeof value === 'number' ? String(value) : '';
}

/** yyyy-MM-dd, also when the service adds a time to it. */
function dateOf(value: unknown): string {
  const text = textOf(value);
  return /^\d{4}-\d{2}-\d{2}(?:$|[\sT])/.test(text) ? text.slice(0, 10) : text;
}

/** HH:mm, also when the service adds seconds. */
function timeOf(value: unknown): string {
  const text = textOf(value);
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(text.trim());
  return match ? `${match[1].padStart(2, '0')}:${match[2]}` : text;
}

/**
 * The fields an update sends to make `from` equal to `to`: each that differs, as the update takes it. A due date
 * or time the list no longer has is cleared with an empty string; a repeat day it no longer has cannot be
 * cleared (the service has no way) and is left as it is.
 */
export function changedFields(from: TodoContent, to: TodoContent): Partial<Record<keyof TodoContent, unknown>> {
  const changed: Partial<Record<keyof TodoContent, unknown>> = {};
  for (const field of CONTENT_FIELDS) {
    const value = to[field];
    if (value === from[field] || value === null) continue;
    changed[field] = value;
  }
  return changed;
}

/** The content after an update of `changed` fields. */
export function withChanges(from: TodoContent, changed: Partial<Record<keyof TodoContent, unknown>>): TodoContent {
  const after = { ...from, ...changed } as TodoContent;
  return { ...after, ...withRepeat(after.repeatType, after.repeatWeekday, after.repeatMonth, after.repeatDay) };
}

/** A to-do still to be made, as a report would show it. */
export function plannedTodo(wanted: TodoVersion, deviceId = ''): TodoListItem {
  const { content } = wanted;
  return {
    id: 0,
    title: content.title,
    description: content.description,
    dueDate: content.dueDate,
    dueTime: content.dueTime,
    repeatType: content.repeatType,
    status: wanted.completed ? 1 : 0,
    priority: content.priority as TodoListItem['priority'],
    completed: wanted.completed,
    deviceId,
    deviceName: '',
    createDate: '',
    updateDate: 0,
  };
}
