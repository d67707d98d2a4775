// What the simulator's calendars hold at first (and after a reset or `npm start -- --fresh`): a task list of four
// tasks in English and Chinese, due in the days after `now` (one at a time of day in a time zone, one all-day, one
// repeating weekly, one completed), and a calendar of events only, which a task list picker must leave out.

import { readCalendarObject } from './calendar-object';
import { newEtag, type SimCalendar, type SimCalendarObject, type SimCalendars } from './calendars';
import { calendarPath } from './dav-resources';

export const TASK_LIST_NAME = 'tasks';
export const EVENTS_NAME = 'events';
/** The sample task list's address on the simulator: the CalDAV example's. */
export const TASK_LIST_PATH = calendarPath(TASK_LIST_NAME);

const PRODID = 'PRODID:-//Device Cloud//Simulator sample//EN';
const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** Europe/London as clients write it beside a time of that zone. */
const LONDON = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/London',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  'TZNAME:BST',
  'DTSTART:19700329T010000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0000',
  'TZNAME:GMT',
  'DTSTART:19701025T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

const two = (value: number): string => String(value).padStart(2, '0');

/** The local date `days` after `now`. */
function dayAfter(now: Date, days: number): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
}

/** YYYYMMDD of a local date. */
function icsDate(date: Date): string {
  return `${date.getFullYear()}${two(date.getMonth() + 1)}${two(date.getDate())}`;
}

/** YYYYMMDDTHHMMSSZ of an instant. */
function icsUtc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

function calendarText(component: 'VTODO' | 'VEVENT', uid: string, now: Date, lines: string[], zone: string[] = []) {
  const stamp = icsUtc(now);
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    PRODID,
    ...zone,
    `BEGIN:${component}`,
    `UID:${uid}`,
    `DTSTAMP:${stamp}`,
    `CREATED:${stamp}`,
    ...lines,
    `END:${component}`,
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

function sampleObject(ics: string): SimCalendarObject {
  const read = readCalendarObject(ics);
  if ('refused' in read) throw new Error(`a sample is refused: ${read.why}`);
  return { ics, etag: newEtag(), uid: read.uid, component: read.component };
}

function calendarOf(
  name: string,
  displayName: string,
  component: 'VTODO' | 'VEVENT',
  texts: Record<string, string>,
): SimCalendar {
  const objects = new Map(Object.entries(texts).map(([file, ics]) => [file, sampleObject(ics)]));
  return { name, displayName, components: [component], objects };
}

/** The sample calendars, their dates counted from `now`. */
export function sampleCalendars(now: Date): SimCalendars {
  const bins = dayAfter(now, 2);
  const tasks = calendarOf(TASK_LIST_NAME, 'Tasks', 'VTODO', {
    'plumber.ics': calendarText(
      'VTODO',
      'b8f2c1de-5a0e-4c1b-9d7e-2f4a6c8e0a11',
      now,
      ['SUMMARY:Call the plumber', `DUE;TZID=Europe/London:${icsDate(dayAfter(now, 1))}T093000`, 'PRIORITY:1'],
      LONDON,
    ),
    'electricity.ics': calendarText('VTODO', 'c3a9e7f0-1b2d-4e5f-8a6b-7c9d0e1f2a22', now, [
      'SUMMARY:交电费',
      'DESCRIPTION:网上银行或支付宝',
      `DUE;VALUE=DATE:${icsDate(dayAfter(now, 3))}`,
    ]),
    'bins.ics': calendarText('VTODO', 'd4b0f8a1-2c3e-4f60-9b7c-8d0e1f2a3b33', now, [
      'SUMMARY:Take out the bins',
      `DUE;VALUE=DATE:${icsDate(bins)}`,
      `RRULE:FREQ=WEEKLY;BYDAY=${WEEKDAYS[bins.getDay()]}`,
    ]),
    'milk.ics': calendarText('VTODO', 'e5c1a9b2-3d4f-4071-8c8d-9e0f1a2b3c44', now, [
      'SUMMARY:买牛奶',
      'STATUS:COMPLETED',
      `COMPLETED:${icsUtc(now)}`,
      'PERCENT-COMPLETE:100',
    ]),
  });
  const events = calendarOf(EVENTS_NAME, 'Events', 'VEVENT', {
    'birthday.ics': calendarText('VEVENT', 'f6d2b0c3-4e5a-4182-9d9e-0f1a2b3c4d55', now, [
      "SUMMARY:Anna's birthday",
      `DTSTART;VALUE=DATE:${icsDate(dayAfter(now, 5))}`,
      `DTEND;VALUE=DATE:${icsDate(dayAfter(now, 6))}`,
    ]),
  });
  return [tasks, events];
}
