/**
 * Waiting in tests, always for a condition: a request reaching the simulator,
 * a message leaving a node, a status, a file. What has no event of its own is
 * polled. Every wait has a deadline, generous so that a busy machine only
 * makes it slower, and a wait that runs out says what it waited for and what
 * it saw instead: a test never sleeps for a fixed time and never fails with a
 * bare "timeout".
 */

/** How long a wait may take by default: far above what any condition needs on a loaded machine. */
export const WAIT_MS = 10_000;

export interface UntilOptions {
  /** What is waited for, as the failure names it (default: the condition's source). */
  what?: string;
  /** What there is instead, for the failure message. */
  got?: () => unknown;
  /** Default WAIT_MS. */
  timeoutMs?: number;
  /** Time between two checks; default 5. */
  everyMs?: number;
}

/** The failure of a wait that ran out. */
function ranOut(what: string, timeoutMs: number, got: (() => unknown) | undefined, lastError?: unknown): Error {
  let message = `waited ${timeoutMs} ms in vain for ${what}`;
  if (got) message += `; got: ${describe(got)}`;
  if (lastError instanceof Error) message += ` (last: ${lastError.message})`;
  return new Error(message);
}

function describe(got: () => unknown): string {
  try {
    const value = got();
    return typeof value === 'string' ? value : JSON.stringify(value);
  } catch (error) {
    return `(cannot tell: ${String(error)})`;
  }
}

/** The source of a condition, as a name for it: `() => h.requests.length === 1`. */
function sourceOf(condition: () => unknown): string {
  return condition.toString().replace(/\s+/g, ' ');
}

/**
 * Resolves once `condition` holds (it may be async), rejects after the timeout
 * naming what was waited for. A condition that throws fails the wait at once.
 */
export async function until(
  condition: () => boolean | Promise<boolean>,
  { what = sourceOf(condition), got, timeoutMs = WAIT_MS, everyMs = 5 }: UntilOptions = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw ranOut(what, timeoutMs, got);
    await nextCheck(everyMs);
  }
}

/**
 * Resolves with the first value `check` gives that is neither undefined nor false; a check that throws counts as
 * "not yet" (a server still starting refuses connections), and the last such error is named on the timeout.
 */
export async function eventually<T>(
  check: () => T | false | undefined | Promise<T | false | undefined>,
  { what = sourceOf(check), got, timeoutMs = WAIT_MS, everyMs = 5 }: UntilOptions = {},
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
    if (Date.now() > deadline) throw ranOut(what, timeoutMs, got, lastError);
    await nextCheck(everyMs);
  }
}

/**
 * Resolves as `promise` does, or rejects after the timeout naming what it was: for
 * what ends with an event (a child process exiting, a line in a log) rather than
 * a state to poll.
 */
export async function within<T>(
  promise: Promise<T>,
  what: string,
  { got, timeoutMs = WAIT_MS }: Omit<UntilOptions, 'what' | 'everyMs'> = {},
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(ranOut(what, timeoutMs, got)), timeoutMs);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Resolves after `count` turns of the event loop: I/O and timers that are due
 * run in between. For spreading work over the loop, not for waiting on anything.
 */
export async function turns(count: number): Promise<void> {
  for (let turn = 0; turn < count; turn++) await new Promise((resolve) => setImmediate(resolve));
}

/** The poll's interval: the one place a wait takes time by itself, always between two checks of a condition. */
function nextCheck(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
