/**
 * A task's RRULE as the device's repeat and back, and a repeating task ticked off. The device repeats daily,
 * weekly on one day, monthly on one day, or yearly on one date, each time (interval 1); any other rule shows as no
 * repeat, and is kept as it is unless the repeat is changed on the device. A rule written keeps the parts the
 * device cannot show (COUNT, UNTIL, WKST).
 *
 * Ticked off on the device, a repeating task is not completed: it moves on to its next occurrence, open, as
 * tasks.org and Apple's Reminders write it over CalDAV: DTSTART (when there is one) and DUE move to the next
 * occurrence of the rule (EXDATE and RDATE heeded), a COUNT counts down what was passed. A series with no
 * occurrence left is completed.
 */
import type ICALModule from 'ical.js';
import { ICAL } from '../../caldav/modules';
import type { RepeatType } from '../../values';

type Component = InstanceType<typeof ICALModule.Component>;
type Time = InstanceType<typeof ICALModule.Time>;
type Recur = InstanceType<typeof ICALModule.Recur>;

export interface DeviceRepeat {
  repeatType: RepeatType;
  repeatWeekday?: number;
  repeatMonth?: number;
  repeatDay?: number;
}

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
/** The parts a rule keeps whatever the device makes of it. */
const KEPT_PARTS = new Set(['COUNT', 'UNTIL', 'WKST']);
const SHOWN_PARTS: Record<string, string[]> = {
  DAILY: [],
  WEEKLY: ['BYDAY'],
  MONTHLY: ['BYMONTHDAY'],
  YEARLY: ['BYMONTH', 'BYMONTHDAY'],
};

/** The device's repeat for a rule, from the due date where the rule leaves the day to it. */
export function readRepeat(rule: Recur | undefined, dueDate: string): DeviceRepeat {
  if (!rule || (rule.interval ?? 1) !== 1) return { repeatType: 'none' };
  const shown = SHOWN_PARTS[rule.freq];
  const parts = rule.parts as Record<string, (string | number)[] | undefined>;
  if (!shown || Object.keys(parts).some((part) => !shown.includes(part) || (parts[part]?.length ?? 0) > 1)) {
    return { repeatType: 'none' };
  }
  const [year, month, day] = dueDate ? dueDate.split('-').map(Number) : [];
  if (rule.freq === 'DAILY') return { repeatType: 'daily' };
  if (rule.freq === 'WEEKLY') {
    const byDay = parts.BYDAY?.[0];
    const weekday =
      byDay !== undefined
        ? WEEKDAYS.indexOf(String(byDay))
        : dueDate
          ? new Date(Date.UTC(year, month - 1, day)).getUTCDay()
          : -1;
    return weekday < 0 ? { repeatType: 'none' } : { repeatType: 'weekly', repeatWeekday: weekday };
  }
  const monthDay = Number(parts.BYMONTHDAY?.[0] ?? day);
  if (!(monthDay >= 1)) return { repeatType: 'none' };
  if (rule.freq === 'MONTHLY') return { repeatType: 'monthly', repeatDay: monthDay };
  const inMonth = Number(parts.BYMONTH?.[0] ?? month);
  return inMonth >= 1 ? { repeatType: 'yearly', repeatMonth: inMonth, repeatDay: monthDay } : { repeatType: 'none' };
}

/** Writes the device's repeat as the task's rule: none removes it; else its frequency and day, the rest kept. */
export function writeRepeat(task: Component, repeat: DeviceRepeat, dueDate: string): void {
  if (repeat.repeatType === 'none') {
    task.removeAllProperties('rrule');
    return;
  }
  const { Recur } = ICAL.get();
  const old = task.getFirstPropertyValue('rrule') as Recur | undefined;
  const data: Record<string, unknown> = {};
  if (old) {
    for (const [name, value] of Object.entries(old.toJSON() as Record<string, unknown>)) {
      if (KEPT_PARTS.has(name.toUpperCase())) data[name] = value;
    }
  }
  const [, dueMonth, dueDay] = dueDate ? dueDate.split('-').map(Number) : [];
  data.freq = repeat.repeatType.toUpperCase();
  if (repeat.repeatType === 'weekly' && repeat.repeatWeekday !== undefined) data.byday = WEEKDAYS[repeat.repeatWeekday];
  const day = repeat.repeatDay ?? dueDay;
  if ((repeat.repeatType === 'monthly' || repeat.repeatType === 'yearly') && day) data.bymonthday = day;
  const month = repeat.repeatMonth ?? dueMonth;
  if (repeat.repeatType === 'yearly' && month) data.bymonth = month;
  const rule = Recur.fromData(data);
  const property = task.getFirstProperty('rrule');
  if (property) property.setValue(rule);
  else task.addPropertyWithValue('rrule', rule);
}

/**
 * Moves a repeating task on to its next occurrence; false when it has no rule, no date to count from, or no
 * occurrence left (then it is completed instead).
 */
export function moveToNextOccurrence(task: Component): boolean {
  const rule = task.getFirstPropertyValue('rrule') as Recur | undefined;
  const startProperty = task.getFirstProperty('dtstart');
  const dueProperty = task.getFirstProperty('due');
  const anchor = (startProperty ?? dueProperty)?.getFirstValue() as Time | undefined;
  if (!rule || !anchor) return false;
  const { RecurExpansion } = ICAL.get();
  const expansion = new RecurExpansion({ component: task, dtstart: anchor });
  let next: Time | undefined;
  for (let step = 0; step < 1000; step++) {
    const occurrence = expansion.next() as Time | undefined;
    if (!occurrence) break;
    if (occurrence.compare(anchor) > 0) {
      next = occurrence;
      break;
    }
  }
  if (!next) return false;
  if (rule.count) {
    const passed = occurrencesBefore(rule, anchor, next);
    if (rule.count - passed < 1) return false;
    rule.count -= passed;
    task.getFirstProperty('rrule')?.setValue(rule);
  }
  const due = dueProperty?.getFirstValue() as Time | undefined;
  if (startProperty && due && dueProperty) {
    const length = due.subtractDate(anchor);
    const movedDue = next.clone();
    movedDue.addDuration(length);
    dueProperty.setValue(movedDue);
  }
  (startProperty ?? dueProperty)?.setValue(next.clone());
  return true;
}

/** How many occurrences of the rule (EXDATE aside, as COUNT counts them) fall from `start` up to before `next`. */
function occurrencesBefore(rule: Recur, start: Time, next: Time): number {
  const iterator = rule.iterator(start);
  let passed = 0;
  for (let occurrence = iterator.next(); occurrence && occurrence.compare(next) < 0 && passed < 100_000;) {
    passed += 1;
    occurrence = iterator.next();
  }
  return passed;
}
