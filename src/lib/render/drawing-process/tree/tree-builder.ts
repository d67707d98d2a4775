/**
 * The builder of a page's tree (./page-tree): each element by the page's layout rules, what its text inherits, its
 * pictures, its fit attributes; the page's text with its fonts and places, and what must be fitted, gathered as it
 * goes.
 */
import type { ContainerNode, Declarations, ImageNode, TreeNode } from '../engine/drawing-engine';
import { presetOf } from '../css/presets';
import { parseStyle } from '../css/style-attribute';
import { fontSizePx, fontWeightOf } from '../css/text-style';
import { cssFamilies, fontStack, type PageText } from '../fonts/page-fonts';
import { templateError, type HtmlElement, type HtmlNode, type HtmlText } from '../html/html';
import { imageElement, type PagePicture } from '../pictures/image-slots';
import type { SourcePlace } from '../../shared/source-map';
import { fitAttributes, type FitRequest, type LineFitRequest, type OverflowRequest } from './fit-attributes';
import { ColumnFlows, type OverflowColumnsRequest } from './column-flow';
import { requestFit, requestOverflow, textBoxOf } from './fit-requests';
import { flexDisplay, flexText, isInline } from './flex-rules';
import { requestNumberFormat, runsInline, type NumberFormatRequest } from './number-request';
import { svgImage } from './inline-svg';
import type { Inherited, PageLayout, StyledNode } from './tree-types';
import { directionOf, textNode } from './writing-systems';

const MAX_DEPTH = 64;

function withStack(named: readonly string[], lang: string | undefined): string[] {
  return [...named, ...fontStack(lang).filter((name) => !named.includes(name))];
}

export class TreeBuilder {
  readonly pictures: PagePicture[] = [];
  readonly styled: StyledNode[] = [];
  readonly texts: PageText[] = [];
  readonly fits: FitRequest[] = [];
  readonly lineFits: LineFitRequest[] = [];
  readonly overflows: OverflowRequest[] = [];
  readonly overflowColumns: OverflowColumnsRequest[] = [];
  private readonly flows = new ColumnFlows(this.overflowColumns);
  readonly numbers: NumberFormatRequest[] = [];
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
      if (inherited.inlineFlow && isInline(node) && style.display === undefined) style.display = 'inline';
      else flexDisplay(node, style);
    }
    const flow = rules === 'flex' && !(style.flexDirection ?? 'row').startsWith('column');
    const made: ContainerNode = { type: 'container', tagName: node.name };
    const preset = presetOf(node.name, rules);
    if (preset) made.preset = preset;
    made.style = style;
    const parent = inherited.path[inherited.path.length - 1];
    const inline = runsInline(made, parent);
    const fitted = attributes.fit !== undefined || attributes.clamp !== undefined;
    const textBox = fitted ? textBoxOf(node, made, templateStyle, own, rules) : made;
    own.path = textBox === made ? [...inherited.path, made] : [...inherited.path, made, textBox];
    this.flows.enter(node, made, inherited.path);
    const children = this.children(node.children, depth, flow, own);
    if (children.length > 0) textBox.children = children;
    if (textBox !== made) made.children = [textBox];
    if (attributes.numberFormat !== undefined)
      requestNumberFormat(this, node, { made, textBox, parent, inline }, own, attributes.numberFormat);
    if (fitted) requestFit(this, node, textBox, own, attributes.fit?.minSize, attributes.clamp);
    if (attributes.overflow !== undefined)
      requestOverflow(this, rules, node, made, inherited, own, attributes.overflow);
    this.flows.leave(node, made);
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
    return textNode(value);
  }

  private unknownFamily(family: string, place: SourcePlace): void {
    if (this.unknownFamilies.has(family.toLowerCase())) return;
    this.unknownFamilies.add(family.toLowerCase());
    this.notes.push(
      `template: line ${place.line}, column ${place.column}: font-family ${JSON.stringify(family)} is no font of ` +
        "this page (neither a shipped one nor one of the node's fonts); the page's own fonts draw its text",
    );
  }

  private lineBreak(): TreeNode {
    if (this.layout.rules === 'html') return { type: 'text', text: '\n', style: { whiteSpace: 'pre' } };
    // A flex line of its own and no height: the items after it start a new line.
    return { type: 'container', style: { display: 'flex', flexBasis: '100%', width: '100%', height: '0px' } };
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
