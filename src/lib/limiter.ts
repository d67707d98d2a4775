import { DeviceCloudError } from './errors';

export interface LimiterOptions {
  /** requests sent at once */
  maxInFlight: number;
  /** requests waiting for a place; one more is refused */
  maxQueue: number;
  /** least time between the starts of two requests, 0 for none */
  minSpacingMs: number;
}

interface Waiter {
  start: () => void;
  fail: (error: Error) => void;
}

/**
 * Paces the requests of one account: a bound on requests in flight, a bounded
 * queue for the rest, and an optional least spacing between starts.
 */
export class RequestLimiter {
  private active = 0;
  private readonly waiting: Waiter[] = [];
  private lastStart = 0;
  private spacingTimer: NodeJS.Timeout | undefined;
  private closedWith: Error | undefined;
  /** The most requests seen in flight at once, for tests and the benchmark. */
  peakInFlight = 0;

  constructor(private readonly options: LimiterOptions) {}

  get inFlight(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      return await task();
    } finally {
      this.active--;
      this.drain();
    }
  }

  /** Refuses everything queued and everything asked for later. */
  close(error: Error): void {
    this.closedWith = error;
    clearTimeout(this.spacingTimer);
    for (const waiter of this.waiting.splice(0)) waiter.fail(error);
  }

  private acquire(signal?: AbortSignal): Promise<void> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    if (this.waiting.length === 0 && this.active < this.options.maxInFlight && this.spacingWait() === 0) {
      this.begin();
      return Promise.resolve();
    }
    if (this.waiting.length >= this.options.maxQueue) {
      return Promise.reject(
        new DeviceCloudError(
          'busy',
          `too many requests waiting (${this.options.maxQueue} queued, ${this.active} in flight); message refused`,
        ),
      );
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const index = this.waiting.indexOf(waiter);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal?.reason as Error);
      };
      const waiter: Waiter = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        fail: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
      this.drain();
    });
  }

  private begin(): void {
    this.active++;
    this.lastStart = Date.now();
    if (this.active > this.peakInFlight) this.peakInFlight = this.active;
  }

  private spacingWait(): number {
    if (this.options.minSpacingMs <= 0) return 0;
    return Math.max(0, this.lastStart + this.options.minSpacingMs - Date.now());
  }

  private drain(): void {
    while (this.waiting.length > 0 && this.active < this.options.maxInFlight && !this.closedWith) {
      const wait = this.spacingWait();
      if (wait > 0) {
        if (!this.spacingTimer) {
          this.spacingTimer = setTimeout(() => {
            this.spacingTimer = undefined;
            this.drain();
          }, wait);
        }
        return;
      }
      this.begin();
      this.waiting.shift()?.start();
    }
  }
}
