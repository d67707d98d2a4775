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
 * - A page waits for a process with room, and goes to the one drawing no long page and the fewest pages; when
 *   and how many processes draw, and the memory budget each is held to, is ./drawing-pool's.
 * - `warmUp()` starts a process at deploy: Node.js, the engine and the fonts, then a first page when none is
 *   waiting, so the first message pays little.
 */
import { performance } from 'node:perf_hooks';
import { DeviceCloudError } from '../../errors';
import { PAGE_BUDGET, pageTimeBudget } from '../../values/page-budget';
import { describeSize, overMemoryError, overTimeError } from '../shared/budget-checks';
import { errorOf, type FromDrawing } from '../shared/messages';
import { pageOptions, type PageRequest } from '../shared/page-options';
import type { WarmUpReport } from './drawing-place';
import { DrawingPool, type Place } from './drawing-pool';
import { rendererPage, WARM_UP, type RendererPage as Page } from './renderer-page';
import { fillRequest, recipeHtml } from './template/fill-template';

export interface RendererOptions {
  /** A page not drawn within this time from its request is stopped and fails; a request may set its own. */
  timeBudgetMs?: number;
  /** The drawing processes are let go after this long without a page (default 30 s). */
  idleMs?: number;
}

const DEFAULT_IDLE_MS = 30_000;
/** A page sent to another process more often than this, each time the one drawing it ended for another page, fails. */
const MAX_MOVES = 2;

function closedError(): DeviceCloudError {
  return new DeviceCloudError('aborted', 'page renderer: closed');
}

export class PageRenderer {
  private readonly timeBudgetMs: number;
  private readonly pool: DrawingPool;
  private readonly queue: Page[] = [];
  private nextId = 1;
  private spare: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(options: RendererOptions = {}) {
    this.timeBudgetMs = options.timeBudgetMs ?? PAGE_BUDGET.defaultSeconds * 1000;
    this.pool = new DrawingPool(options.idleMs ?? DEFAULT_IDLE_MS, {
      heard: (place, message) => this.heard(place, message),
      gone: (place, how) => this.gone(place, how),
      overMemory: (place, page) => {
        const { width, height } = page.options;
        this.stop(place, page, overMemoryError(describeSize(page.size, width, height)));
      },
    });
  }

  /** Whether a drawing process is ready now (from the warm-up until a rest or `close()`). */
  get loaded(): boolean {
    return this.pool.loaded;
  }

  /** The system's ids of the drawing processes running now (to watch them from outside: their memory, their end). */
  get processIds(): number[] {
    return this.pool.processIds;
  }

  /** Starts a drawing process (at deploy); resolves when it can draw a page. */
  warmUp(): Promise<WarmUpReport> {
    if (this.closed) return Promise.reject(closedError());
    const place = this.pool.warmPlace();
    this.pool.restWhenIdle(this.queue.length > 0);
    return place.warmedUp();
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
      const filled = request.recipePage === undefined ? fillRequest(request) : { html: recipeHtml(request.recipePage) };
      if (this.closed) throw closedError();
      signal?.throwIfAborted();
      const onAbort = (): void =>
        this.letGo(
          page,
          signal?.reason instanceof Error ? signal.reason : new DeviceCloudError('aborted', 'page abandoned'),
        );
      const settled = (outcome: Buffer | Error): void => {
        signal?.removeEventListener('abort', onAbort);
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      };
      const overTime = (late: Page): void => this.overTime(late);
      const page = rendererPage(this.nextId++, filled, options, budgetMs, request.warn, settled, overTime);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(page);
      this.dispatch();
    });
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
    clearTimeout(this.spare);
    for (const page of this.queue.splice(0)) this.finish(page, closedError());
    for (const place of this.pool.close(closedError)) {
      for (const page of [...place.pages.values()]) this.finish(page, closedError());
    }
    return Promise.resolve();
  }

  /** Sends waiting pages to processes with room; starts a process where none has room. */
  private dispatch(): void {
    clearTimeout(this.spare);
    this.spare = undefined;
    while (this.queue.length > 0 && !this.closed) {
      const place = this.pool.withRoom();
      if (!place) break;
      const page = this.queue.shift() as Page;
      page.place = place;
      page.since = performance.now();
      place.draw(page);
    }
    if (this.queue.length > 0 && !this.closed) {
      const spareIn = this.pool.makeRoom(performance.now() - this.queue[0].since);
      if (spareIn !== undefined) {
        this.spare = setTimeout(() => this.dispatch(), spareIn);
        this.spare.unref();
      }
    }
    this.pool.tend(this.queue.length > 0);
  }

  private heard(place: Place, message: FromDrawing): void {
    if (!this.pool.has(place)) return;
    if (message.type === 'ready') {
      place.becameReady(message.choice, message.loadMs);
      // With no page waiting, a page of its own loads the common glyphs and compiles the code of every step, so
      // the first message is drawn as fast as the next; a page waiting does the same.
      if (this.queue.length === 0) {
        const nothing = (): void => undefined;
        this.queue.push(
          rendererPage(this.nextId++, WARM_UP, WARM_UP.options, this.timeBudgetMs, undefined, nothing, (late) =>
            this.overTime(late),
          ),
        );
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
      if (place.pages.size === 0 && place.keepsTooMuch()) this.retire(place);
      else this.dispatch();
    }
  }

  private gone(place: Place, how: string): void {
    if (!this.pool.has(place)) return;
    if (place.ready) {
      // It ended by itself (a crash, or the system ended it).
      this.requeue(this.pool.lost(place), how);
      this.dispatch();
      return;
    }
    this.notStarted(
      place,
      new DeviceCloudError('internal', `page renderer: the drawing process ${how} before it was ready`),
    );
  }

  /** A process that did not start: with no other, the pages waiting fail (the next page tries again). */
  private notStarted(place: Place, error: DeviceCloudError): void {
    const noneLeft = this.pool.notStarted(place, error);
    if (noneLeft) for (const page of this.queue.splice(0)) this.finish(page, error);
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
    const busy = this.pool.drawing;
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
    this.requeue(this.pool.retire(place, now), undefined);
    this.dispatch();
  }

  /** Pages whose process ended while drawing them wait for another (`how`: it ended by itself), up to MAX_MOVES. */
  private requeue(pages: Page[], how: string | undefined): void {
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
}
