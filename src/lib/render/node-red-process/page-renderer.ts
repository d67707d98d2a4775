/**
 * Draws pages, each within its budget, none held up by another. The template is filled here, in Node-RED's
 * process (its lists counted against their limit as they are repeated); everything else happens in a drawing
 * process (./drawing-process-handle): reading the HTML and holding its size against the page's limits, laying out
 * and drawing with Takumi, the palette and the PNG. Node-RED's event loop only hands pages over and takes the
 * PNGs back.
 *
 * - A page has a time budget from the moment it is asked for (the renderer's, or its request's own). A page
 *   not drawn within it fails, and the process drawing it is ended at once: Takumi cannot stop a page it has
 *   begun, a process can always be ended, and the system gets its memory back. The other pages that process
 *   was drawing are sent to another process.
 * - While pages are drawn, each process's memory is watched: one that grows over the memory budget is ended
 *   the same way, and the page it had been drawing longest fails.
 * - A process draws several pages at once (the native engine on its thread pool), so a quick page is not held
 *   up by a slow one beside it; a page that waits for a process that has no room (the WebAssembly engine draws
 *   one page at a time) gets a second process after a short while. A process drawing a page for long takes
 *   the lowest priority, and a second process is started for the pages after it.
 * - `warmUp()` starts a process at deploy: Node.js, the engine and the fonts, then a first page when none is
 *   waiting, so the first message pays little. Some time after the last page the processes are let go (a
 *   display's pages come minutes apart, and Node-RED's host keeps the memory for other work); the next page
 *   starts one again.
 *
 * Nothing here keeps Node-RED's process alive: a process is held only while it has pages to draw.
 */
import { performance } from 'node:perf_hooks';
import { DeviceCloudError } from '../../errors';
import { PAGE_BUDGET, pageTimeBudget } from '../../values/page-budget';
import { describeSize, overMemoryError, overTimeError, type PageSize } from '../shared/budget-checks';
import type { EngineChoice, EngineKind } from '../shared/engine-choice';
import type { DrawingOptions, ErrorData, FromDrawing } from '../shared/messages';
import { pageOptions, type PageOptions, type PageRequest } from '../shared/page-options';
import type { TemplateMap } from '../shared/source-map';
import { DrawingProcess } from './drawing-process-handle';
import { fillRequest } from './template/fill-template';

export interface RendererOptions {
  /** A page not drawn within this time from its request is stopped and fails; a request may set its own. */
  timeBudgetMs?: number;
  /** The drawing processes are let go after this long without a page (default 30 s). */
  idleMs?: number;
}

export interface WarmUpReport {
  /** The build drawing the pages: `native`, or `webassembly` where the native one does not load. */
  engine: EngineKind;
  /** Why the native build is not used (WebAssembly only). */
  nativeProblem?: string;
  /** From the drawing process's start to its engine loaded (its fonts loading on), as the process measured it. */
  loadMs: number;
  /** From the start of the drawing process to its first word that it is ready, as the renderer waited for it. */
  startMs: number;
}

interface Ready {
  choice: EngineChoice;
  loadMs: number;
  startMs: number;
}

/** A drawing process and the pages it is drawing. */
interface Place {
  readonly process: DrawingProcess;
  readonly pages: Map<number, Page>;
  /** Resolves when the process is ready for pages; rejects when it does not start. */
  readonly started: Promise<Ready>;
  readonly start: { resolve(ready: Ready): void; reject(error: Error): void };
  ready?: Ready;
  /** Pages it draws at once. */
  room: number;
  /** It has drawn a page for long, and runs at the lowest priority since. */
  yielded?: boolean;
  /** When it was started. */
  readonly since: number;
  /** The keys of the node fonts it has been sent. */
  readonly fonts: Set<string>;
  /** Its resident memory once its first page was drawn: the engine, its fonts and the code of every step. */
  baseRss?: number;
}

