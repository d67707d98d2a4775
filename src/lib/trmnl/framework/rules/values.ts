/**
 * Values the families share, resolved for the screen: the type roles as declarations, the paints of tokens and
 * semantic roles (with the dither tile a tone needs), the framework's text stroke and the gap scale.
 */
import { rawPaint, tokenPaint, type Paint } from '../colors';
import { TILE_SIZE } from '../dither';
import type { Declarations, RuleContext } from '../rule';
import type { Screen } from '../screen';
import { typeRole } from '../typography';

export const px = (value: number): string => `${Math.round(value * 100) / 100}px`;

/** A type role as declarations: family, size, line height and (where the role has one) weight. */
export function typeDeclarations(context: RuleContext, name: string): Declarations {
  const found = typeRole(context.screen.fonts, name);
  const declarations: Declarations = {
    'font-family': context.family(found.font),
    'font-size': px(found.size),
    'line-height': String(found.lineHeight),
  };
  if (found.weight !== undefined) declarations['font-weight'] = String(found.weight);
  return declarations;
}

/** A paint as a background: the colour, and the tile over it (or none, to clear one a lower rule set). */
export function backgroundOf(paint: Paint): Declarations {
  return paint.image === undefined
    ? { 'background-color': paint.color, 'background-image': 'none' }
    : {
        'background-color': paint.color,
        'background-image': paint.image,
        'background-repeat': 'repeat',
        'background-size': `${TILE_SIZE}px ${TILE_SIZE}px`,
      };
}

/** A paint as the colour of text: solid, or the tile clipped to the glyphs over the tone under it. */
export function textOf(paint: Paint): Declarations {
  return paint.image === undefined
    ? { color: paint.color }
    : {
        color: 'transparent',
        'background-color': 'transparent',
        'background-image': paint.image,
        'background-repeat': 'repeat',
        'background-size': `${TILE_SIZE}px ${TILE_SIZE}px`,
        'background-clip': 'text',
      };
}

/**
 * The semantic roles of a screen (canvas, text, borders, fills), as tokens. A dark screen names its own tokens,
 * which are painted as named (they are not mirrored again).
 */
const LIGHT: Readonly<Record<string, string>> = {
  canvas: 'white',
  surface: 'white',
  'fill-strong': 'black',
  'fill-muted': 'gray-60',
  'fill-soft': 'gray-70',
  'text-primary': 'black',
  'text-secondary': 'gray-30',
  'text-inverse': 'white',
  'stroke-contrast': 'white',
  'border-strong': 'black',
  'border-muted': 'gray-65',
};
const DARK: Readonly<Record<string, string>> = {
  canvas: 'black',
  surface: 'black',
  'fill-strong': 'white',
  'fill-muted': 'gray-70',
  'fill-soft': 'gray-60',
  'text-primary': 'white',
  'text-secondary': 'gray-70',
  'text-inverse': 'black',
  'stroke-contrast': 'black',
  'border-strong': 'white',
  'border-muted': 'gray-25',
};

export function semanticPaint(screen: Screen, role: string): Paint {
  return rawPaint((screen.dark ? DARK : LIGHT)[role], screen);
}

/** A solid stand-in for a semantic role where only a colour can be drawn (borders, strokes). */
export function semanticSolid(screen: Screen, role: string): string {
  const paint = semanticPaint(screen, role);
  if (paint.image === undefined) return paint.color;
  const token = (screen.dark ? DARK : LIGHT)[role];
  return /^gray-([1-4]\d|[1-4])$/.test(token) || token === 'black' ? '#000000' : '#ffffff';
}

/** What a component slot paints (the framework's default slots: a token mirrored on dark screens). */
export function slotBackground(screen: Screen, token: string): Declarations {
  return backgroundOf(tokenPaint(token, screen));
}

/**
 * The framework's text stroke: sixteen text shadows in two rings (one at the full radius on the axes and
 * diagonals, one at 0.55 of it between them), in the stroke colour.
 */
export function textStroke(radius: number, color: string): string {
  const rings: [number, number, number][] = [];
  for (let i = 0; i < 8; i++)
    rings.push([0.55, Math.cos(((i * 45 + 22.5) * Math.PI) / 180), Math.sin(((i * 45 + 22.5) * Math.PI) / 180)]);
  for (let i = 0; i < 8; i++) rings.push([1, Math.cos((i * 45 * Math.PI) / 180), Math.sin((i * 45 * Math.PI) / 180)]);
  return rings.map(([scale, x, y]) => `${px(radius * scale * x)} ${px(radius * scale * y)} 0 ${color}`).join(',');
}

/** The framework's gap: around the screen, between views, in layouts and flex boxes. */
export const GAP = 10;

/** The gap scale (px), by the suffix of `gap--*` (and the tokens `--gap-*` name). */
export const GAPS: Readonly<Record<string, number>> = {
  '': GAP,
  base: GAP,
  xsmall: 5,
  small: 7,
  medium: 16,
  large: 20,
  xlarge: 30,
  xxlarge: 40,
  none: 0,
};

/** The spacing scale: `size--N` is N x 4 px on the framework's steps, and its half steps. */
export const SIZE_STEPS = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60, 64, 72, 80, 96,
];
export const HALF_STEPS = [0.5, 1.5, 2.5, 3.5];

/** The px of a spacing token (`4`, `1.5`, `[12px]`), undefined where the scale has none. */
export function spacingOf(token: string, maxArbitrary = 128): number | undefined {
  const arbitrary = /^\[(\d+)px\]$/.exec(token);
  if (arbitrary) return Number(arbitrary[1]) <= maxArbitrary ? Number(arbitrary[1]) : undefined;
  const step = Number(token);
  if (token === '' || Number.isNaN(step)) return undefined;
  return SIZE_STEPS.includes(step) || HALF_STEPS.includes(step) ? step * 4 : undefined;
}
