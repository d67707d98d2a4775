/** Dates as the service writes them, in this host's time zone. */

/** A number of two digits or more, as in 09. */
export function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** yyyy-MM-dd of a local moment. */
export function localDate(moment: Date | number): string {
  const date = new Date(moment);
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}

/** dueDate (yyyy-MM-dd) and dueTime (HH:mm) of a local moment, as the service stores a to-do's due moment. */
export function dueFields(moment: Date | number): { dueDate: string; dueTime: string } {
  const date = new Date(moment);
  return { dueDate: localDate(date), dueTime: `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}` };
}
