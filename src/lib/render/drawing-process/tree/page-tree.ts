/**
 * The HTML tree as the tree Takumi draws, on a page with our defaults: white, black text in the shipped fonts
 * (../fonts/page-fonts: the stack of the page's language, a template's `font-family` before it), 16 px. Two sets of layout
 * rules:
 *
 * - `html`: as a browser lays out HTML: `div`, `p`, `h1`… are blocks, `span`, `b`, `img`… run inline with the
 *   text and wrap with it, headings and paragraphs have their usual size and spacing, `display` changes it.
 * - `flex`: the rules of the earlier engine, which saved flows were written for: every element is a flex box;
 *   one without a `display` that holds elements (or several children) stacks them in a column, or, when they
 *   are all text and inline elements, runs them left to right and wraps (`<br>` breaks such a line); white
 *   space between inline elements is kept as a no-break space.
 *
 * An element's `dir` attribute gives it its CSS direction, as a browser's own style sheet does; text in a script
 * written without spaces (Thai) gets a zero-width space between its words, where its lines may break.
 *
 * Images (`icon:`, `qr:`, `chart:`, pictures) are made by ../pictures/image-slots; `data-fit`, `data-clamp` and
 * `data-overflow` are read by ./fit-attributes. What an element's text inherits (language, fonts, size, colour,
 * white space) goes down the tree as CSS passes it. The builder collects the page's text with its fonts and
 * place (for ../fonts/page-fonts), what must be fitted by measuring (../fit/fit-layout), and the elements
 * whose style came from the template with their place, so a declaration Takumi cannot read can be named
 * (../draw-page).
 */
import type { ContainerNode, Declarations, ImageNode, TreeNode } from '../engine/drawing-engine';
import {
  clampLines,
  fitAttributes,
  overflowLine,
  overflowText,
  ownTextBox,
  singleLineFit,
  type FitRequest,
  type LineFitRequest,
  type OverflowRequest,
} from './fit-attributes';
import { cssFamilies, fontStack, type PageFonts, type PageText } from '../fonts/page-fonts';
import { templateError, type HtmlElement, type HtmlNode, type HtmlText, type SourcePlace } from '../html/html';
import { imageElement, type PagePicture } from '../pictures/image-slots';
import type { LayoutRules } from '../../shared/page-options';
import { presetOf } from '../css/presets';
import { parseStyle } from '../css/style-attribute';
import { fontSizePx, fontWeightOf, PAGE_FONT_SIZE } from '../css/text-style';

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
/** The displays that lay out their children as boxes, not as lines of text. */
const LAYOUT_DISPLAY = /^(inline-)?(flex|grid)$/;
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
  /** The page's text, with the fonts that may draw each run. */
  texts: PageText[];
  /** Elements whose wrapping text shrinks to fit, and containers that draw only the children that fit. */
  fits: FitRequest[];
  /** Elements whose line of text Takumi shrinks: checked once laid out, so that a cut is told. */
  lineFits: LineFitRequest[];
  overflows: OverflowRequest[];
  /** What the page should be told of (a font-family no font of the page has). */
  notes: string[];
  /** The icons: their size is always given, so a layout without drawing needs not read their pictures. */
  icons: ImageNode[];
  /** How many declarations the engine could not read were left out of the page since it was built. */
  leftOut: number;
}

export interface PageLayout {
  width: number;
  height: number;
  rules: LayoutRules;
  /** Pictures of the template's own are drawn by us (dithered) unless this is `none`. */
  ditherPictures: boolean;
  /** The fonts the page may use: the shipped ones and the node's own. */
  fonts: PageFonts;
}

/** What an element passes down to what it holds, as CSS inherits it, and where it is. */
interface Inherited {
  lang: string | undefined;
  /** The families the template named (as the engine knows them), before the page's stack. */
  named: readonly string[];
  /** Those and the stack: the families that may draw its text, first choice first. */
  families: readonly string[];
  fontSize: number | undefined;
  /** Its CSS font weight, for the faces its text needs. */
  fontWeight: number;
  colour: string;
  whiteSpace: string;
  /** The element and its ancestors, the page first. */
  path: readonly ContainerNode[];
  /** Under the flex rules, inside an element of fitted or clamped text: inline elements stay inline. */
  inlineFlow: boolean;
}

function withStack(named: readonly string[], lang: string | undefined): string[] {
  return [...named, ...fontStack(lang).filter((name) => !named.includes(name))];
}

class TreeBuilder {
  readonly pictures: PagePicture[] = [];
  readonly styled: StyledNode[] = [];
  readonly texts: PageText[] = [];
  readonly fits: FitRequest[] = [];
  readonly lineFits: LineFitRequest[] = [];
  readonly overflows: OverflowRequest[] = [];
  readonly notes: string[] = [];
  readonly icons: ImageNode[] = [];
  private readonly unknownFamilies = new Set<string>();

