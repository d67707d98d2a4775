/**
 * Costly things a node needs (undici, form-data, sharp; fonts and WebAssembly
 * later), loaded once per process and, where a node asks for it, at deploy
 * rather than by the first message: a `require` holds the event loop for tens
 * to hundreds of milliseconds, and on the message path that time is added to
 * the message and Node-RED answers nothing else meanwhile.
 *
 * Preloads run one per turn of the event loop, so that timers and I/O run
 * between them rather than waiting for all of them at once.
 */

export class Preload<T> {
  private outcome: { value: T } | { error: Error } | undefined;
  private settled: Promise<Error | undefined> | undefined;

  /**
   * @param name what is loaded, for messages
   * @param load loads it; may return a promise (work done elsewhere, a worker), which `get()` then gives
   */
  constructor(
    readonly name: string,
    private readonly load: () => T,
  ) {}

  /** The loaded thing: loaded now if no preload has run yet; a failed load throws its error again, not retried. */
  get(): T {
    this.outcome ??= attempt(this.load);
    if ('error' in this.outcome) throw this.outcome.error;
    return this.outcome.value;
  }

  /** Whether the load has run and succeeded (for a promise: was made). */
  get loaded(): boolean {
    return this.outcome !== undefined && 'value' in this.outcome;
  }

  /**
   * Loads it on a later turn of the event loop, once however often asked.
   * Resolves with the load's error (a promise's rejection too), or undefined; never rejects.
   */
  preload(): Promise<Error | undefined> {
    this.settled ??= new Promise((resolve) => {
      enqueue(() => {
        let value: T;
        try {
          value = this.get();
        } catch (error) {
          resolve(asError(error));
          return;
        }
        // A promise (work done elsewhere) settles later.
        Promise.resolve(value).then(
          () => resolve(undefined),
          (error: unknown) => resolve(asError(error)),
        );
      });
    });
    return this.settled;
  }
}

function attempt<T>(load: () => T): { value: T } | { error: Error } {
  try {
    return { value: load() };
  } catch (error) {
    return { error: asError(error) };
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

const waiting: (() => void)[] = [];

function enqueue(work: () => void): void {
  waiting.push(work);
  if (waiting.length === 1) setImmediate(runNext);
}

function runNext(): void {
  const work = waiting[0];
  try {
    work();
  } finally {
    waiting.shift();
    if (waiting.length > 0) setImmediate(runNext);
  }
}
