/**
 * Image input for a push: what the node accepts, the format read from the bytes, the limits. The devices
 * are known to show PNG and JPEG; a push sends only those (see ./sendable and ./fit).
 */
import { types } from 'node:util';
import { invalid } from '../errors';
import type { PageId } from '../values/ids';
import { LIMITS } from '../values/limits';
import type { Parsed } from '../values/primitives';

/** The formats read from a picture's bytes. */
export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'bmp' | 'webp' | 'tiff';
/** The formats a push sends. */
export type SentFormat = 'png' | 'jpeg';

/** One picture as given: bytes within 2 MB, of a format read from the bytes. */
export interface ImageFile {
  data: Buffer;
  format: ImageFormat;
}

/** One picture as sent: PNG or JPEG, within 2 MB. */
export interface SentImageFile extends ImageFile {
  format: SentFormat;
}

/** The pictures of one push: 1 to 5 of them, each PNG or JPEG. */
export type PushImages = Parsed<readonly SentImageFile[], 'PushImages'>;

/** A format's name as a user knows it. */
export const FORMAT_NAMES: Record<ImageFormat, string> = {
  png: 'PNG',
  jpeg: 'JPEG',
  gif: 'GIF',
  bmp: 'BMP',
  webp: 'WebP',
  tiff: 'TIFF',
};

export function isSentFormat(format: ImageFormat): format is SentFormat {
  return format === 'png' || format === 'jpeg';
}

export interface ImagePush {
  images: PushImages;
  dither?: boolean;
  pageId?: PageId;
}

export const CONTENT_TYPES: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  tiff: 'image/tiff',
};

export const FILE_EXTENSIONS: Record<ImageFormat, string> = {
  png: 'png',
  jpeg: 'jpg',
  gif: 'gif',
  bmp: 'bmp',
  webp: 'webp',
  tiff: 'tif',
};

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

/** The format named by the file's magic bytes, or undefined when it is none we know. */
export function detectImageFormat(bytes: Uint8Array): ImageFormat | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) {
    return 'gif';
  }
  if (startsWith(bytes, [0x42, 0x4d]) && bytes.length >= 26) return 'bmp';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  // II*\0 (little-endian) or MM\0* (big-endian)
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  return undefined;
}

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w-]+=[^;,]*)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function megabytes(bytes: number): string {
  return `${bytes} bytes (${Math.round(bytes / 1024 / 1024)} MB)`;
}

/** Bytes from a Buffer, a Uint8Array, a data URL or a base64 string, at most `maxBytes` of them. */
export function decodeImageInput(value: unknown, field: string, maxBytes: number = LIMITS.imageBytes): Buffer {
  let bytes: Buffer | undefined;
  if (Buffer.isBuffer(value)) bytes = value;
  // Not `instanceof Uint8Array`: a function node's array comes from its sandbox's realm.
  else if (types.isUint8Array(value)) bytes = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (bytes) {
    if (bytes.length > maxBytes) throw invalid(field, `is larger than ${megabytes(maxBytes)}`, bytes);
    return bytes;
  }
  if (typeof value !== 'string') throw invalid(field, 'must be a Buffer, a data URL or a base64 string', value);
  const prefix = DATA_URL.exec(value);
  const encoded = prefix ? value.slice(prefix[0].length) : value;
  // base64 grows by 4/3: refuse before decoding anything that cannot fit the limit.
  const longest = Math.ceil((maxBytes * 4) / 3) + 4;
  if (encoded.length > longest && withoutWhiteSpace(encoded).length > longest) {
    throw invalid(field, `is larger than ${megabytes(maxBytes)}`, value);
  }
  // Node's decoder skips white space and any character that is not base64, so the text is checked too.
  const decoded = Buffer.from(encoded, 'base64');
  if (!isCanonicalBase64(encoded, decoded) && !BASE64.test(withoutWhiteSpace(encoded))) {
    throw invalid(field, 'must be a Buffer, a data URL or a base64 string', value);
  }
  if (decoded.length > maxBytes) throw invalid(field, `is larger than ${megabytes(maxBytes)}`, decoded);
  return decoded;
}

function withoutWhiteSpace(text: string): string {
  return text.replace(/\s+/g, '');
}

/**
 * Padded base64 without white space, the usual form, is exactly the text its
 * own bytes encode to. Checked so because the regular expression takes tens of
 * milliseconds over a picture's megabytes, all that time holding the event loop.
 */
function isCanonicalBase64(encoded: string, decoded: Buffer): boolean {
  return decoded.length > 0 && decoded.toString('base64') === encoded;
}

/** One image: bytes within 2 MB whose format is recognised. */
export function imageFile(value: unknown, field: string): ImageFile {
  const data = decodeImageInput(value, field);
  if (data.length === 0) throw invalid(field, 'is empty');
  const format = detectImageFormat(data);
  if (!format) throw invalid(field, 'is not a PNG, JPEG, GIF, BMP, WebP or TIFF image', data);
  return { data, format };
}

/** msg.payload for an image push as its 1 to 5 pictures, each with the field name its errors give. */
export function imageInputs(value: unknown, field = 'payload'): { value: unknown; field: string }[] {
  if (!Array.isArray(value)) return [{ value, field }];
  if (value.length === 0 || value.length > LIMITS.imagesPerPush) {
    throw invalid(field, `must hold 1 to ${LIMITS.imagesPerPush} images`, value);
  }
  return value.map((item: unknown, index) => ({ value: item, field: `${field}[${index}]` }));
}

/** A picture read, with the field its errors name. */
export interface NamedImage {
  image: ImageFile;
  field: string;
}

/** msg.payload for an image push, read as given: one image, or an array of 1 to 5. */
export function imageFiles(value: unknown, field = 'payload'): NamedImage[] {
  return imageInputs(value, field).map((input) => ({ image: imageFile(input.value, input.field), field: input.field }));
}

/** A list of 1 to 5 pictures, each given as `{data}` (a Buffer, a data URL or base64). */
export function imageList(value: unknown, field = 'images'): NamedImage[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > LIMITS.imagesPerPush) {
    throw invalid(field, `must hold 1 to ${LIMITS.imagesPerPush} images`, value);
  }
  return value.map((image: unknown, index) => {
    const at = `${field}[${index}]`;
    return { image: imageFile((image as { data?: unknown } | null | undefined)?.data, at), field: at };
  });
}
