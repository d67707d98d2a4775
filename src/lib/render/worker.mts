/**
 * The page renderer's worker thread: an ES module, because satori is one (its CommonJS build needs
 * require() of ES modules, which Node.js 20.18 lacks). It loads satori, resvg (WebAssembly) and the fonts
 * once, draws a warm-up page, says `ready`, then draws one page per request.
 */
import { Resvg, initWasm } from '@resvg/resvg-wasm';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import satori from 'satori';
import { DeviceCloudError } from '../errors.js';
import { drawPage, type LayoutEngine } from './draw.js';
import type { DrawRequest, WorkerFailure, WorkerReply, WorkerSetup } from './protocol.js';
import { WARM_UP_PAGE } from './protocol.js';

const port = parentPort;
if (!port) throw new Error('render worker: started outside a worker thread');
const setup = workerData as WorkerSetup;

function reply(message: WorkerReply, transfer: ArrayBuffer[] = []): void {
  port?.postMessage(message, transfer);
}

function failure(error: unknown): WorkerFailure {
  if (error instanceof DeviceCloudError) {
    return { kind: error.kind, message: error.message, ...(error.field ? { field: error.field } : {}) };
  }
  return { kind: 'internal', message: error instanceof Error ? error.message : String(error) };
}

async function loadEngine(): Promise<LayoutEngine> {
  await initWasm(readFileSync(setup.resvgWasm));
  const fonts = [
    { name: 'Noto Sans SC', data: readFileSync(join(setup.fontsDir, 'NotoSansSC-Regular.woff')), weight: 400 as const },
    { name: 'Noto Sans SC', data: readFileSync(join(setup.fontsDir, 'NotoSansSC-Bold.woff')), weight: 700 as const },
  ].map((font) => ({ ...font, style: 'normal' as const }));
  return {
    layout: (root, width, height) => satori(root, { width, height, fonts }),
    rasterise(svg, width, height) {
      const resvg = new Resvg(svg, {
        fitTo: { mode: 'original' },
        background: 'white',
        imageRendering: 1,
        font: { loadSystemFonts: false },
      });
      const image = resvg.render();
      try {
        if (image.width !== width || image.height !== height) {
          throw new Error(`drawn at ${image.width} x ${image.height}, not ${width} x ${height}`);
        }
        return image.pixels;
      } finally {
        image.free();
        resvg.free();
      }
    },
  };
}

async function start(): Promise<void> {
  const started = performance.now();
  const engine = await loadEngine();
  const loaded = performance.now();
  // A few pages, so the first real one finds the glyphs loaded and the code compiled.
  for (const colors of ['bw', 'bw', 'bwry'] as const) {
    await drawPage(engine, WARM_UP_PAGE, { width: 400, height: 300, colors, dither: 'none' });
  }
  reply({ type: 'ready', loadMs: loaded - started, firstPageMs: performance.now() - loaded });
  // One page at a time: the main thread sends the next request only after this one's answer.
  port?.on('message', (request: DrawRequest) => {
    drawPage(engine, request.html, request.options).then(
      (png) => {
        const bytes = new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
        reply(
          { type: 'drawn', id: request.id, png: bytes },
          png.byteLength === png.buffer.byteLength ? [png.buffer as ArrayBuffer] : [],
        );
      },
      (error: unknown) => reply({ type: 'failed', id: request.id, error: failure(error) }),
    );
  });
}

start().catch((error: unknown) => reply({ type: 'broken', error: failure(error) }));
