/**
 * The drawing process: a Node.js process of its own, started by a page renderer (../node-red-process/page-renderer,
 * through ../node-red-process/drawing-process-handle), that draws its pages and can be ended at any moment, whatever it
 * is doing. It loads the engine and says it is ready while its fonts are registered, then draws the pages it is sent,
 * several at once where the native engine draws them on the thread pool. While it draws it tells how much memory it
 * holds. Once it has had no page to draw for a moment it collects its garbage (it is started with `gc` exposed): a
 * process that rests allocates nothing, so V8 would otherwise keep what the last pages left (their pixels, megabytes a
 * page, held by objects no longer used) until the next page. It ends when its page renderer lets go of it, or ends.
 */
import { performance } from 'node:perf_hooks';
import { describeThrown } from '../../errors';
import { drawPage } from './draw-page';
import { errorData, type DrawingOptions, type FromDrawing, type ToDrawing } from '../shared/messages';
import type { EngineChoice } from '../shared/engine-choice';
import type { OwnFonts } from '../shared/fonts/font-types';
import { ownFontsFrom } from '../shared/fonts/own-fonts-from';
import type { PageOptions } from '../shared/page-options';
import { DrawingEngine, engineChoice } from './engine/drawing-engine';
import { startingFaces } from './fonts/page-fonts';

const MEMORY_REPORT_MS = 50;
/** How long the process has drawn nothing before it collects its garbage. */
const COLLECT_AFTER_MS = 1000;

const pages = new Map<number, AbortController>();
let memoryReports: NodeJS.Timeout | undefined;
let collection: NodeJS.Timeout | undefined;
/** The node fonts this process was sent, by their key. */
const nodeFonts = new Map<string, OwnFonts>();

/** Tells the page renderer, if it still listens: one that let go (closed at once, say) needs no answer. */
function send(message: FromDrawing): void {
  if (process.connected) process.send?.(message, undefined, {}, () => undefined);
}

function reportMemory(): void {
  if (pages.size === 0) {
    clearInterval(memoryReports);
    memoryReports = undefined;
    return;
  }
  send({ type: 'memory', rss: process.memoryUsage.rss() });
}

/** Collects the garbage once no page has been drawn for COLLECT_AFTER_MS (the next page puts it off again). */
function collectWhenIdle(): void {
  clearTimeout(collection);
  if (pages.size > 0 || typeof gc !== 'function') return;
  collection = setTimeout(() => gc?.(), COLLECT_AFTER_MS).unref();
}

/** The options as drawPage takes them: a node's own fonts made of what was read, sent with their first page. */
function withOwnFonts({ fonts, ...rest }: DrawingOptions): PageOptions {
  if (!fonts) return rest;
  if (fonts.read && !nodeFonts.has(fonts.key)) nodeFonts.set(fonts.key, ownFontsFrom(fonts.read));
  const own = nodeFonts.get(fonts.key);
  if (!own) throw new Error(`the node's fonts ${fonts.key} were never sent to the drawing process`);
  return { ...rest, fonts: own };
}

function draw(engine: DrawingEngine, message: Extract<ToDrawing, { type: 'draw' }>): void {
  const { id, html, map, options } = message;
  const stop = new AbortController();
  pages.set(id, stop);
  clearTimeout(collection);
  memoryReports ??= setInterval(reportMemory, MEMORY_REPORT_MS);
  Promise.resolve()
    .then(() =>
      drawPage(engine, html, {
        ...withOwnFonts(options),
        ...(map ? { map } : {}),
        signal: stop.signal,
        warn: (text) => send({ type: 'warn', id, text }),
        measured: (size) => send({ type: 'measured', id, size }),
      }),
    )
    .then(
      (png) => send({ type: 'drawn', id, png }),
      (error: unknown) => send({ type: 'failed', id, error: errorData(error) }),
    )
    .finally(() => {
      pages.delete(id);
      collectWhenIdle();
    });
}

function start(): void {
  let choice: EngineChoice;
  let engine: DrawingEngine;
  try {
    engine = DrawingEngine.start(startingFaces());
    choice = engineChoice();
  } catch (error) {
    send({ type: 'broken', message: describeThrown(error) });
    process.exit(1);
  }
  process.on('message', (message: ToDrawing) => {
    if (message.type === 'draw') draw(engine, message);
    else pages.get(message.id)?.abort();
  });
  // Since the process started: Node.js itself, our code and the engine (its fonts are being registered).
  send({ type: 'ready', choice, loadMs: performance.now(), rss: process.memoryUsage.rss() });
}

// The page renderer let go, or its process ended: nothing is left to draw for.
process.on('disconnect', () => process.exit(0));
start();
