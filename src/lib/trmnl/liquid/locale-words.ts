/**
 * Localised words and dates for TRMNL's `l_word` and `l_date`, from the runtime's own Intl data (no locale files
 * are copied): the names of days and months, AM and PM, "today" and "tomorrow", and the named time formats.
 * A locale Intl does not know is read as English.
 */
import { ENGLISH_NAMES, MONTHS, WEEKDAYS, type DateNames } from './strftime';
import type { RubyTime } from './ruby-time';
import { rubyToS } from './ruby-values';

const DAY_MS = 86_400_000;
/** A Sunday in January, so that day i of the week and month i of the year are easy to make. */
const SUNDAY = Date.UTC(2023, 0, 1);
const caches = { names: new Map<string, DateNames>(), words: new Map<string, Map<string, string>>() };

/** The locale as Intl names it ("es_ES" and "es-ES" alike), or nothing when Intl does not know it. */
export function supportedLocale(locale: unknown): string | undefined {
  if (typeof locale !== 'string' || locale.trim() === '') return undefined;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([locale.trim().replace(/_/g, '-')])[0];
  } catch {
    return undefined;
  }
}

/** The locale as Intl names it, or "en" when Intl does not know it. */
export function intlLocale(locale: unknown): string {
  return supportedLocale(locale) ?? 'en';
}

function part(format: Intl.DateTimeFormat, date: number, type: Intl.DateTimeFormatPartTypes): string {
  return format.formatToParts(new Date(date)).find((item) => item.type === type)?.value ?? '';
}

/** The names a locale gives days, months and the halves of the day (as in a date, not standing alone). */
export function localeNames(locale: unknown): DateNames {
  const tag = intlLocale(locale);
  if (tag === 'en') return ENGLISH_NAMES;
  let names = caches.names.get(tag);
  if (names) return names;
  const formats = {
    weekday: {
      long: new Intl.DateTimeFormat(tag, { timeZone: 'UTC', weekday: 'long' }),
      short: new Intl.DateTimeFormat(tag, { timeZone: 'UTC', weekday: 'short' }),
    },
    month: {
      long: new Intl.DateTimeFormat(tag, { timeZone: 'UTC', month: 'long', day: 'numeric' }),
      short: new Intl.DateTimeFormat(tag, { timeZone: 'UTC', month: 'short', day: 'numeric' }),
    },
    dayPeriod: new Intl.DateTimeFormat(tag, { timeZone: 'UTC', hour: 'numeric', hour12: true }),
  };
  names = {
    weekday: (index, width) => part(formats.weekday[width], SUNDAY + index * DAY_MS, 'weekday'),
    month: (index, width) => part(formats.month[width], Date.UTC(2023, index, 15), 'month'),
    dayPeriod: (hour) => part(formats.dayPeriod, Date.UTC(2023, 0, 1, hour), 'dayPeriod') || (hour < 12 ? 'AM' : 'PM'),
  };
  caches.names.set(tag, names);
  return names;
}

const RELATIVE_DAYS: Record<string, number> = { yesterday: -1, today: 0, tomorrow: 1 };
/** Words Intl names as fields of a date: the word, and Intl's name of the field. */
const FIELDS: [string, Intl.DateTimeFormatPart['type'] | 'weekOfYear' | 'quarter'][] = [
  ['era', 'era'],
  ['year', 'year'],
  ['quarter', 'quarter'],
  ['month', 'month'],
  ['week', 'weekOfYear'],
  ['weekday', 'weekday'],
  ['day', 'day'],
  ['hour', 'hour'],
  ['minute', 'minute'],
  ['second', 'second'],
];
function wordsOf(tag: string): Map<string, string> {
  let words = caches.words.get(tag);
  if (words) return words;
  words = new Map();
  const relative = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' });
  for (const [word, days] of Object.entries(RELATIVE_DAYS)) words.set(word, relative.format(days, 'day'));
  const fields = new Intl.DisplayNames(tag, { type: 'dateTimeField' });
  for (const [word, field] of FIELDS) words.set(word, fields.of(field) ?? word);
  const names = localeNames(tag);
  WEEKDAYS.forEach((day, index) => words?.set(day.toLowerCase(), names.weekday(index, 'long')));
  MONTHS.forEach((month, index) => words?.set(month.toLowerCase(), names.month(index, 'long')));
  caches.words.set(tag, words);
  return words;
}

/**
 * `l_word`: the word in the locale where Intl has it (today, tomorrow, yesterday, the names of days and months,
 * day, week, month, year, hour, minute, second); any other word as it is given.
 */
export function localWord(word: unknown, locale: unknown): string {
  const text = rubyToS(word);
  return wordsOf(intlLocale(locale)).get(text.trim().toLowerCase()) ?? text;
}

const NAMED_FORMATS: Record<string, Intl.DateTimeFormatOptions> = {
  shorter: { timeStyle: 'short' },
  short: { dateStyle: 'medium', timeStyle: 'short' },
  long: { dateStyle: 'long', timeStyle: 'short' },
  default: { dateStyle: 'medium', timeStyle: 'medium' },
  date_short: { dateStyle: 'medium' },
  date_long: { dateStyle: 'long' },
};

/** `l_date` with a named format (TRMNL's `shorter`, Rails' `short`, `long`, `default`), as Intl writes it. */
export function namedFormat(time: RubyTime, name: string, locale: unknown): string {
  const options = Object.hasOwn(NAMED_FORMATS, name) ? NAMED_FORMATS[name] : undefined;
  if (!options) throw new Error(`Translation missing: ${intlLocale(locale)}.time.formats.${name}`);
  // The wall clock at the time's offset, written as UTC: Intl then shows the same hour Ruby would.
  return new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone: 'UTC' })
    .format(time.wall)
    .replace(/[\u202f\u00a0]/g, ' ');
}
