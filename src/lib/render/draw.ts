/**
 * One page, from filled HTML to PNG bytes: read the HTML, lay it out (satori: flex layout, text as paths in
 * the shipped fonts), draw the pictures into their boxes, rasterise (resvg), bring every pixel to the
 * palette by a threshold, and write an indexed PNG. The engine (satori and resvg, loaded once in the worker)
 * is passed in; everything here is plain computation.
 */
import { DeviceCloudError, invalid } from '../errors';
import { quantize } from '../images/dither';
import { encodeIndexedPng } from '../images/indexed-png';
import { PALETTES } from '../images/palette';
import { pageElement } from './elements';
import type { LayoutElement } from './layout-tree';
import { parseHtml } from './html';
import { ImageSlots } from './image-slots';
import type { PageOptions } from './options';
import { drawPageImages, type Rasterise } from './page-images';

export interface LayoutEngine {
  /** The element tree as an SVG document of `width` x `height`. */
  layout(root: LayoutElement, width: number, height: number): Promise<string>;
  rasterise: Rasterise;
}

export async function drawPage(engine: LayoutEngine, html: string, options: PageOptions): Promise<Buffer> {
  const { width, height } = options;
  const slots = new ImageSlots();
  const root = pageElement(parseHtml(html), width, height, slots);
  let svg: string;
  try {
    svg = await engine.layout(root, width, height);
  } catch (error) {
    if (error instanceof DeviceCloudError) throw error;
    throw invalid('template', `cannot be drawn: ${error instanceof Error ? error.message : String(error)}`);
  }
  const palette = PALETTES[options.colors];
  const page = drawPageImages(svg, { slots, palette, dither: options.dither, rasterise: engine.rasterise });
  const rgba = engine.rasterise(page, width, height);
  const indices = quantize(rgba, width, height, palette, { mode: 'none' });
  return encodeIndexedPng(indices, width, height, palette);
}
