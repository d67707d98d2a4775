/** Lists of to-dos fetched one after another, as one. */
import { todoIdOf, type TodoListItem } from '../../types';

/**
 * The to-dos of several lists, each id once, in the order first seen. A to-do
 * in two lists changed state between the two requests: the later list's
 * version is the newer one and wins.
 */
export function mergeById(lists: readonly (readonly TodoListItem[])[]): TodoListItem[] {
  const merged: TodoListItem[] = [];
  const positionOf = new Map<number, number>();
  for (const list of lists) {
    for (const item of list) {
      const id = todoIdOf(item);
      const position = id === undefined ? undefined : positionOf.get(id);
      if (position !== undefined) {
        merged[position] = item;
        continue;
      }
      if (id !== undefined) positionOf.set(id, merged.length);
      merged.push(item);
    }
  }
  return merged;
}
