/** The colours an e-ink screen can show, and which of them a colour comes closest to. */
import { invalid } from '../errors';

export type Rgb = readonly [number, number, number];

export const PALETTES = {
  /** Pure black and pure white: the common screen. */
  bw: [
    [0, 0, 0],
    [255, 255, 255],
  ],
  /** Black, white, red and yellow: the four-colour screen. */
  bwry: [
    [0, 0, 0],
    [255, 255, 255],
    [255, 0, 0],
    [255, 255, 0],
  ],
} as const satisfies Record<string, readonly Rgb[]>;

export type PaletteName = keyof typeof PALETTES;
export const PALETTE_NAMES = Object.keys(PALETTES) as PaletteName[];
export const DEFAULT_PALETTE: PaletteName = 'bw';

/** `colors` from a dialog or a message: empty takes the default. */
export function paletteName(value: unknown, field = 'colors'): PaletteName {
  if (value === undefined || value === null || value === '') return DEFAULT_PALETTE;
  if (typeof value === 'string' && (PALETTE_NAMES as string[]).includes(value)) return value as PaletteName;
  throw invalid(field, `must be one of ${PALETTE_NAMES.join(', ')}`, value);
}

/** Perceived brightness 0..255 of a gamma-encoded colour (ITU-R BT.601 weights, as e-ink dithering uses). */
export function luminance(red: number, green: number, blue: number): number {
  return 0.299 * red + 0.587 * green + 0.114 * blue;
}

/**
 * The palette entry nearest to a colour. Two colours: by brightness against the middle grey,
 * so a colour reads as dark or light as the eye sees it. More: by distance weighted as the eye weighs
 * red, green and blue.
 */
export function nearestIndex(palette: readonly Rgb[], red: number, green: number, blue: number): number {
  if (palette.length === 2) return luminance(red, green, blue) < 128 ? darker(palette) : 1 - darker(palette);
  let best = 0;
  let bestDistance = Infinity;
  for (let index = 0; index < palette.length; index++) {
    const [r, g, b] = palette[index];
    const distance = 0.299 * (red - r) ** 2 + 0.587 * (green - g) ** 2 + 0.114 * (blue - b) ** 2;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = index;
    }
  }
  return best;
}

function darker(palette: readonly Rgb[]): number {
  return luminance(...palette[0]) <= luminance(...palette[1]) ? 0 : 1;
}
