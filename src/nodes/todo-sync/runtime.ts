/**
 * The two-way to-do sync: makes the to-dos of one list (its source) on the service equal to the list in
 * msg.payload, or to the tasks of a CalDAV task list (its `caldav` node), and sends what a person changed on the
 * device on output 2 (with a CalDAV list, after writing it back there). What it does is in ../../lib/todos/sync/
 * and ../../lib/todos/caldav/; this node reads the message, takes the list's turn (one sync at a time per list),
 * keeps the sync's memory (./memory) and says the outcome.
 */
import { invalid } from '../../lib/errors';
import { syncCalDavList, type CalDavSyncResult } from '../../lib/todos/caldav/caldav-sync';
import { syncTodos, type DeviceChange, type SyncOutcome, type SyncRequest } from '../../lib/todos/sync/sync-todos';
import { markName } from '../../lib/todos/sync/description-mark';
import { SUPERSEDED_SYNC, SyncTurns } from '../../lib/todos/sync/list-turns';
import { boolean, deviceId, removedAction, syncItems, syncSource } from '../../lib/values';
import { prepareWith } from '../../runtime/action-node';
import { caldavOf, type CalDavNode } from '../../runtime/caldav-link';
import type { Inputs } from '../../runtime/inputs';
import { defineNode, Failure } from '../../runtime/lifecycle';
import type { NodeAPI, NodeMessage } from '../../runtime/node-red-api';
import { CATALOG_NAMESPACE, statusOfError, type Translator } from '../../runtime/status';
import { SyncMemoryStore } from './memory';

const TYPE = 'device-cloud-todo-sync';
const text = (key: string) => `${CATALOG_NAMESPACE}:${TYPE}.status.${key}`;

/** Every sync node of the process takes its list's turn here: two nodes of one list never sync at once either. */
const turns = new SyncTurns();

interface SyncInput {
  request: SyncRequest;
  dryRun: boolean;
  /** The CalDAV task list the items come from; none: msg.payload holds them. */
  caldav?: CalDavNode;
}

/** Everything the message and the dialog give, checked before anything is read or written. */
async function readInput(inputs: Inputs, RED: NodeAPI): Promise<SyncInput> {
  const caldavId = inputs.config.caldav;
  const caldav = caldavOf(RED, caldavId);
  if (typeof caldavId === 'string' && caldavId !== '' && !caldav) {
    throw invalid('caldav', 'names a CalDAV node that is not deployed: deploy it, or choose another');
  }
  // A CalDAV node without a usable address says so before anything is read.
  caldav?.caldav();
  const source = await inputs.get('source');
  if (source === undefined || source === '') {
    throw invalid('source', "is required: name the list in the node's dialog (e.g. shopping), or set msg.source");
  }
  const device = await inputs.get('deviceId');
  const removed = await inputs.get('removed', 'removed', 'delete');
  const dryRun = inputs.msg.dryRun;
  const request: SyncRequest = {
    source: syncSource(source),
    removed: removedAction(removed === '' ? 'delete' : removed),
    items: caldav ? [] : syncItems(inputs.msg.payload),
  };
  if (device !== undefined && device !== '') request.deviceId = deviceId(device);
  const input: SyncInput = {
    request,
    dryRun: dryRun === undefined || dryRun === null ? false : boolean(dryRun, 'dryRun'),
  };
  if (caldav) input.caldav = caldav;
  return input;
}

/** A message of output 2: the message that came in (its payload aside), with the change. */
function reportMessage(RED: NodeAPI, msg: NodeMessage, report: DeviceChange): NodeMessage {
  const rest: NodeMessage = { ...msg };
  delete rest.payload;
  const copy = RED.util.cloneMessage(rest);
  copy.topic = report.change;
  const { key, change, todo, fields } = report;
  copy.payload = { key, change, todo: structuredClone(todo), ...(fields ? { fields: { ...fields } } : {}) };
  return copy;
}

/** "synced: 2 created, 1 updated", "dry run: 1 to create", "synced: no change". */
export function statusText(
  texts: Translator,
  outcome: Pick<SyncOutcome, 'result' | 'reports'> & { result: Partial<Pick<CalDavSyncResult, 'written'>> },
  dryRun: boolean,
): string {
  const counts = dryRun ? 'plan' : 'count';
  const parts = (['created', 'updated', 'completed', 'reopened', 'removed'] as const)
    .filter((action) => outcome.result[action] > 0)
    .map((action) => texts._(text(`${counts}.${action}`), { count: outcome.result[action] }));
  if (outcome.reports.length > 0) parts.push(texts._(text('fromDevice'), { count: outcome.reports.length }));
  const written = outcome.result.written;
  if (written && written.updated + written.deleted > 0) {
    parts.push(texts._(text('writtenBack'), { count: written.updated + written.deleted }));
  }
  const changes = parts.length > 0 ? parts.join(texts._(text('separator'))) : texts._(text('noChange'));
  return texts._(text(dryRun ? 'planned' : 'synced'), { changes });
}

export default defineNode<{ RED: NodeAPI; memory: SyncMemoryStore }>({
  type: TYPE,
  busyText: text('syncing'),
  start: ({ node, RED }) => ({ RED, memory: new SyncMemoryStore(node, RED.settings?.userDir) }),
  async closed(_account, running, removed) {
    if (removed) await running?.memory.forget();
  },
  async handle({ msg, inputs, account, signal, texts }, { RED, memory }) {
    const { request, dryRun, caldav } = await prepareWith((given) => readInput(given, RED), inputs);
    const list = `${account.id}\u0000${request.deviceId ?? ''}\u0000${markName(request.source)}`;
    const turn = await turns.take(list, dryRun ? 'plan' : 'sync', signal);
    if (turn === SUPERSEDED_SYNC) {
      msg.payload = { superseded: true, source: request.source };
      return { send: msg, status: { fill: 'green', shape: 'ring', text: texts._(text('superseded')) } };
    }
    try {
      const remembered = await memory.read(request);
      const client = account.client();
      const options = { signal, concurrency: client.limits.maxInFlight, dryRun };
      const outcome = caldav
        ? await syncCalDavList(client.todos, caldav.caldav().taskList, request, remembered, {
            ...options,
            displayZone: caldav.displayZone,
          })
        : await syncTodos(client.todos, request, remembered, options);
      if (!dryRun) await memory.write(request, outcome.memory);
      const reports = outcome.reports.map((report) => reportMessage(RED, msg, report));
      if (outcome.error) {
        // A change the service took but did not make: the Catch node gets the to-do as the service lists it.
        if (outcome.error.todo) msg.todo = outcome.error.todo;
        throw new Failure(outcome.error, [], statusOfError(texts, outcome.error), [reports]);
      }
      msg.payload = outcome.result;
      const status = statusText(texts, outcome, dryRun);
      return { send: msg, further: [reports], status: { fill: 'green', shape: dryRun ? 'ring' : 'dot', text: status } };
    } finally {
      turn.end();
    }
  },
});
