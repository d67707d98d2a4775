/**
 * Which to-dos on the service are the list's, for the to-do sync's plan: those with the list's mark on its device
 * (or personal ones), by the key the mark names, and those the memory knows by their id when a person removed or
 * edited the mark. The oldest to-do of a key is the one; a younger one of the same key is an extra (two machines
 * syncing one list at once), which goes as a to-do whose item left the list.
 */
import { todoIdOf, type TodoListItem } from '../../types';
import type { DeviceId, TodoId } from '../../values';
import { markName, readMark } from './description-mark';
import type { SyncMemory } from './stored-memory';
import { versionOfListed, type TodoVersion } from './todo-content';

/** A to-do of the source on the service. */
export interface OwnTodo {
  id: TodoId;
  /** The digest its mark carries; none when a person replaced or removed the mark and the memory knew the to-do. */
  markDigest?: string;
  /** The mark is the description's last line, as the sync writes it. */
  markAtEnd: boolean;
  version: TodoVersion;
  /** As reports show it. */
  todo: TodoListItem;
}

/**
 * The to-dos with the source's mark on the device (or personal), by key; a second one of a key is an extra. A to-do
 * the memory knows by its id is still its item's when a person removed its mark, or edited the key or the list's
 * name in it.
 */
export function ownTodos(
  request: { source: string; deviceId?: DeviceId },
  listed: readonly TodoListItem[],
  remembered: SyncMemory,
): { own: Map<string, OwnTodo>; extras: { key: string; todo: OwnTodo }[] } {
  const source = markName(request.source);
  const device = request.deviceId ?? '';
  const own = new Map<string, OwnTodo>();
  const extras: { key: string; todo: OwnTodo }[] = [];
  const keyOfId = new Map<number, string>();
  for (const [key, entry] of remembered) if (entry.service !== null) keyOfId.set(entry.id, key);
  /** To-dos the memory may know: without a mark, or with this list's mark naming another key than it remembers. */
  const known: { id: TodoId; key: string; item: TodoListItem; text: string; mark?: { key: string; todo: OwnTodo } }[] =
    [];
  const sorted = [...listed].sort((a, b) => (todoIdOf(a) ?? 0) - (todoIdOf(b) ?? 0));
  for (const item of sorted) {
    const id = todoIdOf(item);
    if (id === undefined || id < 1) continue;
    if (String(item.deviceId ?? '').toUpperCase() !== device) continue;
    const read = readMark(item.description);
    const rememberedKey = keyOfId.get(id);
    if (!read) {
      const text = typeof item.description === 'string' ? item.description : '';
      if (rememberedKey !== undefined) known.push({ id: id as TodoId, key: rememberedKey, item, text });
      continue;
    }
    if (read.mark.source !== source) {
      // Another list's mark on a to-do this list made: a person edited the mark, or pasted another to-do's note.
      if (rememberedKey !== undefined) known.push({ id: id as TodoId, key: rememberedKey, item, text: read.text });
      continue;
    }
    const todo: OwnTodo = {
      id: id as TodoId,
      markDigest: read.mark.digest,
      markAtEnd: read.atEnd,
      version: versionOfListed(item, read.text),
      todo: { ...item, description: read.text },
    };
    if (rememberedKey !== undefined && rememberedKey !== read.mark.key) {
      known.push({ id: id as TodoId, key: rememberedKey, item, text: read.text, mark: { key: read.mark.key, todo } });
      continue;
    }
    // The oldest is the one: a younger one is a duplicate (two machines syncing the same list at once, say).
    if (own.has(read.mark.key)) extras.push({ key: read.mark.key, todo });
    else own.set(read.mark.key, todo);
  }
  for (const { id, key, item, text, mark } of known) {
    if (!own.has(key)) {
      own.set(key, {
        id,
        markAtEnd: false,
        version: versionOfListed(item, text),
        todo: { ...item, description: text },
      });
    } else if (mark) {
      // The memory's item has its to-do already: this one is what its mark says.
      if (own.has(mark.key)) extras.push(mark);
      else own.set(mark.key, mark.todo);
    }
  }
  return { own, extras };
}
