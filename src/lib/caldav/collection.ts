/**
 * What an address on a CalDAV server is (one PROPFIND, Depth 0, and for a plain collection a look at the user's
 * calendar homes): a task list (a calendar collection that takes VTODO), or what else it is, told so that an
 * error can say it. A sync reads tasks only from a task list: a server root, a principal, a calendar home, an
 * address book or an events-only calendar answer a task query with nothing, which is not an empty list.
 */
import type { Element } from '@xmldom/xmldom';
import { DeviceCloudError } from '../errors';
import { sameResource } from './address';
import { COLLECTION_PROPS, HOME_PROPS, XML_HEADERS } from './bodies';
import type { CalDavHttp, HttpAnswer } from './http';
import {
  CALDAV,
  CARDDAV,
  children,
  DAV,
  hrefsIn,
  parseMultistatus,
  propName,
  textOf,
  type DavResponse,
} from './multistatus';

export type CollectionKind =
  | 'task-list'
  | 'events-calendar'
  | 'address-book'
  | 'principal'
  | 'calendar-home'
  | 'scheduling-box'
  | 'server-root'
  | 'collection'
  | 'resource';

export interface Collection {
  url: URL;
  kind: CollectionKind;
  /** Its display name; '' when it has none. */
  name: string;
  /** The components a calendar takes (VEVENT, VTODO...); empty when it does not say (any). */
  components: string[];
  /** The current user's principal, when the server names it. */
  principal?: URL;
}

const KIND_TEXTS: Record<CollectionKind, string> = {
  'task-list': 'a task list',
  'events-calendar': 'a calendar for events only, not a task list',
  'address-book': 'an address book, not a task list',
  principal: "a user's principal (the user's address on the server), not a task list",
  'calendar-home': "a calendar home (the folder of a user's calendars), not a task list",
  'scheduling-box': 'a scheduling inbox or outbox, not a task list',
  'server-root': "the server's root, not a task list",
  collection: 'a folder that is not a calendar, not a task list',
  resource: 'a single file, not a task list',
};

/** What the error says the address is. */
export function kindText(collection: Collection): string {
  const text = KIND_TEXTS[collection.kind];
  if (collection.kind !== 'events-calendar' || collection.components.length === 0) return text;
  return `a calendar for ${collection.components.join(', ')} only, not a task list`;
}

/** Reads what `url` is; a server that is not WebDAV, or refuses, is an error naming the address. */
export async function examineCollection(http: CalDavHttp, url: URL, signal?: AbortSignal): Promise<Collection> {
  const answer = await propfind(http, url, COLLECTION_PROPS, '0', signal);
  const response = ownResponse(answer, url);
  const resourcetype = response.found.get(propName(DAV, 'resourcetype'));
  const types = new Set(children(resourcetype).map((type) => propName(type.namespaceURI ?? '', type.localName ?? '')));
  const principal = hrefsIn(response.found.get(propName(DAV, 'current-user-principal')), answer.url)[0];
  const collection: Collection = {
    url: answer.url,
    kind: 'collection',
    name: textOf(response.found.get(propName(DAV, 'displayname'))),
    components: componentsOf(response.found.get(propName(CALDAV, 'supported-calendar-component-set'))),
  };
  if (principal) collection.principal = principal;
  if (types.has(propName(CALDAV, 'calendar'))) {
    const takesTasks = collection.components.length === 0 || collection.components.includes('VTODO');
    collection.kind = takesTasks ? 'task-list' : 'events-calendar';
  } else if (types.has(propName(CARDDAV, 'addressbook'))) {
    collection.kind = 'address-book';
  } else if (types.has(propName(DAV, 'principal'))) {
    collection.kind = 'principal';
  } else if (types.has(propName(CALDAV, 'schedule-inbox')) || types.has(propName(CALDAV, 'schedule-outbox'))) {
    collection.kind = 'scheduling-box';
  } else if (answer.url.pathname === '/') {
    collection.kind = 'server-root';
  } else if (!types.has(propName(DAV, 'collection'))) {
    collection.kind = 'resource';
  } else if (await isCalendarHome(http, collection, response, signal)) {
    collection.kind = 'calendar-home';
  }
  return collection;
}

/** The response about the address itself in a PROPFIND answer, or the error of an answer that is none. */
function ownResponse(answer: HttpAnswer, url: URL): DavResponse {
  const where = `caldav url ${url.href}`;
  if (answer.status === 404 || answer.status === 410) {
    throw new DeviceCloudError('http', `${where}: not found on the server (HTTP ${answer.status})`, {
      operation: 'caldav',
      statusCode: answer.status,
      field: 'url',
    });
  }
  if (answer.status === 403) {
    throw new DeviceCloudError('http', `${where}: the server refuses this user access to it (HTTP 403)`, {
      operation: 'caldav',
      statusCode: 403,
      field: 'url',
    });
  }
  if (answer.status !== 207) {
    throw new DeviceCloudError(
      'http',
      `${where}: not a CalDAV server or collection (it answers a WebDAV PROPFIND with HTTP ${answer.status})`,
      { operation: 'caldav', statusCode: answer.status, field: 'url' },
    );
  }
  const responses = parseMultistatus(answer.body, answer.url, where);
  const own = responses.find((response) => sameResource(response.url, answer.url)) ?? responses[0];
  if (!own)
    throw new DeviceCloudError('parse', `${where}: the server's answer says nothing about it`, { operation: 'caldav' });
  // Some servers answer an address that is not there with a 207 whose one response says 404.
  if (own.status === 404 || own.status === 410) return ownResponse({ ...answer, status: own.status }, url);
  return own;
}

/** The component names of a supported-calendar-component-set. */
export function componentsOf(set: Element | undefined): string[] {
  return children(set, CALDAV, 'comp')
    .map((comp) => (comp.getAttribute('name') ?? '').toUpperCase())
    .filter((name) => name !== '');
}

/** A collection that is the calendar home of the current user (or named so by its own calendar-home-set). */
async function isCalendarHome(
  http: CalDavHttp,
  collection: Collection,
  response: DavResponse,
  signal?: AbortSignal,
): Promise<boolean> {
  const ownHomes = hrefsIn(response.found.get(propName(CALDAV, 'calendar-home-set')), collection.url);
  if (ownHomes.some((home) => sameResource(home, collection.url))) return true;
  if (!collection.principal) return false;
  const homes = await calendarHomes(http, collection.principal, signal);
  return homes.some((home) => sameResource(home, collection.url));
}

/** A PROPFIND of `props` at an address, at a depth, following redirects within the server. */
export function propfind(
  http: CalDavHttp,
  url: URL,
  props: string,
  depth: '0' | '1',
  signal?: AbortSignal,
): Promise<HttpAnswer> {
  return http.send({ method: 'PROPFIND', url, headers: { ...XML_HEADERS, depth }, body: props, signal, follow: true });
}

/** A principal's calendar homes; none when the server does not say. */
export async function calendarHomes(http: CalDavHttp, principal: URL, signal?: AbortSignal): Promise<URL[]> {
  const answer = await propfind(http, principal, HOME_PROPS, '0', signal);
  if (answer.status !== 207) return [];
  const [response] = parseMultistatus(answer.body, answer.url, `principal ${principal.href}`);
  return hrefsIn(response?.found.get(propName(CALDAV, 'calendar-home-set')), answer.url);
}
