/**
 * The helpers of dates and times: `date`, `time`, `datetime`, `weekday`, `day` and `relative`, written in the page's
 * language and the host's time zone, with the host's Intl data. A value is read as a moment (an ISO date-time, an
 * ISO date, epoch milliseconds or a Date; `time` also a time of day, as the to-do list gives it); one that is none is
 * written as it is.
 */
import { choice, type Helper, type HelperContext } from './helper-context';
import { formatter } from './intl-formatters';

const DAY_MS = 86_400_000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function dateTime(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return formatter(Intl.DateTimeFormat, language, options);
}

/** A moment from an ISO date-time, an ISO date (midnight, local time), epoch milliseconds or a Date. */
export function readMoment(value: unknown): { time: Date; dateOnly: boolean } | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : { time: value, dateOnly: false };
  if (typeof value === 'number') return Number.isFinite(value) ? { time: new Date(value), dateOnly: false } : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const text = value.trim();
  if (/^-?\d+(\.\d+)?$/.test(text)) return { time: new Date(Number(text)), dateOnly: false };
  const date = DATE_ONLY.exec(text);
  if (date) return { time: new Date(Number(date[1]), Number(date[2]) - 1, Number(date[3])), dateOnly: true };
  // An ISO date-time without an offset is local time, as JavaScript reads it.
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(text)) return undefined;
  const time = new Date(text);
  return Number.isNaN(time.getTime()) ? undefined : { time, dateOnly: false };
}

/** A time of day as the to-do list gives it (`09:30`, `18:05:00`): that time today. */
function timeOfDay(value: unknown): { time: Date; dateOnly: boolean } | undefined {
  const clock = typeof value === 'string' ? /^\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*$/.exec(value) : null;
  if (!clock) return undefined;
  const [hours, minutes, seconds] = [Number(clock[1]), Number(clock[2]), Number(clock[3] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  const time = new Date();
  time.setHours(hours, minutes, seconds, 0);
  return { time, dateOnly: false };
}

const DATE_STYLES = ['full', 'long', 'medium', 'short'] as const;

function dateOptions(helper: string, args: string[]): Intl.DateTimeFormatOptions {
  if (args.length === 0) return { weekday: 'short', month: 'short', day: 'numeric' };
  return { dateStyle: choice(helper, args, DATE_STYLES, 'medium') };
}

function timeOptions(helper: string, args: string[]): Intl.DateTimeFormatOptions {
  const cycle = choice(helper, args, ['24h', '12h'] as const, 'locale' as '24h');
  const options: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
  if (args.length > 0) options.hourCycle = cycle === '24h' ? 'h23' : 'h12';
  return options;
}

/** The helper's value as a moment, or the value unchanged when it is none. */
function withMoment(
  format: (moment: { time: Date; dateOnly: boolean }) => string,
  read: (value: unknown) => { time: Date; dateOnly: boolean } | undefined = readMoment,
): (value: unknown) => unknown {
  return (value) => {
    const moment = read(value);
    return moment ? format(moment) : value;
  };
}

function capitalised(text: string, language: string): string {
  return text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
}

/** Midnight of a moment's day, local time. */
export function dayStart(time: Date): number {
  return new Date(time.getFullYear(), time.getMonth(), time.getDate()).getTime();
}

function relative(moment: { time: Date; dateOnly: boolean }, args: string[], context: HelperContext): string {
  const style = choice('relative', args, ['long', 'short', 'narrow'] as const, 'short');
  const format = formatter(Intl.RelativeTimeFormat, context.language, { style, numeric: 'auto' });
  if (moment.dateOnly) {
    const days = Math.round((dayStart(moment.time) - dayStart(new Date(context.now))) / DAY_MS);
    return format.format(days, 'day');
  }
  const seconds = (moment.time.getTime() - context.now) / 1000;
  const size = Math.abs(seconds);
  if (size < 45) return format.format(0, 'second');
  if (size < 45 * 60) return format.format(Math.round(seconds / 60), 'minute');
  if (size < 22 * 3600) return format.format(Math.round(seconds / 3600), 'hour');
  if (size < 26 * 86400) return format.format(Math.round(seconds / 86400), 'day');
  if (size < 320 * 86400) return format.format(Math.round(seconds / (30.44 * 86400)), 'month');
  return format.format(Math.round(seconds / (365.25 * 86400)), 'year');
}

/** The helpers of dates and times, by name. */
export const DATE_HELPERS: Record<string, Helper> = {
  date: (value, args, context) =>
    withMoment(({ time }) => dateTime(context.language, dateOptions('date', args)).format(time))(value),
  time: (value, args, context) =>
    withMoment(
      ({ time }) => dateTime(context.language, timeOptions('time', args)).format(time),
      (read) => readMoment(read) ?? timeOfDay(read),
    )(value),
  datetime: (value, args, context) =>
    withMoment(({ time }) => {
      const date = dateOptions('datetime', args);
      const options: Intl.DateTimeFormatOptions = date.dateStyle
        ? { ...date, timeStyle: 'short' }
        : { ...date, ...timeOptions('datetime', []) };
      return dateTime(context.language, options).format(time);
    })(value),
  weekday: (value, args, context) =>
    withMoment(({ time }) =>
      dateTime(context.language, {
        weekday: choice('weekday', args, ['long', 'short', 'narrow'] as const, 'long'),
      }).format(time),
    )(value),
  day: (value, _args, context) =>
    withMoment(({ time }) => {
      const days = Math.round((dayStart(time) - dayStart(new Date(context.now))) / DAY_MS);
      if (Math.abs(days) <= 1) {
        const name = formatter(Intl.RelativeTimeFormat, context.language, { numeric: 'auto' }).format(days, 'day');
        return capitalised(name, context.language);
      }
      return dateTime(context.language, dateOptions('day', [])).format(time);
    })(value),
  relative: (value, args, context) => withMoment((moment) => relative(moment, args, context))(value),
};
