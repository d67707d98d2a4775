// The properties of the simulator's CalDAV resources, as PROPFIND and REPORT answer them: what each is
// (resourcetype), its name, the way to the user's calendars (current-user-principal, RFC 5397; calendar-home-set,
// RFC 4791 6.2.1), what a calendar takes, an object's ETag and type, and in a REPORT its iCalendar text.

import type { Element } from '@xmldom/xmldom';
import {
  CALDAV,
  childElements,
  DAV,
  element,
  escapeXml,
  nameOf,
  sameName,
  type PropertyAnswers,
  type XmlName,
} from './dav-xml';
import { HOME_PATH, PRINCIPAL_PATH, type DavResource } from './dav-resources';

/** What a request asks of each resource: named properties, every property (with some more), or the names. */
export type AskedProperties = { names: XmlName[] } | { all: true; include: XmlName[] } | { namesOnly: true };

const dav = (local: string): XmlName => ({ namespace: DAV, local });
const caldav = (local: string): XmlName => ({ namespace: CALDAV, local });

export const CALENDAR_DATA = caldav('calendar-data');
/** What an allprop answers: the live properties of RFC 4918 a resource has (RFC 4791 and 5397 keep theirs out). */
const ALLPROP = ['resourcetype', 'displayname', 'getetag', 'getcontenttype', 'getcontentlength'].map(dav);

const href = (path: string) => `<D:href>${escapeXml(path)}</D:href>`;

const RESOURCE_TYPES: Record<DavResource['kind'], string> = {
  root: '<D:collection/>',
  service: '<D:collection/>',
  principal: '<D:collection/><D:principal/>',
  home: '<D:collection/>',
  calendar: '<D:collection/><C:calendar/>',
  object: '',
};

const DISPLAY_NAMES: Record<'root' | 'service' | 'principal' | 'home', string> = {
  root: 'Device Cloud simulator',
  service: 'Device Cloud simulator: CalDAV',
  principal: 'Simulator user',
  home: 'Calendars',
};

/** Each property of a resource, as the inner XML of its element. */
function propertiesOf(resource: DavResource, withData: boolean): [XmlName, string][] {
  const properties: [XmlName, string][] = [
    [dav('resourcetype'), RESOURCE_TYPES[resource.kind]],
    [dav('current-user-principal'), href(PRINCIPAL_PATH)],
  ];
  switch (resource.kind) {
    case 'principal':
      properties.push([dav('principal-URL'), href(PRINCIPAL_PATH)], [caldav('calendar-home-set'), href(HOME_PATH)]);
      break;
    case 'calendar': {
      const { calendar } = resource;
      const components = calendar.components.map((name) => `<C:comp name="${name}"/>`).join('');
      const reports = ['calendar-query', 'calendar-multiget']
        .map((name) => `<D:supported-report><D:report><C:${name}/></D:report></D:supported-report>`)
        .join('');
      properties.push(
        [dav('displayname'), escapeXml(calendar.displayName)],
        [caldav('supported-calendar-component-set'), components],
        [dav('supported-report-set'), reports],
      );
      break;
    }
    case 'object': {
      const { object } = resource;
      properties.push(
        [dav('getetag'), escapeXml(object.etag)],
        [dav('getcontenttype'), `text/calendar; charset=utf-8; component=${object.component.toLowerCase()}`],
        [dav('getcontentlength'), String(Buffer.byteLength(object.ics))],
      );
      if (withData) properties.push([CALENDAR_DATA, escapeXml(object.ics)]);
      break;
    }
  }
  if (resource.kind !== 'calendar' && resource.kind !== 'object') {
    properties.push([dav('displayname'), escapeXml(DISPLAY_NAMES[resource.kind])]);
  }
  return properties;
}

/** What a resource answers to what is asked; `withData`: its calendar-data too (a REPORT). */
export function answerProperties(resource: DavResource, asked: AskedProperties, withData = false): PropertyAnswers {
  const properties = propertiesOf(resource, withData);
  const answers: PropertyAnswers = { href: resource.href, found: [], missing: [] };
  if ('namesOnly' in asked) {
    answers.found = properties.map(([name]) => element(name));
    return answers;
  }
  const names = 'all' in asked ? [...ALLPROP, ...asked.include] : asked.names;
  for (const name of names) {
    const property = properties.find(([known]) => sameName(known, name));
    if (property) answers.found.push(element(name, property[1]));
    else if (!('all' in asked)) answers.missing.push(name);
  }
  return answers;
}

/**
 * What a PROPFIND or REPORT body asks (its DAV:prop, allprop or propname); undefined when it asks nothing it
 * may. A PROPFIND without a body asks for allprop.
 */
export function askedIn(request: Element | undefined): AskedProperties | undefined {
  if (!request) return { all: true, include: [] };
  const [prop] = childElements(request, DAV, 'prop');
  if (prop) return { names: childElements(prop).map(nameOf) };
  if (childElements(request, DAV, 'propname').length > 0) return { namesOnly: true };
  if (childElements(request, DAV, 'allprop').length > 0) {
    const include = childElements(request, DAV, 'include').flatMap((each) => childElements(each).map(nameOf));
    return { all: true, include };
  }
  return undefined;
}
