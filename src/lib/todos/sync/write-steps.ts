/**
 * The to-do sync's writes: each step of the plan (the writes for one to-do, in order) through the account's
 * client, so its pacing, retries and order per to-do apply. Steps run side by side up to the account's requests
 * at once. A step that fails ends there; the others go on, unless the failure says the service is out of reach
 * (a network error, a timeout, HTTP 5xx or 429...), which stops starting new ones. What each step did is
 * remembered, so the next sync carries on from there.
 */
import type { CallOptions } from '../../client/account-requests';
import { asDeviceCloudError, type DeviceCloudError } from '../../errors';
import type { TodoCreated, TodoListItem, TodoUpdated } from '../../types';
import { todoId, type TodoCreate, type TodoFilter, type TodoId, type TodoUpdate } from '../../values';
import { versionOf, versionOfListed, type TodoVersion } from './todo-content';
import { readMark } from './description-mark';
import type { ChangeAction, Step } from './plan';
import { sideOf, type RememberedItem, type SyncMemory } from './stored-memory';

/** The client's to-do operations the sync uses. */
export interface SyncCalls {
  list(filter: TodoFilter, options?: CallOptions): Promise<TodoListItem[]>;
  create(fields: TodoCreate, options?: CallOptions): Promise<TodoCreated>;
  update(id: TodoId, fields: TodoUpdate, options?: CallOptions): Promise<TodoUpdated>;
  /** Brings the to-do to the state, reading it before and after (see the client's to-do state workflow). */
  setCompleted(id: TodoId, completed: boolean, options?: CallOptions): Promise<unknown>;
  delete(id: TodoId, options?: CallOptions): Promise<unknown>;
}

/** A change made: the item's key, what was done, and the to-do's id (null for one not yet made, in a dry run). */
export interface ChangeMade {
  key: string;
  action: ChangeAction;
  id: number | null;
}

export interface StepFailure {
  key: string;
  error: DeviceCloudError;
}

export interface RunOutcome {
  changes: ChangeMade[];
  failures: StepFailure[];
  /** Steps not started, because a failure stopped the sync. */
  notTried: number;
  /** What to remember of the steps' keys. */
  memory: SyncMemory;
}

/** A failure that the next writes would meet too: the service out of reach, busy, or the node closing. */
function stopsTheSync(error: DeviceCloudError): boolean {
  return error.transient || ['network', 'timeout', 'aborted', 'busy', 'parse', 'internal'].includes(error.kind);
}

export async function runSteps(
  calls: SyncCalls,
  steps: readonly Step[],
  remembered: SyncMemory,
  options: { signal?: AbortSignal; concurrency: number },
): Promise<RunOutcome> {
  const outcome: RunOutcome = { changes: [], failures: [], notTried: 0, memory: new Map() };
  const call: CallOptions = options.signal ? { signal: options.signal } : {};
  /** Each step's changes, told in the plan's order whatever order the steps end in. */
  const changesOf: ChangeMade[][] = steps.map(() => []);
  let next = 0;
  let stopped = false;
  const worker = async (): Promise<void> => {
    while (!stopped && next < steps.length) {
      const index = next++;
      const failure = await runStep(calls, steps[index], remembered, outcome, changesOf[index], call);
      if (failure && stopsTheSync(failure)) stopped = true;
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency, steps.length));
  await Promise.all(Array.from({ length: workers }, worker));
  outcome.changes = changesOf.flat();
  outcome.notTried = steps.length - next;
  return outcome;
}

async function runStep(
  calls: SyncCalls,
  step: Step,
  remembered: SyncMemory,
  outcome: RunOutcome,
  changes: ChangeMade[],
  call: CallOptions,
): Promise<DeviceCloudError | undefined> {
  let id = step.id;
  let version: TodoVersion | undefined = step.before;
  let failure: DeviceCloudError | undefined;
  for (const operation of step.operations) {
    try {
      switch (operation.kind) {
        case 'create': {
          const created = await calls.create(operation.body, call);
          id = todoId(created.id, 'id');
          version = step.wanted && { ...step.wanted, completed: false };
          break;
        }
        case 'state':
          await calls.setCompleted(known(id), operation.completed, call);
          version = version && { ...version, completed: operation.completed };
          break;
        case 'update':
          await calls.update(known(id), operation.body, call);
          version = version && versionOf(operation.content, version.completed);
          break;
        case 'delete':
          await deleted(calls, known(id), call);
          version = undefined;
          break;
      }
      changes.push({ key: step.key, action: operation.action, id: id ?? null });
    } catch (error) {
      failure = asDeviceCloudError(error);
      outcome.failures.push({ key: step.key, error: failure });
      // The service took the change but did not make it all: what it lists is what it holds.
      if (failure.kind === 'unconfirmed' && failure.todo) version = versionOfTodo(failure.todo) ?? version;
      break;
    }
  }
  if (step.remembered) remember(step, id, version, failure, remembered, outcome.memory);
  return failure;
}

function known(id: TodoId | undefined): TodoId {
  if (id === undefined) throw new Error('a write before the to-do was made');
  return id;
}

/** A to-do already gone is deleted. */
async function deleted(calls: SyncCalls, id: TodoId, call: CallOptions): Promise<void> {
  try {
    await calls.delete(id, call);
  } catch (error) {
    if (asDeviceCloudError(error).statusCode !== 404) throw error;
  }
}

function versionOfTodo(todo: TodoListItem): TodoVersion | undefined {
  const read = readMark(todo.description);
  return read && versionOfListed(todo, read.text);
}

/**
 * What the next sync starts from for the step's key: the to-do as the writes left it, and the item as the list has
 * it once all writes were made (or the service answered one as done without making it: trying again would not
 * help until the item changes). After any other failure the list's side stays as it was, so the next sync tries
 * again; after a create that failed the to-do is not known, and the next sync finds it by its mark if it was made.
 */
function remember(
  step: Step,
  id: TodoId | undefined,
  version: TodoVersion | undefined,
  failure: DeviceCloudError | undefined,
  remembered: SyncMemory,
  memory: SyncMemory,
): void {
  const earlier = remembered.get(step.key);
  if (id === undefined) {
    if (earlier) memory.set(step.key, earlier);
    return;
  }
  if (version === undefined) return;
  const taken = failure === undefined || failure.kind === 'unconfirmed';
  const entry: RememberedItem = {
    id,
    service: sideOf(version),
    list: taken ? (step.wanted ? sideOf(step.wanted) : null) : (earlier?.list ?? null),
    todo: { ...step.todo, id },
  };
  memory.set(step.key, entry);
}
