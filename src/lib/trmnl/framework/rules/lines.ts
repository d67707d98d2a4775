/**
 * The framework's border levels (1, black, to 7, white): the lines of dividers, borders, table rows and
 * underlines. On 1-bit screens a gray level is a dotted line (level 4 every other pixel, level 6 one pixel of
 * six), on 2-bit screens a line of its gray or of two grays in turn, on 4-bit screens a solid gray. The framework
 * draws most of them in pseudo-elements, which the engine does not draw: here a line is a background on one edge
 * of the element's own box.
 */
import { tokenHex } from '../colors';
import { lineTile } from '../dither';
import type { Declarations } from '../rule';
import type { Screen } from '../screen';

type Edge = 'bottom' | 'left';

/** 1-bit levels: of every `period` pixels, `inked` are black (1 and 7 are solid). */
const DOTTED: Readonly<Record<number, [number, number]>> = { 2: [6, 4], 3: [4, 2], 4: [2, 1], 5: [4, 1], 6: [6, 1] };
/** 2-bit levels: one gray, or two in turn. */
const TWO_BIT: Readonly<Record<number, string[]>> = {
  1: ['#000000'],
  2: ['#555555', '#000000'],
  3: ['#555555'],
  4: ['#555555', '#aaaaaa'],
  5: ['#aaaaaa'],
  6: ['#aaaaaa', '#ffffff'],
  7: ['#ffffff'],
};
/** 4-bit levels, as tokens. */
const FOUR_BIT = ['black', 'gray-15', 'gray-30', 'gray-40', 'gray-50', 'gray-65', 'white'];

function solid(color: string, edge: Edge): Declarations {
  return {
    'background-image': `linear-gradient(${color}, ${color})`,
    'background-repeat': 'no-repeat',
    'background-position': edge === 'bottom' ? 'left bottom' : 'left top',
    'background-size': edge === 'bottom' ? '100% 1px' : '1px 100%',
  };
}

function tiled(tile: string, period: number, edge: Edge): Declarations {
  return {
    'background-image': tile,
    'background-repeat': edge === 'bottom' ? 'repeat-x' : 'repeat-y',
    'background-position': edge === 'bottom' ? 'left bottom' : 'left top',
    'background-size': edge === 'bottom' ? `${period}px 1px` : `1px ${period}px`,
  };
}

/** The line of border level `level` along the element's bottom (horizontal) or left (vertical) edge. */
export function borderLine(screen: Screen, requested: number, edge: Edge): Declarations {
  // A dark screen mirrors the levels: its lines stand out from black as the light screen's do from white.
  const level = screen.dark ? 8 - requested : requested;
  const vertical = edge === 'left';
  if (screen.bitDepth >= 4) return solid(tokenHex(FOUR_BIT[level - 1]), edge);
  if (screen.bitDepth === 2) {
    const [first, second] = TWO_BIT[level];
    return second === undefined ? solid(first, edge) : tiled(lineTile(2, 1, first, second, vertical), 2, edge);
  }
  const ink = screen.dark ? '#ffffff' : '#000000';
  if (level <= 1) return solid(ink, edge);
  if (level >= 7) return solid(screen.dark ? '#000000' : '#ffffff', edge);
  const [period, inked] = DOTTED[level];
  return tiled(lineTile(period, inked, ink, undefined, vertical), period, edge);
}
