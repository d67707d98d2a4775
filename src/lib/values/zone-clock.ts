/**
 * The wall clock of an IANA time zone at an instant, from the zones Node.js knows (Intl). A clock of each zone
 * asked for is kept: making one costs more than reading it, and a process meets a few hundred zones at most.
 */
const clocks = new Map<string, Intl.DateTimeFormat | undefined>();

function clockOf(zone: string): Intl.DateTimeFormat | undefined {
  if (clocks.has(zone)) return clocks.get(zone);
  let clock: Intl.DateTimeFormat | undefined;
  try {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    clock = undefined;
  }
  clocks.set(zone, clock);
  return clock;
}

/** Whether Intl knows the zone by this name. */
export function isKnownZone(zone: string): boolean {
  return clockOf(zone) !== undefined;
}

/** The zone's wall clock at an instant (ms), as the fields of a Date in UTC; a RangeError for an unknown zone. */
export function wallClock(instant: number, zone: string): Date {
  const clock = clockOf(zone);
  if (!clock) throw new RangeError(`not a time zone: ${zone}`);
  const parts: Record<string, number> = {};
  for (const part of clock.formatToParts(new Date(instant))) parts[part.type] = Number(part.value);
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second));
}

/** How far the zone's wall clock is ahead of UTC at an instant, in whole seconds as ms. */
export function zoneOffset(instant: number, zone: string): number {
  return wallClock(instant, zone).getTime() - Math.floor(instant / 1000) * 1000;
}
