/**
 * Lengths in pixels as a template writes them: a CSS length in px, and the width and height attributes of an img or
 * an inline svg, which CSS takes below the style attribute.
 */
import type { Declarations } from '../engine/drawing-engine';
import type { HtmlElement } from '../html/html';

/** A CSS length in px; of a number without a unit, only 0 unless `bare` is `any` (then it is taken as px). */
export function cssPx(value: string | undefined, bare: 'zero' | 'any' = 'zero'): number | undefined {
  const found = value === undefined ? null : /^\s*(\d+(?:\.\d+)?)(px)?\s*$/i.exec(value);
  if (!found || (bare === 'zero' && found[2] === undefined && Number(found[1]) !== 0)) return undefined;
  return Number(found[1]);
}

/** A width or height attribute in pixels (`60`, `60px`). */
function attributePx(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*\d+(\.\d+)?\s*(px)?\s*$/.test(value)) return undefined;
  return parseFloat(value);
}

/** The element's width and height attributes, as CSS does with them: below the style attribute. */
export function withSizeAttributes(node: HtmlElement, style: Declarations): Declarations {
  const out = { ...style };
  for (const side of ['width', 'height'] as const) {
    const value = attributePx(node.attributes[side]);
    if (out[side] === undefined && value !== undefined) out[side] = `${value}px`;
  }
  return out;
}
