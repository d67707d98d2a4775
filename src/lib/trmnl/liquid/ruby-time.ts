/**
 * Times as TRMNL's Liquid reads them. TRMNL renders on servers whose clock is UTC, and Ruby's `Time.now`,
 * `Time.at` and `Time.parse` ignore the user's time zone: "now" is UTC, "2025-01-11 10:15" is 10:15 UTC, and a
 * time written with an offset keeps it ("2025-12-31 16:50:38 -0400" prints as 16:50). Recipes add
 * `trmnl.user.utc_offset` themselves to show local time, so the same is done here.
 */

/** A moment with the offset it is shown in, as Ruby's Time (or a Date, with `dateOnly`). */
export class RubyTime {
  constructor(
    readonly ms: number,
    readonly offsetSeconds = 0,
    /** The zone's name (%Z); empty for an offset read from a text, as Ruby has it. */
    readonly zone = 'UTC',
    readonly dateOnly = false,
  ) {}

  /** The wall clock at the offset. */
  get wall(): Date {
    return new Date(this.ms + this.offsetSeconds * 1000);
  }

  /** Ruby's `Time#to_s` ("2025-01-11 10:15:00 UTC", "… -0400"), or `Date#to_s` ("2025-01-11"). */
  toString(): string {
    const iso = this.wall.toISOString();
    if (this.dateOnly) return iso.slice(0, 10);
    const zone = this.zone === 'UTC' ? 'UTC' : offsetText(this.offsetSeconds, '');
    return `${iso.slice(0, 10)} ${iso.slice(11, 19)} ${zone}`;
  }

  toJSON(): string {
    return this.dateOnly ? this.toString() : new Date(this.ms).toISOString();
  }
}

/** "+hhmm" (or "+hh:mm" with a separator) for an offset in seconds. */
export function offsetText(offsetSeconds: number, separator = ':', withSeconds = false): string {
  const sign = offsetSeconds < 0 ? '-' : '+';
  const total = Math.abs(offsetSeconds);
  const pad = (n: number): string => String(n).padStart(2, '0');
  const text = `${sign}${pad(Math.floor(total / 3600))}${separator}${pad(Math.floor(total / 60) % 60)}`;
  return withSeconds ? `${text}${separator}${pad(total % 60)}` : text;
}

/**
 * The time Liquid's `date` filter reads from a value (Ruby Liquid's `Utils.to_date`): "now" and "today", whole
 * seconds since 1970 (a number or digits), a text `Time.parse` reads; otherwise nothing, and the filter gives
 * its input back unchanged.
 */
export function liquidTime(value: unknown, now: number): RubyTime | undefined {
  if (value instanceof RubyTime) return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : new RubyTime(value.getTime());
  if (typeof value === 'number') return Number.isInteger(value) ? new RubyTime(value * 1000) : undefined;
  if (typeof value !== 'string' || value === '') return undefined;
  const text = value.toLowerCase();
  if (text === 'now' || text === 'today') return new RubyTime(now);
  if (/^\d+$/.test(text)) return new RubyTime(Number(text) * 1000);
  return parseTime(value, now);
}

/**
 * The time TRMNL's own filters (`l_date`, `ordinalize`) read: as `liquidTime`, except that a text that is not
 * a time is an error, as Ruby's `Time.parse` raises it.
 */
export function filterTime(value: unknown, now: number): RubyTime {
  const time = liquidTime(value, now);
  if (!time) throw new Error(`no time information in ${JSON.stringify(String(value))}`);
  return time;
}

const ISO_DATE =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T\s]+(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(z|utc|gmt|[+-]\d{2}(?::?\d{2})?)?$/i;
const CLOCK_ONLY = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(am|pm)?$/i;
const ENDING_ZONE = /(?:\b(?:z|utc|gmt)|[+-]\d{2}:?\d{2}|\b[ECMP][SD]T)\s*$/i;
const NUMERIC_OFFSET = /([+-])(\d{2}):?(\d{2})\s*$/;

/** Ruby's `Time.parse`, for the forms texts carry: ISO 8601, RFC 2822, "Jan 11 2025", a clock time alone. */
export function parseTime(text: string, now: number): RubyTime | undefined {
  const trimmed = text.trim();
  const iso = ISO_DATE.exec(trimmed);
  if (iso) return isoTime(iso);
  const clock = CLOCK_ONLY.exec(trimmed);
  if (clock) return clockTime(clock, now);
  if (!/\d/.test(trimmed)) return undefined;
  const zoned = ENDING_ZONE.test(trimmed);
  const ms = Date.parse(zoned ? trimmed : `${trimmed} UTC`);
  if (Number.isNaN(ms)) return undefined;
  const offset = NUMERIC_OFFSET.exec(trimmed);
  if (!offset) return new RubyTime(ms);
  const seconds = (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 3600 + Number(offset[3]) * 60);
  return new RubyTime(ms, seconds, '');
}

function isoTime(match: RegExpExecArray): RubyTime | undefined {
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '0', zone] = match;
  const wall = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
    Math.round(Number(`0.${fraction}`) * 1000),
  );
  if (Number.isNaN(wall) || Number(month) > 12 || Number(day) > 31) return undefined;
  if (!zone || /^(z|utc|gmt)$/i.test(zone)) return new RubyTime(wall);
  const digits = zone.replace(':', '');
  const seconds =
    (digits[0] === '-' ? -1 : 1) * (Number(digits.slice(1, 3)) * 3600 + Number(digits.slice(3, 5) || 0) * 60);
  return new RubyTime(wall - seconds * 1000, seconds, '');
}

function clockTime(match: RegExpExecArray, now: number): RubyTime | undefined {
  const [, hourText, minute, second = '0', half] = match;
  let hour = Number(hourText);
  if (half) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (half.toLowerCase() === 'pm' ? 12 : 0);
  }
  if (hour > 23 || Number(minute) > 59) return undefined;
  const today = new Date(now);
  return new RubyTime(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), hour, Number(minute), Number(second)),
  );
}

/** Today's date in an IANA time zone, less a number of days (TRMNL's `days_ago`), as a Ruby Date. */
export function dateDaysAgo(days: number, timeZone: string, now: number): RubyTime {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })
    .formatToParts(new Date(now))
    .reduce<Record<string, number>>((all, part) => ({ ...all, [part.type]: Number(part.value) }), {});
  return new RubyTime(Date.UTC(parts.year, parts.month - 1, parts.day - days), 0, 'UTC', true);
}
