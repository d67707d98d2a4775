// The objects of the simulator's calendars over HTTP (RFC 4791 5.3.2, RFC 9110 13): read with GET, written with
// PUT as the client sent the text, deleted with DELETE; a write or deletion only while If-Match names the
// object's ETag (412 otherwise, and for an object that is not there), a create with If-None-Match: * only while
// there is none. What a calendar does not take is refused with the precondition it breaks.

import type { IncomingHttpHeaders } from 'node:http';
import { readCalendarObject } from './calendar-object';
import { otherObjectWithUid, writeObject, type SimCalendar, type SimCalendarObject } from './calendars';
import { objectPath } from './dav-resources';
import { CALDAV, errorXml, escapeXml } from './dav-xml';

export interface DavAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Whether the calendars changed. */
  changed: boolean;
}

export const ICS_TYPE = 'text/calendar; charset=utf-8';
const XML_TYPE = 'application/xml; charset=utf-8';

export function answer(status: number, body = '', headers: Record<string, string> = {}, changed = false): DavAnswer {
  const type: Record<string, string> =
    body === '' ? {} : { 'Content-Type': body.startsWith('<?xml') ? XML_TYPE : 'text/plain; charset=utf-8' };
  return { status, headers: { ...type, ...headers }, body, changed };
}

function refused(local: string, why: string, inner = ''): DavAnswer {
  return answer(403, errorXml({ namespace: CALDAV, local }, why, inner));
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

const listed = (value: string): string[] =>
  value
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
const weak = (tag: string): string => tag.replace(/^W\//, '');

/**
 * Whether the request's conditions fail for an object of ETag `current` (undefined: none there). If-Match
 * compares strongly and fails without an object; If-None-Match compares weakly, `*` failing for any object.
 */
export function conditionsFail(headers: IncomingHttpHeaders, current: string | undefined): boolean {
  const ifMatch = header(headers, 'if-match');
  if (ifMatch !== undefined) {
    if (current === undefined) return true;
    if (ifMatch.trim() !== '*' && !listed(ifMatch).includes(current)) return true;
  }
  const ifNoneMatch = header(headers, 'if-none-match');
  if (ifNoneMatch !== undefined && current !== undefined) {
    if (ifNoneMatch.trim() === '*' || listed(ifNoneMatch).map(weak).includes(weak(current))) return true;
  }
  return false;
}

export function getObject(object: SimCalendarObject, headers: IncomingHttpHeaders, head: boolean): DavAnswer {
  const ifNoneMatch = header(headers, 'if-none-match');
  if (ifNoneMatch !== undefined && conditionsFail({ 'if-none-match': ifNoneMatch }, object.etag)) {
    return answer(304, '', { ETag: object.etag });
  }
  const headersOut = {
    'Content-Type': ICS_TYPE,
    'Content-Length': String(Buffer.byteLength(object.ics)),
    ETag: object.etag,
  };
  return { status: 200, headers: headersOut, body: head ? '' : object.ics, changed: false };
}

export function putObject(calendar: SimCalendar, name: string, headers: IncomingHttpHeaders, body: Buffer): DavAnswer {
  const current = calendar.objects.get(name);
  if (conditionsFail(headers, current?.etag)) {
    return answer(412, current ? 'the object here is not the one If-Match or If-None-Match names' : 'no object here');
  }
  const type = header(headers, 'content-type');
  if (type !== undefined && !/^text\/calendar\s*(;|$)/i.test(type)) {
    return refused('supported-calendar-data', `a calendar takes text/calendar, not ${type}`);
  }
  const ics = body.toString('utf8');
  if (!Buffer.from(ics, 'utf8').equals(body)) return refused('valid-calendar-data', 'the text is not UTF-8');
  const read = readCalendarObject(ics);
  if ('refused' in read) return refused(read.refused, read.why);
  if (!calendar.components.includes(read.component)) {
    return refused(
      'supported-calendar-component',
      `${calendar.displayName} takes ${calendar.components.join(', ')}, not ${read.component}`,
    );
  }
  const other = otherObjectWithUid(calendar, read.uid, name);
  if (other !== undefined) {
    return refused(
      'no-uid-conflict',
      `another object of this calendar has the UID ${read.uid}`,
      `<D:href>${escapeXml(objectPath(calendar.name, other))}</D:href>`,
    );
  }
  const etag = writeObject(calendar, name, ics, read);
  return answer(current ? 204 : 201, '', { ETag: etag }, true);
}

export function deleteObject(calendar: SimCalendar, name: string, headers: IncomingHttpHeaders): DavAnswer {
  const current = calendar.objects.get(name);
  if (!current) return answer(404, 'no such object');
  if (conditionsFail(headers, current.etag)) return answer(412, 'the object has changed since that ETag');
  calendar.objects.delete(name);
  return answer(204, '', {}, true);
}