interface Page {
  readonly id: number;
  readonly html: string;
  /** Where the HTML was written in its template (none for the warm-up page, its own template). */
  readonly map?: TemplateMap;
  readonly options: PageOptions;
  readonly warn?: (text: string) => void;
  readonly budgetMs: number;
  /** Runs from the request: at its end, the page fails and its process is ended. */
  readonly deadline: NodeJS.Timeout;
  /** Since when it waits for a process, or is drawn in one. */
  since: number;
  place?: Place;
  size?: PageSize;
  /** How often a process ended, for another page, while it drew this one. */
  moves: number;
  /** Its outcome is told (a page abandoned is told at once, and still watched while its process draws it). */
  told: boolean;
  /** Tells the outcome, once. */
  settle(outcome: Buffer | Error): void;
}

const DEFAULT_IDLE_MS = 30_000;
const WATCH_MS = 50;
/** A page that waits this long for room in a busy process gets a process of its own, up to MAX_PROCESSES. */
const SPARE_AFTER_MS = 500;
/**
 * A page drawn this long is likely to be stopped: its process gets the lowest priority, so that Node-RED and the
 * pages beside it go first, and a process is started beside it for the pages after it.
 */
const STANDBY_AFTER_MS = 1000;
const MAX_PROCESSES = 2;
/**
 * A process that holds this much more memory than after its first page, once its pages are drawn, ends, and the
 * next starts afresh: the system gets back what a big page left behind. (The engine and fonts alone hold about
 * 70 MB natively and 120 MB as WebAssembly, so the rule counts from there.)
 */
const KEPT_MEMORY_BYTES = PAGE_BUDGET.memoryBytes / 4;
/** Pages a process draws at once: the native engine on the thread pool's four threads; WebAssembly on its one. */
const ROOM: Record<EngineKind, number> = { native: 4, webassembly: 1 };
/** A page sent to another process more often than this, each time the one drawing it ended for another page, fails. */
const MAX_MOVES = 2;

/** The memory `place` holds beyond what it held once its first page was drawn. */
function kept(place: Place): number {
  const rss = place.process.rss();
  place.baseRss ??= rss;
  return rss - place.baseRss;
}

/** Whether a page had better go to `candidate` than to `best`. */
function preferred(candidate: Place, best: Place): boolean {
  if (Boolean(candidate.yielded) !== Boolean(best.yielded)) return !candidate.yielded;
  return candidate.pages.size < best.pages.size;
}

/**
 * Loads every step of a page, QR code and chart included, and the Latin outlines: the fonts of other scripts are
 * loaded by the first page that has their characters, never by the warm-up.
 */
const WARM_UP_PAGE =
  '<div style="display:flex;flex-direction:column"><b>Warm-up 21.4 °C</b><span>Temperature, humidity, to do</span>' +
  '<img src="qr:warm-up" width="60" height="60"><img src="chart:line" data-values="1,3,2" width="60" height="20"></div>';
const WARM_UP_OPTIONS: PageOptions = { width: 400, height: 300, colors: 'bw', dither: 'none', layoutRules: 'flex' };

function closedError(): DeviceCloudError {
  return new DeviceCloudError('aborted', 'page renderer: closed');
}

function errorOf(data: ErrorData): DeviceCloudError {
  return new DeviceCloudError(data.kind, data.message, data.field ? { field: data.field } : {});
}

export class PageRenderer {
  private readonly timeBudgetMs: number;
  private readonly idleMs: number;
  private readonly places = new Set<Place>();
  private readonly queue: Page[] = [];
  private nextId = 1;
  private idle: NodeJS.Timeout | undefined;
  private spare: NodeJS.Timeout | undefined;
  private watching: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(options: RendererOptions = {}) {
    this.timeBudgetMs = options.timeBudgetMs ?? PAGE_BUDGET.defaultSeconds * 1000;
    this.idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  }

  /** Whether a drawing process is ready now (from the warm-up until a rest or `close()`). */
  get loaded(): boolean {
    return [...this.places].some((place) => place.ready);
  }

  /** The system's ids of the drawing processes running now (to watch them from outside: their memory, their end). */
  get processIds(): number[] {
    return [...this.places].flatMap((place) => (place.process.pid === undefined ? [] : [place.process.pid]));
  }

