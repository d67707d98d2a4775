// An iCalendar object as a CalDAV server checks it before it keeps it (RFC 4791 4.1, 5.3.2.1): one VCALENDAR
// without METHOD, its components (time zones aside) all of one kind and of one UID. A text that is not such an
// object is refused with the precondition it breaks; a calendar also refuses a kind it does not take.

import ICAL from 'ical.js';
import { CALENDAR_COMPONENTS, type CalendarComponent } from './calendars';

export type Component = InstanceType<typeof ICAL.Component>;

/** What a PUT body holds, or the precondition (a CALDAV: element) it breaks and why. */
export type ObjectReading =
  | { uid: string; component: CalendarComponent; root: Component }
  | { refused: 'valid-calendar-data' | 'valid-calendar-object-resource' | 'supported-calendar-component'; why: string };

/** The text parsed as one VCALENDAR, or why it is not one. */
export function parseCalendar(ics: string): Component | string {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(ics);
  } catch (error) {
    return `not iCalendar: ${(error as Error).message}`;
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || Array.isArray(parsed[0])) {
    return 'not one iCalendar object: it must hold exactly one VCALENDAR';
  }
  const root = new ICAL.Component(parsed);
  return root.name === 'vcalendar' ? root : `not a VCALENDAR but a ${root.name.toUpperCase()}`;
}

export function readCalendarObject(ics: string): ObjectReading {
  const root = parseCalendar(ics);
  if (typeof root === 'string') return { refused: 'valid-calendar-data', why: root };
  const invalid = (why: string): ObjectReading => ({ refused: 'valid-calendar-object-resource', why });
  if (root.hasProperty('method')) return invalid('a calendar object resource must not have a METHOD');
  const components = root.getAllSubcomponents().filter((component) => component.name !== 'vtimezone');
  const kinds = new Set(components.map((component) => component.name.toUpperCase()));
  if (kinds.size !== 1) {
    return invalid(`it must hold components of one kind, not ${kinds.size === 0 ? 'none' : [...kinds].join(' and ')}`);
  }
  const uids = new Set(components.map((component) => component.getFirstPropertyValue('uid')));
  const [uid] = uids;
  if (uids.size !== 1 || typeof uid !== 'string' || uid === '') {
    return invalid('its components must have one UID, the same in each');
  }
  const [kind] = kinds;
  const component = CALENDAR_COMPONENTS.find((known) => known === kind);
  if (!component) return { refused: 'supported-calendar-component', why: `${kind} is not taken here` };
  return { uid, component, root };
}

/** The main component of an object: the one without a RECURRENCE-ID (a repeating one's master), else the first. */
export function mainComponent(root: Component, component: CalendarComponent): Component | undefined {
  const all = root.getAllSubcomponents(component.toLowerCase());
  return all.find((each) => !each.hasProperty('recurrence-id')) ?? all[0];
}
