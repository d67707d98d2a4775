/**
 * The rules of the specification (sections 4, 7 and 8) and of our node contract
 * as pure functions: each takes an unknown value, returns it in the shape the
 * service wants, or throws a validation error that names the field and the rule.
 */
import { types } from 'node:util';
import { invalid } from './errors';
import {
  PAGE_IDS,
  PRIORITY_NAMES,
  REPEAT_TYPES,
  SYNC_INTERVALS,
  type PageId,
  type Priority,
  type RepeatType,
  type SyncInterval,
  type TodoCreate,
  type TodoFields,
  type TodoStatus,
} from './types';

export const LIMITS = {
  text: 5000,
  structuredTitle: 200,
  structuredBody: 5000,
  fontSizeMin: 12,
  fontSizeMax: 48,
  fontSizeDefault: 20,
  imagesPerPush: 5,
  imageBytes: 2 * 1024 * 1024,
  /** The specification sets no length for to-do titles and descriptions; this bound keeps runaway input out. */
  freeText: 10_000,
} as const;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A string's length in characters as a person counts them (code points, not UTF-16 units). */
export function characterCount(text: string): number {
  let count = 0;
  // A surrogate pair is one character; a lone surrogate counts as one too.
  for (let i = 0; i < text.length; i += (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1) count++;
  return count;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  // Not `=== Object.prototype`: an object a function node builds comes from its sandbox's realm.
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/** An integer from a number or a string of digits; anything else is undefined. */
function toInteger(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*-?\d{1,15}\s*$/.test(value)) return Number(value.trim());
  return undefined;
}

/** A device id as the service writes it: checked with one cheap test, as most ids come so and each push checks twice. */
const CANONICAL_DEVICE_ID = /^[0-9A-F]{2}(?::[0-9A-F]{2}){5}$/;

export function deviceId(value: unknown, field = 'deviceId'): string {
  const rule = 'must be a MAC address of six hex pairs, e.g. AA:BB:CC:DD:EE:FF';
  if (typeof value !== 'string') throw invalid(field, rule, value);
  if (CANONICAL_DEVICE_ID.test(value)) return value;
  const match = /^([0-9a-f]{2})([:-]?)([0-9a-f]{2})\2([0-9a-f]{2})\2([0-9a-f]{2})\2([0-9a-f]{2})\2([0-9a-f]{2})$/i.exec(
    value.trim(),
  );
  if (!match) throw invalid(field, rule, value);
  return [match[1], match[3], match[4], match[5], match[6], match[7]].join(':').toUpperCase();
}

export function todoId(value: unknown, field = 'todoId'): number {
  const id = toInteger(value);
  if (id === undefined || id < 1) throw invalid(field, 'must be a positive whole number', value);
  return id;
}

export function pageId(value: unknown, field = 'pageId'): PageId {
  const page = toInteger(value);
  if (page === undefined || page < 1 || page > 5) throw invalid(field, 'must be a page number from 1 to 5', value);
  return PAGE_IDS[page - 1];
}

export function syncInterval(value: unknown, field = 'syncInterval'): SyncInterval {
  const minutes = toInteger(value);
  const allowed = SYNC_INTERVALS as readonly number[];
  if (minutes === undefined || !allowed.includes(minutes)) {
    throw invalid(field, `must be one of ${SYNC_INTERVALS.join(', ')} (minutes)`, value);
  }
  return minutes as SyncInterval;
}

export function fontSize(value: unknown, field = 'fontSize'): number {
  const size = toInteger(value);
  if (size === undefined || size < LIMITS.fontSizeMin || size > LIMITS.fontSizeMax) {
    throw invalid(field, `must be a whole number from ${LIMITS.fontSizeMin} to ${LIMITS.fontSizeMax}`, value);
  }
  return size;
}

export function boolean(value: unknown, field: string): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw invalid(field, 'must be true or false', value);
}

export function text(value: unknown, field: string, max: number, options: { allowEmpty?: boolean } = {}): string {
  if (typeof value !== 'string') throw invalid(field, 'must be a string', value);
  if (!options.allowEmpty && value.trim() === '') throw invalid(field, 'must not be empty or blank');
  if (value.length > max && characterCount(value) > max) {
    throw invalid(field, `must be at most ${max} characters`, value);
  }
  return value;
}

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

export function integerInRange(value: unknown, field: string, min: number, max: number): number {
  const number = toInteger(value);
  if (number === undefined || number < min || number > max) {
    throw invalid(field, `must be a whole number from ${min} to ${max}`, value);
  }
  return number;
}

/** The list filter: 0 or "pending", 1 or "completed". */
export function todoStatus(value: unknown, field = 'status'): TodoStatus {
  if (value === 'pending') return 0;
  if (value === 'completed') return 1;
  const status = toInteger(value);
  if (status !== 0 && status !== 1) throw invalid(field, 'must be 0 or "pending", 1 or "completed"', value);
  return status;
}

/**
 * A due moment given as a Date or an ISO 8601 string, split into the service's
 * dueDate and dueTime in the host's time zone. A date-only string has no time.
 */
export function dueMoment(value: unknown, field = 'due'): { dueDate: string; dueTime?: string } {
  const rule = 'must be a Date or an ISO 8601 date-time such as 2026-12-24T18:30';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return { dueDate: dueDate(value, field) };
  let moment: Date;
  if (types.isDate(value)) {
    // Not `instanceof Date`: a function node's Date comes from its sandbox's realm.
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

/** Checks that an object is a plain one with only the given keys; names the first offending key. */
export function plainObject(value: unknown, field: string, allowed: readonly string[]): Record<string, unknown> {
  if (!isPlainObject(value)) throw invalid(field, 'must be an object', value);
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) throw invalid(`${field}.${key}`, 'is not allowed (a prototype-polluting key)');
    if (!allowed.includes(key)) throw invalid(`${field}.${key}`, `is not a known field; use ${allowed.join(', ')}`);
  }
  return value;
}

function todoFields(source: Record<string, unknown>): TodoFields {
  const fields: TodoFields = {};
  const given = (key: string) => source[key] !== undefined;
  if (given('title')) fields.title = text(source.title, 'title', LIMITS.freeText);
  if (given('description')) {
    fields.description = text(source.description, 'description', LIMITS.freeText, { allowEmpty: true });
  }
  if (given('due')) {
    if (given('dueDate') || given('dueTime')) throw invalid('due', 'give either due or dueDate/dueTime, not both');
    Object.assign(fields, dueMoment(source.due));
  }
  if (given('dueDate')) fields.dueDate = dueDate(source.dueDate);
  if (given('dueTime')) fields.dueTime = dueTime(source.dueTime);
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
  return { ...fields, title: fields.title };
}

/** The body of PUT /todos/{id}: at least one field; `status` belongs to the complete operation. */
export function todoUpdate(value: unknown, field = 'payload'): TodoFields {
  if (isPlainObject(value) && Object.hasOwn(value, 'status')) {
    throw invalid('status', 'cannot be changed by an update; use the device-cloud-todo-complete node');
  }
  const fields = todoFields(plainObject(value, field, [...TODO_FIELD_NAMES, 'id']));
  if (Object.keys(fields).length === 0) throw invalid(field, 'must hold at least one field to change');
  return fields;
}
