/**
 * One sync of a list with its to-dos on the service: read them (both states, merged), plan, write, and say what
 * was done, what a person changed on the device, and what to remember for the next sync. A dry run plans and
 * writes nothing. See plan for how a side's change is told, and write-steps for the writes.
 */
import { describe, DeviceCloudError } from '../../errors';
import type { TodoListItem } from '../../types';
import { planSync, type ChangeAction, type DeviceChange, type SyncPlan, type SyncRequest } from './plan';
import type { SyncMemory } from './stored-memory';
import { runSteps, type ChangeMade, type StepFailure, type SyncCalls } from './write-steps';

export type { SyncRequest, SyncMemory, DeviceChange, ChangeAction, ChangeMade, SyncCalls };
export { memoryFromStore, memoryToStore } from './stored-memory';

/** Output 1 of the node: how many of each change, the items left as they were, and each change. */
export interface SyncResult {
  created: number;
  updated: number;
  completed: number;
  reopened: number;
  removed: number;
  unchanged: number;
  changes: ChangeMade[];
}

export interface SyncOutcome {
  result: SyncResult;
  /** The changes made on the device, to report; none in a dry run. */
  reports: DeviceChange[];
  /** What to remember for the next sync (a dry run changes nothing). */
  memory: SyncMemory;
  /** Set when some write failed: it names the item and what failed; the result then holds what was made. */
  error?: DeviceCloudError;
}

export interface SyncOptions {
  signal?: AbortSignal;
  /** Writes under way at once: the account's requests at once. */
  concurrency: number;
  dryRun?: boolean;
}

export async function syncTodos(
  calls: SyncCalls,
  request: SyncRequest,
  remembered: SyncMemory,
  options: SyncOptions,
): Promise<SyncOutcome> {
  const call = options.signal ? { signal: options.signal } : {};
  const listed: TodoListItem[] = await calls.list(request.deviceId ? { deviceId: request.deviceId } : {}, call);
  const plan = planSync(request, listed, remembered);
  if (options.dryRun)
    return { result: resultOf(plannedChanges(plan), plan.unchanged), reports: [], memory: remembered };
  const run = await runSteps(calls, plan.steps, remembered, options);
  const memory: SyncMemory = new Map([...plan.memory, ...run.memory]);
  const outcome: SyncOutcome = { result: resultOf(run.changes, plan.unchanged), reports: plan.reports, memory };
  if (run.failures.length > 0)
    outcome.error = syncError(request.source, run.failures, run.changes.length, run.notTried);
  return outcome;
}

/** The changes a dry run would make; a to-do still to be made has no id. */
function plannedChanges(plan: SyncPlan): ChangeMade[] {
  return plan.steps.flatMap((step) =>
    step.operations.map((operation) => ({ key: step.key, action: operation.action, id: step.id ?? null })),
  );
}

function resultOf(changes: ChangeMade[], unchanged: number): SyncResult {
  const count = (action: ChangeAction) => changes.filter((change) => change.action === action).length;
  return {
    created: count('created'),
    updated: count('updated'),
    completed: count('completed'),
    reopened: count('reopened'),
    removed: count('removed'),
    unchanged,
    changes,
  };
}

/** One error for the failed writes: each item's key and what failed, what was made, and what the next sync does. */
function syncError(source: string, failures: StepFailure[], made: number, notTried: number): DeviceCloudError {
  const [first] = failures;
  const each = failures.map(({ key, error }) => `item ${describe(key)}: ${error.message}`).join('; ');
  const notes = [`${made} change${made === 1 ? '' : 's'} made`];
  if (notTried > 0) notes.push(`${notTried} to-do${notTried === 1 ? '' : 's'} not tried after it`);
  const failed = failures.length === 1 ? 'a write failed' : `${failures.length} writes failed`;
  return new DeviceCloudError(
    first.error.kind,
    `sync of ${describe(source)}: ${failed} (${notes.join(', ')}): ${each}. Sending the list again is safe: ` +
      'a sync reads what the service holds first, and makes nothing twice',
    {
      operation: 'sync to-dos',
      code: first.error.code,
      statusCode: first.error.statusCode,
      serviceMessage: first.error.serviceMessage,
      field: first.error.field,
      todo: first.error.todo,
    },
  );
}
