/** A picture we draw ourselves (QR code, chart, a dithered photo): palette indices, put into the page as pixels. */
import type { Rgb } from '../../../images/palette';
import type { RgbaImage } from '../engine/drawing-engine';

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

/** The bitmap as RGBA pixels: its colours opaque, "transparent" fully transparent. */
export function bitmapPixels(bitmap: Bitmap): RgbaImage {
  const data = new Uint8Array(bitmap.width * bitmap.height * 4);
  const { indices, colours } = bitmap;
  for (let pixel = 0; pixel < indices.length; pixel++) {
    const colour = colours[indices[pixel]];
    if (!colour) continue;
    data[pixel * 4] = colour[0];
    data[pixel * 4 + 1] = colour[1];
    data[pixel * 4 + 2] = colour[2];
    data[pixel * 4 + 3] = 255;
  }
  return { width: bitmap.width, height: bitmap.height, data };
}
