/**
 * What a page renderer and its drawing process say to each other (../node-red-process/drawing-process-handle,
 * ../drawing-process/main).
 */
import { asDeviceCloudError, DeviceCloudError, type ErrorKind } from '../../errors';
import type { PageSize } from './budget-checks';
import type { EngineChoice } from './engine-choice';
import type { OwnFontsRead } from './fonts/font-types';
import type { PageOptions } from './page-options';
import type { TemplateMap } from './source-map';

/** To the drawing process. */
export type ToDrawing =
  | { type: 'draw'; id: number; html: string; map?: TemplateMap; options: DrawingOptions }
  /** The page is no longer wanted: it stops where the engine can. */
  | { type: 'abandon'; id: number };

/**
 * A page's options as they cross: a node's own fonts by their key, with the fonts as read (their bytes, names and
 * characters) the first time a process is sent them (it keeps the fonts it was sent while it lives).
 */
export type DrawingOptions = Omit<PageOptions, 'fonts'> & { fonts?: { key: string; read?: OwnFontsRead } };

/** An error as it crosses between processes. */
export interface ErrorData {
  kind: ErrorKind;
  message: string;
  field?: string;
}

/** An error of the drawing process as it is sent. */
export function errorData(error: unknown): ErrorData {
  const failure = asDeviceCloudError(error);
  return { kind: failure.kind, message: failure.message, ...(failure.field ? { field: failure.field } : {}) };
}

/** An error of the drawing process as its page renderer heard it. */
export function errorOf(data: ErrorData): DeviceCloudError {
  return new DeviceCloudError(data.kind, data.message, data.field ? { field: data.field } : {});
}

/** From the drawing process. */
export type FromDrawing =
  /** The engine is loaded (`loadMs` after the process started, holding `rss` bytes), its fonts coming: pages may come. */
  | { type: 'ready'; choice: EngineChoice; loadMs: number; rss: number }
  /** No engine loads: the process ends. */
  | { type: 'broken'; message: string }
  /** The page's HTML is read and within its limits; it is being drawn. */
  | { type: 'measured'; id: number; size: PageSize }
  | { type: 'warn'; id: number; text: string }
  | { type: 'drawn'; id: number; png: Uint8Array }
  | { type: 'failed'; id: number; error: ErrorData }
  /** The process's resident memory, told while pages are being drawn. */
  | { type: 'memory'; rss: number };
