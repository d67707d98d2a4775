/**
 * The drawn page as a PNG of only the palette's colours. Each pixel takes its nearest colour, as the
 * threshold of ../images/dither does (seen over white; two colours by brightness, more by distance as the
 * eye weighs red, green and blue), so the soft edges of text and lines become whole pixels of the text's
 * colour or of the background's. The pixels are packed straight into the PNG's rows: 1 bit a pixel for
 * black and white, 2 for four colours. This runs for every page, so it is one pass without a copy.
 */
import { bitDepth, encodePackedPng, rowBytes } from '../images/indexed-png';
import { luminance, nearestIndex, type Rgb } from '../images/palette';

export function pagePng(rgba: Uint8Array, width: number, height: number, palette: readonly Rgb[]): Buffer {
  if (rgba.length < width * height * 4) throw new RangeError(`${rgba.length} bytes cannot hold ${width} x ${height}`);
  const depth = bitDepth(palette.length);
  const stride = rowBytes(width, depth) + 1;
  const rows = Buffer.alloc(stride * height);
  const perByte = 8 / depth;
  const dark = nearestIndex(palette, 0, 0, 0);
  const light = nearestIndex(palette, 255, 255, 255);
  const two = palette.length === 2;
  for (let y = 0; y < height; y++) {
    let at = y * stride + 1; // after the row's filter byte, 0: none
    let byte = 0;
    let filled = 0;
    for (let pixel = y * width * 4, end = pixel + width * 4; pixel < end; pixel += 4) {
      const alpha = rgba[pixel + 3] / 255;
      const white = 255 * (1 - alpha);
      // In single precision, as the threshold of ../images/dither works: middle grey (128) is light there too.
      const red = Math.fround(rgba[pixel] * alpha + white);
      const green = Math.fround(rgba[pixel + 1] * alpha + white);
      const blue = Math.fround(rgba[pixel + 2] * alpha + white);
      const index = two
        ? Math.fround(luminance(red, green, blue)) < 128
          ? dark
          : light
        : nearestIndex(palette, red, green, blue);
      byte = (byte << depth) | index;
      if (++filled === perByte) {
        rows[at++] = byte;
        byte = 0;
        filled = 0;
      }
    }
    if (filled > 0) rows[at] = byte << (depth * (perByte - filled));
  }
  return encodePackedPng(rows, width, height, palette, { level: 6 });
}
