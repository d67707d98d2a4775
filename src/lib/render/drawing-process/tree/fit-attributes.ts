/**
 * Text that fits, read from the template's attributes as the page's tree is built:
 *
 * - `data-fit="shrink"` (with `data-min-size`, px, default 10): the element's font size shrinks until its text
 *   fits the element's box. Text that does not wrap (`white-space: nowrap` or `pre`) is shrunk by Takumi's own
 *   `text-fit`, line by line to the box's width; text that wraps is measured (../fit/fit-layout) until its lines fit
 *   the box's width and height, and every box around it. Text that does not fit even at the smallest size
 *   ends in "…", and the page is told (../fit/fit-layout).
 * - `data-clamp="N"`: at most N lines, the last ending in "…" (CSS `line-clamp`).
 * - `data-overflow="TEXT"` on a container: only the children that fit whole are drawn, then a line of TEXT
 *   with `{n}` replaced by how many were left out (../fit/fit-layout); a column that grows into its room
 *   shares out what the children left out leave between those it keeps and the line.
 *
 * The element gets what these need to work as in a browser: a box of its own (an inline element becomes an
 * inline block; under the flex layout rules, an element of text becomes a block so its lines wrap and clamp),
 * `overflow: hidden`, and no minimum size from its content, so a flex or grid item takes the room its
 * container gives it rather than the room its text asks for. An element of text (and inline elements) that is
 * itself a flex box or a grid (whose text is laid out as items, not as lines that wrap and clamp) keeps its
 * display, and its text goes into a block inside it that takes no more than its room: the lines of that block
 * are fitted and clamped, and the element places it as it places its items (centred, say). An element whose text
 * lies in elements of its own (blocks, items, pictures beside it) is measured as a whole, whether it wraps or not
 * (../fit/fit-layout): Takumi's `text-fit` and `line-clamp` work on one box's lines.
 */
import type { ContainerNode, Declarations, TreeNode } from '../engine/drawing-engine';
import { templateError, type HtmlElement, type SourcePlace } from '../html/html';
import { isLocale } from './number-texts';

export const DEFAULT_MIN_SIZE = 10;
const MAX_CLAMP = 1000;

/** An element whose wrapping text is shrunk by measuring it (../fit/fit-layout). */
export interface FitRequest {
  node: ContainerNode;
  place: SourcePlace;
  /** Its ancestors, the page first. */
  path: readonly ContainerNode[];
  /** Its font size in px as the template gives it, and the smallest it may take. */
  size: number;
  minSize: number;
  clamp?: number;
  /**
   * Its text lies in boxes of its own (child elements, pictures beside it): the whole page is laid out at each
   * size tried, and it is cut at its box where it does not fit (`clamp`: `data-clamp` alone, its size as written
   * and its smallest).
   */
  boxes?: 'fit' | 'clamp';
  /** Its text does not wrap (`white-space: nowrap` or `pre`). */
  nowrap?: boolean;
}

/** An element whose line of text (it does not wrap) Takumi shrinks; checked once laid out, to tell of a cut. */
export interface LineFitRequest {
  node: ContainerNode;
  place: SourcePlace;
  path: readonly ContainerNode[];
  minSize: number;
}

/** A container that draws only the children that fit, then its overflow line. */
export interface OverflowRequest {
  node: ContainerNode;
  place: SourcePlace;
  path: readonly ContainerNode[];
  /** The line's text, `{n}` still in it. */
  text: string;
  items: TreeNode[];
  line: ContainerNode;
}

export interface FitAttributes {
  fit?: { minSize: number };
  clamp?: number;
  overflow?: string;
  /** The locale of `data-number-format` (./number-request). */
  numberFormat?: string;
}

function attribute(node: HtmlElement, name: string): string | undefined {
  return node.attributes[name];
}

