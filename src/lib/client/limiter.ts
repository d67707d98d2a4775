/**
 * Paces the requests of one account: a bound on requests in flight, a bounded
 * queue for the rest, and an optional least spacing between starts. The one
 * place where the account's concurrency is limited.
 */
import { DeviceCloudError } from '../errors';
import type { LimiterOptions } from './defaults';

export type { LimiterOptions };

/** How a request asks for its start. */
export interface RunOptions {
  signal?: AbortSignal;
  /** Requests given the same group wait in one place of the queue: see `run`. */
  group?: object;
  /** Already given a place in the queue (it held one while it waited for its turn): never refused as "busy". */
  admitted?: boolean;
}

interface Waiter {
  start: () => void;
  fail: (error: Error) => void;
}

/** One place in the queue: a single request, or every waiting request of one group, served in turn. */
interface Place {
  waiters: Waiter[];
  group?: object;
}

export class RequestLimiter {
  private active = 0;
  private readonly places: Place[] = [];
  private readonly placeOfGroup = new Map<object, Place>();
  /** Places held by requests that wait elsewhere (for their turn on a target), by holder; a group holds one. */
  private readonly held = new Map<object, number>();
  private lastStart = 0;
  private spacingTimer: NodeJS.Timeout | undefined;
  private closedWith: Error | undefined;
  /** The most requests seen in flight at once, for tests and the benchmark. */
  peakInFlight = 0;

  constructor(private readonly options: LimiterOptions) {}

  get inFlight(): number {
    return this.active;
  }

  /** Places taken in the queue, those held by requests waiting for their turn included. */
  get queued(): number {
    return this.places.length + this.held.size;
  }

  /**
   * Runs `task` when a request may go. Requests given the same `group` wait in
   * one place of the queue and take turns with the other places: a message that
   * fans out to many devices takes one place, however many devices it has.
   */
  async run<T>(task: () => Promise<T>, { signal, group, admitted = false }: RunOptions = {}): Promise<T> {
    await this.acquire(signal, group, admitted);
    try {
      return await task();
    } finally {
      this.active--;
      this.drain();
    }
  }

  /**
   * Holds a place in the queue for a request that waits elsewhere first; refused
   * as "busy" when none is free. Places held by `replacing` that this holder takes
   * over (a push superseding a waiting one) count as free.
   */
  holdPlace(holder: object, replacing: readonly object[] = []): void {
    if (this.closedWith) throw this.closedWith;
    if (!this.held.has(holder)) {
      const freed = replacing.filter((other) => other !== holder && this.held.get(other) === 1).length;
      if (this.places.length + this.held.size - freed >= this.options.maxQueue) throw this.busy();
    }
    this.held.set(holder, (this.held.get(holder) ?? 0) + 1);
  }

  releasePlace(holder: object): void {
    const count = this.held.get(holder);
    if (count === undefined) return;
    if (count <= 1) this.held.delete(holder);
    else this.held.set(holder, count - 1);
  }

  /** Refuses everything queued and everything asked for later. */
  close(error: Error): void {
    this.closedWith = error;
    clearTimeout(this.spacingTimer);
    const waiting = this.places.splice(0).flatMap((place) => place.waiters);
    this.placeOfGroup.clear();
    this.held.clear();
    for (const waiter of waiting) waiter.fail(error);
  }

  private acquire(signal: AbortSignal | undefined, group: object | undefined, admitted: boolean): Promise<void> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    if (this.places.length === 0 && this.active < this.options.maxInFlight && this.spacingWait() === 0) {
      this.begin();
      return Promise.resolve();
    }
    const joined = group === undefined ? undefined : this.placeOfGroup.get(group);
    if (!joined && !admitted && this.places.length + this.held.size >= this.options.maxQueue) {
      return Promise.reject(this.busy());
    }
    const place = joined ?? this.newPlace(group);
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        this.leave(place, waiter);
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
      place.waiters.push(waiter);
      this.drain();
    });
  }

  private busy(): DeviceCloudError {
    return new DeviceCloudError(
      'busy',
      `too many requests waiting (${this.options.maxQueue} queued, ${this.active} in flight); message refused`,
    );
  }

  private newPlace(group: object | undefined): Place {
    const place: Place = { waiters: [], group };
    this.places.push(place);
    if (group !== undefined) this.placeOfGroup.set(group, place);
    return place;
  }

  private leave(place: Place, waiter: Waiter): void {
    const index = place.waiters.indexOf(waiter);
    if (index >= 0) place.waiters.splice(index, 1);
    if (place.waiters.length === 0) this.removePlace(place);
  }

  private removePlace(place: Place): void {
    const index = this.places.indexOf(place);
    if (index >= 0) this.places.splice(index, 1);
    if (place.group !== undefined) this.placeOfGroup.delete(place.group);
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

  /** Starts waiting requests while there is room: the first of the first place; a group's place then goes last. */
  private drain(): void {
    while (this.places.length > 0 && this.active < this.options.maxInFlight && !this.closedWith) {
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
      const place = this.places.shift() as Place;
      const waiter = place.waiters.shift() as Waiter;
      if (place.waiters.length > 0) this.places.push(place);
      else if (place.group !== undefined) this.placeOfGroup.delete(place.group);
      this.begin();
      waiter.start();
    }
  }
}
