/**
 * A drawing process as its page renderer (./page-renderer) keeps it: the process (./drawing-process-handle), the
 * pages it is drawing, whether it is ready and how many pages it draws at once, whether it runs at the lowest
 * priority, the node fonts it has been sent, and what memory it kept from its pages.
 */
import { performance } from 'node:perf_hooks';
import { PAGE_BUDGET } from '../../values/page-budget';
import type { EngineChoice, EngineKind } from '../shared/engine-choice';
import type { DrawingOptions } from '../shared/messages';
import type { PageOptions } from '../shared/page-options';
import type { TemplateMap } from '../shared/source-map';
import { DrawingProcess, type DrawingProcessEvents } from './drawing-process-handle';

/** A process ready for pages: its engine, and how long it took to start. */
export interface Ready {
  choice: EngineChoice;
  loadMs: number;
  startMs: number;
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

/** What a place needs of a page it draws. */
export interface PlacedPage {
  readonly id: number;
  readonly html: string;
  /** Where the HTML was written in its template (none for the warm-up page, its own template). */
  readonly map?: TemplateMap;
  readonly options: PageOptions;
  /** Since when it waits for a process, or is drawn in one. */
  since: number;
}

/**
 * A process that holds this much more memory than after its first page, once its pages are drawn, ends, and the
 * next starts afresh: the system gets back what a big page left behind. (The engine and fonts alone hold about
 * 70 MB natively and 120 MB as WebAssembly, so the rule counts from there.)
 */
const KEPT_MEMORY_BYTES = PAGE_BUDGET.memoryBytes / 4;
/** Pages a process draws at once: the native engine on the thread pool's four threads; WebAssembly on its one. */
const ROOM: Record<EngineKind, number> = { native: 4, webassembly: 1 };

/** A drawing process and the pages it is drawing. */
export class DrawingPlace<Page extends PlacedPage> {
  readonly process: DrawingProcess;
  readonly pages = new Map<number, Page>();
  /** Resolves when the process is ready for pages; rejects when it does not start. */
  private readonly started: Promise<Ready>;
  private readonly start: { resolve(ready: Ready): void; reject(error: Error): void };
  ready?: Ready;
  /** Pages it draws at once. */
  room = 1;
  /** It has drawn a page for long, and runs at the lowest priority since. */
  yielded = false;
  /** When it was started. */
  readonly since: number;
  /** The keys of the node fonts it has been sent. */
  private readonly fonts = new Set<string>();
  /** Its resident memory once its first page was drawn: the engine, its fonts and the code of every step. */
  private baseRss?: number;

  /** Starts the process. */
  constructor(events: DrawingProcessEvents) {
    let start: DrawingPlace<Page>['start'] | undefined;
    this.started = new Promise<Ready>((resolve, reject) => (start = { resolve, reject }));
    // Whoever waits for the start hears of a failure; nobody needs to.
    this.started.catch(() => undefined);
    this.start = start as DrawingPlace<Page>['start'];
    this.process = new DrawingProcess(events);
    this.since = performance.now();
  }

  /** The process said it is ready: its engine is loaded. */
  becameReady(choice: EngineChoice, loadMs: number): Ready {
    this.ready = { choice, loadMs, startMs: performance.now() - this.since };
    this.room = ROOM[choice.kind];
    this.start.resolve(this.ready);
    return this.ready;
  }

  /** The process will not be ready: whoever waits for its start hears `error`. */
  notStarting(error: Error): void {
    this.start.reject(error);
  }

  /** Resolves with what the start took, once the process is ready for pages; rejects when it does not start. */
  warmedUp(): Promise<WarmUpReport> {
    return this.started.then(({ choice, loadMs, startMs }) => ({
      engine: choice.kind,
      ...(choice.nativeProblem ? { nativeProblem: choice.nativeProblem } : {}),
      loadMs,
      startMs,
    }));
  }

  /** Ready, and drawing fewer pages than it draws at once. */
  get hasRoom(): boolean {
    return this.ready !== undefined && this.pages.size < this.room;
  }

  /** Whether a page had better go here than to `best`: to a process drawing no long page, then the less busy. */
  preferredTo(best: DrawingPlace<Page>): boolean {
    if (this.yielded !== best.yielded) return !this.yielded;
    return this.pages.size < best.pages.size;
  }

  /** Sends the page to the process to draw. */
  draw(page: Page): void {
    this.pages.set(page.id, page);
    const { id, html, map } = page;
    this.process.send({ type: 'draw', id, html, ...(map ? { map } : {}), options: this.crossing(page.options) });
  }

  /** The page it has drawn longest. */
  longest(): Page {
    return [...this.pages.values()].reduce((a, b) => (b.since < a.since ? b : a));
  }

  /** Gives the process the system's lowest priority: it has drawn a page for long. */
  yieldProcessor(): void {
    this.yielded = true;
    this.process.yieldProcessor();
  }

  /** Whether it keeps much memory from its pages (once they are drawn): ended, it gives it back to the system. */
  keepsTooMuch(): boolean {
    const rss = this.process.rss();
    this.baseRss ??= rss;
    return rss - this.baseRss > KEPT_MEMORY_BYTES;
  }

  /** Ends the process: at once `now` or while it draws pages, else gently, once its channel closes. */
  end(now = false): void {
    if (now || this.pages.size > 0) this.process.kill();
    else this.process.release();
  }

  /** The pages it was drawing, which it no longer is. */
  takePages(): Page[] {
    const pages = [...this.pages.values()];
    this.pages.clear();
    return pages;
  }

  /** The page's options as the process is sent them: a node's fonts as read, only the first time. */
  private crossing(options: PageOptions): DrawingOptions {
    const { fonts, ...rest } = options;
    if (!fonts) return rest;
    if (this.fonts.has(fonts.key)) return { ...rest, fonts: { key: fonts.key } };
    this.fonts.add(fonts.key);
    return { ...rest, fonts: { key: fonts.key, read: fonts.read } };
  }
}
