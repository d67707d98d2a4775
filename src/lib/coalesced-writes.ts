/**
 * Writes that follow changes, at most one a `spacingMs`: the changes of a
 * second (a fan-out to fifty devices, say) make one write, started after the
 * last one ended or a spacing after the last one started, whichever is later.
 */
export class CoalescedWrites {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private pending = false;
  private lastStart = -Infinity;
  private flushing = false;
  private idle: (() => void)[] = [];

  constructor(
    private readonly write: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
    private readonly spacingMs = 1000,
  ) {}

  /** Something changed: a write will follow. */
  request(): void {
    this.pending = true;
    if (!this.timer && !this.writing) this.schedule();
  }

  /**
   * Every change requested so far is written without waiting for the spacing; resolves as settled() does. Before
   * an exit: the timers are unref'd, so a write waiting on one would never come.
   */
  flush(): Promise<void> {
    this.flushing = true;
    if (this.timer) {
      clearTimeout(this.timer);
      this.run();
    }
    return this.settled().finally(() => (this.flushing = false));
  }

  /** Resolves once every change requested so far is written (or its write failed). */
  settled(): Promise<void> {
    if (!this.pending && !this.writing) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private schedule(): void {
    if (this.flushing) {
      this.run();
      return;
    }
    const wait = Math.max(0, this.lastStart + this.spacingMs - Date.now());
    this.timer = setTimeout(() => this.run(), wait);
    this.timer.unref();
  }

  private run(): void {
    this.timer = undefined;
    this.pending = false;
    this.lastStart = Date.now();
    this.writing = this.write()
      .catch(this.onError)
      .finally(() => {
        this.writing = undefined;
        if (this.pending) {
          this.schedule();
          return;
        }
        const waiting = this.idle;
        this.idle = [];
        for (const resolve of waiting) resolve();
      });
  }
}
