/** An account's defaults for the timeout and the pacing (the retry policy's are in ./retry). */

export interface LimiterOptions {
  /** requests sent at once */
  maxInFlight: number;
  /** places in the queue; a request that finds none is refused */
  maxQueue: number;
  /** least time between the starts of two requests, 0 for none */
  minSpacingMs: number;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_PACING: LimiterOptions = { maxInFlight: 3, maxQueue: 200, minSpacingMs: 0 };
