/**
 * Template helpers: a placeholder may pass its value through helpers, written after a bar as Liquid and
 * Jinja write filters (`{{payload.start | time}}`, `{{payload.temp | number: 1 °C}}`, `{{#payload | agenda}}`).
 * Dates and times are written in the page's language (the `lang` of the template's first element that has one,
 * else en-US) and the host's time zone, with the host's Intl data: a time as the language writes it (9:30 AM
 * in English, 9:30 in Chinese) unless the template asks for `time: 24h` or `time: 12h`; `time` also reads a
 * time of day (`09:30`, as the to-do list gives it). Numbers are rounded and grouped as the language writes
 * them.
 *
 * A value a helper cannot read (a date that is no date, a number that is no number) is drawn as it is, so
 * a sensor's "unavailable" still shows; a helper that does not exist, or a choice it does not know, is an
 * error that names it.
 */
import { invalid } from '../../../errors';

export interface HelperContext {
  language: string;
  /** The time "now" is, for relative times, in epoch milliseconds. */
  now: number;
}

type Helper = (value: unknown, args: string[], context: HelperContext) => unknown;

/** A helper given a choice it does not know: the placeholder is named when it is reported. */
class HelperProblem extends Error {}

const DAY_MS = 86_400_000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Units written right after the number, without a space. */
const CLOSE_UNITS = new Set(['%', '‰', '°', '°C', '°F', '′', '″']);
const NBSP = '\u00a0';

const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat>();
const MAX_FORMATTERS = 200;

/** An Intl formatter, made once for each language and options (making one takes far longer than using it). */
function formatter<T extends Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat>(
  kind: new (language: string, options: never) => T,
  language: string,
  options: object,
): T {
  const key = `${kind.name} ${language} ${JSON.stringify(options)}`;
  let made = formatters.get(key) as T | undefined;
  if (!made) {
    made = new kind(language, options as never);
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, made);
  }
  return made;
}

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

function choice<T extends string>(helper: string, args: string[], choices: readonly T[], fallback: T): T {
  const wanted = args[0]?.toLowerCase();
  if (wanted === undefined) return fallback;
  if ((choices as readonly string[]).includes(wanted)) return wanted as T;
  throw new HelperProblem(`the helper ${helper} takes ${choices.join(', ')} (not ${JSON.stringify(args[0])})`);
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
function dayStart(time: Date): number {
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

function readNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || !/^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i.test(value)) return undefined;
  return Number(value);
}

/** Units Intl writes itself, as the page's language writes them (`celsius`, `percent`, `kilometer-per-hour`…). */
function intlUnit(unit: string): boolean {
  if (!/^[a-z]+(-[a-z]+)*$/.test(unit)) return false;
  try {
    formatter(Intl.NumberFormat, 'en', { style: 'unit', unit });
    return true;
  } catch {
    return false;
  }
}

function number(value: unknown, args: string[], context: HelperContext): unknown {
  const read = readNumber(value);
  if (read === undefined) return value;
  const [digitsText, ...unitWords] = args;
  const digits = digitsText === undefined ? 0 : /^\d{1,2}$/.test(digitsText) ? Number(digitsText) : NaN;
  if (!(digits >= 0 && digits <= 20)) {
    throw new HelperProblem(
      `the helper number takes the digits after the point, 0 to 20 (not ${JSON.stringify(digitsText)})`,
    );
  }
  const unit = unitWords.join(' ');
  const options: Intl.NumberFormatOptions = { minimumFractionDigits: digits, maximumFractionDigits: digits };
  if (unit !== '' && intlUnit(unit)) {
    return formatter(Intl.NumberFormat, context.language, { ...options, style: 'unit', unit }).format(read);
  }
  const text = formatter(Intl.NumberFormat, context.language, options).format(read);
  if (unit === '') return text;
  return CLOSE_UNITS.has(unit) ? `${text}${unit}` : `${text}${NBSP}${unit}`;
}

