/**
 * The size and orientation of a picture, read from its header without
 * decoding it: a picture already of the screen's size is sent as it is, with
 * or without sharp. A few dozen lines per format, so no library: the header
 * libraries read twenty formats where we need five, and we want a truncated or
 * odd header to give "unknown" (then sharp decides) rather than a guess.
 */
import { bmpSize, type PictureSize } from './bmp';
import { exifOrientation, exifTiff } from './exif';
import type { ImageFormat } from './image-file';

export interface PictureHeader extends PictureSize {
  /** EXIF orientation: 1 (upright, also when the picture has none) to 8 */
  orientation: number;
}

/** Width, height and orientation from the header, or undefined when the header does not give them. */
export function pictureHeader(bytes: Buffer, format: ImageFormat): PictureHeader | undefined {
  const header = readHeader(bytes, format);
  if (!header || header.width < 1 || header.height < 1) return undefined;
  return header;
}

function readHeader(bytes: Buffer, format: ImageFormat): PictureHeader | undefined {
  switch (format) {
    case 'png':
      return pngHeader(bytes);
    case 'jpeg':
      return jpegHeader(bytes);
    case 'gif':
      return bytes.length < 10 ? undefined : upright(bytes.readUInt16LE(6), bytes.readUInt16LE(8));
    case 'bmp': {
      const size = bmpSize(bytes);
      return size && upright(size.width, size.height);
    }
    case 'webp':
      return webpHeader(bytes);
    case 'tiff':
      // Never sent as it is (it becomes a PNG), so its size is sharp's to read.
      return undefined;
  }
}

function upright(width: number, height: number): PictureHeader {
  return { width, height, orientation: 1 };
}

/** IHDR comes first; an eXIf chunk may turn the picture. */
function pngHeader(bytes: Buffer): PictureHeader | undefined {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  const header = upright(bytes.readUInt32BE(16), bytes.readUInt32BE(20));
  for (let at = 8; at + 8 <= bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (type === 'IEND') break;
    if (type === 'eXIf') {
      header.orientation = exifOrientation(bytes.subarray(at + 8, at + 8 + length)) ?? 1;
      break;
    }
    at += 12 + length;
  }
  return header;
}

const STANDALONE_MARKERS = new Set([0x01, 0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8]);
/** Start of frame: C0 to CF but DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** The segments before the frame header: APP1 may hold EXIF, the frame header gives the size. */
function jpegHeader(bytes: Buffer): PictureHeader | undefined {
  let orientation = 1;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (STANDALONE_MARKERS.has(marker)) {
      at += 2;
      continue;
    }
    // End of image or start of scan before any frame header: not a picture we can size.
    if (marker === 0xd9 || marker === 0xda) return undefined;
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) return undefined;
    const segment = bytes.subarray(at + 4, at + 2 + length);
    if (isStartOfFrame(marker)) {
      if (segment.length < 5) return undefined;
      return { width: segment.readUInt16BE(3), height: segment.readUInt16BE(1), orientation };
    }
    if (marker === 0xe1 && segment.toString('latin1', 0, 6) === 'Exif\0\0') {
      orientation = exifOrientation(exifTiff(segment)) ?? 1;
    }
    at += 2 + length;
  }
  return undefined;
}

/** RIFF chunks: the first is the lossy (VP8), lossless (VP8L) or extended (VP8X) header; an EXIF chunk may follow. */
function webpHeader(bytes: Buffer): PictureHeader | undefined {
  if (bytes.length < 30) return undefined;
  const first = bytes.toString('latin1', 12, 16);
  if (first === 'VP8 ') {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return undefined;
    return upright(bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff);
  }
  if (first === 'VP8L') {
    if (bytes[20] !== 0x2f) return undefined;
    const bits = bytes.readUInt32LE(21);
    return upright((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (first !== 'VP8X') return undefined;
  const header = upright(bytes.readUIntLE(24, 3) + 1, bytes.readUIntLE(27, 3) + 1);
  const hasExif = (bytes[20] & 0x08) !== 0;
  for (let at = 12; hasExif && at + 8 <= bytes.length;) {
    const size = bytes.readUInt32LE(at + 4);
    if (bytes.toString('latin1', at, at + 4) === 'EXIF') {
      header.orientation = exifOrientation(exifTiff(bytes.subarray(at + 8, at + 8 + size))) ?? 1;
      break;
    }
    at += 8 + size + (size % 2);
  }
  return header;
}
