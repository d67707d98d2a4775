/** Pages drawn from data: HTML templates with placeholders to PNGs of an e-ink screen's colours. */
export { PageRenderer } from './renderer';
export type { RendererOptions, WarmUpReport } from './renderer';
export { acquireRenderer } from './shared';
export type { RendererLease } from './shared';
export { DEFAULT_HEIGHT, DEFAULT_WIDTH, MAX_SIDE, pageOptions } from './options';
export type { PageOptions, PageRequest } from './options';
export { LAYOUTS } from './layouts';
export type { Layout } from './layouts';
