// The calendars the simulator serves over CalDAV (caldav.ts): a task list and a calendar of events, each object
// kept as the text a client wrote, byte for byte, with a strong ETag that is new at every write.

import { randomBytes } from 'node:crypto';

/** The components a calendar of the simulator may take. */
export const CALENDAR_COMPONENTS = ['VTODO', 'VEVENT'] as const;
export type CalendarComponent = (typeof CALENDAR_COMPONENTS)[number];

export interface SimCalendarObject {
  /** The iCalendar text as a client wrote it. */
  ics: string;
  /** Strong and quoted, e.g. '"5f0c…"': a new one at every write. */
  etag: string;
  /** The UID and the component of the text, read at each write (calendar-object.ts). */
  uid: string;
  component: CalendarComponent;
}

export interface SimCalendar {
  /** The last segment of its address, e.g. 'tasks'. */
  name: string;
  displayName: string;
  /** The components it takes (supported-calendar-component-set). */
  components: CalendarComponent[];
  /** Keyed by the object's name in the calendar, e.g. 'plumber.ics'. */
  objects: Map<string, SimCalendarObject>;
}

/** What the calendars hold: the sample task list and calendar of events (calendar-samples.ts), and any a test adds. */
export type SimCalendars = SimCalendar[];

export function newEtag(): string {
  return `"${randomBytes(12).toString('hex')}"`;
}

export function findCalendar(calendars: SimCalendars, name: string): SimCalendar | undefined {
  return calendars.find((calendar) => calendar.name === name);
}

/** The calendars that take tasks, as the page shows them. */
export function taskLists(calendars: SimCalendars): SimCalendar[] {
  return calendars.filter((calendar) => calendar.components.includes('VTODO'));
}

/** Writes an object, new or over the one of that name: its new ETag. */
export function writeObject(
  calendar: SimCalendar,
  name: string,
  ics: string,
  read: { uid: string; component: CalendarComponent },
): string {
  const etag = newEtag();
  calendar.objects.set(name, { ics, etag, uid: read.uid, component: read.component });
  return etag;
}

/** The name of another object of the calendar with this UID, if any (a UID names one object of a calendar). */
export function otherObjectWithUid(calendar: SimCalendar, uid: string, name: string): string | undefined {
  for (const [other, object] of calendar.objects) if (other !== name && object.uid === uid) return other;
  return undefined;
}
