/**
 * The input of the to-do sync (its node contract): the list's items, each with a key unique in the list and the
 * fields of a to-do, and the name of the list (its source). Every item is checked, and every to-do field with the
 * create operation's own rules, before anything is read or written; an error names the item and the field.
 */
import { describe, DeviceCloudError, invalid } from '../errors';
import { boolean, isPlainObject, text } from './primitives';
import { todoCreate, type TodoCreate } from './todos';

/** The to-do fields an item may carry, as a create takes them. */
export const SYNC_TODO_FIELDS = [
  'title',
  'description',
  'dueDate',
  'dueTime',
  'priority',
  'repeatType',
  'repeatWeekday',
  'repeatMonth',
  'repeatDay',
] as const;
export const SYNC_ITEM_FIELDS = ['key', ...SYNC_TODO_FIELDS, 'completed'] as const;

/** An item of the list, checked. */
export interface SyncItemInput {
  /** The item's id in the list's own system, as text: 42 and "42" are one key. */
  key: string;
  /** Its place in msg.payload, which error texts name. */
  index: number;
  /** The to-do fields as a create sends them (without the sync's mark and the device). */
  fields: TodoCreate;
  completed: boolean;
}

/** Half of a character (a surrogate without its pair): it cannot be written out as UTF-8. */
const BROKEN_CHARACTER = /\p{Cs}/u;

/** The name of the list: any text that is not blank, without the spaces around it. */
export function syncSource(value: unknown, field = 'source'): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  const name = text(value, field).trim();
  if (BROKEN_CHARACTER.test(name)) throw invalid(field, 'must be text of whole characters', value);
  return name;
}

/** The items of msg.payload: an array (empty is a list without items), each key once. */
export function syncItems(value: unknown, field = 'payload'): SyncItemInput[] {
  if (!Array.isArray(value)) {
    throw invalid(field, 'must be an array of items, each {key, title, ...}', value);
  }
  const firstIndexOfKey = new Map<string, number>();
  return value.map((raw: unknown, index) => {
    const item = syncItem(raw, `${field}[${index}]`, index);
    const earlier = firstIndexOfKey.get(item.key);
    if (earlier !== undefined) {
      throw itemError(
        `${field}[${index}]`,
        'key',
        item.key,
        `is also the key of ${field}[${earlier}]; each item's key must be unique in the list`,
      );
    }
    firstIndexOfKey.set(item.key, index);
    return item;
  });
}

function syncItem(raw: unknown, where: string, index: number): SyncItemInput {
  if (!isPlainObject(raw)) throw invalid(where, 'must be an item {key, title, ...}', raw);
  const key = itemKey(raw.key, where);
  for (const name of Object.keys(raw)) {
    if (!(SYNC_ITEM_FIELDS as readonly string[]).includes(name)) {
      throw itemError(where, name, key, `is not a field of an item; use ${SYNC_ITEM_FIELDS.join(', ')}`);
    }
  }
  // A field left null or empty is a field not given: what a mapping from another system often writes.
  const given: Record<string, unknown> = {};
  for (const name of SYNC_TODO_FIELDS) {
    const value = raw[name];
    if (value !== undefined && value !== null && !(value === '' && name !== 'title')) given[name] = value;
  }
  const fields = asItem(() => todoCreate(given, where), where, key);
  const completed =
    raw.completed === undefined || raw.completed === null ? false : completedOf(raw.completed, where, key);
  return { key, index, fields, completed };
}

function completedOf(value: unknown, where: string, key: string): boolean {
  try {
    return boolean(value, 'completed');
  } catch {
    throw itemError(where, 'completed', key, `must be true or false (got ${describe(value)})`);
  }
}

function itemKey(value: unknown, where: string): string {
  const rule = "the item's id in the list's own system, a string or a number";
  if (value === undefined || value === null || value === '') throw invalid(`${where}.key`, `is required: ${rule}`);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string' || value.trim() === '' || BROKEN_CHARACTER.test(value)) {
    throw invalid(`${where}.key`, `must be ${rule}`, value);
  }
  return value;
}

/**
 * What `parse` makes of an item's fields (a create or an update body); its error, which names the field, is told
 * as the item's: where the item is in the list, its key, and the field.
 */
export function asItem<T>(parse: () => T, where: string, key: string): T {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof DeviceCloudError) || error.field === undefined) throw error;
    const name = error.field.startsWith(`${where}.`) ? error.field.slice(where.length + 1) : error.field;
    const said = `${error.field}: `;
    const rule = error.message.startsWith(said) ? error.message.slice(said.length) : error.message;
    throw itemError(where, name === where ? '' : name, key, rule);
  }
}

/** An error that names the item (where it is and its key) and the field. */
function itemError(where: string, name: string, key: string, rule: string): DeviceCloudError {
  const field = name === '' ? where : `${where}.${name}`;
  return new DeviceCloudError('validation', `${field} (item ${describe(key)}): ${rule}`, { field });
}

/** What becomes of a to-do of the list whose item left it: deleted (the default), completed, or left as it is. */
export const REMOVED_ACTIONS = ['delete', 'complete', 'keep'] as const;
export type RemovedAction = (typeof REMOVED_ACTIONS)[number];

export function removedAction(value: unknown, field = 'removed'): RemovedAction {
  if (!(REMOVED_ACTIONS as readonly unknown[]).includes(value)) {
    throw invalid(field, `must be ${REMOVED_ACTIONS.join(', ')}`, value);
  }
  return value as RemovedAction;
}
