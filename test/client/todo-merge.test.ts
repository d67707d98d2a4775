// Two lists of to-dos (pending, then completed) as one: each id once, in the order first seen, and
// the later list's version of a to-do that changed state between the two requests.

import { expect } from 'chai';
import { mergeById } from '../../dist/lib/client/operations/todo-merge';
import type { TodoListItem } from '../../dist/lib/types';

function item(id: unknown, status: 0 | 1, title = `to-do ${String(id)}`): TodoListItem {
  return { id, title, status, completed: status === 1 } as unknown as TodoListItem;
}

describe('mergeById', function () {
  it('keeps each list in its order, the first one first', () => {
    const merged = mergeById([
      [item(3, 0), item(1, 0)],
      [item(2, 1), item(5, 1)],
    ]);
    expect(merged.map((todo) => todo.id)).to.deep.equal([3, 1, 2, 5]);
  });

  it('lists a to-do in both lists once, at its first place, as the later list has it', () => {
    const merged = mergeById([
      [item(1, 0), item(2, 0, 'before')],
      [item(2, 1, 'after'), item(4, 1)],
    ]);
    expect(merged.map((todo) => [todo.id, todo.title, todo.completed])).to.deep.equal([
      [1, 'to-do 1', false],
      [2, 'after', true],
      [4, 'to-do 4', true],
    ]);
  });

  it('takes ids written as strings for the same to-do, and keeps items without an id', () => {
    const merged = mergeById([
      [item('7', 0), item(undefined, 0)],
      [item(7, 1), item(null, 1)],
    ]);
    expect(merged.map((todo) => [todo.id, todo.status])).to.deep.equal([
      [7, 1],
      [undefined, 0],
      [null, 1],
    ]);
  });
});
