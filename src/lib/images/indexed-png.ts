/**
 * A PNG of palette indices (colour type 3): 1 bit a pixel for two colours, 2 for up to four, 4 for up to
 * sixteen. The file holds only the palette's colours, exactly, and stays small: a 400 x 300 page of text
 * is a few kilobytes.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { Rgb } from './palette';

export const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG chunk: its length, type, data and CRC. */
export function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

export interface IndexedPngOptions {
  /** An extra, fully transparent entry after the colours, for indices equal to `colours.length`. */
  transparent?: boolean;
  /** zlib level 0..9; the default, 9, is worth it: a page of flat colour compresses quickly either way. */
  level?: number;
}

/** Bits a pixel for a palette of `entries` colours: 1, 2 or 4. */
export function bitDepth(entries: number): 1 | 2 | 4 {
  if (entries < 1 || entries > 16) throw new RangeError(`a palette of ${entries} entries is not supported`);
  return entries <= 2 ? 1 : entries <= 4 ? 2 : 4;
}

/** The bytes of one row of `width` pixels at `depth` bits each, without the filter byte before it. */
export function rowBytes(width: number, depth: number): number {
  return Math.ceil((width * depth) / 8);
}

/**
 * A PNG of rows already packed at the palette's depth, each after a filter byte of 0 (what
 * `encodeIndexedPng` builds from indices; the page renderer packs its rows itself).
 */
export function encodePackedPng(
  rows: Buffer,
  width: number,
  height: number,
  colours: readonly Rgb[],
  options: IndexedPngOptions = {},
): Buffer {
  const depth = bitDepth(colours.length + (options.transparent ? 1 : 0));
  if (rows.length !== (rowBytes(width, depth) + 1) * height) {
    throw new RangeError(`${rows.length} bytes are not ${height} rows of ${width} pixels`);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = depth;
  header[9] = 3; // indexed colour
  const plte = Buffer.from(colours.flatMap((colour) => [...colour]));
  const chunks = [
    chunk('IHDR', header),
    chunk('PLTE', options.transparent ? Buffer.concat([plte, Buffer.alloc(3)]) : plte),
  ];
  if (options.transparent) chunks.push(chunk('tRNS', Buffer.from([...colours.map(() => 255), 0])));
  chunks.push(chunk('IDAT', deflateSync(rows, { level: options.level ?? 9 })), chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat([SIGNATURE, ...chunks]);
}

/** A PNG of `indices` (one per pixel, each below the number of entries) over `colours`. */
export function encodeIndexedPng(
  indices: Uint8Array,
  width: number,
  height: number,
  colours: readonly Rgb[],
  options: IndexedPngOptions = {},
): Buffer {
  const entries = colours.length + (options.transparent ? 1 : 0);
  const depth = bitDepth(entries);
  if (indices.length !== width * height) throw new RangeError(`${indices.length} indices for ${width} x ${height}`);
  const perByte = 8 / depth;
  const stride = rowBytes(width, depth);
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1) + 1; // the byte before each row says "no filter"
    for (let x = 0; x < width; x++) {
      const index = indices[y * width + x];
      if (index >= entries) throw new RangeError(`index ${index} at ${x},${y} is outside the palette`);
      raw[row + ((x / perByte) | 0)] |= index << (8 - depth * ((x % perByte) + 1));
    }
  }
  return encodePackedPng(raw, width, height, colours, options);
}
