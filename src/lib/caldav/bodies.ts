/** The XML bodies the CalDAV client sends (RFC 4918 PROPFIND, RFC 4791 calendar-query, RFC 5397 principal). */

const HEAD = '<?xml version="1.0" encoding="utf-8"?>';
const NAMESPACES = 'xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"';

function propfind(props: string[]): string {
  return `${HEAD}<D:propfind ${NAMESPACES}><D:prop>${props.map((prop) => `<${prop}/>`).join('')}</D:prop></D:propfind>`;
}

/** What an address is: its kind, name, the components a calendar takes, and the way to the user's calendars. */
export const COLLECTION_PROPS = propfind([
  'D:resourcetype',
  'D:displayname',
  'C:supported-calendar-component-set',
  'D:current-user-principal',
  'C:calendar-home-set',
]);

/** A principal's calendar homes. */
export const HOME_PROPS = propfind(['C:calendar-home-set', 'D:displayname']);

/** The calendars of a home (Depth 1). */
export const CALENDAR_PROPS = propfind(['D:resourcetype', 'D:displayname', 'C:supported-calendar-component-set']);

/** Every task of a calendar collection, completed and cancelled ones too, with its ETag and its iCalendar text. */
export const TASKS_QUERY =
  `${HEAD}<C:calendar-query ${NAMESPACES}><D:prop><D:getetag/><C:calendar-data/></D:prop>` +
  '<C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"/></C:comp-filter></C:filter></C:calendar-query>';

export const XML_HEADERS = { 'content-type': 'application/xml; charset=utf-8' };
