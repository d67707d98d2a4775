/**
 * What an element's text inherits, as CSS passes it down: its font size in px (so text can be shrunk from
 * it), and the declarations that shape text, so an element's text can be laid out again on its own.
 */
import type { Declarations } from '../engine/drawing-engine';

/** The page's own font size (the root's). */
export const PAGE_FONT_SIZE = 16;

const KEYWORD_SIZES: Record<string, number> = {
  'xx-small': 9,
  'x-small': 10,
  small: 13,
  medium: 16,
  large: 18,
  'x-large': 24,
  'xx-large': 32,
  'xxx-large': 48,
};

/** Declarations that text inherits and that change where its glyphs go. */
export const TEXT_PROPERTIES = [
  'fontFamily',
  'fontWeight',
  'fontStyle',
  'fontStretch',
  'fontVariant',
  'fontFeatureSettings',
  'fontVariationSettings',
  'lineHeight',
  'letterSpacing',
  'wordSpacing',
  'textTransform',
  'textAlign',
  'textIndent',
  'whiteSpace',
  'wordBreak',
  'overflowWrap',
  'wordWrap',
  'hyphens',
  'tabSize',
  'direction',
] as const;

/**
 * A `font-size` value in px, given the parent's: px, em, rem, %, the keywords, `smaller` and `larger`;
 * undefined for what cannot be known before layout (`calc()`, viewport units).
 */
export function fontSizePx(value: string | undefined, parent: number | undefined): number | undefined {
  if (value === undefined) return parent;
  const text = value.trim().toLowerCase();
  const keyword = KEYWORD_SIZES[text];
  if (keyword !== undefined) return keyword;
  if (text === 'inherit') return parent;
  if (parent !== undefined && text === 'smaller') return parent / 1.2;
  if (parent !== undefined && text === 'larger') return parent * 1.2;
  const found = /^(\d+(?:\.\d+)?|\.\d+)(px|em|rem|%)?$/.exec(text);
  if (!found) return undefined;
  const number = Number(found[1]);
  switch (found[2]) {
    case 'px':
      return number;
    case 'rem':
      return number * PAGE_FONT_SIZE;
    case 'em':
      return parent === undefined ? undefined : number * parent;
    case '%':
      return parent === undefined ? undefined : (number * parent) / 100;
    default:
      return number === 0 ? 0 : undefined;
  }
}

/** The text declarations of `declarations` (an element's preset, then its style, later ones winning). */
export function textDeclarations(...declarations: (Declarations | undefined)[]): Declarations {
  const out: Declarations = {};
  for (const from of declarations) {
    if (!from) continue;
    for (const property of TEXT_PROPERTIES) if (from[property] !== undefined) out[property] = from[property];
  }
  return out;
}

/** A `font-weight` value as a number, given the parent's: keywords, numbers, `bolder` and `lighter` as CSS reads them. */
export function fontWeightOf(value: string | undefined, parent: number): number {
  if (value === undefined) return parent;
  const text = value.trim().toLowerCase();
  if (text === 'normal') return 400;
  if (text === 'bold') return 700;
  if (text === 'bolder') return parent < 350 ? 400 : parent < 550 ? 700 : 900;
  if (text === 'lighter') return parent < 550 ? 100 : parent < 750 ? 400 : 700;
  const number = Number(text);
  return text !== '' && number >= 1 && number <= 1000 ? number : parent;
}
