/** The messages between the page renderer (main thread) and its worker. */
import type { ErrorKind } from '../errors';
import type { PageOptions } from './options';

export interface WorkerSetup {
  /** Folder of the shipped fonts (dist/fonts). */
  fontsDir: string;
  /** resvg's WebAssembly file. */
  resvgWasm: string;
}

export interface DrawRequest {
  id: number;
  html: string;
  options: PageOptions;
}

export interface WorkerFailure {
  kind: ErrorKind;
  message: string;
  field?: string;
}

export type WorkerReply =
  | { type: 'ready'; loadMs: number; firstPageMs: number }
  | { type: 'drawn'; id: number; png: Uint8Array }
  | { type: 'failed'; id: number; error: WorkerFailure }
  | { type: 'broken'; error: WorkerFailure };

/** Sample text of the warm-up page: loads the fonts' Latin and Chinese outlines before the first real page. */
export const WARM_UP_PAGE =
  '<div style="display:flex;flex-direction:column"><b>Warm-up 21.4 °C</b><span>预热 温度 湿度 待办事项</span>' +
  '<img src="qr:warm-up" width="60" height="60"><img src="chart:line" data-values="1,3,2" width="60" height="20"></div>';
