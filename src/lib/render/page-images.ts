/**
 * After layout, every picture of the page is drawn by us at exactly the size of its box, in the page's
 * colours, and put back as a PNG the rasteriser copies pixel for pixel (no scaling, no soft edges):
 * QR codes and charts from their slots, the template's own pictures dithered as the page asks.
 */
import type { DitherMode } from '../images/dither';
import { quantize } from '../images/dither';
import type { Rgb } from '../images/palette';
import { bitmapDataUrl, type Bitmap } from './bitmap';
import { drawChart } from './chart';
import type { ImageSlots } from './image-slots';
import { drawQr } from './qr';

/** Draws an SVG document to straight RGBA on white. */
export type Rasterise = (svg: string, width: number, height: number) => Uint8Array;

export interface PagePictures {
  slots: ImageSlots;
  palette: readonly Rgb[];
  dither: DitherMode;
  rasterise: Rasterise;
}

const IMAGE_TAG = /<image\b([^>]*?)\/?>/g;
const ATTRIBUTE = /([\w:-]+)="([^"]*)"/g;

function attributesOf(text: string): Map<string, string> {
  return new Map([...text.matchAll(ATTRIBUTE)].map((found) => [found[1], found[2]]));
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The SVG with each `<image>` replaced by our drawing of it at its box's whole-pixel size. */
export function drawPageImages(svg: string, pictures: PagePictures): string {
  return svg.replace(IMAGE_TAG, (_tag, attributeText: string) => {
    const attributes = attributesOf(attributeText);
    const x = Math.round(Number(attributes.get('x') ?? 0));
    const y = Math.round(Number(attributes.get('y') ?? 0));
    const width = Math.round(Number(attributes.get('width') ?? 0));
    const height = Math.round(Number(attributes.get('height') ?? 0));
    if (!(width >= 1 && height >= 1)) return '';
    const href = (attributes.get('href') ?? attributes.get('xlink:href') ?? '').replace(/&amp;/g, '&');
    const bitmap = drawImage(href, attributes.get('preserveAspectRatio'), width, height, pictures);
    const kept = [...attributes]
      .filter(([name]) => !['x', 'y', 'width', 'height', 'href', 'xlink:href', 'preserveAspectRatio'].includes(name))
      .map(([name, value]) => ` ${name}="${value}"`)
      .join('');
    return (
      `<image x="${x}" y="${y}" width="${width}" height="${height}" preserveAspectRatio="none" ` +
      `image-rendering="optimizeSpeed" href="${bitmapDataUrl(bitmap)}"${kept}/>`
    );
  });
}

function drawImage(
  href: string,
  aspect: string | undefined,
  width: number,
  height: number,
  pictures: PagePictures,
): Bitmap {
  const slot = pictures.slots.find(href);
  if (slot?.kind === 'qr') return drawQr(slot.code, width, height, slot.place);
  if (slot?.kind === 'chart') return drawChart(slot.chart, width, height, slot.place);
  // A picture of the template's own: drawn alone at the box's size (on white), then brought to the palette.
  const alone =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<image width="${width}" height="${height}" preserveAspectRatio="${escapeAttribute(aspect ?? 'none')}" ` +
    `href="${escapeAttribute(href)}"/></svg>`;
  const rgba = pictures.rasterise(alone, width, height);
  const indices = quantize(rgba, width, height, pictures.palette, { mode: pictures.dither });
  return { width, height, indices, colours: pictures.palette, transparent: false };
}
