/**
 * Pages drawn from data: HTML templates with placeholders to PNGs of an e-ink screen's colours. What the nodes and
 * library users take, all of it Node-RED's side (./node-red-process) and what both processes share (./shared):
 * the drawing process (./drawing-process) is started by the page renderer, never imported.
 */
export { PageRenderer } from './node-red-process/page-renderer';
export type { RendererOptions } from './node-red-process/page-renderer';
export type { WarmUpReport } from './node-red-process/drawing-place';
export { acquireRenderer } from './node-red-process/renderer-lease';
export type { RendererLease } from './node-red-process/renderer-lease';
export {
  DEFAULT_HEIGHT,
  DEFAULT_WIDTH,
  LAYOUT_RULES,
  MAX_SIDE,
  SAVED_FLOW_LAYOUT_RULES,
  pageOptions,
} from './shared/page-options';
export type { LayoutRules, PageOptions, PageRequest } from './shared/page-options';
export { ENGINE_SWITCH, engineNoteOnce, type EngineKind } from './shared/engine-choice';
export { LAYOUTS } from './node-red-process/layouts';
export type { Layout } from './node-red-process/layouts';
export { fontFileList, fontFilesStamp, loadFontFiles } from './node-red-process/fonts/own-fonts';
export type { OwnFonts } from './shared/fonts/font-types';
