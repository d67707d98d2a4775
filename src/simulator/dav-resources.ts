// Where things are on the simulator's CalDAV server: the server's root, the service (/caldav/), the one user's
// principal, its calendar home, the calendars in it and their objects, each found from a request's path, and
// each with the resources below it, as PROPFIND and REPORT walk them at a depth.

import type { SimCalendar, SimCalendarObject, SimCalendars } from './calendars';

export const SERVICE_PATH = '/caldav/';
/** Any user name (or none) is this one user. */
export const PRINCIPAL_PATH = '/caldav/user/';
export const HOME_PATH = '/caldav/user/calendars/';
/** RFC 6764: where a client given only the server's address looks first. */
export const WELL_KNOWN_PATH = '/.well-known/caldav';

export function calendarPath(calendar: string): string {
  return `${HOME_PATH}${encodeURIComponent(calendar)}/`;
}

export function objectPath(calendar: string, name: string): string {
  return `${calendarPath(calendar)}${encodeURIComponent(name)}`;
}

export type DavResource =
  | { kind: 'root' | 'service' | 'principal' | 'home'; href: string }
  | { kind: 'calendar'; href: string; calendar: SimCalendar }
  | { kind: 'object'; href: string; calendar: SimCalendar; name: string; object: SimCalendarObject };

/** What a path names: a resource; in a calendar, a name without an object (where a PUT makes one); or nothing. */
export type Located = { resource: DavResource } | { calendar: SimCalendar; name: string } | undefined;

const FIXED: readonly { segments: string[]; kind: 'root' | 'service' | 'principal' | 'home'; href: string }[] = [
  { segments: [], kind: 'root', href: '/' },
  { segments: ['caldav'], kind: 'service', href: SERVICE_PATH },
  { segments: ['caldav', 'user'], kind: 'principal', href: PRINCIPAL_PATH },
  { segments: ['caldav', 'user', 'calendars'], kind: 'home', href: HOME_PATH },
];

function decodedSegments(pathname: string): string[] | undefined {
  try {
    return pathname
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}

/** What a request's path (as sent, percent-encoded) names; a collection is found with or without its last `/`. */
export function locate(calendars: SimCalendars, pathname: string): Located {
  const segments = decodedSegments(pathname);
  if (!segments) return undefined;
  const fixed = FIXED.find((each) => each.segments.join('/') === segments.join('/'));
  if (fixed) return { resource: { kind: fixed.kind, href: fixed.href } };
  const inHome = segments.slice(0, 3).join('/') === 'caldav/user/calendars';
  const calendar = inHome ? calendars.find((each) => each.name === segments[3]) : undefined;
  if (!calendar) return undefined;
  if (segments.length === 4) return { resource: calendarResource(calendar) };
  if (segments.length !== 5 || pathname.endsWith('/')) return undefined;
  const name = segments[4];
  const object = calendar.objects.get(name);
  return object ? { resource: objectResource(calendar, name, object) } : { calendar, name };
}

function calendarResource(calendar: SimCalendar): DavResource {
  return { kind: 'calendar', href: calendarPath(calendar.name), calendar };
}

function objectResource(calendar: SimCalendar, name: string, object: SimCalendarObject): DavResource {
  return { kind: 'object', href: objectPath(calendar.name, name), calendar, name, object };
}

/** The resources directly below one. */
export function childrenOf(calendars: SimCalendars, resource: DavResource): DavResource[] {
  switch (resource.kind) {
    case 'home':
      return calendars.map(calendarResource);
    case 'calendar':
      return [...resource.calendar.objects].map(([name, object]) => objectResource(resource.calendar, name, object));
    case 'object':
      return [];
    default: {
      const next = FIXED[FIXED.findIndex((each) => each.kind === resource.kind) + 1];
      return [{ kind: next.kind, href: next.href }];
    }
  }
}

export type Depth = '0' | '1' | 'infinity';

/** The Depth header (RFC 4918 10.2): absent is infinity; anything else is undefined. */
export function depthOf(header: string | string[] | undefined, absent: Depth = 'infinity'): Depth | undefined {
  if (header === undefined) return absent;
  const value = String(header).trim().toLowerCase();
  return value === '0' || value === '1' || value === 'infinity' ? value : undefined;
}

/** A resource and those below it, to the depth. */
export function withinDepth(calendars: SimCalendars, resource: DavResource, depth: Depth): DavResource[] {
  if (depth === '0') return [resource];
  const below = childrenOf(calendars, resource);
  const deeper = depth === 'infinity' ? below.flatMap((child) => withinDepth(calendars, child, depth)) : below;
  return [resource, ...deeper];
}
