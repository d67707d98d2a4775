/**
 * CSS multi-column layout (`columns: 2`, `column-count: 3`), which the engine does not lay out, drawn as a row of
 * that many columns: the element's children, in order, shared out between them by count (a browser balances them
 * by height), with the element's `column-gap` (1em by default) between the columns.
 */
import type { HtmlElement, HtmlNode } from '../html/html';

const MAX_COLUMNS = 12;

/** The element's cascaded declarations, the last of each property winning. */
function declarations(element: HtmlElement): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of (element.attributes.style ?? '').split(';')) {
    const colon = part.indexOf(':');
    if (colon > 0) found.set(part.slice(0, colon).trim().toLowerCase(), part.slice(colon + 1).trim());
  }
  return found;
}

function columnCount(style: Map<string, string>): number {
  const written = style.get('column-count') ?? style.get('columns') ?? '';
  const count = written
    .split(/\s+/)
    .map(Number)
    .find((value) => Number.isInteger(value));
  return count !== undefined && count >= 2 ? Math.min(count, MAX_COLUMNS) : 1;
}

function inColumns(element: HtmlElement, count: number, style: Map<string, string>): void {
  const items = element.children.filter((child) => child.kind === 'element' || child.text.trim() !== '');
  const perColumn = Math.ceil(items.length / count);
  const columns: HtmlNode[] = [];
  for (let at = 0; at < items.length; at += perColumn) {
    columns.push({
      kind: 'element',
      name: 'div',
      attributes: { style: 'display:block;flex:1 1 0;min-width:0' },
      children: items.slice(at, at + perColumn),
      place: element.place,
    });
  }
  style.delete('columns');
  style.delete('column-count');
  const gap = style.get('column-gap') ?? '1em';
  style.set('display', 'flex');
  style.set('flex-direction', 'row');
  style.set('align-items', 'flex-start');
  style.set('column-gap', gap === 'normal' ? '1em' : gap);
  element.attributes.style = [...style].map(([property, value]) => `${property}:${value}`).join(';');
  element.children = columns;
}

/** Every multi-column element of the tree drawn as a row of columns (in place). */
export function multiColumns(nodes: readonly HtmlNode[]): void {
  for (const node of nodes) {
    if (node.kind !== 'element') continue;
    multiColumns(node.children);
    const style = declarations(node);
    const count = columnCount(style);
    if (count > 1) inColumns(node, count, style);
  }
}
