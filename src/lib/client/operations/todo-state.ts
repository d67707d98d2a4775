/**
 * The to-do state workflow. The specification names the complete call "mark
 * complete / incomplete" and leaves open whether it toggles or only marks a
 * to-do completed, so bringing a to-do to a state reads it first (a to-do
 * already there is left alone, so a retry never toggles it back), makes the
 * call, and reads it again to confirm. Where the call did not reopen a
 * completed to-do, an update carrying `status: 0` is the last resort (a
 * service that applies it reopens the to-do so); where nothing worked, the
 * error names the state wanted and the state found, with the to-do attached.
 */
import { annotated, asDeviceCloudError, DeviceCloudError } from '../../errors';
import { isCompleted } from '../../types';
import type { TodoListItem, TodoState, TodoUpdated } from '../../types';
import type { TodoId } from '../../values/ids';
import type { TodoFilter, TodoStatus } from '../../values/todos';
import type { CallOptions, ServiceRequests } from '../account-requests';

/** `true` completed, `false` pending, `'toggle'` the opposite of the state read. */
export type WantedState = boolean | 'toggle';

/** The to-do's state after the workflow, and whether it made a call that changed it. */
export type CompletionResult = TodoState & { changed: boolean };

/** What a look-up by id needs: the list, filtered by state. */
export interface TodoLookup {
  list(filter: TodoFilter, options?: CallOptions): Promise<TodoListItem[]>;
}

/** The calls the state workflow makes besides the look-up. */
export interface TodoStateCalls extends TodoLookup {
  /** PUT /todos/{id}/complete */
  complete(id: TodoId, options?: CallOptions): Promise<void>;
  /** PUT /todos/{id} carrying `status: 0`: reopens a to-do on a service that applies it. */
  reopenByUpdate(id: TodoId, options?: CallOptions): Promise<TodoUpdated>;
}

/**
 * One to-do as the list shows it: looked for among the to-dos in the state
 * `first`, then among the others, each asked for by status, so it is found
 * whether or not the service's unfiltered list holds completed to-dos. One
 * request when the to-do is in the state looked at first, two when not.
 */
export async function findTodo(
  todos: TodoLookup,
  id: TodoId,
  options?: CallOptions,
  first: TodoStatus = 0,
): Promise<TodoListItem> {
  for (const status of first === 0 ? ([0, 1] as const) : ([1, 0] as const)) {
    const found = (await todos.list({ status }, options)).find((item) => Number(item.id) === id);
    if (found) return found;
  }
  throw new DeviceCloudError('http', `to-do ${id} not found`, { operation: 'find to-do', statusCode: 404 });
}

/**
 * Reads the state and calls the service only when it differs from the wanted
 * one, then confirms the outcome from the list. A complete call that failed in
 * passing (it may have arrived) starts another round, in the request path's
 * retry loop: read again, then call if still needed.
 */
export async function setTodoCompleted(
  path: ServiceRequests,
  todos: TodoStateCalls,
  id: TodoId,
  wanted: WantedState,
  options?: CallOptions,
): Promise<CompletionResult> {
  let target = wanted;
  let changed = false;
  let calling = false;
  const round = async (): Promise<CompletionResult> => {
    calling = false;
    // Looked for first where it is before the change: one request when the call is needed.
    const current = isCompleted(await findTodo(todos, id, options, target === false ? 1 : 0));
    if (target === 'toggle') target = !current;
    if (current === target) return { ...todoState(id, target), changed };
    calling = true;
    await todos.complete(id, options);
    calling = false;
    changed = true;
    return { ...(await confirmState(todos, id, target, options)), changed };
  };
  // Only the complete call is repeated here: a failed read has had its own retries.
  return path.repeat(
    round,
    (failure) => {
      if (!calling || !failure.transient) return false;
      // It may have arrived: if the next read finds the wanted state, this call made it.
      changed = true;
      return true;
    },
    options,
    (failure, rounds) => {
      if (!calling || !failure.transient) return failure;
      if (rounds > 1) {
        return annotated(
          failure,
          `gave up after ${rounds} rounds of reading the to-do and calling complete; ${AGAIN_IS_SAFE}`,
        );
      }
      return failure.notSent ? failure : annotated(failure, `the complete call may have arrived; ${AGAIN_IS_SAFE}`);
    },
  );
}

const AGAIN_IS_SAFE = 'sending the message again is safe: the state is read before any call';

/**
 * The state after the complete call, as the list shows it (one look-up). A
 * to-do still completed when it should be pending is reopened by an update
 * carrying `status: 0`, whose answer gives its state.
 */
async function confirmState(
  todos: TodoStateCalls,
  id: TodoId,
  wanted: boolean,
  options?: CallOptions,
): Promise<TodoState> {
  const action = wanted ? 'complete' : 'reopen';
  let after: TodoListItem;
  try {
    after = await findTodo(todos, id, options, wanted ? 1 : 0);
  } catch (error) {
    const failure = asDeviceCloudError(error);
    if (failure.kind === 'aborted') throw failure;
    throw annotated(
      failure,
      `${action} to-do ${id}: the service took the complete call, but reading the to-do back to confirm it failed; ${AGAIN_IS_SAFE}`,
    );
  }
  if (isCompleted(after) === wanted) return todoState(id, wanted);
  const called = `PUT /todos/${id}/complete`;
  if (wanted) throw notInState(id, wanted, after, `after ${called}`);
  const answer = await todos.reopenByUpdate(id, options);
  if (Number(answer.status) === 0) return todoState(id, false);
  throw notInState(
    id,
    wanted,
    after,
    `after ${called} and an update carrying status 0. This service's complete call only marks to-dos completed ` +
      'and its update does not set status: it offers no way to reopen a to-do',
  );
}

function notInState(id: TodoId, wanted: boolean, found: TodoListItem, after: string): DeviceCloudError {
  const action = wanted ? 'complete' : 'reopen';
  return new DeviceCloudError(
    'unconfirmed',
    `${action} to-do ${id} not done: wanted status ${stateName(wanted)}, the service lists ` +
      `${stateName(isCompleted(found))} ${after}`,
    { operation: `${action} to-do`, field: 'status', todo: found },
  );
}

function stateName(completed: boolean): string {
  return completed ? '1 (completed)' : '0 (pending)';
}

function todoState(id: number, completed: boolean): TodoState {
  return { id, status: completed ? 1 : 0, completed };
}