  /** Starts a drawing process (at deploy); resolves when it can draw a page. */
  warmUp(): Promise<WarmUpReport> {
    if (this.closed) return Promise.reject(closedError());
    const place = [...this.places].find((candidate) => candidate.ready) ?? [...this.places][0] ?? this.startPlace();
    this.restWhenIdle();
    return place.started.then(({ choice, loadMs, startMs }) => ({
      engine: choice.kind,
      ...(choice.nativeProblem ? { nativeProblem: choice.nativeProblem } : {}),
      loadMs,
      startMs,
    }));
  }

  /**
   * The page as a PNG of only the palette's colours. Bad input is a validation error naming the field; a page
   * over a size limit too, at once; a page over its time or memory budget fails with an error that says so and
   * what the page holds. An abort of `signal` ends the wait with its reason.
   */
  render(request: PageRequest, signal?: AbortSignal): Promise<Buffer> {
    return new Promise<Buffer>((resolve, reject) => {
      const options = pageOptions(request);
      const budgetMs =
        request.timeBudget === undefined || request.timeBudget === null || request.timeBudget === ''
          ? this.timeBudgetMs
          : pageTimeBudget(request.timeBudget) * 1000;
      const filled = fillRequest(request);
      if (this.closed) throw closedError();
      signal?.throwIfAborted();
      const onAbort = (): void =>
        this.letGo(
          page,
          signal?.reason instanceof Error ? signal.reason : new DeviceCloudError('aborted', 'page abandoned'),
        );
      const page = this.page(filled, options, budgetMs, request.warn, (outcome) => {
        signal?.removeEventListener('abort', onAbort);
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(page);
      this.dispatch();
    });
  }

  /** A page to draw: `settled` is told its outcome once, when drawn, failed, stopped or abandoned. */
  private page(
    { html, map }: { html: string; map?: TemplateMap },
    options: PageOptions,
    budgetMs: number,
    warn: ((text: string) => void) | undefined,
    settled: (outcome: Buffer | Error) => void,
  ): Page {
    const page: Page = {
      id: this.nextId++,
      html,
      ...(map ? { map } : {}),
      options,
      ...(warn ? { warn } : {}),
      budgetMs,
      deadline: setTimeout(() => this.overTime(page), budgetMs),
      since: performance.now(),
      moves: 0,
      told: false,
      settle(outcome) {
        if (page.told) return;
        page.told = true;
        settled(outcome);
      },
    };
    page.deadline.unref();
    return page;
  }

  /** The page leaves the renderer: drawn, failed or stopped, with `outcome` told if it is not yet. */
  private finish(page: Page, outcome: Buffer | Error): void {
    clearTimeout(page.deadline);
    page.place?.pages.delete(page.id);
    page.place = undefined;
    page.settle(outcome);
  }

  /** Pages waiting or being drawn fail as aborted; the drawing processes are ended. */
  close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idle);
    clearTimeout(this.spare);
    clearInterval(this.watching);
    for (const page of this.queue.splice(0)) this.finish(page, closedError());
    for (const place of [...this.places]) {
      this.places.delete(place);
      place.start.reject(closedError());
      if (place.pages.size > 0) place.process.kill();
      else place.process.release();
      for (const page of [...place.pages.values()]) this.finish(page, closedError());
    }
    return Promise.resolve();
  }

  private startPlace(): Place {
    let start: Place['start'] | undefined;
    const started = new Promise<Ready>((resolve, reject) => (start = { resolve, reject }));
    // Whoever waits for the start hears of a failure; nobody needs to.
    started.catch(() => undefined);
    const place: Place = {
      process: new DrawingProcess({
        message: (message) => this.heard(place, message),
        gone: (how) => this.gone(place, how),
      }),
      pages: new Map(),
      started,
      start: start as Place['start'],
      room: 1,
      since: performance.now(),
      fonts: new Set(),
    };
    this.places.add(place);
    place.process.hold(true);
    return place;
  }

