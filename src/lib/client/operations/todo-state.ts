/**
 * The to-do state workflow: the service only toggles a to-do, so completing or
 * reopening one reads its state first, and after a toggle that may or may not
 * have arrived reads again rather than toggling blindly.
 */
import { annotated, DeviceCloudError } from '../../errors';
import { isCompleted } from '../../todos/watch';
import type { TodoListItem, TodoState } from '../../types';
import type { TodoId } from '../../values/ids';
import type { TodoFilter } from '../../values/todos';
import type { CallOptions, Caller } from '../request-path';

/** `true` completed, `false` pending, `'toggle'` the opposite of the state read. */
export type WantedState = boolean | 'toggle';

/** The two calls the workflow makes. */
interface TodoCalls {
  list(filter: TodoFilter, options?: CallOptions): Promise<TodoListItem[]>;
  toggle(id: TodoId, options?: CallOptions): Promise<void>;
}

/**
 * One to-do as the list shows it: looked for among the pending ones, then
 * among the completed ones, each asked for by status, so a completed to-do is
 * found whether or not the service's unfiltered list holds it.
 */
export async function findTodo(todos: TodoCalls, id: TodoId, options?: CallOptions): Promise<TodoListItem> {
  for (const status of [0, 1] as const) {
    const found = (await todos.list({ status }, options)).find((item) => Number(item.id) === id);
    if (found) return found;
  }
  throw new DeviceCloudError('http', `to-do ${id} not found`, { operation: 'find to-do', statusCode: 404 });
}

/**
 * Reads the state and toggles only when it differs from the wanted one. A
 * toggle that failed in passing (it may have arrived) starts another round,
 * in the request path's retry loop: read again, then toggle if still needed.
 */
export async function setTodoCompleted(
  path: Caller,
  todos: TodoCalls,
  id: TodoId,
  wanted: WantedState,
  options?: CallOptions,
): Promise<TodoState & { changed: boolean }> {
  let target = wanted;
  let toggled = false;
  let toggling = false;
  const round = async (): Promise<TodoState & { changed: boolean }> => {
    toggling = false;
    const current = isCompleted(await findTodo(todos, id, options));
    if (target === 'toggle') target = !current;
    if (current === target) return { ...todoState(id, target), changed: toggled };
    toggling = true;
    await todos.toggle(id, options);
    return { ...todoState(id, target), changed: true };
  };
  // Only a toggle is repeated here: a failed read has had its own retries.
  return path.repeat(
    round,
    (failure) => {
      if (!toggling || !failure.transient) return false;
      toggled = true;
      return true;
    },
    options,
    (failure, rounds) => {
      if (!toggling || !failure.transient) return failure;
      if (rounds > 1) {
        return annotated(
          failure,
          `gave up after ${rounds} rounds of reading the to-do and toggling it; ${AGAIN_IS_SAFE}`,
        );
      }
      return failure.notSent ? failure : annotated(failure, `the toggle may have arrived; ${AGAIN_IS_SAFE}`);
    },
  );
}

const AGAIN_IS_SAFE = 'sending the message again is safe: the state is read before any toggle';

function todoState(id: number, completed: boolean): TodoState {
  return { id, status: completed ? 1 : 0, completed };
}
