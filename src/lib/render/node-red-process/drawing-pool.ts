/**
 * The drawing processes of a page renderer (./page-renderer), each a ./drawing-place, and when they start, rest and
 * end:
 *
 * - A process draws several pages at once (the native engine on its thread pool), so a quick page is not held
 *   up by a slow one beside it; a page that waits for a process that has no room (the WebAssembly engine draws
 *   one page at a time) gets a second process after a short while. A process drawing a page for long takes
 *   the lowest priority, and a second process is started for the pages after it.
 * - While pages are drawn, each process's memory is watched: one that grows over the memory budget is ended, and
 *   the page it had been drawing longest fails (the renderer is told).
 * - Some time after the last page the processes are let go (a display's pages come minutes apart, and Node-RED's
 *   host keeps the memory for other work); the next page starts one again.
 *
 * Nothing here keeps Node-RED's process alive: a process is held only while it has pages to draw.
 */
import { performance } from 'node:perf_hooks';
import { PAGE_BUDGET } from '../../values/page-budget';
import type { FromDrawing } from '../shared/messages';
import { DrawingPlace } from './drawing-place';
import type { RendererPage } from './renderer-page';

export type Place = DrawingPlace<RendererPage>;

export interface PoolEvents {
  /** What a process said. */
  heard(place: Place, message: FromDrawing): void;
  /** A process is gone (ended, crashed, or it never started); `how` says how. */
  gone(place: Place, how: string): void;
  /** A process holds more than the memory budget: `page` is the one it has drawn longest. */
  overMemory(place: Place, page: RendererPage): void;
}

const WATCH_MS = 50;
/** A page that waits this long for room in a busy process gets a process of its own, up to MAX_PROCESSES. */
const SPARE_AFTER_MS = 500;
/**
 * A page drawn this long is likely to be stopped: its process gets the lowest priority, so that Node-RED and the
 * pages beside it go first, and a process is started beside it for the pages after it.
 */
const STANDBY_AFTER_MS = 1000;
const MAX_PROCESSES = 2;

export class DrawingPool {
  private readonly places = new Set<Place>();
  private idle: NodeJS.Timeout | undefined;
  private watching: NodeJS.Timeout | undefined;

  constructor(
    private readonly idleMs: number,
    private readonly events: PoolEvents,
  ) {}

  /** Whether a process is ready now. */
  get loaded(): boolean {
    return [...this.places].some((place) => place.ready);
  }

  /** The system's ids of the processes running now. */
  get processIds(): number[] {
    return [...this.places].flatMap((place) => (place.process.pid === undefined ? [] : [place.process.pid]));
  }

  /** The pages the processes are drawing now. */
  get drawing(): number {
    return [...this.places].reduce((count, place) => count + place.pages.size, 0);
  }

  /** Whether `place` is one of the processes in use (one let go is no longer heard). */
  has(place: Place): boolean {
    return this.places.has(place);
  }

  /** A process to warm up: a ready one, else one starting, else a new one. */
  warmPlace(): Place {
    return [...this.places].find((candidate) => candidate.ready) ?? [...this.places][0] ?? this.start();
  }

  /**
   * The process a page goes to, where one has room: beside a slow page only where no other process has room, so to
   * a process drawing no long page, and of those to the one with the fewest pages.
   */
  withRoom(): Place | undefined {
    return [...this.places]
      .filter((candidate) => candidate.hasRoom)
      .reduce<Place | undefined>(
        (best, candidate) => (best && !candidate.preferredTo(best) ? best : candidate),
        undefined,
      );
  }

  /**
   * For pages that found no room, the first of them waiting `waited` ms: a first process, or a second when the page
   * has waited a while for a busy one. Else how long until a second is due (ms), if one may be.
   */
  makeRoom(waited: number): number | undefined {
    const places = [...this.places];
    if (places.length === 0) {
      this.start();
      return undefined;
    }
    if (places.length >= MAX_PROCESSES || places.some((place) => !place.ready)) return undefined;
    if (waited >= SPARE_AFTER_MS) {
      this.start();
      return undefined;
    }
    return SPARE_AFTER_MS - waited;
  }

  /**
   * After pages were handed out: each process is held while it has work, those drawing are watched, and all are let
   * go after a while when none has work and no page is `waiting`.
   */
  tend(waiting: boolean): void {
    for (const place of this.places) place.process.hold(!place.ready || place.pages.size > 0);
    this.watch();
    this.restWhenIdle(waiting);
  }

  /** Takes `place` out of use and ends it (at once `now`, or while it draws); the pages it was drawing. */
  retire(place: Place, now = false): RendererPage[] {
    this.places.delete(place);
    place.end(now);
    return place.takePages();
  }

  /** Takes `place`, whose process ended by itself, out of use; the pages it was drawing. */
  lost(place: Place): RendererPage[] {
    this.places.delete(place);
    return place.takePages();
  }

  /** Ends `place`, which did not start, with `error` for whoever waits for it; whether no process is left. */
  notStarted(place: Place, error: Error): boolean {
    this.places.delete(place);
    place.process.kill();
    place.notStarting(error);
    return this.places.size === 0;
  }

  /** Ends every process (`error` for whoever waits for one to start); the processes, with the pages they drew. */
  close(error: () => Error): Place[] {
    clearTimeout(this.idle);
    clearInterval(this.watching);
    const places = [...this.places];
    for (const place of places) {
      this.places.delete(place);
      place.notStarting(error());
      place.end();
    }
    return places;
  }

  /** Lets go of the processes once no page has come for a while; a page that comes starts one again. */
  restWhenIdle(waiting: boolean): void {
    clearTimeout(this.idle);
    this.idle = undefined;
    const busy = waiting || [...this.places].some((place) => !place.ready || place.pages.size > 0);
    if (busy || this.places.size === 0) return;
    this.idle = setTimeout(() => {
      for (const place of [...this.places]) {
        this.places.delete(place);
        place.process.release();
      }
    }, this.idleMs);
    this.idle.unref();
  }

  private start(): Place {
    const place: Place = new DrawingPlace({
      message: (message) => this.events.heard(place, message),
      gone: (how) => this.events.gone(place, how),
    });
    this.places.add(place);
    place.process.hold(true);
    return place;
  }

  /**
   * While pages are drawn: a process over the memory budget is ended, and the page it drew longest fails; a
   * process drawing a page for long (likely to be stopped) is given the lowest priority, and a process is started
   * beside it, so the pages after it need not wait for one.
   */
  private watch(): void {
    const drawing = [...this.places].some((place) => place.pages.size > 0);
    if (!drawing) {
      clearInterval(this.watching);
      this.watching = undefined;
      return;
    }
    this.watching ??= setInterval(() => {
      const now = performance.now();
      for (const place of [...this.places]) {
        if (place.pages.size === 0) continue;
        const longest = place.longest();
        if (place.process.rss() > PAGE_BUDGET.memoryBytes) {
          this.events.overMemory(place, longest);
        } else if (now - longest.since > STANDBY_AFTER_MS && !place.yielded) {
          place.yieldProcessor();
          if (this.places.size < MAX_PROCESSES) this.start();
        }
      }
    }, WATCH_MS);
    this.watching.unref();
  }
}
