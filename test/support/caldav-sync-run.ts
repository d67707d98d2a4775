/**
 * The to-do sync with a CalDAV node, in the test helper's Node-RED against the simulator and a real CalDAV server
 * (./radicale.ts, ./xandikos.ts): a flow of the sync node (its output 2 to a recorder), the CalDAV node and a
 * Catch node; a sync, told as a user sees it (output 1, the messages of output 2, the Catch node's error, the
 * status); and what the device shows, changed as a person changes it there.
 */
import { callAsAnotherClient } from './clients';
import type { Harness } from './harness';
import type { NodeMessage, NodeStatus, TestNode } from './node-red';
import { nodeOf } from './harness';
import type { SimTodo } from '../../dist/simulator/server';
import type { DeviceChange } from '../../dist/lib/todos/sync/sync-todos';
import type { CalDavSyncResult } from '../../dist/lib/todos/caldav/caldav-sync';
import { KITCHEN } from '../fixtures/service';

export { KITCHEN };
export const CALDAV_ID = 'caldav';

export interface CalDavSettings {
  url: string;
  username?: string;
  password?: string;
  timeZone?: string;
  timeout?: number;
}

export interface SyncRun {
  result?: CalDavSyncResult;
  reports: DeviceChange[];
  error?: { message: string; statusCode?: number };
  /** Every message that left the sync or reached the Catch node, as JSON. */
  messages: string[];
  status?: NodeStatus;
}

/** Loads the sync node with a CalDAV node of these settings. */
export async function loadCalDavSync(
  h: Harness,
  settings: CalDavSettings,
  sync: Record<string, unknown> = {},
): Promise<TestNode> {
  const { username, password, ...config } = settings;
  // Another flow within one test: the helper loads one at a time.
  await h.helper.unload();
  return h.load(
    {
      type: 'device-cloud-todo-sync',
      caldav: CALDAV_ID,
      source: 'tasks',
      deviceId: KITCHEN,
      deviceIdType: 'device',
      removed: 'delete',
      wires: [['out'], ['reported']],
      ...sync,
    },
    {
      extra: [
        { id: CALDAV_ID, type: 'device-cloud-caldav', name: 'tasks', timeZone: 'Europe/Berlin', ...config },
        { id: 'reported', z: 'flow', type: 'helper' },
      ],
      credentials: { [CALDAV_ID]: { username: username ?? '', password: password ?? '' } },
    },
  );
}

/** One sync, from any message: its output 1, its reports (output 2) or the Catch node's error. */
export async function syncNow(h: Harness, msg: NodeMessage = { payload: 'tick' }): Promise<SyncRun> {
  const reported: NodeMessage[] = [];
  const record = (message: NodeMessage) => reported.push(message);
  const recorder = nodeOf('reported');
  recorder.on('input', record);
  try {
    const outcome = await h.send(msg, { timeoutMs: 20_000 });
    const run: SyncRun = {
      reports: reported.map((message) => message.payload as DeviceChange),
      messages: [...reported, outcome.output ?? outcome.error].map((message) => JSON.stringify(message)),
      status: h.lastStatus,
    };
    if (outcome.output) run.result = outcome.output.payload as CalDavSyncResult;
    else run.error = outcome.error.error;
    return run;
  } finally {
    recorder.removeListener('input', record);
  }
}

/** The sync's result; fails with the error's text when the sync failed. */
export function resultOf(run: SyncRun): CalDavSyncResult {
  if (!run.result) throw new Error(`the sync failed: ${run.error?.message}`);
  return run.result;
}

/** The to-dos of the list on the device. */
export function listed(h: Harness): SimTodo[] {
  return [...h.sim.state.todos.values()].filter((todo) =>
    /\[Node-RED tasks:\S+ [0-9a-f]{8}\]$/.test(todo.description ?? ''),
  );
}

/** The list's one to-do of a title. */
export function todoTitled(h: Harness, title: string): SimTodo {
  const found = listed(h).filter((todo) => todo.title === title);
  if (found.length !== 1)
    throw new Error(`${found.length} to-dos titled ${title}: ${JSON.stringify(listed(h).map((todo) => todo.title))}`);
  return found[0];
}

/** The description a person sees, without the sync's mark. */
export function noteOf(todo: SimTodo): string {
  return (todo.description ?? '').replace(/\n?\[Node-RED [^\]]+\]$/, '');
}

/** A person at the display: the service's API, as the device's own client calls it. */
export async function onDevice(
  h: Harness,
  method: string,
  path: string,
  body?: Record<string, unknown>,
): Promise<void> {
  await callAsAnotherClient(h.sim, method, path, body);
}

/** The writes the simulator received since it was last cleared. */
export function deviceWrites(h: Harness): string[] {
  return h.sim.requests
    .filter((request) => request.method !== 'GET')
    .map((request) => `${request.method} ${request.path}`);
}
