/** The values of the to-do operations (specification sections 4.3 to 4.5), each with its rule. */
import { invalid } from '../errors';
import { deviceId, type DeviceId } from './ids';
import { LIMITS } from './limits';
import { integerInRange, isPlainObject, plainObject, text, toInteger, type Parsed } from './primitives';
import type { Priority, TodoStatus } from '../types';

export type { Priority, TodoStatus };

export const REPEAT_TYPES = ['none', 'daily', 'weekly', 'monthly', 'yearly'] as const;
export type RepeatType = (typeof REPEAT_TYPES)[number];

export const PRIORITY_NAMES = ['normal', 'important', 'urgent'] as const;

/** The list's filters, each optional. */
export interface TodoFilter {
  status?: TodoStatus;
  deviceId?: DeviceId;
}

/** Fields shared by create and update; the create request also requires a title. */
export interface TodoFields {
  title?: string;
  description?: string;
  dueDate?: string;
  dueTime?: string;
  repeatType?: RepeatType;
  repeatWeekday?: number;
  repeatMonth?: number;
  repeatDay?: number;
  priority?: Priority;
  /** empty for a personal to-do */
  deviceId?: DeviceId | '';
}

/** The body of POST /todos, checked field by field and as a whole. */
export type TodoCreate = Parsed<TodoFields & { title: string }, 'TodoCreate'>;
/** The body of PUT /todos/{id}: at least one field, checked. */
export type TodoUpdate = Parsed<TodoFields, 'TodoUpdate'>;

export function dueDate(value: unknown, field = 'dueDate'): string {
  const rule = 'must be a date written yyyy-MM-dd that exists, e.g. 2026-12-24';
  if (typeof value !== 'string') throw invalid(field, rule, value);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) throw invalid(field, rule, value);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) throw invalid(field, rule, value);
  return value;
}

export function dueTime(value: unknown, field = 'dueTime'): string {
  if (typeof value !== 'string' || !/^([01]\d|2[0-3]):[0-5]\d$/.test(value)) {
    throw invalid(field, 'must be a time written HH:mm (00:00 to 23:59)', value);
  }
  return value;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function priority(value: unknown, field = 'priority'): Priority {
  if (typeof value === 'string') {
    const named = (PRIORITY_NAMES as readonly string[]).indexOf(value.trim().toLowerCase());
    if (named >= 0) return named as Priority;
  }
  const level = toInteger(value);
  if (level === undefined || level < 0 || level > 2) {
    throw invalid(field, 'must be 0, 1, 2 or "normal", "important", "urgent"', value);
  }
  return level as Priority;
}

export function repeatType(value: unknown, field = 'repeatType'): RepeatType {
  const name = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  if (name === undefined || !(REPEAT_TYPES as readonly string[]).includes(name)) {
    throw invalid(field, `must be one of ${REPEAT_TYPES.join(', ')}`, value);
  }
  return name as RepeatType;
}

/** The list filter: 0 or "pending", 1 or "completed". */
export function todoStatus(value: unknown, field = 'status'): TodoStatus {
  if (value === 'pending') return 0;
  if (value === 'completed') return 1;
  const status = toInteger(value);
  if (status !== 0 && status !== 1) throw invalid(field, 'must be 0 or "pending", 1 or "completed"', value);
  return status;
}

/** The list's filters as given (each may be left out). */
export function todoFilter(filter: { status?: unknown; deviceId?: unknown }): TodoFilter {
  const parsed: TodoFilter = {};
  if (filter.status !== undefined) parsed.status = todoStatus(filter.status);
  if (filter.deviceId !== undefined) parsed.deviceId = deviceId(filter.deviceId);
  return parsed;
}

/**
 * A due moment given as a Date or an ISO 8601 string, split into the service's
 * dueDate and dueTime in the host's time zone. A date-only string has no time.
 */
export function dueDateAndTime(value: unknown, field = 'due'): { dueDate: string; dueTime?: string } {
  const rule = 'must be a Date or an ISO 8601 date-time such as 2026-12-24T18:30';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return { dueDate: dueDate(value, field) };
  let moment: Date;
  if (isDate(value)) {
    moment = new Date(value.getTime());
  } else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d/.test(value)) {
    // The parser rolls a day that does not exist (2026-02-30) over into the next month.
    dueDate(value.slice(0, 10), field);
    moment = new Date(value);
  } else {
    throw invalid(field, rule, value);
  }
  if (Number.isNaN(moment.getTime())) throw invalid(field, rule, value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    dueDate: `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`,
    dueTime: `${pad(moment.getHours())}:${pad(moment.getMinutes())}`,
  };
}

const TODO_FIELD_NAMES = [
  'title',
  'description',
  'dueDate',
  'dueTime',
  'due',
  'repeatType',
  'repeatWeekday',
  'repeatMonth',
  'repeatDay',
  'priority',
  'deviceId',
] as const;

/** How a body's fields are read: `clearDue` takes an empty dueDate or dueTime as "clear it" (an update only). */
export interface FieldOptions {
  clearDue?: boolean;
}

