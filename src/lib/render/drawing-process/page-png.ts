/**
 * The drawn page as a PNG of only the palette's colours. Each pixel takes its nearest colour, as the
 * threshold of ../../images/dither does (seen over white; two colours by brightness, more by distance as the
 * eye weighs red, green and blue), so the soft edges of text and lines become whole pixels of the text's
 * colour or of the background's. The pixels are packed straight into the PNG's rows: 1 bit a pixel for
 * black and white, 2 for four colours. This runs for every page, so it is one pass without a copy.
 */
import { bitDepth, encodePackedPng, rowBytes } from '../../images/indexed-png';
import { luminance, nearestIndex, type Rgb } from '../../images/palette';

/** Brightness in thousandths, by channel: 0.299 red + 0.587 green + 0.114 blue, exact in whole numbers. */
const [RED, GREEN, BLUE] = [299, 587, 114].map((weight) =>
  Uint32Array.from({ length: 256 }, (_, value) => weight * value),
);

/** The palette index of a pixel, by the threshold of ../../images/dither: seen over white, in single precision. */
function nearestOverWhite(palette: readonly Rgb[], rgba: Uint8Array, at: number): number {
  const alpha = rgba[at + 3] / 255;
  const white = 255 * (1 - alpha);
  const red = Math.fround(rgba[at] * alpha + white);
  const green = Math.fround(rgba[at + 1] * alpha + white);
  const blue = Math.fround(rgba[at + 2] * alpha + white);
  if (palette.length !== 2) return nearestIndex(palette, red, green, blue);
  const dark = nearestIndex(palette, 0, 0, 0);
  return Math.fround(luminance(red, green, blue)) < 128 ? dark : 1 - dark;
}

/** The pixels as one 32-bit word each, for comparing whole pixels (a copy only when not 4-byte aligned). */
function words(rgba: Uint8Array, pixels: number): Int32Array {
  const aligned = rgba.byteOffset % 4 === 0 ? rgba : rgba.slice(0, pixels * 4);
  return new Int32Array(aligned.buffer, aligned.byteOffset, pixels);
}

/**
 * Packs row `y` by copying the packed row above, where its pixels are the row above's again (compared in one
 * call): a page is mostly rows of margin and space between lines. Says whether it did. Such a row ends in the
 * pixel the row above ended in, so a loop's run of one colour carries on unchanged after it.
 */
function copiedRowAbove(bytes: Buffer, rows: Buffer, y: number, width: number, stride: number): boolean {
  const length = width * 4;
  const start = y * length;
  if (y === 0 || bytes.compare(bytes, start - length, start, start, start + length) !== 0) return false;
  rows.copyWithin(y * stride + 1, (y - 1) * stride + 1, y * stride);
  return true;
}

/** The pixels' bytes as a Buffer over the same memory, to compare rows in one call. */
function rowBytesOf(rgba: Uint8Array): Buffer {
  return Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
}

/** Black and white: 8 pixels a byte, the common page, so a loop of its own. */
function twoColourRows(rgba: Uint8Array, pixels: Int32Array, width: number, height: number, palette: readonly Rgb[]) {
  const stride = rowBytes(width, 1) + 1;
  const rows = Buffer.alloc(stride * height);
  const bytes = rowBytesOf(rgba);
  const dark = nearestIndex(palette, 0, 0, 0);
  const light = 1 - dark;
  let previous = ~pixels[0]; // unlike the first pixel
  let previousIndex = 0;
  for (let y = 0; y < height; y++) {
    if (copiedRowAbove(bytes, rows, y, width, stride)) continue;
    let at = y * stride + 1; // after the row's filter byte, 0: none
    let byte = 0;
    let filled = 0;
    for (let pixel = y * width, end = pixel + width; pixel < end; pixel++) {
      const word = pixels[pixel];
      if (word !== previous) {
        // A page is mostly runs of one colour: only a pixel unlike the one before it is looked at.
        previous = word;
        const offset = pixel * 4;
        previousIndex =
          rgba[offset + 3] === 255
            ? RED[rgba[offset]] + GREEN[rgba[offset + 1]] + BLUE[rgba[offset + 2]] < 128_000
              ? dark
              : light
            : nearestOverWhite(palette, rgba, offset);
      }
      byte = (byte << 1) | previousIndex;
      if (++filled === 8) {
        rows[at++] = byte;
        byte = 0;
        filled = 0;
      }
    }
    if (filled > 0) rows[at] = byte << (8 - filled);
  }
  return rows;
}

/** Four (or up to sixteen) colours: each pixel unlike the one before it takes its nearest colour. */
function paletteRows(rgba: Uint8Array, pixels: Int32Array, width: number, height: number, palette: readonly Rgb[]) {
  const depth = bitDepth(palette.length);
  const perByte = 8 / depth;
  const stride = rowBytes(width, depth) + 1;
  const rows = Buffer.alloc(stride * height);
  const bytes = rowBytesOf(rgba);
  let previous = ~pixels[0]; // unlike the first pixel
  let previousIndex = 0;
  for (let y = 0; y < height; y++) {
    if (copiedRowAbove(bytes, rows, y, width, stride)) continue;
    let at = y * stride + 1;
    let byte = 0;
    let filled = 0;
    for (let pixel = y * width, end = pixel + width; pixel < end; pixel++) {
      const word = pixels[pixel];
      if (word !== previous) {
        previous = word;
        previousIndex = nearestOverWhite(palette, rgba, pixel * 4);
      }
      byte = (byte << depth) | previousIndex;
      if (++filled === perByte) {
        rows[at++] = byte;
        byte = 0;
        filled = 0;
      }
    }
    if (filled > 0) rows[at] = byte << (depth * (perByte - filled));
  }
  return rows;
}

export function pagePng(rgba: Uint8Array, width: number, height: number, palette: readonly Rgb[]): Buffer {
  if (rgba.length < width * height * 4) throw new RangeError(`${rgba.length} bytes cannot hold ${width} x ${height}`);
  const pixels = words(rgba, width * height);
  const rows =
    palette.length === 2
      ? twoColourRows(rgba, pixels, width, height, palette)
      : paletteRows(rgba, pixels, width, height, palette);
  return encodePackedPng(rows, width, height, palette, { level: 6 });
}
