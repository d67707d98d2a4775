/** A picture we draw ourselves (QR code, chart, a dithered photo): palette indices, put into the page as a PNG. */
import { encodeIndexedPng } from '../images/indexed-png';
import type { Rgb } from '../images/palette';

export interface Bitmap {
  width: number;
  height: number;
  /** One per pixel: an index into `colours`, or `colours.length` for "transparent" when `transparent` is set. */
  indices: Uint8Array;
  colours: readonly Rgb[];
  transparent: boolean;
}

/** A bitmap of `width` x `height`, every pixel transparent. */
export function emptyBitmap(width: number, height: number, colours: readonly Rgb[]): Bitmap {
  return { width, height, indices: new Uint8Array(width * height).fill(colours.length), colours, transparent: true };
}

/** Sets the pixels of a rectangle (clipped to the bitmap) to `index`. */
export function fillRect(bitmap: Bitmap, x: number, y: number, width: number, height: number, index: number): void {
  const left = Math.max(0, Math.round(x));
  const top = Math.max(0, Math.round(y));
  const right = Math.min(bitmap.width, Math.round(x + width));
  const bottom = Math.min(bitmap.height, Math.round(y + height));
  for (let row = top; row < bottom; row++)
    bitmap.indices.fill(index, row * bitmap.width + left, row * bitmap.width + right);
}

export function bitmapDataUrl(bitmap: Bitmap): string {
  const png = encodeIndexedPng(bitmap.indices, bitmap.width, bitmap.height, bitmap.colours, {
    transparent: bitmap.transparent,
    level: 1,
  });
  return `data:image/png;base64,${png.toString('base64')}`;
}