function todoFields(source: Record<string, unknown>, options: FieldOptions = {}): TodoFields {
  const fields: TodoFields = {};
  const given = (key: string) => source[key] !== undefined;
  if (given('title')) fields.title = text(source.title, 'title');
  if (given('description')) {
    fields.description = text(source.description, 'description', undefined, { allowEmpty: true });
  }
  if (given('due')) {
    if (given('dueDate') || given('dueTime')) throw invalid('due', 'give either due or dueDate/dueTime, not both');
    Object.assign(fields, dueDateAndTime(source.due));
  }
  const cleared = (key: string) => options.clearDue === true && source[key] === '';
  if (given('dueDate')) fields.dueDate = cleared('dueDate') ? '' : dueDate(source.dueDate);
  if (given('dueTime')) fields.dueTime = cleared('dueTime') ? '' : dueTime(source.dueTime);
  if (given('repeatType')) fields.repeatType = repeatType(source.repeatType);
  if (given('repeatWeekday')) fields.repeatWeekday = integerInRange(source.repeatWeekday, 'repeatWeekday', 0, 6);
  if (given('repeatMonth')) fields.repeatMonth = integerInRange(source.repeatMonth, 'repeatMonth', 1, 12);
  if (given('repeatDay')) fields.repeatDay = integerInRange(source.repeatDay, 'repeatDay', 1, 31);
  if (given('priority')) fields.priority = priority(source.priority);
  if (given('deviceId')) fields.deviceId = source.deviceId === '' ? '' : deviceId(source.deviceId);
  checkRepeat(fields);
  return fields;
}

/** Repeat fields belong to their repeat type: weekday to weekly, month to yearly, day to monthly and yearly. */
function checkRepeat(fields: TodoFields): void {
  const type = fields.repeatType;
  if (type !== undefined) {
    if (fields.repeatWeekday !== undefined && type !== 'weekly') {
      throw invalid('repeatWeekday', `goes with repeatType weekly, not ${type}`);
    }
    if (fields.repeatMonth !== undefined && type !== 'yearly') {
      throw invalid('repeatMonth', `goes with repeatType yearly, not ${type}`);
    }
    if (fields.repeatDay !== undefined && type !== 'monthly' && type !== 'yearly') {
      throw invalid('repeatDay', `goes with repeatType monthly or yearly, not ${type}`);
    }
  }
  if (fields.repeatMonth !== undefined && fields.repeatDay !== undefined) {
    if (fields.repeatDay > daysInMonth(2024, fields.repeatMonth)) {
      throw invalid('repeatDay', `does not exist in month ${fields.repeatMonth}`, fields.repeatDay);
    }
  }
}

/** The body of POST /todos. */
export function todoCreate(value: unknown, field = 'payload'): TodoCreate {
  const fields = todoFields(plainObject(value, field, TODO_FIELD_NAMES));
  if (fields.title === undefined) throw invalid('title', 'is required to create a to-do');
  // A new to-do without repeatType does not repeat: a repeat field alone would be dropped silently.
  checkRepeat({ repeatType: 'none', ...fields });
  return withinRequestSize({ ...fields, title: fields.title }, field) as TodoCreate;
}

/**
 * The update fields the service may not apply: one statement of the interface lists repeatType and
 * deviceId as updatable, the newer one does not, and neither lists the repeat days for an update. An
 * update that carries any of them is confirmed from what the service then lists.
 */
export const UNCERTAIN_UPDATE_FIELDS = ['repeatType', 'repeatWeekday', 'repeatMonth', 'repeatDay', 'deviceId'] as const;
export type UncertainUpdateField = (typeof UNCERTAIN_UPDATE_FIELDS)[number];

/** The uncertain fields an update carries, in the order above. */
export function uncertainFieldsOf(fields: TodoUpdate): UncertainUpdateField[] {
  return UNCERTAIN_UPDATE_FIELDS.filter((field) => fields[field] !== undefined);
}

/**
 * The body of PUT /todos/{id}: at least one field; `status` belongs to the complete operation. With `clearDue`
 * an empty dueDate or dueTime is sent as it is, to clear it: the specification shows no way to clear a field,
 * and the simulator reads an empty string so (the to-do sync clears a due date that left its list so).
 */
export function todoUpdate(value: unknown, field = 'payload', options: FieldOptions = {}): TodoUpdate {
  if (isPlainObject(value) && Object.hasOwn(value, 'status')) {
    throw invalid('status', 'cannot be changed by an update; use the device-cloud-todo-complete node');
  }
  const fields = todoFields(plainObject(value, field, [...TODO_FIELD_NAMES, 'id']), options);
  if (Object.keys(fields).length === 0) throw invalid(field, 'must hold at least one field to change');
  return withinRequestSize(fields, field) as TodoUpdate;
}

/**
 * The guard against runaway input where the specification sets no length: the JSON body a request would
 * carry, at most LIMITS.jsonRequestBytes (1 MB), counted as sent (UTF-8).
 */
function withinRequestSize<T>(body: T, field: string): T {
  // Each character is at least one byte and at most six as JSON: most bodies need no count.
  const json = JSON.stringify(body);
  if (json.length * 6 <= LIMITS.jsonRequestBytes) return body;
  const bytes = new TextEncoder().encode(json).length;
  if (bytes > LIMITS.jsonRequestBytes) {
    throw invalid(
      field,
      `makes a request body of ${bytes} bytes of JSON; at most ${LIMITS.jsonRequestBytes} bytes (1 MB) go in one request`,
    );
  }
  return body;
}

/** A Date, also one made in another realm (a function node's sandbox), where `instanceof Date` fails. */
function isDate(value: unknown): value is Date {
  if (typeof value !== 'object' || value === null) return false;
  try {
    // Only a real Date has the slot getTime reads; an object that merely calls itself a Date throws.
    Date.prototype.getTime.call(value);
    return true;
  } catch {
    return false;
  }
}
