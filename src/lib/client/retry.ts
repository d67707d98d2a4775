/** The retry policy of an account and its one loop, used by every call and by the to-do completion. */
import type { DeviceCloudError } from '../errors';

export interface RetryOptions {
  /** attempts in all, the first included; 1 turns retries off */
  maxAttempts: number;
  /** the first backoff; each further one doubles, and half of each wait is random */
  baseDelayMs: number;
  /** the longest single wait (a longer Retry-After ends the retries) */
  maxDelayMs: number;
  /** the longest a call may take from its first attempt, waits included */
  maxTotalMs: number;
}

export const DEFAULT_RETRY: RetryOptions = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 10_000,
  maxTotalMs: 30_000,
};

/** Retry-After as seconds or an HTTP date, in milliseconds from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Exponential backoff with jitter (between half and all of the ceiling) for the given attempt (1 = the wait after the first failure). */
export function backoffDelay(attempt: number, options: RetryOptions, random = Math.random): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** How the loop treats a failed attempt. */
export interface RetryRules {
  policy: RetryOptions;
  /** When the call began (Date.now()), if before the first attempt: its time budget counts from then. */
  startedAt?: number;
  /** The failure an attempt ended with, as our error. */
  failureOf(error: unknown): DeviceCloudError;
  /** Whether this failure may be tried again at all; the attempts, the wait and the time left are checked besides. */
  repeatable(failure: DeviceCloudError): boolean;
  /** The wait between two attempts; rejects when the call is abandoned meanwhile. */
  pause(ms: number): Promise<void>;
  /** The failure as the caller gets it once the loop gives up; by default as it is. */
  givenUp?(failure: DeviceCloudError, attempts: number): DeviceCloudError;
}

/**
 * Makes attempts until one succeeds or the failure may not be repeated: it is
 * not repeatable, the attempts are used up, the service asks for a longer wait
 * than one may be, or the wait would pass the time a call may take.
 */
export async function retrying<T>(attempt: (attempt: number) => Promise<T>, rules: RetryRules): Promise<T> {
  const { policy } = rules;
  const started = rules.startedAt ?? Date.now();
  for (let number = 1; ; number++) {
    try {
      return await attempt(number);
    } catch (error) {
      const failure = rules.failureOf(error);
      const wait = Math.max(backoffDelay(number, policy), failure.retryAfterMs ?? 0);
      const withinBudget =
        number < policy.maxAttempts && wait <= policy.maxDelayMs && Date.now() - started + wait <= policy.maxTotalMs;
      if (!withinBudget || !rules.repeatable(failure)) throw rules.givenUp?.(failure, number) ?? failure;
      await rules.pause(wait);
    }
  }
}