  /** Sends waiting pages to processes with room; starts a process where none has room. */
  private dispatch(): void {
    clearTimeout(this.spare);
    this.spare = undefined;
    while (this.queue.length > 0 && !this.closed) {
      // A page goes beside a slow one only where no other process has room: to a process drawing no long page,
      // and of those to the one with the fewest pages.
      const place = [...this.places]
        .filter((candidate) => candidate.ready && candidate.pages.size < candidate.room)
        .reduce<Place | undefined>(
          (best, candidate) => (best && !preferred(candidate, best) ? best : candidate),
          undefined,
        );
      if (!place) break;
      const page = this.queue.shift() as Page;
      page.place = place;
      page.since = performance.now();
      place.pages.set(page.id, page);
      const { id, html, map } = page;
      place.process.send({ type: 'draw', id, html, ...(map ? { map } : {}), options: crossing(page.options, place) });
    }
    if (this.queue.length > 0 && !this.closed) this.makeRoom();
    for (const place of this.places) place.process.hold(!place.ready || place.pages.size > 0);
    this.watch();
    this.restWhenIdle();
  }

  /** A first process for waiting pages; a second when the first page has waited a while for a busy one. */
  private makeRoom(): void {
    const places = [...this.places];
    if (places.length === 0) {
      this.startPlace();
      return;
    }
    if (places.length >= MAX_PROCESSES || places.some((place) => !place.ready)) return;
    const waited = performance.now() - this.queue[0].since;
    if (waited >= SPARE_AFTER_MS) {
      this.startPlace();
      return;
    }
    this.spare = setTimeout(() => this.dispatch(), SPARE_AFTER_MS - waited);
    this.spare.unref();
  }

  private heard(place: Place, message: FromDrawing): void {
    if (!this.places.has(place)) return;
    if (message.type === 'ready') {
      place.ready = { choice: message.choice, loadMs: message.loadMs, startMs: performance.now() - place.since };
      place.room = ROOM[message.choice.kind];
      place.start.resolve(place.ready);
      // With no page waiting, a page of its own loads the common glyphs and compiles the code of every step, so
      // the first message is drawn as fast as the next; a page waiting does the same.
      if (this.queue.length === 0) {
        const warmUp = { html: WARM_UP_PAGE };
        this.queue.push(this.page(warmUp, WARM_UP_OPTIONS, this.timeBudgetMs, undefined, () => undefined));
      }
      this.dispatch();
      return;
    }
    if (message.type === 'broken') {
      this.notStarted(place, new DeviceCloudError('internal', `page renderer: ${message.message}`));
      return;
    }
    if (message.type === 'memory') return;
    const page = place.pages.get(message.id);
    if (!page) return;
    if (message.type === 'measured') {
      page.size = message.size;
    } else if (message.type === 'warn') {
      page.warn?.(message.text);
    } else {
      this.finish(
        page,
        message.type === 'drawn'
          ? Buffer.from(message.png.buffer, message.png.byteOffset, message.png.byteLength)
          : errorOf(message.error),
      );
      // A process that kept much memory from its pages gives it back to the system: it ends, the next starts afresh.
      if (place.pages.size === 0 && kept(place) > KEPT_MEMORY_BYTES) this.retire(place);
      else this.dispatch();
    }
  }

  private gone(place: Place, how: string): void {
    if (!this.places.has(place)) return;
    if (place.ready) {
      this.lost(place, how);
      return;
    }
    this.notStarted(
      place,
      new DeviceCloudError('internal', `page renderer: the drawing process ${how} before it was ready`),
    );
  }

  /** A process that did not start: with no other, the pages waiting fail (the next page tries again). */
  private notStarted(place: Place, error: DeviceCloudError): void {
    this.places.delete(place);
    place.process.kill();
    place.start.reject(error);
    if (this.places.size === 0) for (const page of this.queue.splice(0)) this.finish(page, error);
    this.dispatch();
  }

