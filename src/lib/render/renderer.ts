/**
 * Draws pages: `warmUp()` loads the drawing engine (./engine: Takumi, native or WebAssembly) with the fonts
 * and draws a few pages, so the first message pays nothing; pages queue and are drawn one at a time; a page
 * not drawn within the time allowed fails and the next one starts; `close()` lets go of the engine. Five
 * seconds after the last page the engine and its fonts are let go too, in time for the garbage collection
 * V8 makes when a process falls idle: a display's pages come minutes apart, and Node-RED keeps that memory
 * for its other flows. The next page loads them again, in about 15 ms. Nothing here keeps the process alive.
 *
 * No worker thread: the native engine draws on Node.js's thread pool, off the event loop, and a worker's own
 * JavaScript engine would cost more memory than drawing does. What runs on the event loop per page is small:
 * reading the HTML, building the tree, and the palette threshold with the PNG (about a millisecond for
 * 400 x 300). The WebAssembly engine draws on the event loop itself: a few milliseconds a page.
 */
import { performance } from 'node:perf_hooks';
import { DeviceCloudError } from '../errors';
import { drawPage } from './draw';
import { DrawingEngine, engineChoice, type EngineKind } from './engine';
import { fillTemplate } from './fill';
import { pageOptions, templateText, type PageOptions, type PageRequest } from './options';

export interface RendererOptions {
  /** A page not drawn within this time fails (default 60 s). */
  pageTimeoutMs?: number;
  /** The engine and its fonts are let go after this long without a page (default 5 s). */
  idleMs?: number;
}

export interface WarmUpReport {
  /** The build drawing the pages: `native`, or `webassembly` where the native one does not load. */
  engine: EngineKind;
  /** Why the native build is not used (WebAssembly only). */
  nativeProblem?: string;
  /** Loading the engine (the first time in a process) and the fonts. */
  loadMs: number;
  /** The warm-up page, which loads the common glyphs and compiles the code paths. */
  firstPageMs: number;
}

interface Job {
  html: string;
  options: PageOptions;
  warn?: (text: string) => void;
  resolve(png: Buffer): void;
  reject(error: Error): void;
}

const DEFAULT_PAGE_TIMEOUT_MS = 60_000;
const DEFAULT_IDLE_MS = 5_000;

/** The warm-up page: loads the fonts' Latin and Chinese outlines and every step of a page before the first one. */
export const WARM_UP_PAGE =
  '<div style="display:flex;flex-direction:column"><b>Warm-up 21.4 °C</b><span>预热 温度 湿度 待办事项</span>' +
  '<img src="qr:warm-up" width="60" height="60"><img src="chart:line" data-values="1,3,2" width="60" height="20"></div>';

function closedError(): DeviceCloudError {
  return new DeviceCloudError('aborted', 'page renderer: closed');
}

export class PageRenderer {
  private readonly pageTimeoutMs: number;
  private readonly idleMs: number;
  private engine: DrawingEngine | undefined;
  private ready: Promise<WarmUpReport> | undefined;
  private readonly queue: Job[] = [];
  private current: { job: Job; stop: AbortController } | undefined;
  private idle: NodeJS.Timeout | undefined;
  /** The warm-up pages have been drawn: an engine started again after a rest draws none. */
  private warm = false;
  private closed = false;

  constructor(options: RendererOptions = {}) {
    this.pageTimeoutMs = options.pageTimeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS;
    this.idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  }

  /** Whether the engine and its fonts are loaded now (from the warm-up until a rest or `close()`). */
  get loaded(): boolean {
    return this.engine !== undefined;
  }

  /** Loads everything a page needs (at deploy); resolves when a page can be drawn. */
  warmUp(): Promise<WarmUpReport> {
    if (this.closed) return Promise.reject(closedError());
    this.ready ??= this.start();
    return this.ready;
  }

