/**
 * The to-do sync's memory as a Node-RED context store keeps it: plain JSON (a store may write it to a file).
 * What cannot be read back (another version's shape, a file edited by hand) is forgotten, entry by entry: the
 * marks on the service are enough to go on.
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

export function memoryToStore(memory: SyncMemory): StoredMemory {
  return { version: STORE_VERSION, items: [...memory.entries()] };
}

export function memoryFromStore(value: unknown): SyncMemory {
  const memory: SyncMemory = new Map();
  if (!isPlainObject(value) || value.version !== STORE_VERSION || !Array.isArray(value.items)) return memory;
  for (const pair of value.items as unknown[]) {
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
