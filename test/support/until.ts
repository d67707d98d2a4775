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

/** Resolves after `ms` milliseconds. */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
