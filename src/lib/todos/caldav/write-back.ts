/**
 * The device's changes written back to their tasks on the CalDAV server, one write per task (all its changes in
 * one PUT, or one DELETE), each on the ETag the task was read with. A task changed on the server meanwhile (412)
 * is read again and the device's change applied to the new version, up to three times; never written over
 * blindly. A task the device deleted that was changed on the server meanwhile is kept (the list wins, as in the
 * sync), and one deleted on the server meanwhile stays deleted.
 */
import { asDeviceCloudError, DeviceCloudError } from '../../errors';
import type { CalDavTaskList, TaskResource } from '../../caldav/task-list';
import type { DeviceChangeSet } from './device-edits';
import { editTask, type EditOptions } from './task-edit';

const MOST_TRIES = 3;

export interface TaskChange extends DeviceChangeSet {
  key: string;
  resource: TaskResource;
  /** The visible content of the task as it was read, to tell a change on the server that the device would see. */
  seen: string;
}

/** What became of a change: written (its new text; none for a deletion), or not written and why. */
export type WriteBack =
  | { key: string; outcome: 'updated'; ics: string; moved: boolean }
  | { key: string; outcome: 'deleted' }
  | { key: string; outcome: 'kept'; resource: TaskResource }
  | { key: string; outcome: 'gone' }
  | { key: string; outcome: 'failed'; error: DeviceCloudError };

export interface WriteBackOptions extends EditOptions {
  signal?: AbortSignal;
  /** The visible content of a task's text, as `seen` holds it; undefined for one the device would not show. */
  seenOf(ics: string, where: string): string | undefined;
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
    if (change.deleted) {
      if (attempt > 0 && options.seenOf(resource.ics, url.href) !== change.seen)
        return { key, outcome: 'kept', resource };
      const deleted = await list.deleteTask(url, resource.etag, options.signal);
      if (deleted.written) return { key, outcome: 'deleted' };
      if (deleted.reason === 'gone') return { key, outcome: 'gone' };
      continue;
    }
    const edited = editTask(resource.ics, change.edits, options, url.href);
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
