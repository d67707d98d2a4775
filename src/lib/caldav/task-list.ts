/**
 * One task list on a CalDAV server: its check (a calendar collection that takes tasks), its tasks read in one
 * REPORT, and each task read, written and deleted on its own, every write conditional on the ETag it was read
 * with (If-Match), so that a task changed on the server meanwhile is never overwritten: the server answers 412,
 * and the caller reads it again.
 */
import { DeviceCloudError } from '../errors';
import { isWithin, sameResource } from './address';
import { TASKS_QUERY, XML_HEADERS } from './bodies';
import { examineCollection, kindText, type Collection } from './collection';
import { header, type CalDavHttp } from './http';
import { CALDAV, DAV, parseMultistatus, propName, textOf } from './multistatus';

/** A task's resource as the server holds it. */
export interface TaskResource {
  url: URL;
  /** Its ETag; undefined when the server gave none. */
  etag: string | undefined;
  /** The iCalendar text (a VCALENDAR with the VTODO). */
  ics: string;
}

/** What a conditional write or deletion ended in. */
export type WriteOutcome = { written: true; etag: string | undefined } | { written: false; reason: 'changed' | 'gone' };

const ICS_HEADERS = { 'content-type': 'text/calendar; charset=utf-8' };

export class CalDavTaskList {
  constructor(
    private readonly http: CalDavHttp,
    readonly url: URL,
  ) {}

  /** The collection, checked to be a task list; anything else is an error naming the address and what it is. */
  async check(signal?: AbortSignal): Promise<Collection> {
    const collection = await examineCollection(this.http, this.url, signal);
    if (collection.kind !== 'task-list') {
      throw new DeviceCloudError('validation', `caldav url ${this.url.href}: is ${kindText(collection)}`, {
        operation: 'caldav',
        field: 'url',
      });
    }
    return collection;
  }

  /** Every task of the list. A task the server lists but does not give is an error: never a shorter list. */
  async readTasks(signal?: AbortSignal): Promise<TaskResource[]> {
    const what = `reading the tasks of ${this.url.href}`;
    const answer = await this.http.send({
      method: 'REPORT',
      url: this.url,
      headers: { ...XML_HEADERS, depth: '1' },
      body: TASKS_QUERY,
      signal,
    });
    if (answer.status !== 207) throw this.failure(what, answer.status);
    const tasks: TaskResource[] = [];
    for (const response of parseMultistatus(answer.body, this.url, what)) {
      if (sameResource(response.url, this.url) || response.status === 404) continue;
      const data = response.found.get(propName(CALDAV, 'calendar-data'));
      if (!data || !isWithin(response.url, this.url)) {
        const status = response.missing.get(propName(CALDAV, 'calendar-data')) ?? response.status ?? 0;
        throw new DeviceCloudError(
          'http',
          `${what}: the server lists ${response.url.href} without its task${status ? ` (HTTP ${status})` : ''}; nothing was synced`,
          { operation: 'caldav', statusCode: status || undefined },
        );
      }
      const etag = textOf(response.found.get(propName(DAV, 'getetag')));
      tasks.push({ url: response.url, etag: etag || undefined, ics: data.textContent ?? '' });
    }
    return tasks;
  }

  /** One task as the server holds it now; undefined when it is gone. */
  async readTask(url: URL, signal?: AbortSignal): Promise<TaskResource | undefined> {
    const answer = await this.http.send({ method: 'GET', url, headers: { accept: 'text/calendar' }, signal });
    if (answer.status === 404 || answer.status === 410) return undefined;
    if (answer.status !== 200) throw this.failure(`reading ${url.href}`, answer.status);
    return { url, etag: header(answer.headers.etag), ics: answer.body };
  }

  /** Writes a task over the version of `etag`. */
  async writeTask(url: URL, ics: string, etag: string, signal?: AbortSignal): Promise<WriteOutcome> {
    const answer = await this.http.send({
      method: 'PUT',
      url,
      headers: { ...ICS_HEADERS, 'if-match': etag },
      body: ics,
      signal,
    });
    if (answer.status === 412) return { written: false, reason: 'changed' };
    if (answer.status === 404 || answer.status === 410) return { written: false, reason: 'gone' };
    if (answer.status < 200 || answer.status >= 300)
      throw this.failure(`writing ${url.href}`, answer.status, answer.body);
    return { written: true, etag: header(answer.headers.etag) };
  }

  /** Deletes a task, if it is still the version of `etag`. */
  async deleteTask(url: URL, etag: string, signal?: AbortSignal): Promise<WriteOutcome> {
    const answer = await this.http.send({ method: 'DELETE', url, headers: { 'if-match': etag }, signal });
    if (answer.status === 412) return { written: false, reason: 'changed' };
    if (answer.status === 404 || answer.status === 410) return { written: false, reason: 'gone' };
    if (answer.status < 200 || answer.status >= 300) throw this.failure(`deleting ${url.href}`, answer.status);
    return { written: true, etag: undefined };
  }

  private failure(what: string, status: number, body = ''): DeviceCloudError {
    const said = /^[^<]{1,200}$/.test(body.trim()) ? `: ${body.trim()}` : '';
    return new DeviceCloudError('http', `${what}: the CalDAV server answered HTTP ${status}${said}`, {
      operation: 'caldav',
      statusCode: status,
    });
  }
}
