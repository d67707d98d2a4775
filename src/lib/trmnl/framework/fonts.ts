/**
 * The families that draw the framework's fonts here. TRMNL's own fonts cannot ship with this package; Inter
 * (SIL Open Font License 1.1), which the framework itself uses for every size its pixel fonts do not cover, is
 * shipped in dist/fonts/ (regular, medium, semibold and bold) and draws them all:
 *
 * - TRMNL12, TRMNL16, TRMNL21: pixel fonts drawn after the shapes of a geometric grotesque; at the same size
 *   and weight Inter sets the same text 2 % narrower to 4 % wider (measured on a pangram with digits at 12, 16
 *   and 21 px), so lines break and truncate where the framework's do, and on a 1-bit screen its thresholded
 *   glyphs read as theirs. Pixel fonts on npm (Pixelify Sans, Silkscreen, Tiny5, DotGothic16) match the widths
 *   no better and draw other letter shapes.
 * - NicoClean, NicoPups, BlockKie (the classic bundle, before 3.1): Inter at their sizes; NicoClean sets 9 %
 *   wider than Inter, NicoPups 20 % narrower, BlockKie 14 % narrower.
 * - Inter ("Inter Variable"): Inter itself, in four static weights; the framework's in-between weights (375,
 *   425, 475…) are drawn with the nearest.
 */
import type { FrameworkFont } from './typography';

export const FONT_SUBSTITUTES: Readonly<Record<FrameworkFont, string>> = {
  TRMNL12: 'Inter',
  TRMNL16: 'Inter',
  TRMNL21: 'Inter',
  NicoClean: 'Inter',
  NicoPups: 'Inter',
  BlockKie: 'Inter',
  Inter: 'Inter',
};
