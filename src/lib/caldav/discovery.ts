/**
 * The task lists a user has on a CalDAV server, from any address of it (the server's address, the user's
 * principal, a calendar home, a calendar): RFC 6764's /.well-known/caldav for a bare server address, then the
 * current user's principal (RFC 5397), its calendar homes (RFC 4791 6.2.1) and the calendars in them that take
 * VTODO. What the editor offers, so that nobody has to find a collection's URL by hand.
 */
import { DeviceCloudError } from '../errors';
import { sameResource } from './address';
import { CALENDAR_PROPS } from './bodies';
import { calendarHomes, componentsOf, examineCollection, propfind, type Collection } from './collection';
import type { CalDavHttp } from './http';
import { CALDAV, children, DAV, parseMultistatus, propName, textOf } from './multistatus';

export interface TaskListChoice {
  url: string;
  /** Its display name, else the last part of its path. */
  name: string;
}

export async function findTaskLists(http: CalDavHttp, address: URL, signal?: AbortSignal): Promise<TaskListChoice[]> {
  const start = await startingPoint(http, address, signal);
  const lists: TaskListChoice[] = start.kind === 'task-list' ? [choiceOf(start.url, start.name)] : [];
  let homes: URL[] = [];
  if (start.kind === 'calendar-home') homes = [start.url];
  else {
    const principal = start.kind === 'principal' ? start.url : start.principal;
    if (principal) homes = await calendarHomes(http, principal, signal);
    if (homes.length === 0 && (start.kind === 'collection' || start.kind === 'server-root')) homes = [start.url];
  }
  for (const home of homes) {
    for (const list of await taskListsIn(http, home, signal)) {
      if (!lists.some((known) => known.url === list.url)) lists.push(list);
    }
  }
  return lists;
}

/** The address as given, or for a server's bare address the one its /.well-known/caldav leads to. */
async function startingPoint(http: CalDavHttp, address: URL, signal?: AbortSignal): Promise<Collection> {
  if (address.pathname === '/') {
    try {
      return await examineCollection(http, new URL('/.well-known/caldav', address), signal);
    } catch (error) {
      if (error instanceof DeviceCloudError && error.statusCode === 401) throw error;
    }
  }
  return examineCollection(http, address, signal);
}

/** The calendars of a home that take tasks. */
async function taskListsIn(http: CalDavHttp, home: URL, signal?: AbortSignal): Promise<TaskListChoice[]> {
  const answer = await propfind(http, home, CALENDAR_PROPS, '1', signal);
  if (answer.status !== 207) return [];
  const lists: TaskListChoice[] = [];
  for (const response of parseMultistatus(answer.body, answer.url, `calendar home ${home.href}`)) {
    if (sameResource(response.url, answer.url)) continue;
    const types = children(response.found.get(propName(DAV, 'resourcetype')));
    if (!types.some((type) => type.namespaceURI === CALDAV && type.localName === 'calendar')) continue;
    const set = response.found.get(propName(CALDAV, 'supported-calendar-component-set'));
    const components = componentsOf(set);
    if (components.length > 0 && !components.includes('VTODO')) continue;
    lists.push(choiceOf(response.url, textOf(response.found.get(propName(DAV, 'displayname')))));
  }
  return lists.sort((a, b) => a.name.localeCompare(b.name));
}

function choiceOf(url: URL, name: string): TaskListChoice {
  const last = decodeURIComponent(url.pathname.replace(/\/$/, '').split('/').pop() ?? '');
  return { url: url.href, name: name || last || url.href };
}
