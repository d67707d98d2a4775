/**
 * Dates of the built-in layouts' samples, relative to the day the sample is made (a sample is made each time it
 * is asked for), written as local ISO dates and date-times, the way Home Assistant and the to-do list give them.
 */

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The local ISO date-time `days` from today at `hour:minute`. */
export function localDateTime(days: number, hour: number, minute = 0): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}T${pad(hour)}:${pad(minute)}:00`;
}

/** The local ISO date `days` from today. */
export function localDate(days: number): string {
  return localDateTime(days, 0).slice(0, 10);
}
