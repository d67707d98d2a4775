/** Pages drawn from data: HTML templates with placeholders to PNGs of an e-ink screen's colours. */
export { PageRenderer } from './renderer/page-renderer';
export type { RendererOptions, WarmUpReport } from './renderer/page-renderer';
export { acquireRenderer } from './renderer/renderer-lease';
export type { RendererLease } from './renderer/renderer-lease';
export {
  DEFAULT_HEIGHT,
  DEFAULT_WIDTH,
  LAYOUT_RULES,
  MAX_SIDE,
  SAVED_FLOW_LAYOUT_RULES,
  pageOptions,
} from './page/page-options';
export type { LayoutRules, PageOptions, PageRequest } from './page/page-options';
export { ENGINE_SWITCH, engineNoteOnce, type EngineKind } from './engine/drawing-engine';
export { LAYOUTS } from './layouts';
export type { Layout } from './layouts';
export { fontFileList, fontFilesStamp, loadFontFiles } from './fonts/own-fonts';
export type { OwnFonts } from './fonts/page-fonts';
