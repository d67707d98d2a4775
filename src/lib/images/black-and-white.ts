/**
 * display-image's own dithering (`msg.dither` = `atkinson`, `floyd-steinberg` or `threshold`): a picture of
 * any format sharp reads becomes an exact black-and-white PNG (1 bit a pixel), sent with the service's dither
 * off. sharp only decodes and resizes here; the dots are ours (./dither), the same as the page renderer's.
 * The page renderer itself never loads sharp, which some platforms cannot.
 */
import { invalid } from '../errors';
import { LIMITS } from '../values/limits';
import { isBlackAndWhiteMode, BLACK_AND_WHITE_MODES, type BlackAndWhiteMode } from '../values/display';
import { quantize, type DitherMode } from './dither';
import type { PushImages, SentImageFile } from './image-file';
import { encodeIndexedPng } from './indexed-png';
import { PALETTES } from './palette';
import { SHARP, SharpUnavailable, type SharpFactory } from './sharp';

export { isBlackAndWhiteMode, BLACK_AND_WHITE_MODES, type BlackAndWhiteMode };

export interface BlackAndWhiteSize {
  width: number;
  height: number;
  /** How the picture meets a size of another shape (default `contain`: white bars). */
  fit?: 'contain' | 'cover' | 'fill';
}

const MAX_SOURCE_PIXELS = 100_000_000;
const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

function sharpFor(field: string, mode: BlackAndWhiteMode): SharpFactory {
  try {
    return SHARP.get();
  } catch (error) {
    if (!(error instanceof SharpUnavailable)) throw error;
    throw invalid(
      field,
      `cannot be made black and white (dither ${mode}) here: sharp, the image library, cannot load ` +
        `(${error.problem}). Use dither true or false, or ${error.wayOut}`,
    );
  }
}

/** The pictures of a push (already fitted) in `mode`: each a PNG of only pure black and pure white. */
export async function blackAndWhiteImages(
  images: PushImages,
  mode: BlackAndWhiteMode,
  field = 'payload',
): Promise<PushImages> {
  const made = await Promise.all(
    images.map(async (image, index): Promise<SentImageFile> => {
      const at = images.length > 1 ? `${field}[${index}]` : field;
      const data = await blackAndWhitePng(image.data, mode, undefined, at);
      if (data.length > LIMITS.imageBytes) throw invalid(at, 'is over 2 MB in black and white; choose a smaller size');
      return { data, format: 'png' };
    }),
  );
  return made as readonly SentImageFile[] as PushImages;
}

/** The picture in `mode` as a PNG of only pure black and pure white, at `size` when given, else at its own. */
export async function blackAndWhitePng(
  picture: Buffer,
  mode: BlackAndWhiteMode,
  size?: BlackAndWhiteSize,
  field = 'payload',
): Promise<Buffer> {
  if (!isBlackAndWhiteMode(mode)) throw invalid('dither', `must be one of ${BLACK_AND_WHITE_MODES.join(', ')}`, mode);
  const sharp = sharpFor(field, mode);
  let pipeline: ReturnType<SharpFactory>;
  let pixels: { data: Buffer; info: { width: number; height: number } };
  try {
    pipeline = sharp(picture, { limitInputPixels: MAX_SOURCE_PIXELS }).autoOrient();
    if (size) pipeline = pipeline.resize(size.width, size.height, { fit: size.fit ?? 'contain', background: WHITE });
    pixels = await pipeline.flatten({ background: WHITE }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0].slice(0, 120) : String(error);
    throw invalid(field, `could not be read as an image (${reason})`);
  }
  const { width, height } = pixels.info;
  const ditherMode: DitherMode = mode === 'threshold' ? 'none' : mode;
  const indices = quantize(pixels.data, width, height, PALETTES.bw, { mode: ditherMode });
  return encodeIndexedPng(indices, width, height, PALETTES.bw);
}
