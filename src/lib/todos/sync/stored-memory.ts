/**
 * The to-do sync's memory as it is stored (in its file, and in a Node-RED context store): plain JSON, at most
 * MOST_REMEMBERED_ITEMS entries. What cannot be read back (another version's shape, a file edited by hand) is
 * forgotten, entry by entry: the marks on the service are enough to go on.
 */
import { isPlainObject } from '../../values';
import type { TodoListItem } from '../../types';
import type { RememberedItem, SideState, SyncMemory } from './plan';

const STORE_VERSION = 1;

export interface StoredMemory {
  version: typeof STORE_VERSION;
  /** [key, what is remembered of it]: keys are the items' own, so never object properties. */
  items: [string, RememberedItem][];
}

/** Far more than a list a person keeps; beyond it, the to-dos whose items left the list are forgotten first. */
export const MOST_REMEMBERED_ITEMS = 10_000;

export function memoryToStore(memory: SyncMemory): StoredMemory {
  let items = [...memory.entries()];
  if (items.length > MOST_REMEMBERED_ITEMS) {
    const inList = items.filter(([, entry]) => entry.list !== null);
    const left = items.filter(([, entry]) => entry.list === null);
    items = [...inList, ...left].slice(0, MOST_REMEMBERED_ITEMS);
  }
  return { version: STORE_VERSION, items };
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
  return { id: value.id as number, service, list, todo: value.todo as TodoListItem };
}

function side(value: unknown): SideState | null | undefined {
  if (value === null) return null;
  if (!isPlainObject(value) || typeof value.content !== 'string' || typeof value.completed !== 'boolean') {
    return undefined;
  }
  return { content: value.content, completed: value.completed };
}
