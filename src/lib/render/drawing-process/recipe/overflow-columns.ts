/**
 * TRMNL's overflow of a list over several columns (its script's columns engine), made ready before the page's tree
 * is built: a `.columns` element with `data-overflow-max-cols` or `data-overflow-cols` (or one of their variants for
 * the screen: `-sm`, `-md`, `-lg`, `-portrait`, `-md-portrait`…, the most specific one the screen has winning) gets
 * its columns' blocks (`.item`s, `.divider`s, group headers `.label[data-group-header]`) gathered in its first
 * `.column`, in order, after that column's other children; its other columns go, and as many new `.column`s as it
 * may use follow the first, each holding a repeated group header (the framework's grey label) where the list has
 * group headers; with `data-overflow-counter="true"`, the framework's "and N more" item comes last. A
 * plain `.label` among the blocks is left out, as the framework leaves it out. `data-overflow-max-height="N"` is
 * the room of its columns, N px.
 *
 * How many columns are used and which blocks each keeps is decided once the page is laid out (../fit/overflow-columns,
 * from the parts marked here).
 */
import type { HtmlElement, HtmlNode } from '../html/html';
import { classesOf } from '../html/classes';

/** The framework's counter, `{n}` the number of items left out. */
export const COUNTER_TEXT = 'and {n} more';
/** More columns than this are read as this many. */
const MAX_COLUMNS = 12;

/** The screen as the framework's script reads it from the `.screen` element's classes. */
export interface ScreenContext {
  size: 'sm' | 'md' | 'lg' | undefined;
  portrait: boolean;
}

export function screenContext(classes: readonly string[]): ScreenContext {
  const size = (['sm', 'md', 'lg'] as const).find((name) => classes.includes(`screen--${name}`));
  return { size, portrait: classes.includes('screen--portrait') };
}

const VARIANTS = ['sm', 'md', 'lg', 'portrait', 'sm-portrait', 'md-portrait', 'lg-portrait'];

function hasAny(element: HtmlElement, name: string): boolean {
  return (
    element.attributes[name] !== undefined || VARIANTS.some((end) => element.attributes[`${name}-${end}`] !== undefined)
  );
}

/** The number `name` gives on this screen: its size and orientation, its size, its orientation, then the plain one. */
function responsive(element: HtmlElement, name: string, screen: ScreenContext): number | undefined {
  const keys = [
    screen.size && screen.portrait ? `${name}-${screen.size}-portrait` : undefined,
    screen.size ? `${name}-${screen.size}` : undefined,
    screen.portrait ? `${name}-portrait` : undefined,
    name,
  ];
  for (const key of keys) {
    const number = key === undefined ? NaN : Number.parseInt(element.attributes[key] ?? '', 10);
    if (Number.isFinite(number)) return number;
  }
  return undefined;
}

function element(name: string, className: string, children: HtmlNode[], like: HtmlElement): HtmlElement {
  return { kind: 'element', name, attributes: { class: className }, children, place: like.place };
}

/** The framework's "and N more": an item with an empty meta and a grey label. */
function counterItem(like: HtmlElement): HtmlElement {
  const text: HtmlNode = { kind: 'text', text: COUNTER_TEXT, place: like.place, placeAt: () => like.place };
  const label = element('span', 'label label--gray', [text], like);
  const item = element(
    'div',
    'item',
    [element('div', 'meta', [], like), element('div', 'content', [label], like)],
    like,
  );
  item.flow = { part: 'counter' };
  return item;
}

/** A child of a column the columns engine moves: an item, a divider or a label. */
function blockPart(node: HtmlNode): 'item' | 'divider' | 'header' | 'label' | undefined {
  if (node.kind !== 'element') return undefined;
  const classes = classesOf(node);
  if (classes.includes('item')) return 'item';
  if (classes.includes('divider')) return 'divider';
  if (classes.includes('label')) return node.attributes['data-group-header'] !== undefined ? 'header' : 'label';
  return undefined;
}

function textContent(node: HtmlNode): string {
  return node.kind === 'text' ? node.text : node.children.map(textContent).join('');
}

/** The framework's repeated group header: a plain grey label, its text the header's (set once decided). */
function repeatedHeader(header: HtmlElement): HtmlElement {
  const text: HtmlNode = {
    kind: 'text',
    text: textContent(header).trim(),
    place: header.place,
    placeAt: () => header.place,
  };
  const repeat = element('span', 'label label--base group-header label--gray', [text], header);
  repeat.flow = { part: 'repeat' };
  return repeat;
}

function reshape(columns: HtmlElement, screen: ScreenContext): void {
  const own = columns.children.filter(
    (child): child is HtmlElement => child.kind === 'element' && classesOf(child).includes('column'),
  );
  if (own.length === 0) return;
  const fixed = Math.max(0, responsive(columns, 'data-overflow-cols', screen) ?? 0);
  const most = Math.max(1, responsive(columns, 'data-overflow-max-cols', screen) ?? 1);
  const count = Math.min(MAX_COLUMNS, fixed > 0 ? fixed : most);
  const [first, ...rest] = own;
  const blocks = [first, ...rest].flatMap((column) => column.children.filter((child) => blockPart(child)));
  first.children = first.children.filter((child) => !blockPart(child));
  for (const block of blocks) {
    const part = blockPart(block);
    if (block.kind !== 'element' || part === 'label' || part === undefined) continue;
    block.flow = { part };
    first.children.push(block);
  }
  if (columns.attributes['data-overflow-counter']?.trim() === 'true') first.children.push(counterItem(first));
  // The first column's own overflow would fight the columns' (the framework runs it on what the columns kept).
  delete first.attributes['data-overflow'];
  first.flow = { part: 'column' };
  const header = blocks.find((block): block is HtmlElement => blockPart(block) === 'header');
  const added = Array.from({ length: count - 1 }, () => {
    const column = element('div', 'column', header ? [repeatedHeader(header)] : [], first);
    column.flow = { part: 'column' };
    return column;
  });
  columns.children = [...columns.children.filter((child) => !rest.includes(child as HtmlElement)), ...added];
  const maxHeight = Number.parseInt(columns.attributes['data-overflow-max-height'] ?? '', 10);
  if (maxHeight > 0) {
    const style = columns.attributes.style?.trim() ?? '';
    columns.attributes.style = `${style === '' ? '' : `${style};`}max-height:${maxHeight}px`;
  }
  columns.flow = { part: 'columns', columns: count, fixed: fixed > 0 };
}

/** Every `.columns` of the page whose list flows over several columns, made ready (in place). */
export function overflowColumns(nodes: readonly HtmlNode[], screen: ScreenContext): void {
  for (const node of nodes) {
    if (node.kind !== 'element') continue;
    overflowColumns(node.children, screen);
    const classes = classesOf(node);
    if (classes.includes('columns') && (hasAny(node, 'data-overflow-max-cols') || hasAny(node, 'data-overflow-cols')))
      reshape(node, screen);
  }
}
