/**
 * What the to-do sync remembers of a list between syncs, and how it is stored (in its file, and in a Node-RED
 * context store): plain JSON, at most MOST_REMEMBERED_ITEMS entries. What cannot be read back (another version's
 * shape, a file edited by hand) is forgotten, entry by entry: the marks on the service are enough to go on. A
 * memory written before each side's fields were kept is read as it is, without them.
 */
import { isPlainObject, REPEAT_TYPES } from '../../values';
import type { TodoListItem } from '../../types';
import { CONTENT_FIELDS, contentDigest, type TodoContent, type TodoVersion } from './todo-content';

/** A side (the service's to-do, or the list's item) as the last sync left it. */
export interface SideState {
  /** The digest of its content. */
  content: string;
  completed: boolean;
  /** Its content, for the merge field by field; none in a memory an earlier version wrote. */
  fields?: TodoContent;
}

/** What a sync remembers of one key; `null`: that side had no such to-do or item. */
export interface RememberedItem {
  id: number;
  service: SideState | null;
  list: SideState | null;
  /** The to-do as the last sync saw it on the service, its description without the mark. */
  todo: TodoListItem;
}

/** By key. */
export type SyncMemory = Map<string, RememberedItem>;

export function sideOf(version: TodoVersion): SideState {
  return { content: version.digest, completed: version.completed, fields: version.content };
}

const STORE_VERSION = 1;

export interface StoredMemory {
  version: typeof STORE_VERSION;
  /** [key, what is remembered of it]: keys are the items' own, so never object properties. */
  items: [string, RememberedItem][];
}

/** Far more than a list a person keeps; beyond it, the to-dos whose items left the list are forgotten first. */
export const MOST_REMEMBERED_ITEMS = 10_000;

/** The list's side is stored without its fields when they are the service's. */
export function memoryToStore(memory: SyncMemory): StoredMemory {
  let items = [...memory.entries()];
  if (items.length > MOST_REMEMBERED_ITEMS) {
    const inList = items.filter(([, entry]) => entry.list !== null);
    const left = items.filter(([, entry]) => entry.list === null);
    items = [...inList, ...left].slice(0, MOST_REMEMBERED_ITEMS);
  }
  const stored = items.map(([key, entry]): [string, RememberedItem] => {
    if (!entry.list?.fields || entry.list.content !== entry.service?.content) return [key, entry];
    return [key, { ...entry, list: { content: entry.list.content, completed: entry.list.completed } }];
  });
  return { version: STORE_VERSION, items: stored };
}

export function memoryFromStore(value: unknown): SyncMemory {
  const memory: SyncMemory = new Map();
  if (!isPlainObject(value) || value.version !== STORE_VERSION || !Array.isArray(value.items)) return memory;
  for (const pair of (value.items as unknown[]).slice(0, MOST_REMEMBERED_ITEMS)) {
    if (!Array.isArray(pair) || typeof pair[0] !== 'string') continue;
    const entry = rememberedItem(pair[1]);
    if (entry) memory.set(pair[0], entry);
  }
  return memory;
}

function rememberedItem(value: unknown): RememberedItem | undefined {
  if (!isPlainObject(value) || !Number.isSafeInteger(value.id) || !isPlainObject(value.todo)) return undefined;
  const service = side(value.service);
  const list = side(value.list);
  if (service === undefined || list === undefined) return undefined;
  if (list && !list.fields && service?.fields && list.content === service.content) list.fields = service.fields;
  return { id: value.id as number, service, list, todo: value.todo as TodoListItem };
}

function side(value: unknown): SideState | null | undefined {
  if (value === null) return null;
  if (!isPlainObject(value) || typeof value.content !== 'string' || typeof value.completed !== 'boolean') {
    return undefined;
  }
  const read: SideState = { content: value.content, completed: value.completed };
  const fields = contentOf(value.fields);
  // Fields that are not what the digest says (edited by hand) are not the side's.
  if (fields && contentDigest(fields) === read.content) read.fields = fields;
  return read;
}

const TEXT_FIELDS = ['title', 'description', 'dueDate', 'dueTime'] as const;
const DAY_FIELDS = ['repeatWeekday', 'repeatMonth', 'repeatDay'] as const;

/** A content as a memory holds it, each field of its type; undefined for anything else. */
function contentOf(value: unknown): TodoContent | undefined {
  if (!isPlainObject(value)) return undefined;
  if (!TEXT_FIELDS.every((field) => typeof value[field] === 'string')) return undefined;
  if (!Number.isSafeInteger(value.priority)) return undefined;
  if (!(REPEAT_TYPES as readonly unknown[]).includes(value.repeatType)) return undefined;
  if (!DAY_FIELDS.every((field) => value[field] === null || Number.isSafeInteger(value[field]))) return undefined;
  const content: Record<string, unknown> = {};
  for (const field of CONTENT_FIELDS) content[field] = value[field];
  return content as unknown as TodoContent;
}
