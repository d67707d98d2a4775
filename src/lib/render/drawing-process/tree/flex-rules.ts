/**
 * The `flex` layout rules, which saved flows were written for (the earlier engine's): every element is a flex box;
 * one without a `display` that holds elements (or several children) stacks them in a column, or, when they are all
 * text and inline elements, runs them left to right and wraps; white space between inline elements is kept as a
 * no-break space.
 */
import type { Declarations } from '../engine/drawing-engine';
import type { HtmlElement, HtmlNode } from '../html/html';

const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'big',
  'br',
  'code',
  'del',
  'em',
  'i',
  'img',
  'ins',
  'label',
  'mark',
  's',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
]);
const NBSP = '\u00a0';

export function isInline(node: HtmlNode): boolean {
  return node.kind === 'text' || INLINE.has(node.name);
}

export function isBlank(node: HtmlNode): boolean {
  return node.kind === 'text' && node.text.trim() === '';
}

/**
 * Under the flex rules, text with white space collapsed. In a row (text flow), a space next to an inline
 * sibling is kept, as a no-break space (a flex item's own spaces at its ends do not show); in a column,
 * white space between children is only indentation.
 */
export function flexText(
  raw: string,
  flow: boolean,
  before: HtmlNode | undefined,
  after: HtmlNode | undefined,
): string {
  const collapsed = raw.replace(/[ \t\n\r\f]+/g, ' ');
  const keepStart = flow && before !== undefined && isInline(before);
  const keepEnd = flow && after !== undefined && isInline(after);
  if (collapsed.trim() === '') return collapsed !== '' && keepStart && keepEnd ? NBSP : '';
  return collapsed.replace(/^ /, keepStart ? NBSP : '').replace(/ $/, keepEnd ? NBSP : '');
}

/** Under the flex rules, the display an element without one gets: always a flex box. */
export function flexDisplay(node: HtmlElement, style: Declarations): void {
  if (style.display !== undefined) return;
  style.display = 'flex';
  const significant = node.children.filter((child) => !isBlank(child));
  if (significant.length > 1 || significant.some((child) => child.kind === 'element')) {
    if (significant.every(isInline)) {
      style.flexDirection ??= 'row';
      style.flexWrap ??= 'wrap';
      style.alignItems ??= 'baseline';
    } else {
      style.flexDirection ??= 'column';
    }
  }
}
