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

/**
 * The line of border level `level` along the element's bottom (horizontal) or left (vertical) edge. A dark screen
 * draws level N as the light screen draws level 8 - N: on 1-bit screens the same pattern of black and white, whose
 * white then stands out from the black page as the light screen's black does from white.
 */
export function borderLine(screen: Screen, requested: number, edge: Edge): Declarations {
  const level = screen.dark ? 8 - requested : requested;
  const vertical = edge === 'left';
  if (screen.bitDepth >= 4) return solid(tokenHex(FOUR_BIT[level - 1]), edge);
  if (screen.bitDepth === 2) {
    const [first, second] = TWO_BIT[level];
    return second === undefined ? solid(first, edge) : tiled(lineTile(2, 1, first, second, vertical), 2, edge);
  }
  if (level <= 1) return solid('#000000', edge);
  if (level >= 7) return solid('#ffffff', edge);
  const [period, inked] = DOTTED[level];
  // On a light screen the pixels between the dots are left clear; on a dark one they are the white of the line.
  const between = screen.dark ? '#ffffff' : undefined;
  return tiled(lineTile(period, inked, '#000000', between, vertical), period, edge);
}