  /** The process of a page over its time budget is ended; a page still waiting simply fails. */
  private overTime(page: Page): void {
    const seconds = page.budgetMs / 1000;
    const { width, height } = page.options;
    if (page.place) {
      this.stop(page.place, page, overTimeError(seconds, describeSize(page.size, width, height)));
      return;
    }
    const waiting = this.queue.indexOf(page);
    if (waiting >= 0) this.queue.splice(waiting, 1);
    const busy = [...this.places].reduce((count, place) => count + place.pages.size, 0);
    this.finish(page, overTimeError(seconds, `it waited for the drawing processes, busy with ${busy} other pages`));
    this.dispatch();
  }

  /** Ends `place` at once for `culprit`, which fails with `error`; its other pages go to another process. */
  private stop(place: Place, culprit: Page, error: DeviceCloudError): void {
    this.finish(culprit, error);
    this.retire(place, true);
  }

  /** Takes `place` out of use: its pages, if any, wait for another process. */
  private retire(place: Place, now = false): void {
    this.places.delete(place);
    if (now || place.pages.size > 0) place.process.kill();
    else place.process.release();
    this.requeue(place, undefined);
    this.dispatch();
  }

  /** The process of `place` ended by itself (a crash, or the system ended it). */
  private lost(place: Place, how: string): void {
    this.places.delete(place);
    this.requeue(place, how);
    this.dispatch();
  }

  private requeue(place: Place, how: string | undefined): void {
    const pages = [...place.pages.values()];
    place.pages.clear();
    for (const page of pages.reverse()) {
      page.place = undefined;
      page.moves++;
      if (page.told) {
        clearTimeout(page.deadline);
      } else if (page.moves > MAX_MOVES) {
        const why = how ? `ended (${how})` : 'was ended for other pages';
        const error = `page renderer: the drawing process ${why} while drawing this page, ${page.moves} times`;
        this.finish(page, new DeviceCloudError('internal', error));
      } else {
        page.since = performance.now();
        this.queue.unshift(page);
      }
    }
  }

  /**
   * A page no longer wanted is told so at once. Waiting, it is dropped; being drawn, its process stops it where
   * the engine can, and it stays watched (its time, its memory) until its process is done with it.
   */
  private letGo(page: Page, reason: Error): void {
    const waiting = this.queue.indexOf(page);
    if (waiting >= 0) {
      this.queue.splice(waiting, 1);
      this.finish(page, reason);
      this.dispatch();
      return;
    }
    page.settle(reason);
    page.place?.process.send({ type: 'abandon', id: page.id });
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
        const longest = [...place.pages.values()].reduce((a, b) => (b.since < a.since ? b : a));
        if (place.process.rss() > PAGE_BUDGET.memoryBytes) {
          const { width, height } = longest.options;
          this.stop(place, longest, overMemoryError(describeSize(longest.size, width, height)));
        } else if (now - longest.since > STANDBY_AFTER_MS && !place.yielded) {
          place.yielded = true;
          place.process.yieldProcessor();
          if (this.places.size < MAX_PROCESSES) this.startPlace();
        }
      }
    }, WATCH_MS);
    this.watching.unref();
  }

  /** Lets go of the processes once no page has come for a while; a page that comes starts one again. */
  private restWhenIdle(): void {
    clearTimeout(this.idle);
    this.idle = undefined;
    const busy = this.queue.length > 0 || [...this.places].some((place) => !place.ready || place.pages.size > 0);
    if (busy || this.places.size === 0) return;
    this.idle = setTimeout(() => {
      for (const place of [...this.places]) {
        this.places.delete(place);
        place.process.release();
      }
    }, this.idleMs);
    this.idle.unref();
  }
}

/** The page's options as its drawing process is sent them: a node's fonts as read, only once to each process. */
function crossing(options: PageOptions, place: Place): DrawingOptions {
  const { fonts, ...rest } = options;
  if (!fonts) return rest;
  if (place.fonts.has(fonts.key)) return { ...rest, fonts: { key: fonts.key } };
  place.fonts.add(fonts.key);
  return { ...rest, fonts: { key: fonts.key, read: fonts.read } };
}