  constructor(private readonly layout: PageLayout) {}

  children(nodes: HtmlNode[], depth: number, flow: boolean, inherited: Inherited): TreeNode[] {
    if (this.layout.rules === 'html') {
      return nodes.map((node) =>
        node.kind === 'element' ? this.element(node, depth + 1, inherited) : this.text(node.text, node, inherited),
      );
    }
    const out: TreeNode[] = [];
    nodes.forEach((node, i) => {
      if (node.kind === 'element') {
        out.push(this.element(node, depth + 1, inherited));
        return;
      }
      const collapsed = flexText(node.text, flow, nodes[i - 1], nodes[i + 1]);
      if (collapsed !== '') out.push(this.text(collapsed, node, inherited, node.text));
    });
    return out;
  }

  element(node: HtmlElement, depth: number, inherited: Inherited): TreeNode {
    if (depth > MAX_DEPTH) throw templateError(node.place, `elements are nested more than ${MAX_DEPTH} deep`);
    const templateStyle = styleOf(node);
    const style = { ...templateStyle };
    const direction = directionOf(node);
    if (direction !== undefined) style.direction ??= direction;
    const own = this.inherit(node, style, inherited);
    if (node.name === 'img') {
      fitAttributes(node);
      const made = imageElement(node, style, this.layout, this.pictures, own.colour);
      if (made.type === 'image' && /^\s*icon:/i.test(node.attributes.src ?? '')) this.icons.push(made);
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
    const attributes = fitAttributes(node);
    if (rules === 'flex') {
      if (inherited.inlineFlow && INLINE.has(node.name) && style.display === undefined) style.display = 'inline';
      else flexDisplay(node, style);
    }
    const flow = rules === 'flex' && !(style.flexDirection ?? 'row').startsWith('column');
    const made: ContainerNode = { type: 'container', tagName: node.name };
    const preset = presetOf(node.name, rules);
    if (preset) made.preset = preset;
    made.style = style;
    const fitted = attributes.fit !== undefined || attributes.clamp !== undefined;
    // The box whose lines are fitted or clamped: the element's own, or, where the element lays out its text (and
    // inline elements) as a flex box or a grid (whose items are no lines to wrap and clamp), a block inside it
    // holding them. Elements of its own that are boxes (a div, a p) stay its items, laid out as it lays them out.
    let textBox = made;
    if (fitted) {
      const display = this.textBoxDisplay(templateStyle, style, preset);
      ownTextBox(style, display);
      if (
        LAYOUT_DISPLAY.test(display.trim().toLowerCase()) &&
        node.children.every(isInline) &&
        node.children.some((child) => child.kind === 'text' && !isBlank(child))
      ) {
        textBox = { type: 'container', style: innerTextBox() };
        own.inlineFlow = rules === 'flex';
      } else {
        own.inlineFlow = rules === 'flex' && templateStyle.display === undefined;
      }
    }
    own.path = textBox === made ? [...inherited.path, made] : [...inherited.path, made, textBox];
    const children = this.children(node.children, depth, flow, own);
    if (children.length > 0) textBox.children = children;
    if (textBox !== made) made.children = [textBox];
    if (fitted) this.fitText(node, textBox, own, attributes.fit?.minSize, attributes.clamp);
    if (attributes.overflow !== undefined) this.overflow(node, made, inherited, own, attributes.overflow);
    this.styled.push({ node: made, place: node.place });
    return made;
  }

  /** What the element's text inherits, with its own declarations applied (its font-family made whole). */
  private inherit(node: HtmlElement, style: Declarations, inherited: Inherited): Inherited {
    const preset = presetOf(node.name, this.layout.rules);
    const lang = node.attributes.lang?.trim() || inherited.lang;
    let named = inherited.named;
    let families = inherited.families;
    if (style.fontFamily !== undefined) {
      named = this.layout.fonts.named(style.fontFamily, (family) => this.unknownFamily(family, node.place));
      families = withStack(named, lang);
      style.fontFamily = cssFamilies(families);
    } else if (lang !== inherited.lang && fontStack(lang) !== fontStack(inherited.lang)) {
      families = withStack(named, lang);
      style.fontFamily = cssFamilies(families);
    }
    const colour = style.color ?? preset?.color;
    return {
      lang,
      named,
      families,
      fontSize: fontSizePx(style.fontSize ?? preset?.fontSize, inherited.fontSize),
      fontWeight: fontWeightOf(style.fontWeight ?? preset?.fontWeight, inherited.fontWeight),
      colour: colour === undefined || /^(currentcolor|inherit)$/i.test(colour.trim()) ? inherited.colour : colour,
      whiteSpace: (style.whiteSpace ?? preset?.whiteSpace ?? inherited.whiteSpace).trim().toLowerCase(),
      path: inherited.path,
      inlineFlow: inherited.inlineFlow,
    };
  }

  /** A run of text; its characters are read for fonts as written (`raw`), so a place found in it is right. */
  private text(value: string, node: HtmlText, inherited: Inherited, raw = value): TreeNode {
    this.texts.push({ text: raw, placeAt: node.placeAt, families: inherited.families, weight: inherited.fontWeight });
    return text(value);
  }

  private unknownFamily(family: string, place: SourcePlace): void {
    if (this.unknownFamilies.has(family.toLowerCase())) return;
    this.unknownFamilies.add(family.toLowerCase());
    this.notes.push(
      `template: line ${place.line}, column ${place.column}: font-family ${JSON.stringify(family)} is no font of ` +
        "this page (neither a shipped one nor one of the node's fonts); the page's own fonts draw its text",
    );
  }

  /** The display an element of fitted or clamped text takes: a box of its own, whose lines wrap and clamp. */
  private textBoxDisplay(templateStyle: Declarations, style: Declarations, preset: Declarations | undefined): string {
    if (this.layout.rules === 'flex') return templateStyle.display ?? 'block';
    const display = (style.display ?? preset?.display ?? 'inline').trim().toLowerCase();
    return display === 'inline' ? 'inline-block' : display;
  }

  private fitText(
    node: HtmlElement,
    made: ContainerNode,
    own: Inherited,
    minSize: number | undefined,
    clamp: number | undefined,
  ): void {
    const style = made.style as Declarations;
    const singleLine = own.whiteSpace === 'nowrap' || own.whiteSpace === 'pre';
    const boxes = holdsBoxes(made);
    if (boxes) {
      // Takumi's text-fit and line-clamp work on lines of text, not on boxes: such an element is measured.
      const size = minSize === undefined ? (own.fontSize ?? 0) : this.sizeOf(node, own);
      const request: FitRequest = { node: made, place: node.place, path: own.path, size, minSize: minSize ?? size };
      request.boxes = minSize === undefined ? 'clamp' : 'fit';
      if (singleLine) request.nowrap = true;
      if (clamp !== undefined) request.clamp = clamp;
      this.fits.push(request);
      return;
    }
    if (minSize === undefined || singleLine) {
      if (minSize !== undefined) {
        singleLineFit(style, this.sizeOf(node, own), minSize);
        this.lineFits.push({ node: made, place: node.place, path: own.path, minSize });
      }
      if (clamp !== undefined) clampLines(style, clamp);
      return;
    }
    const request: FitRequest = {
      node: made,
      place: node.place,
      path: own.path,
      size: this.sizeOf(node, own),
      minSize,
    };
    if (clamp !== undefined) request.clamp = clamp;
    this.fits.push(request);
  }

  private sizeOf(node: HtmlElement, own: Inherited): number {
    if (own.fontSize === undefined) {
      throw templateError(node.place, 'data-fit: give this element its font size in px, em, rem or % so it can shrink');
    }
    return own.fontSize;
  }

  private overflow(node: HtmlElement, made: ContainerNode, inherited: Inherited, own: Inherited, text: string): void {
    const style = made.style as Declarations;
    if (this.layout.rules === 'html') {
      const display = (style.display ?? made.preset?.display ?? 'inline').trim().toLowerCase();
      if (display === 'inline') style.display = 'block';
    }
    style.minHeight ??= '0px';
    style.overflow ??= 'hidden';
    // A container that grows into the room left takes that room, not the room all its children would ask for.
    if (Number.parseFloat(style.flexGrow ?? '0') > 0 && style.flexBasis === undefined && style.flex === undefined) {
      style.flexBasis = '0px';
    }
    const items = (made.children ?? []).filter((child) => child.type !== 'text');
    for (const item of items) {
      if (this.layout.rules === 'html' && item.type === 'container' && displayOf(item) === 'inline') {
        item.style = { ...item.style, display: 'block' };
      }
      // A child is kept whole or left out, never squeezed into the room: one that may shrink below its content (a
      // clamped or fitted text has a box of its own) would otherwise be cut by the box, with nothing said.
      item.style ??= {};
      if (item.style.flex === undefined) item.style.flexShrink ??= '0';
    }
    const line = overflowLine(text, items.length);
    made.children = [...(made.children ?? []), line];
    this.texts.push({
      text: overflowText(text, items.length),
      placeAt: () => node.place,
      families: own.families,
      weight: own.fontWeight,
    });
    this.overflows.push({ node: made, place: node.place, path: inherited.path, text, items, line });
  }

  private lineBreak(): TreeNode {
    if (this.layout.rules === 'html') return { type: 'text', text: '\n', style: { whiteSpace: 'pre' } };
    // A flex line of its own and no height: the items after it start a new line.
    return { type: 'container', style: { display: 'flex', flexBasis: '100%', width: '100%', height: '0px' } };
  }
}

/**
 * The block that holds the text of a flex box or grid to be fitted or clamped: its only item, which takes no more
 * than the room the element gives it, placed and aligned as the element places its items.
 */
function innerTextBox(): Declarations {
  return {
    display: 'block',
    minWidth: '0px',
    minHeight: '0px',
    maxWidth: '100%',
    maxHeight: '100%',
    overflow: 'hidden',
  };
}

/**
 * Whether a box's content holds boxes (pictures, blocks, inline blocks, or any element of a flex box or grid),
 * not only text and inline elements: its text is then laid out in several boxes, not as one box's lines.
 */
function holdsBoxes(box: ContainerNode): boolean {
  const children = (box.children ?? []).filter((child) => child.type !== 'text');
  if (children.length > 0 && LAYOUT_DISPLAY.test(displayOf(box))) return true;
  return children.some((child) => child.type !== 'container' || displayOf(child) !== 'inline' || holdsBoxes(child));
}

function displayOf(node: TreeNode): string {
  return (node.style?.display ?? node.preset?.display ?? 'inline').trim().toLowerCase();
}

/** The language of the page: the `lang` of its first element that has one. */
function pageLanguage(nodes: HtmlNode[]): string | undefined {
  for (const node of nodes) {
    if (node.kind !== 'element') continue;
    const lang = node.attributes.lang?.trim();
    if (lang) return lang;
    const inner = pageLanguage(node.children);
    if (inner) return inner;
  }
  return undefined;
}

/** The page: the template's top-level nodes inside a box of the page's size. */
export function pageTree(nodes: HtmlNode[], layout: PageLayout): PageTree {
  const builder = new TreeBuilder(layout);
  const lang = pageLanguage(nodes);
  const families = fontStack(lang);
  const style: Declarations = {
    display: layout.rules === 'html' ? 'block' : 'flex',
    width: `${layout.width}px`,
    height: `${layout.height}px`,
    backgroundColor: 'white',
    color: 'black',
    fontFamily: cssFamilies(families),
    fontSize: `${PAGE_FONT_SIZE}px`,
  };
  if (layout.rules === 'flex') style.flexDirection = 'column';
  const root: ContainerNode = { type: 'container', style };
  const inherited: Inherited = {
    lang,
    named: [],
    families,
    fontSize: PAGE_FONT_SIZE,
    fontWeight: 400,
    colour: 'black',
    whiteSpace: 'normal',
    path: [root],
    inlineFlow: false,
  };
  const children = builder.children(nodes, 0, false, inherited);
  if (children.length > 0) root.children = children;
  return {
    root,
    pictures: builder.pictures,
    styled: builder.styled,
    texts: builder.texts,
    fits: builder.fits,
    lineFits: builder.lineFits,
    overflows: builder.overflows,
    notes: builder.notes,
    icons: builder.icons,
    leftOut: 0,
  };
}

function text(value: string): TreeNode {
  return { type: 'text', text: WITHOUT_SPACES.test(value) ? withWordBreaks(value) : value };
}

/** Scripts written without spaces between words: Thai, Lao, Myanmar, Khmer. */
const WITHOUT_SPACES = /[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff]/;
const WORD_BREAK = '\u200b';
let words: Intl.Segmenter | undefined;

/**
 * The text with a zero-width space between the words of a script written without spaces, found by the
 * dictionary of Node.js's ICU: the engine breaks lines only where the text allows it, so a line of Thai would
 * otherwise run on past its box.
 */
function withWordBreaks(value: string): string {
  words ??= new Intl.Segmenter('th', { granularity: 'word' });
  let out = '';
  let previous = '';
  for (const { segment } of words.segment(value)) {
    if (WITHOUT_SPACES.test(previous.slice(-1)) && WITHOUT_SPACES.test(segment[0])) out += WORD_BREAK;
    out += segment;
    previous = segment;
  }
  return out;
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

/** Letters of the scripts written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko…, their presentation forms). */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
/** A letter of any script: the first of a text decides its direction (`dir="auto"`). */
const STRONG = /[\p{L}]/u;

/**
 * The CSS direction an element's `dir` attribute gives it, as a browser's own style sheet does: `rtl`, `ltr`, or
 * for `auto` that of the first letter of its text.
 */
function directionOf(node: HtmlElement): string | undefined {
  const dir = node.attributes.dir?.trim().toLowerCase();
  if (dir === 'rtl' || dir === 'ltr') return dir;
  if (dir !== 'auto') return undefined;
  const first = STRONG.exec(textOf(node));
  return first && RIGHT_TO_LEFT.test(first[0]) ? 'rtl' : 'ltr';
}

function textOf(node: HtmlNode): string {
  return node.kind === 'text' ? node.text : node.children.map(textOf).join('');
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
