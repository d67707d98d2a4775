/** An account's settings: their defaults and ranges, which the runtime applies and the dialog checks. */
import { DEFAULT_PACING, DEFAULT_TIMEOUT_MS } from '../../lib/client/defaults';
import { DEFAULT_RETRY } from '../../lib/client/retry';
import { invalid } from '../../lib/errors';

/** How the key is sent: `X-API-Key: <key>` (the default) or `Authorization: Bearer <key>`. */
export const AUTH_HEADERS = ['x-api-key', 'bearer'] as const;

/**
 * The tuning of an account, as the dialog stores it (strings) or a hand-written flow gives it.
 * `retryBaseDelay` (ms) is not in the dialog: it is for flows written by hand and for tests.
 */
export const ACCOUNT_DEFAULTS = {
  timeout: DEFAULT_TIMEOUT_MS / 1000,
  retries: DEFAULT_RETRY.maxAttempts - 1,
  maxInFlight: DEFAULT_PACING.maxInFlight,
  queueLimit: DEFAULT_PACING.maxQueue,
  minSpacing: DEFAULT_PACING.minSpacingMs,
  retryBaseDelay: DEFAULT_RETRY.baseDelayMs,
} as const;

export type AccountSetting = keyof typeof ACCOUNT_DEFAULTS;

export interface SettingRange {
  min: number;
  max: number;
  whole: boolean;
}

export const ACCOUNT_RANGES: Record<AccountSetting, SettingRange> = {
  timeout: { min: 0.1, max: 300, whole: false },
  retries: { min: 0, max: 10, whole: true },
  maxInFlight: { min: 1, max: 32, whole: true },
  queueLimit: { min: 0, max: 100_000, whole: true },
  minSpacing: { min: 0, max: 600_000, whole: false },
  retryBaseDelay: { min: 1, max: 60_000, whole: false },
};

const DECIMAL = /^\s*\d+(\.\d+)?\s*$/;

/**
 * A setting as the dialog stores it (a decimal string) or a hand-written flow gives it (a number); empty is
 * undefined (the default applies). A value out of its range is an error naming the setting and the range.
 */
export function accountSetting(name: AccountSetting, raw: unknown): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && DECIMAL.test(raw) ? Number(raw) : NaN;
  const { min, max, whole } = ACCOUNT_RANGES[name];
  if (!Number.isFinite(value) || value < min || value > max || (whole && !Number.isInteger(value))) {
    throw invalid(name, `must be ${whole ? 'a whole number' : 'a number'} from ${min} to ${max}`);
  }
  return value;
}
