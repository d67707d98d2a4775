/**
 * The screen a TRMNL page is drawn for, as the framework sees it: its size class (`sm`, `md`, `lg`), its
 * orientation, its bit depth, its colours, dark mode and the font bundle, read from the page's screen classes. The generator resolves every
 * responsive prefix and every mode-dependent value for this one screen, so the page's CSS needs no media query
 * and no custom property at draw time.
 */
import type { BitDepth } from '../page/page-wrap';

export type SizeClass = 'sm' | 'md' | 'lg';
export type Orientation = 'landscape' | 'portrait';
/** `grayscale`: black, white and the grays the bit depth has; `bwry`: the four inks black, white, red, yellow. */
export type Inks = 'grayscale' | 'bwry';
/**
 * The framework's font bundles: `trmnl` (TRMNL12/16/21, its default since 3.1) or `classic` (NicoClean,
 * NicoPups, BlockKie: the default of the releases before 3.1).
 */
export type FontBundle = 'trmnl' | 'classic';

export interface Screen {
  readonly width: number;
  readonly height: number;
  readonly size: SizeClass;
  readonly orientation: Orientation;
  readonly bitDepth: BitDepth;
  readonly inks: Inks;
  readonly dark: boolean;
  readonly noBleed: boolean;
  readonly fonts: FontBundle;
}

/** The size classes, smallest first (a size gate holds on its size and the larger ones). */
export const SIZES: readonly SizeClass[] = ['sm', 'md', 'lg'];

/**
 * The screen a page's `.screen` element describes with its classes (as ../page/page-wrap writes them):
 * `screen--sm|md|lg` (md without one), `screen--portrait` (landscape without it), `screen--1bit|2bit|4bit`
 * (1-bit without one), `screen--color-4bwry` (black, white, red and yellow inks), `screen--dark-mode`,
 * `screen--no-bleed` and `screen--fonts-classic`.
 */
export function readScreen(width: number, height: number, classes: Iterable<string>): Screen {
  const has = new Set(classes);
  const bits = ([4, 2, 1] as const).find((depth) => has.has(`screen--${depth}bit`));
  return {
    width,
    height,
    size: SIZES.find((size) => has.has(`screen--${size}`)) ?? 'md',
    orientation: has.has('screen--portrait') ? 'portrait' : 'landscape',
    bitDepth: bits ?? 1,
    inks: has.has('screen--color-4bwry') ? 'bwry' : 'grayscale',
    dark: has.has('screen--dark-mode'),
    noBleed: has.has('screen--no-bleed'),
    fonts: has.has('screen--fonts-classic') ? 'classic' : 'trmnl',
  };
}
