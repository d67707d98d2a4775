/**
 * Fits pictures to the device's screen with sharp (libvips, converting off the
 * main thread): camera snapshots, phone photos, charts and SVG pages built in a
 * flow become a PNG of the screen's size, under the service's 2 MB limit. Only
 * a PNG or JPEG ready as it is goes unchanged; any other picture becomes a PNG.
 */
import { invalid } from '../errors';
import { DEFAULT_SCREEN, FIT_MODES, pixels } from '../values/display';
import { LIMITS } from '../values/limits';
import {
  decodeImageInput,
  detectImageFormat,
  FORMAT_NAMES,
  imageFile,
  imageInputs,
  isSentFormat,
  type ImageFormat,
  type PushImages,
  type SentImageFile,
} from './image-file';
import { pictureHeader, type PictureHeader } from './picture-size';
import { encodeRgbaPng, onWhite } from './rgba-png';
import { readBmp, sendableImage } from './sendable';
import type { Sharp } from 'sharp';
import { SHARP, SharpUnavailable, type SharpFactory } from './sharp';
import { decodeToLook, fitIfTwoLevel } from './two-level';

export { FIT_MODES };
export type FitMode = (typeof FIT_MODES)[number];

export interface FitOptions {
  fit: FitMode;
  width: number;
  height: number;
}

export const DEFAULT_FIT: FitOptions = { fit: FIT_MODES[0], ...DEFAULT_SCREEN };

/** The largest picture accepted for fitting (a 12-megapixel JPEG is a few MB; this leaves room). */
export const MAX_SOURCE_BYTES = 40 * 1024 * 1024;
const MAX_SOURCE_PIXELS = 100_000_000;
const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

export function isSharpLoaded(): boolean {
  return SHARP.loaded;
}

/** SVG text: a string or Buffer that starts (after white space or a BOM) with `<svg`, or with `<?xml` and holds an `<svg` element. */
export function isSvg(value: unknown): boolean {
  let head: string;
  if (typeof value === 'string') head = value.slice(0, 4096);
  else if (Buffer.isBuffer(value)) head = value.subarray(0, 4096).toString('utf8');
  else return false;
  head = head.replace(/^\uFEFF?\s*/, '');
  return /^<svg[\s>]/i.test(head) || (/^<\?xml/i.test(head) && /<svg[\s>]/i.test(head));
}

export function fitOptions(fit: unknown, width: unknown, height: unknown): FitOptions {
  const mode = fit === undefined || fit === '' ? DEFAULT_FIT.fit : fit;
  if (typeof mode !== 'string' || !(FIT_MODES as readonly string[]).includes(mode)) {
    throw invalid('fit', `must be one of ${FIT_MODES.join(', ')}`, fit);
  }
  return {
    fit: mode as FitMode,
    width: dimension(width, 'width', DEFAULT_FIT.width),
    height: dimension(height, 'height', DEFAULT_FIT.height),
  };
}

function dimension(value: unknown, field: string, fallback: number): number {
  return value === undefined || value === '' ? fallback : pixels(value, field);
}

/**
 * One picture made ready for the service. With `fit: 'none'` a PNG or JPEG is
 * sent exactly as given (within 2 MB), and any other picture as a PNG of its
 * own size and pixels. Otherwise a PNG or JPEG already of the target size,
 * upright and within 2 MB is sent unchanged (its header tells, without sharp);
 * any other picture becomes a PNG of the target size on white, made by sharp.
 * A BMP, which sharp cannot read, is decoded here: one of the target size
 * needs no sharp at all.
 */
export async function fitImage(value: unknown, field: string, options: FitOptions): Promise<SentImageFile> {
  if (options.fit === 'none') {
    if (isSvg(value))
      throw invalid(field, 'is an SVG, which is drawn only at a size: choose fit contain, cover or fill');
    return sendableImage(imageFile(value, field), field);
  }
  const bytes =
    typeof value === 'string' && isSvg(value)
      ? svgBytes(value, field)
      : decodeImageInput(value, field, MAX_SOURCE_BYTES);
  if (bytes.length === 0) throw invalid(field, 'is empty');
  // Also an SVG sent as a data URL or base64.
  const svg = isSvg(bytes);
  const format = svg ? undefined : detectImageFormat(bytes);
  if (!svg && !format) throw invalid(field, 'is not a PNG, JPEG, GIF, BMP, WebP, TIFF or SVG image', bytes);
  if (format === 'bmp') return fitBmp(bytes, field, options);

  const header = format ? pictureHeader(bytes, format) : undefined;
  if (format && isSentFormat(format) && header && isReady(header, bytes, options)) return { data: bytes, format };
  // sharp draws an SVG straight at the scale the resize asks for (libvips' scale on load), so it stays sharp.
  return fitWithSharp(field, svg ? 'an SVG' : { format: format ?? 'png', header }, options, (sharp) =>
    sharp(bytes, { limitInputPixels: MAX_SOURCE_PIXELS }).autoOrient(),
  );
}

