/**
 * Time zones for the tasks' due times, from the zones Node.js knows (Intl, the IANA database): a TZID read as one
 * of them ("Europe/Berlin", also "/mozilla.org/20050126_1/Europe/Berlin"), the zone as an ical.js time zone, and
 * a VTIMEZONE for it (RFC 5545 3.6.5) where a written DUE names a zone the object does not define: its rules
 * read from the zone's transitions around the year of the date, as yearly rules (the last Sunday of March...)
 * when they hold for the years around it, else each transition of those years.
 */
import type ICALModule from 'ical.js';
import { ICAL } from '../../caldav/modules';
import { isKnownZone, zoneOffset } from '../../values/zone-clock';

type Component = InstanceType<typeof ICALModule.Component>;
export type Timezone = InstanceType<typeof ICALModule.Timezone>;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** The IANA name Intl knows for a TZID, or undefined. */
export function knownZone(tzid: string): string | undefined {
  const parts = tzid.split('/').filter((part) => part !== '');
  const candidates = [tzid, parts.slice(-3).join('/'), parts.slice(-2).join('/'), parts.slice(-1).join('/')];
  return candidates.find((candidate) => candidate !== '' && isKnownZone(candidate));
}

/** Whether a zone is UTC (then a time is written with Z, without a VTIMEZONE). */
export function isUtc(zone: string): boolean {
  return /^(?:Etc\/)?(?:UTC|UCT|GMT|Zulu|Universal)(?:[+-]?0)?$/i.test(zone);
}

/** The zone's offset from UTC at an instant, in minutes. */
function offsetAt(instant: number, zone: string): number {
  return Math.round(zoneOffset(instant, zone) / MINUTE);
}

/**
 * An ical.js time zone for a TZID: the object's own VTIMEZONE when it has one, else one made for the zone Intl
 * knows by that name (around `year`); undefined for a TZID neither knows.
 */
export function timezoneFor(calendar: Component, tzid: string, year: number): Timezone | undefined {
  const { Timezone } = ICAL.get();
  const own = calendar.getAllSubcomponents('vtimezone').find((zone) => zone.getFirstPropertyValue('tzid') === tzid);
  if (own) return Timezone.fromData({ component: own, tzid });
  const zone = knownZone(tzid);
  return zone ? Timezone.fromData({ component: vtimezoneOf(zone, year, tzid), tzid }) : undefined;
}

/** Adds a VTIMEZONE for `tzid` (a zone Intl knows) to the object, unless it has one. */
export function ensureVtimezone(calendar: Component, tzid: string, year: number): void {
  const has = calendar.getAllSubcomponents('vtimezone').some((zone) => zone.getFirstPropertyValue('tzid') === tzid);
  const zone = knownZone(tzid);
  if (has || !zone || isUtc(zone)) return;
  calendar.addSubcomponent(vtimezoneOf(zone, year, tzid));
}

interface Transition {
  at: number;
  from: number;
  to: number;
}

/** The zone's changes of offset in a year, to the minute. */
function transitionsIn(zone: string, year: number): Transition[] {
  const found: Transition[] = [];
  const end = Date.UTC(year + 1, 0, 1);
  let time = Date.UTC(year, 0, 1);
  let offset = offsetAt(time, zone);
  for (; time < end; time += DAY) {
    const next = offsetAt(time + DAY, zone);
    if (next === offset) continue;
    let low = time;
    let high = time + DAY;
    while (high - low > MINUTE) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
      if (offsetAt(middle, zone) === offset) low = middle;
      else high = middle;
    }
    found.push({ at: high, from: offset, to: next });
    offset = next;
  }
  return found;
}

/** A transition's yearly rule: its month and its weekday's place in the month (2SU, -1SU). */
function ruleOf(transition: Transition): { month: number; byDay: string } {
  const local = new Date(transition.at + transition.from * MINUTE);
  const day = local.getUTCDate();
  const daysInMonth = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 0)).getUTCDate();
  const place = day + 7 > daysInMonth ? -1 : Math.ceil(day / 7);
  return { month: local.getUTCMonth() + 1, byDay: `${place}${WEEKDAYS[local.getUTCDay()]}` };
}

function sameRule(a: Transition, b: Transition): boolean {
  const [ruleA, ruleB] = [ruleOf(a), ruleOf(b)];
  const wall = (transition: Transition) => (transition.at + transition.from * MINUTE) % DAY;
  return (
    ruleA.month === ruleB.month &&
    ruleA.byDay === ruleB.byDay &&
    wall(a) === wall(b) &&
    a.from === b.from &&
    a.to === b.to
  );
}

function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}${String(absolute % 60).padStart(2, '0')}`;
}

function localStamp(instant: number): string {
  return new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, '');
}

function observance(transition: Transition, rule?: string): string[] {
  const kind = transition.to > transition.from ? 'DAYLIGHT' : 'STANDARD';
  return [
    `BEGIN:${kind}`,
    `DTSTART:${localStamp(transition.at + transition.from * MINUTE)}`,
    ...(rule ? [rule] : []),
    `TZOFFSETFROM:${utcOffset(transition.from)}`,
    `TZOFFSETTO:${utcOffset(transition.to)}`,
    `END:${kind}`,
  ];
}

/** A VTIMEZONE for a zone Intl knows, right for the years around `year`. */
export function vtimezoneOf(zone: string, year: number, tzid = zone): Component {
  const years = [year - 1, year, year + 1, year + 2];
  const byYear = years.map((each) => transitionsIn(zone, each));
  const lines = ['BEGIN:VTIMEZONE', `TZID:${tzid}`];
  const pattern = byYear[0];
  const yearly =
    pattern.length > 0 &&
    byYear.every(
      (transitions) => transitions.length === pattern.length && transitions.every((t, i) => sameRule(t, pattern[i])),
    );
  if (byYear.every((transitions) => transitions.length === 0)) {
    const offset = offsetAt(Date.UTC(year, 0, 1), zone);
    lines.push('BEGIN:STANDARD', 'DTSTART:19700101T000000', `TZOFFSETFROM:${utcOffset(offset)}`);
    lines.push(`TZOFFSETTO:${utcOffset(offset)}`, 'END:STANDARD');
  } else if (yearly) {
    for (const transition of pattern) {
      const { month, byDay } = ruleOf(transition);
      lines.push(...observance(transition, `RRULE:FREQ=YEARLY;BYMONTH=${month};BYDAY=${byDay}`));
    }
  } else {
    for (const transition of byYear.flat()) lines.push(...observance(transition));
  }
  lines.push('END:VTIMEZONE');
  const { Component: ComponentClass, parse } = ICAL.get();
  return new ComponentClass(parse(lines.join('\r\n')) as unknown[]);
}
