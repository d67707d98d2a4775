/**
 * Draws pages off the main thread: one worker thread, started and loaded (satori, resvg, fonts, a warm-up
 * page) by `warmUp()`, so the first message pays nothing; pages queue and are drawn one at a time; `close()`
 * ends the worker so the process can exit. A worker that crashes fails the page it was drawing (an error, not
 * a crash of the runtime) and is started again for the next page. While idle the worker does not keep the
 * process alive.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { DeviceCloudError } from '../errors';
import { fillTemplate } from './fill';
import { pageOptions, templateText, type PageOptions, type PageRequest } from './options';
import type { DrawRequest, WorkerFailure, WorkerReply, WorkerSetup } from './protocol';

export interface RendererOptions {
  /** A page not drawn within this time fails and its worker is replaced (default 60 s). */
  pageTimeoutMs?: number;
}

export interface WarmUpReport {
  /** Starting the worker and loading the libraries, WebAssembly and fonts. */
  loadMs: number;
  /** The warm-up page, which loads the glyphs and compiles the code paths. */
  firstPageMs: number;
}

interface Job {
  id: number;
  html: string;
  options: PageOptions;
  resolve(png: Buffer): void;
  reject(error: Error): void;
}

const DEFAULT_PAGE_TIMEOUT_MS = 60_000;
/**
 * A young generation smaller than V8's default: the worker's resident memory after warm-up fell from about
 * 120 to 108 MB (BENCHMARKS.md), the time per page not measurably changed. Pixels live in ArrayBuffers,
 * outside these limits.
 */
const RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 8 };

/** The worker's error as the caller's: a validation error keeps its text and field (`template: line 3, …`). */
function errorFrom(failure: WorkerFailure): DeviceCloudError {
  if (failure.kind === 'validation')
    return new DeviceCloudError('validation', failure.message, { field: failure.field });
  return new DeviceCloudError(failure.kind, `page renderer: ${failure.message}`);
}

export class PageRenderer {
  private readonly pageTimeoutMs: number;
  private worker: Worker | undefined;
  private ready: Promise<WarmUpReport> | undefined;
  private readonly queue: Job[] = [];
  private current: { job: Job; timer: NodeJS.Timeout } | undefined;
  private nextId = 1;
  private closed = false;

  constructor(options: RendererOptions = {}) {
    this.pageTimeoutMs = options.pageTimeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS;
  }

  /** Starts the worker and loads everything a page needs (at deploy); resolves when it can draw. */
  warmUp(): Promise<WarmUpReport> {
    if (this.closed) return Promise.reject(new DeviceCloudError('aborted', 'page renderer: closed'));
    this.ready ??= this.start();
    return this.ready;
  }

  /**
   * The page as a PNG of only the palette's colours. Bad input is a validation error naming the field.
   * An abort of `signal` ends the wait with its reason; a page already being drawn is drawn to the end, unused.
   */
  async render(request: PageRequest, signal?: AbortSignal): Promise<Buffer> {
    const options = pageOptions(request);
    const html = fillTemplate(templateText(request.template), request.message);
    await this.warmUp();
    if (this.closed) throw new DeviceCloudError('aborted', 'page renderer: closed');
    signal?.throwIfAborted();
    return new Promise<Buffer>((resolve, reject) => {
      const job: Job = { id: this.nextId++, html, options, resolve, reject };
      const onAbort = (): void => {
        const waiting = this.queue.indexOf(job);
        if (waiting >= 0) this.queue.splice(waiting, 1);
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

  /** Ends the worker; pages waiting or being drawn fail as aborted. */
  async close(): Promise<void> {
    this.closed = true;
    const aborted = new DeviceCloudError('aborted', 'page renderer: closed');
    for (const job of this.queue.splice(0)) job.reject(aborted);
    this.finishCurrent()?.reject(aborted);
    const worker = this.worker;
    this.worker = undefined;
    this.ready = undefined;
    if (worker) await worker.terminate();
  }

  private start(): Promise<WarmUpReport> {
    const setup: WorkerSetup = {
      fontsDir: join(__dirname, '..', '..', 'fonts'),
      resvgWasm: require.resolve('@resvg/resvg-wasm/index_bg.wasm'),
    };
    const started = Date.now();
    const worker = new Worker(join(__dirname, 'worker.mjs'), { workerData: setup, resourceLimits: RESOURCE_LIMITS });
    this.worker = worker;
    return new Promise<WarmUpReport>((resolve, reject) => {
      worker.on('message', (reply: WorkerReply) => {
        if (reply.type === 'ready') {
          if (!this.current) worker.unref();
          resolve({ loadMs: Date.now() - started - reply.firstPageMs, firstPageMs: reply.firstPageMs });
        } else if (reply.type === 'broken') {
          reject(errorFrom(reply.error));
          void this.replace(worker, errorFrom(reply.error));
        } else {
          this.answer(reply);
        }
      });
      worker.on('error', (error) => {
        const failure = new DeviceCloudError('internal', `page renderer: the worker failed: ${error.message}`);
        reject(failure);
        void this.replace(worker, failure);
      });
      worker.on('exit', (code) => {
        const failure = new DeviceCloudError('internal', `page renderer: the worker stopped (exit code ${code})`);
        reject(failure);
        void this.replace(worker, failure);
      });
    });
  }

  /** Drops a worker that can no longer draw; the page it held fails, the next page starts a new one. */
  private async replace(worker: Worker, failure: Error): Promise<void> {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.ready = undefined;
    this.finishCurrent()?.reject(failure);
    await worker.terminate();
    if (this.queue.length > 0 && !this.closed) {
      this.warmUp().then(
        () => this.next(),
        (error: Error) => {
          for (const job of this.queue.splice(0)) job.reject(error);
        },
      );
    }
  }

  private next(): void {
    const worker = this.worker;
    if (this.current || !worker || this.queue.length === 0) return;
    const job = this.queue.shift() as Job;
    const timer = setTimeout(() => {
      const failure = new DeviceCloudError('timeout', `page renderer: the page took over ${this.pageTimeoutMs} ms`);
      void this.replace(worker, failure);
    }, this.pageTimeoutMs);
    this.current = { job, timer };
    worker.ref();
    const request: DrawRequest = { id: job.id, html: job.html, options: job.options };
    worker.postMessage(request);
  }

  private finishCurrent(): Job | undefined {
    const current = this.current;
    if (!current) return undefined;
    clearTimeout(current.timer);
    this.current = undefined;
    if (this.queue.length === 0) this.worker?.unref();
    return current.job;
  }

  private answer(reply: Extract<WorkerReply, { id: number }>): void {
    if (this.current?.job.id !== reply.id) return;
    const job = this.finishCurrent() as Job;
    if (reply.type === 'drawn') job.resolve(Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength));
    else job.reject(errorFrom(reply.error));
    this.next();
  }
}
