/**
 * Ruby's `strftime`, which Liquid's `date` filter and TRMNL's `l_date` and `ordinalize` use: every conversion,
 * the flags `-` (no padding), `_` (spaces), `0` (zeros), `^` (upper case), `#` (change case), a width, and
 * `%:z`/`%::z`. Names come from `DateNames`: English (Ruby's own) unless a locale's are given.
 */
import { offsetText, type RubyTime } from './ruby-time';

export interface DateNames {
  /** 0 is Sunday. */
  weekday(index: number, width: 'long' | 'short'): string;
  /** 0 is January. */
  month(index: number, width: 'long' | 'short'): string;
  /** "AM" or "PM" as the locale writes it, for an hour 0–23. */
  dayPeriod(hour: number): string;
}

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export const ENGLISH_NAMES: DateNames = {
  weekday: (index, width) => (width === 'long' ? WEEKDAYS[index] : WEEKDAYS[index].slice(0, 3)),
  month: (index, width) => (width === 'long' ? MONTHS[index] : MONTHS[index].slice(0, 3)),
  dayPeriod: (hour) => (hour < 12 ? 'AM' : 'PM'),
};

/** Conversions that stand for a whole format. */
const COMPOSITES: Record<string, string> = {
  c: '%a %b %e %H:%M:%S %Y',
  D: '%m/%d/%y',
  x: '%m/%d/%y',
  F: '%Y-%m-%d',
  T: '%H:%M:%S',
  X: '%H:%M:%S',
  R: '%H:%M',
  r: '%I:%M:%S %p',
  v: '%e-%^b-%4Y',
  '+': '%a %b %e %H:%M:%S %Z %Y',
};

const DIRECTIVE = /%([-_0^#]*)(\d*)(:{0,2})([a-zA-Z%+])/g;

interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
  weekday: number;
  yearDay: number;
}

function fieldsOf(time: RubyTime): Fields {
  const wall = time.wall;
  const year = wall.getUTCFullYear();
  return {
    year,
    month: wall.getUTCMonth(),
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    ms: wall.getUTCMilliseconds(),
    weekday: wall.getUTCDay(),
    yearDay: Math.floor((wall.getTime() - Date.UTC(year, 0, 1)) / 86_400_000) + 1,
  };
}

/** The ISO 8601 week-numbering year and week of a date. */
function isoWeek(fields: Fields): { year: number; week: number } {
  const weekday = (fields.weekday + 6) % 7; // Monday 0
  const thursday = new Date(Date.UTC(fields.year, fields.month, fields.day - weekday + 3));
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 / 7) + 1;
  return { year, week };
}

type Conversion = { text: string } | { number: number; width: number; pad: '0' | ' ' };

function convert(letter: string, colons: string, width: string, time: RubyTime, names: DateNames): Conversion | null {
  const f = fieldsOf(time);
  const number = (value: number, digits: number, pad: '0' | ' ' = '0'): Conversion => ({
    number: value,
    width: digits,
    pad,
  });
  const hour12 = f.hour % 12 === 0 ? 12 : f.hour % 12;
  switch (letter) {
    case 'Y':
      return number(f.year, f.year < 0 ? 5 : 4);
    case 'C':
      return number(Math.floor(f.year / 100), 2);
    case 'y':
      return number(((f.year % 100) + 100) % 100, 2);
    case 'm':
      return number(f.month + 1, 2);
    case 'B':
      return { text: names.month(f.month, 'long') };
    case 'b':
    case 'h':
      return { text: names.month(f.month, 'short') };
    case 'd':
      return number(f.day, 2);
    case 'e':
      return number(f.day, 2, ' ');
    case 'j':
      return number(f.yearDay, 3);
    case 'H':
      return number(f.hour, 2);
    case 'k':
      return number(f.hour, 2, ' ');
    case 'I':
      return number(hour12, 2);
    case 'l':
      return number(hour12, 2, ' ');
    case 'P':
      return { text: names.dayPeriod(f.hour).toLowerCase() };
    case 'p':
      return { text: names.dayPeriod(f.hour) };
    case 'M':
      return number(f.minute, 2);
    case 'S':
      return number(f.second, 2);
    case 'L':
    case 'N': {
      const digits = Number(width) || (letter === 'L' ? 3 : 9);
      return { text: String(f.ms).padStart(3, '0').padEnd(digits, '0').slice(0, digits) };
    }
    case 'z':
      return { text: offsetText(time.offsetSeconds, colons ? ':' : '', colons.length === 2) };
    case 'Z':
      return { text: time.dateOnly ? '+00:00' : time.zone };
    case 'A':
      return { text: names.weekday(f.weekday, 'long') };
    case 'a':
      return { text: names.weekday(f.weekday, 'short') };
    case 'u':
      return number(f.weekday === 0 ? 7 : f.weekday, 1);
    case 'w':
      return number(f.weekday, 1);
    case 'U':
      return number(Math.floor((f.yearDay - 1 + 7 - f.weekday) / 7), 2);
    case 'W':
      return number(Math.floor((f.yearDay - 1 + 7 - ((f.weekday + 6) % 7)) / 7), 2);
    case 'G':
      return number(isoWeek(f).year, 4);
    case 'g':
      return number(isoWeek(f).year % 100, 2);
    case 'V':
      return number(isoWeek(f).week, 2);
    case 's':
      return number(Math.floor(time.ms / 1000), 1);
    case 'n':
      return { text: '\n' };
    case 't':
      return { text: '\t' };
    case '%':
      return { text: '%' };
    default:
      return null;
  }
}

function changeCase(text: string, flags: string, letter: string): string {
  if (flags.includes('^')) return text.toUpperCase();
  if (flags.includes('#')) return letter === 'p' ? text.toLowerCase() : text.toUpperCase();
  return text;
}

/** `time` written by a Ruby `strftime` format. */
export function strftime(time: RubyTime, format: string, names: DateNames = ENGLISH_NAMES): string {
  return format.replace(DIRECTIVE, (whole, flags: string, width: string, colons: string, letter: string) => {
    if (colons && letter !== 'z') return whole;
    const composite = COMPOSITES[letter];
    if (composite !== undefined) return changeCase(strftime(time, composite, names), flags, letter);
    const conversion = convert(letter, colons, width, time, names);
    if (!conversion) return whole;
    if ('text' in conversion) {
      const text = changeCase(conversion.text, flags, letter);
      const wanted = letter === 'L' || letter === 'N' ? 0 : Number(width);
      return text.padStart(wanted, flags.includes('0') ? '0' : ' ');
    }
    if (flags.includes('-')) return String(conversion.number);
    const pad = flags.includes('_') ? ' ' : flags.includes('0') ? '0' : conversion.pad;
    const digits = width ? Number(width) : conversion.width;
    const sign = conversion.number < 0 ? '-' : '';
    return sign + String(Math.abs(conversion.number)).padStart(digits - sign.length, pad);
  });
}
