/**
 * The device's changes written back to their tasks on the CalDAV server, one write per task (all its changes in
 * one PUT, or one DELETE), each on the ETag the task was read with. A task changed on the server meanwhile (412)
 * is read again and the device's change applied to the new version, up to three times; never written over
 * blindly. As in the sync, the list wins where both changed: a field the server changed meanwhile keeps the
 * server's value, a task the device deleted that was changed on the server meanwhile is kept, and one deleted (or
 * cancelled) on the server meanwhile stays so.
 */
import { asDeviceCloudError, DeviceCloudError } from '../../errors';
import type { CalDavTaskList, TaskResource } from '../../caldav/task-list';
import { withoutServerChanges, type DeviceChangeSet } from './device-edits';
import { sameTask } from './list-items';
import { editTask, type DeviceEdits, type EditOptions } from './task-edit';
import type { TaskItem } from './task-item';

const MOST_TRIES = 3;

export interface TaskChange extends DeviceChangeSet {
  key: string;
  resource: TaskResource;
  /** The task as the device shows it, as it was read: to tell a change made on the server since. */
  read: TaskItem;
}

/** What became of a change: written (its new text; none for a deletion), or not written and why. */
export type WriteBack =
  | { key: string; outcome: 'updated'; ics: string; moved: boolean }
  | { key: string; outcome: 'deleted' }
  | { key: string; outcome: 'kept'; resource: TaskResource }
  /** Each change of the device was made to the task on the server too, meanwhile: not written, the server's stands. */
  | { key: string; outcome: 'overruled'; resource: TaskResource }
  | { key: string; outcome: 'gone' }
  | { key: string; outcome: 'failed'; error: DeviceCloudError };

export interface WriteBackOptions extends EditOptions {
  signal?: AbortSignal;
  /** A task's text as the device would show it; undefined for one it does not show. */
  itemOf(ics: string, where: string): TaskItem | undefined;
}

export async function writeBack(
  list: CalDavTaskList,
  changes: readonly TaskChange[],
  options: WriteBackOptions,
): Promise<WriteBack[]> {
  const outcomes: WriteBack[] = [];
  for (const change of changes) {
    try {
      outcomes.push(await writeOne(list, change, options));
    } catch (error) {
      const failure = asDeviceCloudError(error);
      outcomes.push({ key: change.key, outcome: 'failed', error: failure });
      if (failure.kind === 'aborted') break;
    }
  }
  return outcomes;
}

async function writeOne(list: CalDavTaskList, change: TaskChange, options: WriteBackOptions): Promise<WriteBack> {
  const { key } = change;
  const url = change.resource.url;
  let resource: TaskResource | undefined = change.resource;
  for (let attempt = 0; attempt < MOST_TRIES; attempt++) {
    if (attempt > 0 || resource.etag === undefined) resource = await list.readTask(url, options.signal);
    if (!resource) return { key, outcome: 'gone' };
    if (resource.etag === undefined) {
      throw new DeviceCloudError(
        'http',
        `${url.href}: the server gives no ETag for it, and a write without one could overwrite a change made there meanwhile; not written`,
        { operation: 'caldav' },
      );
    }
    const now = resource === change.resource ? change.read : options.itemOf(resource.ics, url.href);
    if (change.deleted) {
      if (!sameTask(now, change.read)) return { key, outcome: 'kept', resource };
      const deleted = await list.deleteTask(url, resource.etag, options.signal);
      if (deleted.written) return { key, outcome: 'deleted' };
      if (deleted.reason === 'gone') return { key, outcome: 'gone' };
      continue;
    }
    const edits = now && withoutServerChanges(change.edits, change.read, now);
    if (!edits || !changesSomething(edits)) return { key, outcome: 'overruled', resource };
    const edited = editTask(resource.ics, edits, options, url.href);
    const written = await list.writeTask(url, edited.ics, resource.etag, options.signal);
    if (written.written) return { key, outcome: 'updated', ics: edited.ics, moved: edited.moved };
    if (written.reason === 'gone') return { key, outcome: 'gone' };
  }
  throw new DeviceCloudError(
    'http',
    `${url.href}: changed on the server again at each of ${MOST_TRIES} tries (HTTP 412); not written, the next sync tries again`,
    { operation: 'caldav', statusCode: 412 },
  );
}

function changesSomething(edits: DeviceEdits): boolean {
  return Object.values(edits).some((edit) => edit !== undefined);
}
