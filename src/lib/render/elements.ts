/**
 * The HTML tree as the tree Takumi draws, on a page with our defaults: white, black text in the shipped font,
 * 16 px. Two sets of layout rules:
 *
 * - `html`: as a browser lays out HTML: `div`, `p`, `h1`… are blocks, `span`, `b`, `img`… run inline with the
 *   text and wrap with it, headings and paragraphs have their usual size and spacing, `display` changes it.
 * - `flex`: the rules of the earlier engine, which saved flows were written for: every element is a flex box;
 *   one without a `display` that holds elements (or several children) stacks them in a column, or, when they
 *   are all text and inline elements, runs them left to right and wraps (`<br>` breaks such a line); white
 *   space between inline elements is kept as a no-break space.
 *
 * Images (`qr:`, `chart:`, pictures) are made by ./image-slots; the elements whose style came from the
 * template are kept with their place, so a declaration Takumi cannot read can be named (./draw).
 */
import { FONT_FAMILY, type ContainerNode, type Declarations, type TreeNode } from './engine';
import { templateError, type HtmlElement, type HtmlNode, type SourcePlace } from './html';
import { imageElement, type PagePicture } from './image-slots';
import type { LayoutRules } from './options';
import { presetOf } from './presets';
import { parseStyle } from './style';

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

/** An element whose style came from the template, and where it is written. */
export interface StyledNode {
  node: TreeNode;
  place: SourcePlace;
}

export interface PageTree {
  root: ContainerNode;
  /** The pictures drawn by us at their box's size (QR codes, charts, dithered pictures). */
  pictures: PagePicture[];
  styled: StyledNode[];
}

export interface PageLayout {
  width: number;
  height: number;
  rules: LayoutRules;
  /** Pictures of the template's own are drawn by us (dithered) unless this is `none`. */
  ditherPictures: boolean;
}

class TreeBuilder {
  readonly pictures: PagePicture[] = [];
  readonly styled: StyledNode[] = [];

  constructor(private readonly layout: PageLayout) {}

  children(nodes: HtmlNode[], depth: number, flow: boolean): TreeNode[] {
    if (this.layout.rules === 'html') {
      return nodes.map((node) => (node.kind === 'element' ? this.element(node, depth + 1) : text(node.text)));
    }
    const out: TreeNode[] = [];
    nodes.forEach((node, i) => {
      if (node.kind === 'element') {
        out.push(this.element(node, depth + 1));
        return;
      }
      const collapsed = flexText(node.text, flow, nodes[i - 1], nodes[i + 1]);
      if (collapsed !== '') out.push(text(collapsed));
    });
    return out;
  }

  element(node: HtmlElement, depth: number): TreeNode {
    if (depth > MAX_DEPTH) throw templateError(node.place, `elements are nested more than ${MAX_DEPTH} deep`);
    const style = styleOf(node);
    if (node.name === 'img') {
      const made = imageElement(node, style, this.layout, this.pictures);
      this.styled.push({ node: made, place: node.place });
      return made;
    }
    if (node.name === 'br') return this.lineBreak();
    if (node.name === 'svg') {
      const made = svgImage(node, style);
      this.styled.push({ node: made, place: node.place });
      return made;
    }
    const rules = this.layout.rules;
    if (rules === 'flex') flexDisplay(node, style);
    const flow = rules === 'flex' && !(style.flexDirection ?? 'row').startsWith('column');
    const made: ContainerNode = { type: 'container', tagName: node.name };
    const preset = presetOf(node.name, rules);
    if (preset) made.preset = preset;
    made.style = style;
    const children = this.children(node.children, depth, flow);
    if (children.length > 0) made.children = children;
    this.styled.push({ node: made, place: node.place });
    return made;
  }

  private lineBreak(): TreeNode {
    if (this.layout.rules === 'html') return { type: 'text', text: '\n', style: { whiteSpace: 'pre' } };
    // A flex line of its own and no height: the items after it start a new line.
    return { type: 'container', style: { display: 'flex', flexBasis: '100%', width: '100%', height: '0px' } };
  }
}

/** The page: the template's top-level nodes inside a box of the page's size. */
export function pageTree(nodes: HtmlNode[], layout: PageLayout): PageTree {
  const builder = new TreeBuilder(layout);
  const style: Declarations = {
    display: layout.rules === 'html' ? 'block' : 'flex',
    width: `${layout.width}px`,
    height: `${layout.height}px`,
    backgroundColor: 'white',
    color: 'black',
    fontFamily: FONT_FAMILY,
    fontSize: '16px',
  };
  if (layout.rules === 'flex') style.flexDirection = 'column';
  const children = builder.children(nodes, 0, false);
  const root: ContainerNode = { type: 'container', style };
  if (children.length > 0) root.children = children;
  return { root, pictures: builder.pictures, styled: builder.styled };
}

function text(value: string): TreeNode {
  return { type: 'text', text: value };
}

function isInline(node: HtmlNode): boolean {
  return node.kind === 'text' || INLINE.has(node.name);
}

function isBlank(node: HtmlNode): boolean {
  return node.kind === 'text' && node.text.trim() === '';
}

/**
 * Under the flex rules, text with white space collapsed. In a row (text flow), a space next to an inline
 * sibling is kept, as a no-break space (a flex item's own spaces at its ends do not show); in a column,
 * white space between children is only indentation.
 */
function flexText(raw: string, flow: boolean, before: HtmlNode | undefined, after: HtmlNode | undefined): string {
  const collapsed = raw.replace(/[ \t\n\r\f]+/g, ' ');
  const keepStart = flow && before !== undefined && isInline(before);
  const keepEnd = flow && after !== undefined && isInline(after);
  if (collapsed.trim() === '') return collapsed !== '' && keepStart && keepEnd ? NBSP : '';
  return collapsed.replace(/^ /, keepStart ? NBSP : '').replace(/ $/, keepEnd ? NBSP : '');
}

/** Under the flex rules, the display an element without one gets: always a flex box. */
function flexDisplay(node: HtmlElement, style: Declarations): void {
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

/** The element's style; a `url()` of anything but a data URL is refused: nothing is fetched. */
function styleOf(node: HtmlElement): Declarations {
  const style = parseStyle(node.attributes.style ?? '');
  for (const value of Object.values(style)) {
    if (/url\(\s*(?!["']?data:)/i.test(value)) {
      throw templateError(node.place, `${value.slice(0, 60)}: only data: URLs are drawn (nothing is fetched)`);
    }
  }
  return style;
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function svgMarkup(node: HtmlNode): string {
  if (node.kind === 'text') return escapeXml(node.text);
  const attributes = Object.entries(node.attributes)
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join('');
  return `<${node.name}${attributes}>${node.children.map(svgMarkup).join('')}</${node.name}>`;
}

/** Inline SVG, drawn as a picture of its markup (Takumi draws SVG pictures, nothing fetched). */
function svgImage(node: HtmlElement, style: Declarations): TreeNode {
  const markup = svgMarkup({
    ...node,
    attributes: { xmlns: 'http://www.w3.org/2000/svg', ...node.attributes },
  });
  for (const side of ['width', 'height'] as const) {
    const value = node.attributes[side];
    if (style[side] === undefined && value !== undefined && /^\s*\d+(\.\d+)?\s*(px)?\s*$/.test(value)) {
      style[side] = `${parseFloat(value)}px`;
    }
  }
  return { type: 'image', src: `data:image/svg+xml;base64,${Buffer.from(markup).toString('base64')}`, style };
}
