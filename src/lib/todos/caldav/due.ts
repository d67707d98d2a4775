/**
 * A task's DUE as the device shows it and back: an all-day DUE (VALUE=DATE) is a date alone; a time in UTC or in
 * a zone (TZID, with the object's VTIMEZONE or a zone Node.js knows) is the date and time on the display's clock
 * (its time zone); a floating time is taken as written. A due the device changed is written in the task's own
 * form: in its zone (converted), in UTC, floating, or all-day; a new due time in the display's zone with its
 * VTIMEZONE. DTSTART stays unless the new DUE would break the rule that it is not before DTSTART and of its kind.
 */
import type ICALModule from 'ical.js';
import { ICAL } from '../../caldav/modules';
import { wallClock } from '../../values/zone-clock';
import { ensureVtimezone, isUtc, timezoneFor, type Timezone } from './zones';

type Component = InstanceType<typeof ICALModule.Component>;
type Time = InstanceType<typeof ICALModule.Time>;

export interface DeviceDue {
  /** yyyy-MM-dd, or '' for none. */
  dueDate: string;
  /** HH:mm, or '' for none. */
  dueTime: string;
}

const two = (value: number) => String(value).padStart(2, '0');

/** The zone of a time with a TZID, or undefined for UTC and floating times. */
function zoneOfTime(calendar: Component, time: Time, tzid: string | undefined): Timezone | undefined {
  if (!tzid || time.zone === ICAL.get().Timezone.utcTimezone) return undefined;
  return timezoneFor(calendar, tzid, time.year);
}

function isUtcTime(time: Time): boolean {
  return time.zone === ICAL.get().Timezone.utcTimezone;
}

/** The task's DUE on the display's clock. */
export function readDue(calendar: Component, task: Component, displayZone: string): DeviceDue {
  const property = task.getFirstProperty('due');
  const value = property?.getFirstValue() as Time | undefined;
  if (!property || !value || typeof value.year !== 'number') return { dueDate: '', dueTime: '' };
  const date = `${String(value.year).padStart(4, '0')}-${two(value.month)}-${two(value.day)}`;
  if (value.isDate) return { dueDate: date, dueTime: '' };
  const tzid = property.getParameter('tzid') as string | undefined;
  const zone = zoneOfTime(calendar, value, tzid);
  if (!isUtcTime(value) && !zone) return { dueDate: date, dueTime: `${two(value.hour)}:${two(value.minute)}` };
  const instant = zone ? ICAL.get().Time.fromData(timeFields(value), zone).toUnixTime() : value.toUnixTime();
  const shown = wallClock(instant * 1000, displayZone);
  return {
    dueDate: shown.toISOString().slice(0, 10),
    dueTime: `${two(shown.getUTCHours())}:${two(shown.getUTCMinutes())}`,
  };
}

function timeFields(time: Time): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
} {
  return {
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.hour,
    minute: time.minute,
    second: time.second,
  };
}

/** The instant of a wall time on the display's clock, in seconds. */
function instantOnDisplay(calendar: Component, due: DeviceDue, displayZone: string): number {
  const [year, month, day] = due.dueDate.split('-').map(Number);
  const [hour, minute] = due.dueTime.split(':').map(Number);
  const fields = { year, month, day, hour, minute, second: 0 };
  const { Time } = ICAL.get();
  const zone = isUtc(displayZone) ? undefined : timezoneFor(calendar, displayZone, year);
  return zone
    ? Time.fromData(fields, zone).toUnixTime()
    : Time.fromData(fields, ICAL.get().Timezone.utcTimezone).toUnixTime();
}

/** An instant (seconds) as a time in UTC. */
function atInstant(seconds: number): Time {
  return ICAL.get().Time.fromJSDate(new Date(seconds * 1000), true);
}

/** Writes the due the device shows into the task, in the task's own form (see the file's head). */
export function writeDue(calendar: Component, task: Component, due: DeviceDue, displayZone: string): void {
  const { Time } = ICAL.get();
  if (due.dueDate === '') {
    task.removeAllProperties('due');
    return;
  }
  const [year, month, day] = due.dueDate.split('-').map(Number);
  const old = task.getFirstProperty('due');
  const oldValue = old?.getFirstValue() as Time | undefined;
  const oldTzid = old?.getParameter('tzid') as string | undefined;
  let value: Time;
  let tzid: string | undefined;
  if (due.dueTime === '') {
    value = Time.fromData({ year, month, day, isDate: true });
  } else {
    const instant = instantOnDisplay(calendar, due, displayZone);
    const oldZone = oldValue && !oldValue.isDate ? zoneOfTime(calendar, oldValue, oldTzid) : undefined;
    if (oldValue && !oldValue.isDate && isUtcTime(oldValue)) {
      value = atInstant(instant);
    } else if (oldZone && oldTzid) {
      value = atInstant(instant).convertToZone(oldZone);
      tzid = oldTzid;
    } else if (oldValue && !oldValue.isDate && !oldTzid) {
      const [hour, minute] = due.dueTime.split(':').map(Number);
      value = Time.fromData({ year, month, day, hour, minute, second: 0 });
    } else if (isUtc(displayZone)) {
      value = atInstant(instant);
    } else {
      value = atInstant(instant).convertToZone(timezoneFor(calendar, displayZone, year) as Timezone);
      tzid = displayZone;
    }
  }
  const property = old ?? task.addPropertyWithValue('due', value);
  property.setValue(value);
  property.removeParameter('tzid');
  if (tzid) {
    property.setParameter('tzid', tzid);
    ensureVtimezone(calendar, tzid, year);
    // A time given in a zone is written as the zone's wall time, without Z.
    property.setValue(Time.fromData(timeFields(value)));
  }
  task.removeAllProperties('duration');
  keepStartBeforeDue(task, value);
}

/** DTSTART of another kind than DUE (a date, a time), or after it, takes the due's value (RFC 5545 3.8.2.3). */
function keepStartBeforeDue(task: Component, due: Time): void {
  const start = task.getFirstProperty('dtstart');
  const value = start?.getFirstValue() as Time | undefined;
  if (!start || !value) return;
  if (value.isDate === due.isDate && value.compare(due) <= 0) return;
  start.setValue(due.clone());
  const dueTzid = task.getFirstProperty('due')?.getParameter('tzid') as string | undefined;
  start.removeParameter('tzid');
  if (dueTzid) start.setParameter('tzid', dueTzid);
}
