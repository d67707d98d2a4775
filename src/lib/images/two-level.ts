/**
 * display-image's own dithering (`msg.dither` = `atkinson`, `floyd-steinberg` or `threshold`): a picture of
 * any format sharp reads becomes an exact black-and-white PNG (1 bit a pixel), sent with the service's dither
 * off. sharp only decodes and resizes here; the dots are ours (./dither), the same as the page renderer's.
 * The page renderer itself never loads sharp, which some platforms cannot (issue 13).
 */
import type { Sharp, SharpOptions } from 'sharp';
import { invalid } from '../errors';
import { quantize, type DitherMode } from './dither';
import { encodeIndexedPng } from './indexed-png';
import { PALETTES } from './palette';

export const TWO_LEVEL_MODES = ['atkinson', 'floyd-steinberg', 'threshold'] as const;
export type TwoLevelMode = (typeof TWO_LEVEL_MODES)[number];

export function isTwoLevelMode(value: unknown): value is TwoLevelMode {
  return typeof value === 'string' && (TWO_LEVEL_MODES as readonly string[]).includes(value);
}

export interface TwoLevelSize {
  width: number;
  height: number;
  /** How the picture meets a size of another shape (default `contain`: white bars). */
  fit?: 'contain' | 'cover' | 'fill';
}

const MAX_SOURCE_PIXELS = 100_000_000;
const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

type SharpFactory = (input?: Buffer, options?: SharpOptions) => Sharp;
let sharpFactory: SharpFactory | undefined;

function sharp(input: Buffer): Sharp {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on the first picture, not at start
  sharpFactory ??= require('sharp') as SharpFactory;
  return sharpFactory(input, { limitInputPixels: MAX_SOURCE_PIXELS });
}

/** The picture in `mode` as a PNG of only pure black and pure white, at `size` when given, else at its own. */
export async function twoLevelPng(
  picture: Buffer,
  mode: TwoLevelMode,
  size?: TwoLevelSize,
  field = 'payload',
): Promise<Buffer> {
  if (!isTwoLevelMode(mode)) throw invalid('dither', `must be one of ${TWO_LEVEL_MODES.join(', ')}`, mode);
  let pipeline: Sharp;
  let pixels: { data: Buffer; info: { width: number; height: number } };
  try {
    pipeline = sharp(picture).autoOrient();
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
