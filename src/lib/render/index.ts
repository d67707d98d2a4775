/** Pages drawn from data: HTML templates with placeholders to PNGs of an e-ink screen's colours. */
export { PageRenderer } from './renderer';
export type { RendererOptions, WarmUpReport } from './renderer';
export { acquireRenderer } from './shared';
export type { RendererLease } from './shared';
export { DEFAULT_HEIGHT, DEFAULT_WIDTH, LAYOUT_RULES, MAX_SIDE, SAVED_FLOW_LAYOUT_RULES, pageOptions } from './options';
export type { LayoutRules, PageOptions, PageRequest } from './options';
export { ENGINE_SWITCH, engineNoteOnce, type EngineKind } from './engine';
export { LAYOUTS } from './layouts';
export type { Layout } from './layouts';
export { fontFileList, loadFontFiles } from './user-fonts';
export type { OwnFonts } from './fonts';