/** The attributes of an element, checked; an element with none gives an empty object. */
export function fitAttributes(node: HtmlElement): FitAttributes {
  const out: FitAttributes = {};
  const fit = attribute(node, 'data-fit');
  const minSize = attribute(node, 'data-min-size');
  if (fit !== undefined) {
    if (fit.trim().toLowerCase() !== 'shrink') {
      throw templateError(node.place, `data-fit="${fit.slice(0, 20)}": the only way to fit is "shrink"`);
    }
    out.fit = { minSize: minSize === undefined ? DEFAULT_MIN_SIZE : lengthPx(minSize, node.place) };
  } else if (minSize !== undefined) {
    throw templateError(node.place, 'data-min-size is the smallest size of data-fit="shrink": add that');
  }
  const clamp = attribute(node, 'data-clamp');
  if (clamp !== undefined) {
    const lines = /^\s*\d+\s*$/.test(clamp) ? Number(clamp) : NaN;
    if (!(lines >= 1 && lines <= MAX_CLAMP)) {
      throw templateError(
        node.place,
        `data-clamp="${clamp.slice(0, 20)}" must be a number of lines from 1 to ${MAX_CLAMP}`,
      );
    }
    out.clamp = lines;
  }
  const overflow = attribute(node, 'data-overflow');
  if (overflow !== undefined) out.overflow = overflow;
  const locale = attribute(node, 'data-number-format')?.trim();
  if (locale !== undefined) {
    if (!isLocale(locale)) throw templateError(node.place, `data-number-format="${locale.slice(0, 20)}" is no locale`);
    out.numberFormat = locale;
  }
  if (node.name === 'img' && (out.fit || out.clamp !== undefined || out.overflow !== undefined)) {
    throw templateError(
      node.place,
      'data-fit, data-clamp and data-overflow work on elements that hold text, not on <img>',
    );
  }
  return out;
}

function lengthPx(value: string, place: SourcePlace): number {
  const found = /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/i.exec(value);
  const size = found ? Number(found[1]) : NaN;
  if (!(size >= 1 && size <= 1000)) {
    throw templateError(place, `data-min-size="${value.slice(0, 20)}" must be a size in px from 1 to 1000`);
  }
  return size;
}

function setIfAbsent(style: Declarations, property: string, value: string): void {
  if (style[property] === undefined) style[property] = value;
}

/** A box of its own for the element's text, which may then shrink below what its content asks for. */
export function ownTextBox(style: Declarations, display: string): void {
  if (style.display === undefined || display !== style.display) style.display = display;
  setIfAbsent(style, 'minWidth', '0px');
  setIfAbsent(style, 'minHeight', '0px');
  setIfAbsent(style, 'overflow', 'hidden');
}

/** Takumi's `text-fit` for text that does not wrap: shrink, at most down to `minSize`, then "…". */
export function singleLineFit(style: Declarations, size: number, minSize: number): void {
  if (size > minSize) {
    const least = Math.round((minSize / size) * 10_000) / 100;
    style.textFit = `shrink consistent ${least}%`;
  }
  style.textOverflow = 'ellipsis';
}

/** At most `lines` lines, the last one ending in "…". */
export function clampLines(style: Declarations, lines: number): void {
  style.lineClamp = String(lines);
  style.textOverflow = 'ellipsis';
}

/** The overflow line of a container: a block of its own at the end, never shrunk. */
export function overflowLine(text: string, count: number): ContainerNode {
  return {
    type: 'container',
    style: { display: 'block', flexShrink: '0', whiteSpace: 'nowrap' },
    children: [{ type: 'text', text: overflowText(text, count) }],
  };
}

/**
 * Where children are left out, the room they leave is shared out between those kept and the line (as
 * `justify-content: space-between`), so no band a child would fit in is left below the line: in a flex column
 * that grows into the room its parent gives (its box is that room), and places its items as it likes otherwise.
 */
/**
 * A child of a container that draws only what fits: kept whole or left out, never squeezed into the room (one that
 * may shrink below its content would otherwise be cut by the box, with nothing said).
 */
export function keepWhole(node: TreeNode): void {
  node.style ??= {};
  if (node.style.flex === undefined) node.style.flexShrink ??= '0';
}

export function shareLeftOverRoom(container: ContainerNode): void {
  const style = container.style ?? {};
  const column = /^(inline-)?flex$/.test((style.display ?? '').trim()) && /^column/.test(style.flexDirection ?? '');
  const grows = Number.parseFloat(style.flexGrow ?? style.flex ?? '0') > 0;
  if (column && grows && style.justifyContent === undefined)
    container.style = { ...style, justifyContent: 'space-between' };
}

export function overflowText(text: string, count: number): string {
  return text.replace(/\{n\}/g, String(count));
}