  /**
   * The page as a PNG of only the palette's colours. Bad input is a validation error naming the field.
   * An abort of `signal` ends the wait with its reason, and the page's drawing where the engine can stop.
   */
  async render(request: PageRequest, signal?: AbortSignal): Promise<Buffer> {
    const options = pageOptions(request);
    const html = fillTemplate(templateText(request.template), request.message);
    await this.warmUp();
    if (this.closed) throw closedError();
    signal?.throwIfAborted();
    return new Promise<Buffer>((resolve, reject) => {
      const job: Job = { html, options, resolve, reject, ...(request.warn ? { warn: request.warn } : {}) };
      const onAbort = (): void => {
        const waiting = this.queue.indexOf(job);
        if (waiting >= 0) this.queue.splice(waiting, 1);
        if (this.current?.job === job) this.current.stop.abort(signal?.reason);
        reject(signal?.reason instanceof Error ? signal.reason : new DeviceCloudError('aborted', 'page abandoned'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      job.resolve = (png) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(png);
      };
      job.reject = (error) => {
        signal?.removeEventListener('abort', onAbort);
        reject(error);
      };
      this.queue.push(job);
      this.next();
    });
  }

  /** Pages waiting or being drawn fail as aborted; the engine and its fonts are let go. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idle);
    const aborted = closedError();
    for (const job of this.queue.splice(0)) job.reject(aborted);
    const current = this.current;
    this.current = undefined;
    if (current) {
      current.stop.abort(aborted);
      current.job.reject(aborted);
    }
    await this.ready?.catch(() => undefined);
    // A page still being drawn (stopped, its answer no longer wanted) fails at its next step.
    this.engine?.close();
    this.engine = undefined;
  }

  private async start(): Promise<WarmUpReport> {
    const started = performance.now();
    const choice = engineChoice();
    const engine = await DrawingEngine.start();
    const loaded = performance.now();
    // A page, so the first real one finds the common glyphs loaded and every step's code compiled.
    if (!this.warm) {
      await drawPage(engine, WARM_UP_PAGE, {
        width: 400,
        height: 300,
        colors: 'bw',
        dither: 'none',
        layoutRules: 'flex',
      });
    }
    if (this.closed) {
      engine.close();
      throw closedError();
    }
    this.warm = true;
    this.engine = engine;
    this.restLater();
    return {
      engine: choice.kind,
      ...(choice.nativeProblem ? { nativeProblem: choice.nativeProblem } : {}),
      loadMs: loaded - started,
      firstPageMs: performance.now() - loaded,
    };
  }

  /** Lets go of the engine once no page has come for a while; a page that comes starts it again. */
  private restLater(): void {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      if (this.current || this.queue.length > 0 || !this.engine) return;
      this.engine.close();
      this.engine = undefined;
      this.ready = undefined;
    }, this.idleMs);
    this.idle.unref();
  }

  private next(): void {
    const engine = this.engine;
    if (this.current || !engine) return;
    if (this.queue.length === 0) {
      this.restLater();
      return;
    }
    const job = this.queue.shift() as Job;
    const stop = new AbortController();
    const current = { job, stop };
    this.current = current;
    const timer = setTimeout(() => {
      stop.abort(new DeviceCloudError('timeout', `page renderer: the page took over ${this.pageTimeoutMs} ms`));
    }, this.pageTimeoutMs);
    timer.unref();
    const onStop = (): void => {
      this.finish(current, () => job.reject(stop.signal.reason as Error));
    };
    stop.signal.addEventListener('abort', onStop, { once: true });
    drawPage(engine, job.html, { ...job.options, signal: stop.signal, ...(job.warn ? { warn: job.warn } : {}) })
      .then(
        (png) => this.finish(current, () => job.resolve(png)),
        (error: unknown) =>
          this.finish(current, () => job.reject(error instanceof Error ? error : new Error(String(error)))),
      )
      .finally(() => {
        clearTimeout(timer);
        stop.signal.removeEventListener('abort', onStop);
      });
  }

  /** Ends the page being drawn once (drawn, failed or stopped) and starts the next. */
  private finish(current: { job: Job }, settle: () => void): void {
    if (this.current !== current) return;
    this.current = undefined;
    settle();
    this.next();
  }
}
