/**
 * Date filters as TRMNL runs them: Liquid's `date` with Ruby's `strftime`, and TRMNL's `l_date`, `ordinalize`,
 * `days_ago` and `l_word` (usetrmnl/trmnl-liquid, lib/trmnl/liquid/filters.rb).
 */
import { fillStateOf, type FilterThis } from './fill-state';
import { localWord, localeNames, namedFormat } from './locale-words';
import { dateDaysAgo, filterTime, liquidTime } from './ruby-time';
import { rubyToI, rubyToS } from './ruby-values';
import { strftime } from './strftime';

/** Liquid's `date`: the input unchanged when it is not a time or the format is empty. */
function date(this: FilterThis, input: unknown, format?: unknown): unknown {
  const text = rubyToS(format);
  if (text === '') return input;
  const time = liquidTime(input, fillStateOf(this.context).now);
  return time ? strftime(time, text) : input;
}

/** `l_date`: a strftime format with the locale's names, or a named format ("shorter"). */
function l_date(this: FilterThis, input: unknown, format: unknown, locale: unknown = 'en'): string {
  const time = filterTime(input, fillStateOf(this.context).now);
  const text = rubyToS(format);
  return text.includes('%') ? strftime(time, text, localeNames(locale)) : namedFormat(time, text, locale);
}

function ordinal(day: number): string {
  if (day % 100 >= 11 && day % 100 <= 13) return `${day}th`;
  return `${day}${['th', 'st', 'nd', 'rd'][day % 10] ?? 'th'}`;
}

/** `ordinalize`: a strftime format in which `<<ordinal_day>>` is the day as "1st", "2nd", "3rd"… */
function ordinalize(this: FilterThis, input: unknown, format: unknown): string {
  const time = filterTime(input, fillStateOf(this.context).now);
  return strftime(time, rubyToS(format).replace(/<<ordinal_day>>/g, ordinal(time.wall.getUTCDate())));
}

/** `days_ago`: the date that many days before today in a time zone (UTC by default). */
function days_ago(this: FilterThis, input: unknown, timeZone: unknown = 'Etc/UTC'): unknown {
  return dateDaysAgo(rubyToI(input), rubyToS(timeZone), fillStateOf(this.context).now);
}

function l_word(word: unknown, locale: unknown): string {
  return localWord(word, locale);
}

export const DATE_FILTERS = { date, l_date, ordinalize, days_ago, l_word };
