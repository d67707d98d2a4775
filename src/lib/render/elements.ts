/**
 * The HTML tree as the layout engine's element tree (satori: React-like `{type, props}` objects), with the
 * page's defaults: white page, black text in the shipped font, 16 px. HTML habits kept where satori differs:
 * white space collapses; an element holding elements (or several children) without a `display` becomes a flex
 * box whose children stack (or, when they are all text and inline elements, run left to right and wrap);
 * `<br>` breaks such a line.
 * Images (`qr:`, `chart:`, pictures) are handed to ./image-slots for their placeholders.
 */
import { templateError, type HtmlElement, type HtmlNode } from './html';
import { imageElement, type ImageSlots } from './image-slots';
import type { LayoutElement, LayoutNode } from './layout-tree';
import { parseStyle, type Style } from './style';

export const FONT_FAMILY = 'Noto Sans SC';

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
const MAX_DEPTH = 64;
const NBSP = '\u00a0';

/** The page's root: the template's top-level nodes inside a box of the page's size. */
export function pageElement(nodes: HtmlNode[], width: number, height: number, slots: ImageSlots): LayoutElement {
  const style: Style = {
    display: 'flex',
    flexDirection: 'column',
    width: `${width}px`,
    height: `${height}px`,
    backgroundColor: 'white',
    color: 'black',
    fontFamily: FONT_FAMILY,
    fontSize: '16px',
  };
  return { type: 'div', props: { style, children: single(children(nodes, slots, 0, false)) } };
}

function isInline(node: HtmlNode): boolean {
  return node.kind === 'text' || INLINE.has(node.name);
}

function isBlank(node: HtmlNode): boolean {
  return node.kind === 'text' && node.text.trim() === '';
}

/**
 * Text with white space collapsed. In a row (text flow), a space next to an inline sibling is kept, as a
 * no-break space (satori trims others); in a column, white space between children is only indentation.
 */
function children(nodes: HtmlNode[], slots: ImageSlots, depth: number, flow: boolean): LayoutNode[] {
  const out: LayoutNode[] = [];
  nodes.forEach((node, i) => {
    if (node.kind === 'element') {
      out.push(element(node, slots, depth + 1));
      return;
    }
    let text = node.text.replace(/[ \t\n\r\f]+/g, ' ');
    const before = nodes[i - 1];
    const after = nodes[i + 1];
    const keepStart = flow && before !== undefined && isInline(before);
    const keepEnd = flow && after !== undefined && isInline(after);
    if (text.trim() === '') {
      if (text !== '' && keepStart && keepEnd) out.push(NBSP);
      return;
    }
    text = text.replace(/^ /, keepStart ? NBSP : '').replace(/ $/, keepEnd ? NBSP : '');
    out.push(text);
  });
  return out;
}

/** The element's style; a `url()` of anything but a data URL is refused: satori would fetch it. */
function styleOf(node: HtmlElement): Style {
  const style = parseStyle(node.attributes.style ?? '');
  for (const value of Object.values(style)) {
    if (/url\(\s*(?!["']?data:)/i.test(value)) {
      throw templateError(node.place, `${value.slice(0, 60)}: only data: URLs are drawn (nothing is fetched)`);
    }
  }
  return style;
}

function element(node: HtmlElement, slots: ImageSlots, depth: number): LayoutElement {
  if (depth > MAX_DEPTH) throw templateError(node.place, `elements are nested more than ${MAX_DEPTH} deep`);
  const style = styleOf(node);
  if (node.name === 'img') return imageElement(node, style, slots);
  if (node.name === 'br') return { type: 'div', props: { style: { flexBasis: '100%', width: '100%', height: '0px' } } };
  if (node.name === 'svg') return svgElement(node);
  const significant = node.children.filter((child) => !isBlank(child));
  // satori wants an explicit display on any element holding elements or several children.
  if (
    (significant.length > 1 || significant.some((child) => child.kind === 'element')) &&
    style.display === undefined
  ) {
    style.display = 'flex';
    if (significant.every(isInline)) {
      style.flexDirection ??= 'row';
      style.flexWrap ??= 'wrap';
      style.alignItems ??= 'baseline';
    } else {
      style.flexDirection ??= 'column';
    }
  }
  const flow = !(style.flexDirection ?? 'row').startsWith('column');
  return { type: node.name, props: { style, children: single(children(node.children, slots, depth, flow)) } };
}

function single(nodes: LayoutNode[]): LayoutNode[] | LayoutNode | undefined {
  return nodes.length > 1 ? nodes : nodes[0];
}

/** Inline SVG goes to satori as written: its attributes unchanged, its text kept. */
function svgElement(node: HtmlElement): LayoutElement {
  const props: LayoutElement['props'] = { ...node.attributes };
  if (node.attributes.style !== undefined) props.style = parseStyle(node.attributes.style);
  props.children = single(node.children.map((child) => (child.kind === 'text' ? child.text : svgElement(child))));
  return { type: node.name, props };
}
