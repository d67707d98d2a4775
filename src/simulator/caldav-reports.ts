// The REPORTs of the simulator's CalDAV server (RFC 4791 7.8, 7.9): calendar-query, filtered by component
// (comp-filter, nested, and is-not-defined; a filter of properties or times is refused as unsupported), and
// calendar-multiget; each answers the properties asked of each object, its iCalendar text as calendar-data.

import type { Element } from '@xmldom/xmldom';
import { parseCalendar, type Component } from './calendar-object';
import type { SimCalendars } from './calendars';
import { askedIn, answerProperties, type AskedProperties } from './dav-properties';
import { locate, withinDepth, type DavResource, type Depth } from './dav-resources';
import {
  CALDAV,
  childElements,
  DAV,
  errorXml,
  isNamed,
  multistatusXml,
  responseXml,
  statusResponseXml,
  type XmlName,
} from './dav-xml';

export interface ReportAnswer {
  status: number;
  /** XML: a multistatus, or an error body naming the precondition. */
  body: string;
}

const refused = (condition: XmlName, why: string, inner = ''): ReportAnswer => ({
  status: 403,
  body: errorXml(condition, why, inner),
});
const badRequest = (why: string): ReportAnswer => ({ status: 400, body: why });

export function answerReport(
  calendars: SimCalendars,
  target: DavResource,
  report: Element,
  depth: Depth,
): ReportAnswer {
  const asked = askedIn(report);
  if (isNamed(report, CALDAV, 'calendar-query')) {
    if (!asked) return badRequest('a calendar-query names the properties to answer: DAV:prop');
    return calendarQuery(calendars, target, report, depth, asked);
  }
  if (isNamed(report, CALDAV, 'calendar-multiget')) {
    if (!asked) return badRequest('a calendar-multiget names the properties to answer: DAV:prop');
    return calendarMultiget(calendars, report, asked);
  }
  return refused(
    { namespace: DAV, local: 'supported-report' },
    `this server answers the REPORTs calendar-query and calendar-multiget, not ${report.localName ?? 'this one'}`,
  );
}

function calendarQuery(
  calendars: SimCalendars,
  target: DavResource,
  report: Element,
  depth: Depth,
  asked: AskedProperties,
): ReportAnswer {
  const filters = childElements(report, CALDAV, 'filter');
  const top = childElements(filters[0]);
  if (filters.length !== 1 || top.length !== 1 || !isCompFilter(top[0], 'VCALENDAR')) {
    return refused(
      { namespace: CALDAV, local: 'valid-filter' },
      'a calendar-query holds one filter of one comp-filter named VCALENDAR',
    );
  }
  const unsupported = unsupportedIn(top[0]);
  if (unsupported) {
    return refused(
      { namespace: CALDAV, local: 'supported-filter' },
      `this server filters by components only (comp-filter, is-not-defined), not by ${unsupported.localName ?? ''}`,
      `<C:${unsupported.localName ?? ''}/>`,
    );
  }
  const responses: string[] = [];
  for (const resource of withinDepth(calendars, target, depth)) {
    if (resource.kind !== 'object') continue;
    const root = parseCalendar(resource.object.ics);
    if (typeof root !== 'string' && nestedMatch(top[0], root)) {
      responses.push(responseXml(answerProperties(resource, asked, true)));
    }
  }
  return { status: 207, body: multistatusXml(responses) };
}

function isCompFilter(filter: Element, name?: string): boolean {
  if (!isNamed(filter, CALDAV, 'comp-filter')) return false;
  return name === undefined || (filter.getAttribute('name') ?? '').toUpperCase() === name;
}

/** The first element of a comp-filter (or below) that this server does not filter by. */
function unsupportedIn(filter: Element): Element | undefined {
  for (const child of childElements(filter)) {
    if (isNamed(child, CALDAV, 'is-not-defined')) continue;
    if (!isCompFilter(child)) return child;
    const deeper = unsupportedIn(child);
    if (deeper) return deeper;
  }
  return undefined;
}

/** Whether a component passes the comp-filters nested in `filter`. */
function nestedMatch(filter: Element, component: Component): boolean {
  return childElements(filter).every((nested) => !isCompFilter(nested) || matches(nested, component));
}

/** RFC 4791 9.7.1: a comp-filter matches a component that has a subcomponent of its name passing its own filters, or with is-not-defined one that has none. */
function matches(filter: Element, component: Component): boolean {
  const named = component.getAllSubcomponents((filter.getAttribute('name') ?? '').toLowerCase());
  if (childElements(filter, CALDAV, 'is-not-defined').length > 0) return named.length === 0;
  return named.some((subcomponent) => nestedMatch(filter, subcomponent));
}

function calendarMultiget(calendars: SimCalendars, report: Element, asked: AskedProperties): ReportAnswer {
  const responses = childElements(report, DAV, 'href').map((href) => {
    const text = (href.textContent ?? '').trim();
    let located;
    try {
      located = locate(calendars, new URL(text, 'http://simulator.invalid').pathname);
    } catch {
      located = undefined;
    }
    return located && 'resource' in located && located.resource.kind === 'object'
      ? responseXml(answerProperties(located.resource, asked, true))
      : statusResponseXml(text, 404);
  });
  return { status: 207, body: multistatusXml(responses) };
}
