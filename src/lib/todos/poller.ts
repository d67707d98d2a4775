/**
 * When the to-do watch polls: at its interval (longer after failures in a
 * row), at the next due moment, and when asked; one poll at a time, and none
 * once closed. What a poll fetches and what becomes of its events is the
 * caller's; the watch's state is in TodoWatch.
 */
import { asDeviceCloudError, type DeviceCloudError } from '../errors';
import type { TodoListItem } from '../types';
import { pollDelay, type TodoEvent, type TodoWatch } from './watch';

/** The longest wait a Node.js timer takes; a longer one would fire at once. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export interface PollHandlers {
  /** The to-dos now, and the filter they were listed with: another filter is another list, with a new baseline. */
  fetch(signal: AbortSignal): Promise<{ items: readonly TodoListItem[]; filter: string | undefined }>;
  /** A successful poll made at `now`, with its events in order. */
  polled(events: TodoEvent[], now: number): void;
  /** A failed poll: nothing else changes. */
  failed(error: DeviceCloudError): void;
}

export class TodoPoller {
  private pollTimer: NodeJS.Timeout | undefined;
  private dueTimer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private pollAgain = false;
  private failuresInRow = 0;
  /** The filter the current baseline was taken with. */
  private baselineFilter: string | undefined;

  constructor(
    private readonly watch: TodoWatch,
    private readonly intervalMs: number,
    private readonly handlers: PollHandlers,
    /** Stops the timers and abandons the poll in flight, which reports nothing. */
    private readonly closing: AbortSignal,
  ) {
    closing.addEventListener(
      'abort',
      () => {
        clearTimeout(this.pollTimer);
        clearTimeout(this.dueTimer);
      },
      { once: true },
    );
  }

  private get closed(): boolean {
    return this.closing.aborted;
  }

  /** The first poll now, then the regular ones. */
  start(): void {
    this.tick();
  }

  /** A poll now; one already running is joined and followed by one more, never run beside. */
  poll(): Promise<void> {
    if (this.running) {
      this.pollAgain = true;
      return this.running;
    }
    this.running = this.pollWhileAsked().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** The regular poll: messages in between do not move it. */
  private tick(): void {
    this.pollTimer = undefined;
    void this.poll().then(() => this.scheduleTick());
  }

  private scheduleTick(): void {
    if (this.closed) return;
    const delay = Math.min(pollDelay(this.intervalMs, this.failuresInRow), LONGEST_TIMER_MS);
    this.pollTimer = setTimeout(() => this.tick(), delay);
  }

  private async pollWhileAsked(): Promise<void> {
    do {
      this.pollAgain = false;
      await this.pollOnce();
    } while (this.pollAgain && !this.closed);
  }

  private async pollOnce(): Promise<void> {
    if (this.closed) return;
    try {
      const { items, filter } = await this.handlers.fetch(this.closing);
      if (this.closed) return;
      if (filter !== this.baselineFilter) {
        this.watch.reset();
        this.baselineFilter = filter;
      }
      const now = Date.now();
      const events = this.watch.update(items, now);
      this.failuresInRow = 0;
      this.handlers.polled(events, now);
      this.scheduleDue();
    } catch (error) {
      if (this.closed) return;
      this.failuresInRow += 1;
      this.handlers.failed(asDeviceCloudError(error));
    }
  }

  /** A timer for the next due moment, so a `due` comes on time whatever the interval. */
  private scheduleDue(): void {
    clearTimeout(this.dueTimer);
    this.dueTimer = undefined;
    const next = this.watch.nextDueAt();
    if (next === undefined || this.closed) return;
    const delay = Math.min(Math.max(next - Date.now(), 0), LONGEST_TIMER_MS);
    this.dueTimer = setTimeout(() => {
      this.dueTimer = undefined;
      // A timer may fire a little early, or be capped: poll only once the moment is reached.
      if (Date.now() >= next) void this.poll();
      else this.scheduleDue();
    }, delay);
  }
}