/** The picture `open` gives sharp, fitted to the target size on white, as a PNG within 2 MB. */
async function fitWithSharp(
  field: string,
  picture: Described,
  options: FitOptions,
  open: (sharp: SharpFactory) => Sharp,
): Promise<SentImageFile> {
  const sharp = sharpToFit(field, picture, options);
  const fit = options.fit === 'none' ? 'contain' : options.fit;
  let source = () => open(sharp);
  // A JPEG is a photo's format, never only black and white: it is not decoded to look.
  if (picture !== 'an SVG' && picture.format !== 'jpeg') {
    const decoded = await read(field, () => decodeToLook(source));
    if (decoded) {
      const twoLevel = fitIfTwoLevel(decoded, fit, options.width, options.height);
      if (twoLevel) return fitted(twoLevel, field, options);
      const { width, height, channels } = decoded.info;
      source = () => sharp(decoded.data, { raw: { width, height, channels } });
    }
  }
  const data = await read(field, () =>
    source()
      .resize(options.width, options.height, { fit, background: WHITE })
      .flatten({ background: WHITE })
      // zlib's default level: level 9 made fitting a drawn (SVG) page 2 to 3 times slower for a PNG only 7 to 16 % smaller.
      .png()
      .toBuffer(),
  );
  return fitted(data, field, options);
}

function fitted(data: Buffer, field: string, options: FitOptions): SentImageFile {
  if (data.length > LIMITS.imageBytes) {
    throw invalid(field, `is over 2 MB even fitted to ${options.width} x ${options.height}; choose a smaller size`);
  }
  return { data, format: 'png' };
}

function isReady(header: PictureHeader, bytes: Buffer, options: FitOptions): boolean {
  return (
    header.orientation === 1 &&
    header.width === options.width &&
    header.height === options.height &&
    bytes.length <= LIMITS.imageBytes
  );
}

/** A picture as the error for a platform without sharp describes it. */
type Described = 'an SVG' | { format: ImageFormat; header: PictureHeader | undefined };

/** sharp, or the error that says why this picture cannot be fitted without it and what to do. */
function sharpToFit(field: string, picture: Described, options: FitOptions): SharpFactory {
  try {
    return SHARP.get();
  } catch (error) {
    if (!(error instanceof SharpUnavailable)) throw error;
    const target = `${options.width} x ${options.height}`;
    throw invalid(
      field,
      `cannot be sent as it is (${whyNotAsItIs(picture, options)}) and cannot be fitted to ${target} here: ` +
        `sharp, the image library, cannot load (${error.problem}). Send PNG, JPEG or BMP pictures of exactly ` +
        `${target}, or with fit none; to fit pictures, ${error.wayOut}`,
    );
  }
}

function whyNotAsItIs(picture: Described, options: FitOptions): string {
  if (picture === 'an SVG') return 'it is an SVG, which is drawn only at a size';
  const { format, header } = picture;
  if (format !== 'bmp' && !isSentFormat(format)) return `it is a ${FORMAT_NAMES[format]}, which is sent as PNG`;
  if (!header) return 'its header gives no size';
  if (header.width !== options.width || header.height !== options.height) {
    return `it is ${header.width} x ${header.height}`;
  }
  if (header.orientation !== 1) return 'its EXIF orientation turns it';
  return 'it is over 2 MB';
}

function svgBytes(text: string, field: string): Buffer {
  // A UTF-8 byte is at least one character: a text this long cannot fit.
  const bytes = text.length > MAX_SOURCE_BYTES ? undefined : Buffer.from(text, 'utf8');
  if (!bytes || bytes.length > MAX_SOURCE_BYTES) {
    throw invalid(field, `is an SVG larger than ${MAX_SOURCE_BYTES / 1024 / 1024} MB`, text);
  }
  return bytes;
}

/**
 * A BMP, decoded here: at the target size it becomes a PNG on white without
 * sharp; at any other, sharp fits its pixels as it fits any picture.
 */
async function fitBmp(bytes: Buffer, field: string, options: FitOptions): Promise<SentImageFile> {
  const picture = readBmp(bytes, field);
  const { width, height } = picture;
  if (width === options.width && height === options.height) {
    return fitted(encodeRgbaPng(onWhite(picture)), field, options);
  }
  const header = { width, height, orientation: 1 };
  return fitWithSharp(field, { format: 'bmp', header }, options, (sharp) =>
    sharp(picture.rgba, { raw: { width, height, channels: 4 }, limitInputPixels: MAX_SOURCE_PIXELS }),
  );
}

/** msg.payload for a fitted push: one picture, or an array of 1 to 5. */
export async function fitImages(value: unknown, field: string, options: FitOptions): Promise<PushImages> {
  const images = await Promise.all(
    imageInputs(value, field).map((input) => fitImage(input.value, input.field, options)),
  );
  return images as readonly SentImageFile[] as PushImages;
}

async function read<T>(field: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0].slice(0, 120) : String(error);
    throw invalid(field, `could not be read as an image (${reason})`);
  }
}
