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
