// The simulator's CalDAV server, a stand-in for a user's own (RFC 4918, 4791, 5397, 6764): discovery as real
// servers answer it (/.well-known/caldav, the current user's principal, its calendar home, the calendars there),
// PROPFIND, REPORT, and the objects' GET, PUT and DELETE (caldav-objects.ts). It takes any user name and password,
// or none, and asks for none; it keeps its calendars as they are (no MKCALENDAR, no PROPPATCH).

import type { IncomingHttpHeaders } from 'node:http';
import { answerReport } from './caldav-reports';
import { answer, deleteObject, getObject, putObject, type DavAnswer } from './caldav-objects';
import type { SimCalendars } from './calendars';
import { askedIn, answerProperties } from './dav-properties';
import {
  depthOf,
  locate,
  SERVICE_PATH,
  WELL_KNOWN_PATH,
  withinDepth,
  type DavResource,
  type Located,
} from './dav-resources';
import { DAV, isNamed, multistatusXml, parseXml, responseXml } from './dav-xml';

export type { DavAnswer } from './caldav-objects';

export interface DavRequest {
  method: string;
  /** As sent: percent-encoded, without the query. */
  pathname: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body was larger than MAX_DAV_BODY_BYTES (and is not kept). */
  tooLarge: boolean;
}

/** The largest body taken: an object of some hundred kilobytes, a REPORT naming some thousand objects. */
export const MAX_DAV_BODY_BYTES = 1024 * 1024;

const OBJECT_METHODS = 'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, REPORT';
const COLLECTION_METHODS = 'OPTIONS, GET, HEAD, PROPFIND, REPORT';

/** Whether a request is the CalDAV server's: below /caldav/, the well-known address, or a PROPFIND of the root. */
export function isCalDavRequest(method: string, pathname: string): boolean {
  if (pathname === '/caldav' || pathname.startsWith(SERVICE_PATH)) return true;
  if (pathname === WELL_KNOWN_PATH || pathname === `${WELL_KNOWN_PATH}/`) return true;
  return pathname === '/' && (method === 'PROPFIND' || method === 'OPTIONS');
}

function allowed(located: Located): string {
  if (!located) return 'OPTIONS';
  if (!('resource' in located)) return 'OPTIONS, PUT';
  return located.resource.kind === 'object' ? OBJECT_METHODS : COLLECTION_METHODS;
}

export function answerCalDav(calendars: SimCalendars, request: DavRequest): DavAnswer {
  const { method, pathname, headers } = request;
  if (pathname.startsWith(WELL_KNOWN_PATH)) return answer(301, '', { Location: SERVICE_PATH });
  if (request.tooLarge) return answer(413, `this server takes bodies of up to ${MAX_DAV_BODY_BYTES} bytes`);
  const located = locate(calendars, pathname);
  if (method === 'OPTIONS') return answer(200, '', { DAV: '1, 3, calendar-access', Allow: allowed(located) });
  if (method === 'PUT') return put(located, request);
  if (method === 'MKCALENDAR' || method === 'MKCOL')
    return answer(403, "the simulator's calendars are fixed: it makes none");
  if (!located || !('resource' in located)) return answer(404, 'nothing here');
  const { resource } = located;
  switch (method) {
    case 'GET':
    case 'HEAD':
      if (resource.kind === 'object') return getObject(resource.object, headers, method === 'HEAD');
      return answer(
        200,
        method === 'HEAD' ? '' : 'The CalDAV server of the Device Cloud simulator: point a CalDAV client here.\n',
      );
    case 'DELETE':
      if (resource.kind === 'object') return deleteObject(resource.calendar, resource.name, headers);
      return answer(403, "the simulator's calendars and folders stay: delete the objects in them");
    case 'PROPFIND':
      return propfind(calendars, resource, request);
    case 'REPORT': {
      const depth = depthOf(headers.depth, '0');
      const report = parseXml(request.body.toString('utf8'));
      if (!depth || !report) return answer(400, 'a REPORT needs an XML body and a Depth of 0, 1 or infinity');
      const { status, body } = answerReport(calendars, resource, report, depth);
      return answer(status, body);
    }
    default:
      return answer(405, `${method} is not served here`, { Allow: allowed(located) });
  }
}

/** A PUT writes an object of a calendar, new or over the one there. */
function put(located: Located, request: DavRequest): DavAnswer {
  if (!located) return answer(409, 'objects are written into a calendar: there is none here');
  if (!('resource' in located)) return putObject(located.calendar, located.name, request.headers, request.body);
  const { resource } = located;
  if (resource.kind !== 'object') {
    return answer(405, 'a collection is not written with PUT', { Allow: allowed(located) });
  }
  return putObject(resource.calendar, resource.name, request.headers, request.body);
}

function propfind(calendars: SimCalendars, resource: DavResource, request: DavRequest): DavAnswer {
  const depth = depthOf(request.headers.depth);
  const text = request.body.toString('utf8');
  const body = text.trim() === '' ? undefined : parseXml(text);
  if (!depth || (text.trim() !== '' && !isNamed(body, DAV, 'propfind'))) {
    return answer(400, 'a PROPFIND takes a DAV:propfind body (or none) and a Depth of 0, 1 or infinity');
  }
  const asked = askedIn(body);
  if (!asked) return answer(400, 'a DAV:propfind holds prop, allprop or propname');
  const responses = withinDepth(calendars, resource, depth).map((each) => responseXml(answerProperties(each, asked)));
  return answer(207, multistatusXml(responses));
}
