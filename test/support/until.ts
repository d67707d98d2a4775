/**
 * Waiting in tests: for a condition to hold (polled, since what the tests wait
 * for, a request reaching the simulator or a message leaving a node, has no
 * event of its own), or for a fixed time.
 */

export interface UntilOptions {
  /** What is waited for, as the failure names it. */
  what?: string;
  /** Default 5000. */
  timeoutMs?: number;
  /** Time between two checks; default 5. */
  everyMs?: number;
}

/**
 * Resolves once `condition` holds (it may be async), rejects after the timeout
 * naming what was waited for. A condition that throws fails the wait at once.
 */
export async function until(
  condition: () => boolean | Promise<boolean>,
  { what = 'the condition', timeoutMs = 5000, everyMs = 5 }: UntilOptions = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms in vain for ${what}`);
    await pause(everyMs);
  }
}

/**
 * Resolves with the first value `check` gives that is neither undefined nor false; a check that throws counts as
 * "not yet" (a server still starting refuses connections), and the last such error is named on the timeout.
 */
export async function eventually<T>(
  check: () => T | false | undefined | Promise<T | false | undefined>,
  { what = 'the condition', timeoutMs = 5000, everyMs = 5 }: UntilOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const reason = lastError instanceof Error ? ` (last: ${lastError.message})` : '';
      throw new Error(`waited ${timeoutMs} ms in vain for ${what}${reason}`);
    }
    await pause(everyMs);
  }
}

/** Resolves after `ms` milliseconds. */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
