/** A CalDAV node's settings: their defaults and rules, which the runtime applies and the dialog checks. */
import { invalid } from '../../lib/errors';

/** The task list's address: the runtime's own rule, for the dialog's check. */
export { caldavUrl } from '../../lib/caldav/address';

export const CALDAV_DEFAULTS = { timeout: 30 } as const;
export const CALDAV_RANGES = { timeout: { min: 1, max: 300 } } as const;

/** The request timeout in seconds, as the dialog stores it (text) or a hand-written flow gives it; empty: the default. */
export function caldavTimeout(raw: unknown): number {
  if (raw === undefined || raw === null || raw === '') return CALDAV_DEFAULTS.timeout;
  const value =
    typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : NaN;
  const { min, max } = CALDAV_RANGES.timeout;
  if (!Number.isFinite(value) || value < min || value > max)
    throw invalid('timeout', `must be a number from ${min} to ${max}`);
  return value;
}

/** The display's time zone: empty for Node-RED's own, else a name of the IANA database, e.g. Europe/Berlin. */
export function displayTimeZone(raw: unknown): string {
  const zone = typeof raw === 'string' ? raw.trim() : '';
  if (zone === '') return '';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw invalid('timeZone', 'must be a time zone such as Europe/Berlin or America/New_York', zone);
  }
}
