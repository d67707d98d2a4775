/**
 * Makes an RGBA picture hold only a palette's colours: by a threshold (`none`: every pixel takes its nearest
 * colour; crisp text and lines) or by error diffusion (`atkinson`, `floyd-steinberg`: photos keep their
 * shades as patterns of dots). The result is one palette index per pixel.
 */
import { invalid } from '../errors';
import { luminance, nearestIndex, type Rgb } from './palette';

export const DITHER_MODES = ['none', 'atkinson', 'floyd-steinberg'] as const;
export type DitherMode = (typeof DITHER_MODES)[number];
export const DEFAULT_DITHER: DitherMode = 'none';

/** `dither` from a dialog or a message: empty takes the default. */
export function ditherMode(value: unknown, field = 'dither'): DitherMode {
  if (value === undefined || value === null || value === '') return DEFAULT_DITHER;
  if (typeof value === 'string' && (DITHER_MODES as readonly string[]).includes(value)) return value as DitherMode;
  throw invalid(field, `must be one of ${DITHER_MODES.join(', ')}`, value);
}

/** Where a pixel's error goes: [right, down, share]; the shares of Atkinson's add up to 3/4 on purpose. */
const KERNELS: Record<Exclude<DitherMode, 'none'>, readonly (readonly [number, number, number])[]> = {
  'floyd-steinberg': [
    [1, 0, 7 / 16],
    [-1, 1, 3 / 16],
    [0, 1, 5 / 16],
    [1, 1, 1 / 16],
  ],
  atkinson: [
    [1, 0, 1 / 8],
    [2, 0, 1 / 8],
    [-1, 1, 1 / 8],
    [0, 1, 1 / 8],
    [1, 1, 1 / 8],
    [0, 2, 1 / 8],
  ],
};

export interface QuantizeOptions {
  mode: DitherMode;
  /** Give pixels more than half transparent the index `palette.length` instead of a colour (default: none). */
  keepTransparency?: boolean;
  /** Dither only the pixels marked 1 here; the others take their nearest colour, and no error reaches them. */
  ditherOnly?: Uint8Array;
}

/**
 * One palette index per pixel of `rgba` (width x height, 4 bytes a pixel). Transparent parts are seen over
 * white. With two colours the work is done on brightness alone; with more, on red, green and blue.
 */
export function quantize(
  rgba: Uint8Array,
  width: number,
  height: number,
  palette: readonly Rgb[],
  options: QuantizeOptions,
): Uint8Array {
  const pixels = width * height;
  if (rgba.length < pixels * 4) throw new RangeError(`${rgba.length} bytes cannot hold ${width} x ${height} RGBA`);
  const channels = palette.length === 2 ? 1 : 3;
  const levels = palette.map((colour) => (channels === 1 ? [luminance(...colour)] : [...colour]));
  const work = new Float32Array(pixels * channels);
  const indices = new Uint8Array(pixels);
  for (let pixel = 0; pixel < pixels; pixel++) {
    const alpha = rgba[pixel * 4 + 3] / 255;
    const white = 255 * (1 - alpha);
    const red = rgba[pixel * 4] * alpha + white;
    const green = rgba[pixel * 4 + 1] * alpha + white;
    const blue = rgba[pixel * 4 + 2] * alpha + white;
    if (channels === 1) {
      work[pixel] = luminance(red, green, blue);
    } else {
      work[pixel * 3] = red;
      work[pixel * 3 + 1] = green;
      work[pixel * 3 + 2] = blue;
    }
  }
  const kernel = options.mode === 'none' ? [] : KERNELS[options.mode];
  const only = options.ditherOnly;
  const transparent = palette.length;
  const dark = channels === 1 ? nearestIndex(palette, 0, 0, 0) : 0;
  const light = 1 - dark;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const pixel = y * width + x;
      if (options.keepTransparency && rgba[pixel * 4 + 3] < 128) {
        indices[pixel] = transparent;
        continue;
      }
      const at = pixel * channels;
      const index =
        channels === 1 ? (work[at] < 128 ? dark : light) : nearestIndex(palette, work[at], work[at + 1], work[at + 2]);
      indices[pixel] = index;
      if (only && !only[pixel]) continue;
      for (let c = 0; c < channels && kernel.length > 0; c++) {
        const error = work[at + c] - levels[index][c];
        for (const [dx, dy, share] of kernel) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || nx >= width || ny >= height || (only && !only[ny * width + nx])) continue;
          work[(ny * width + nx) * channels + c] += error * share;
        }
      }
    }
  }
  return indices;
}
