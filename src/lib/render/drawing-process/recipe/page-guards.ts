/**
 * What a page written for a browser may hold that the drawing engine cannot draw, made harmless before it is
 * drawn, as a browser would show it where it can be said: `display: contents` (the element gives way to its
 * children), `dir="auto"` and an empty `lang` (taken out: the text's own direction and the page's language), a
 * picture that is not one the page holds (a file or web address not fetched: an empty box of its size), inline
 * SVG without a size (the size of its `viewBox`, or a browser's 300 x 150).
 */
import type { HtmlElement, HtmlNode } from '../html/html';

/** Pictures a page draws: data URLs of the kinds the engine reads, and the page renderer's own kinds. */
const DRAWN_PICTURE = /^\s*(data:image\/(png|jpeg|jpg|gif|svg\+xml)[;,]|icon:|qr:|chart:)/i;

function displayOf(element: HtmlElement): string | undefined {
  let found: string | undefined;
  for (const part of (element.attributes.style ?? '').split(';')) {
    const colon = part.indexOf(':');
    if (colon > 0 && part.slice(0, colon).trim().toLowerCase() === 'display') found = part.slice(colon + 1).trim();
  }
  return found?.toLowerCase();
}

function hasWidth(element: HtmlElement): boolean {
  return element.attributes.width !== undefined || /(^|;)\s*width\s*:/i.test(element.attributes.style ?? '');
}

class Guards {
  readonly warnings = new Set<string>();

  /** The nodes, each element guarded; an element of `display: contents` replaced by its children. */
  list(nodes: HtmlNode[]): HtmlNode[] {
    const out: HtmlNode[] = [];
    for (const node of nodes) {
      if (node.kind !== 'element') {
        out.push(node);
        continue;
      }
      this.element(node);
      if (displayOf(node) === 'contents') out.push(...node.children);
      else out.push(node);
    }
    return out;
  }

  private element(element: HtmlElement): void {
    const { attributes } = element;
    const dir = attributes.dir?.trim().toLowerCase();
    if (dir !== undefined && dir !== 'ltr' && dir !== 'rtl') delete attributes.dir;
    if (attributes.lang !== undefined && attributes.lang.trim() === '') delete attributes.lang;
    if (element.name === 'img') this.picture(element);
    if (element.name === 'svg' && !hasWidth(element)) this.svgSize(element);
    if (element.name !== 'svg') element.children = this.list(element.children);
  }

  private picture(element: HtmlElement): void {
    const src = element.attributes.src ?? '';
    if (src === '' || DRAWN_PICTURE.test(src)) {
      element.attributes.src = src;
      return;
    }
    if (!/^(https?:)?\/\//i.test(src.trim())) {
      this.warnings.add(`the picture ${src.slice(0, 80)} is not drawn: a page draws pictures it holds or fetched ones`);
    }
    element.attributes.src = '';
  }

  private svgSize(element: HtmlElement): void {
    const box = (element.attributes.viewBox ?? element.attributes.viewbox ?? '')
      .trim()
      .split(/[\s,]+/)
      .map(Number);
    const [width, height] = box.length === 4 && box[2] > 0 && box[3] > 0 ? [box[2], box[3]] : [300, 150];
    element.attributes.width = String(width);
    if (element.attributes.height === undefined) element.attributes.height = String(height);
  }
}

/** The page's tree made drawable (in place); what was left out, as warnings. */
export function guardPage(nodes: HtmlNode[]): string[] {
  const guards = new Guards();
  const guarded = guards.list(nodes);
  nodes.splice(0, nodes.length, ...guarded);
  return [...guards.warnings];
}