/** An event of Home Assistant's calendar, as `calendar.get_events` gives it. */
interface CalendarEvent {
  summary?: unknown;
  start?: unknown;
  end?: unknown;
  [key: string]: unknown;
}

/**
 * Home Assistant's calendar events (an array, or an object with `events`) in the order a day's agenda shows
 * them: by day, the day's all-day events first, then by start time. Each keeps its fields and gets `allDay`,
 * `day` (its date, ISO) and `firstOfDay` (the first of its day: where a day's heading goes). An event that
 * began on an earlier day and has not ended is shown on today.
 */
function agenda(value: unknown, _args: string[], context: HelperContext): unknown {
  const list = Array.isArray(value)
    ? value
    : value !== null && typeof value === 'object' && Array.isArray((value as { events?: unknown }).events)
      ? (value as { events: unknown[] }).events
      : undefined;
  if (!list) return value;
  const today = dayStart(new Date(context.now));
  const entries = list
    .filter((event): event is CalendarEvent => event !== null && typeof event === 'object')
    .map((event) => {
      const start = readMoment(event.start);
      const end = readMoment(event.end);
      const startDay = start ? dayStart(start.time) : today;
      const running = start !== undefined && end !== undefined && startDay < today && end.time.getTime() > context.now;
      const day = running ? today : startDay;
      return { event, start, allDay: start?.dateOnly ?? false, day };
    })
    .sort(
      (a, b) =>
        a.day - b.day ||
        Number(b.allDay) - Number(a.allDay) ||
        (a.start?.time.getTime() ?? 0) - (b.start?.time.getTime() ?? 0),
    );
  return entries.map((entry, i) => {
    const day = new Date(entry.day);
    const iso = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    return { ...entry.event, allDay: entry.allDay, day: iso, firstOfDay: i === 0 || entries[i - 1].day !== entry.day };
  });
}

const HELPERS: Record<string, Helper> = {
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
  number,
  agenda,
};

export const HELPER_NAMES = Object.keys(HELPERS);

export interface HelperCall {
  name: string;
  args: string[];
}

/** `payload.temp | number: 1 °C | …` as the name and the helpers; undefined for a plain name. */
export function readPipeline(tag: string): { name: string; helpers: HelperCall[] } | undefined {
  if (!tag.includes('|')) return undefined;
  const [name, ...calls] = tag.split('|').map((part) => part.trim());
  return {
    name,
    helpers: calls.map((call) => {
      const colon = call.indexOf(':');
      const helper = (colon === -1 ? call : call.slice(0, colon)).trim();
      const rest = colon === -1 ? '' : call.slice(colon + 1);
      const args = [...rest.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((found) => found[1] ?? found[2] ?? found[3]);
      return { name: helper, args };
    }),
  };
}

/** `value` through each helper in turn; an unknown helper is an error naming it and the placeholder. */
export function applyHelpers(value: unknown, calls: HelperCall[], context: HelperContext, tag: string): unknown {
  let out = value;
  for (const call of calls) {
    const helper = Object.hasOwn(HELPERS, call.name) ? HELPERS[call.name] : undefined;
    if (!helper) {
      throw invalid(
        'template',
        `{{${tag}}}: there is no helper ${JSON.stringify(call.name)} (helpers: ${HELPER_NAMES.join(', ')})`,
      );
    }
    if (out === undefined || out === null || out === '') return out;
    try {
      out = helper(out, call.args, context);
    } catch (error) {
      if (error instanceof HelperProblem) throw invalid('template', `{{${tag}}}: ${error.message}`);
      throw error;
    }
  }
  return out;
}

/** The page's language from its `lang`, checked: a tag Intl does not know is an error. */
export function pageLanguage(lang: string | undefined): string {
  if (lang === undefined || lang.trim() === '') return 'en-US';
  try {
    const [canonical] = Intl.getCanonicalLocales(lang.trim());
    return canonical;
  } catch {
    throw invalid('template', `lang=${JSON.stringify(lang)} is not a language tag (en-US, zh-CN, ja, de…)`);
  }
}
