/** The `agenda` helper: Home Assistant's calendar events in the order of a day's agenda. */
import type { HelperContext } from './helper-context';
import { dayStart, readMoment } from './helper-dates';

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
export function agenda(value: unknown, _args: string[], context: HelperContext): unknown {
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
