/**
 * The HTML tree as the tree Takumi draws, on a page with our defaults: white, black text in the shipped fonts
 * (../fonts/page-fonts: the stack of the page's language, a template's `font-family` before it), 16 px. Two sets of
 * layout rules:
 *
 * - `html`: as a browser lays out HTML: `div`, `p`, `h1`… are blocks, `span`, `b`, `img`… run inline with the
 *   text and wrap with it, headings and paragraphs have their usual size and spacing, `display` changes it.
 * - `flex`: the rules of the earlier engine, which saved flows were written for: every element is a flex box;
 *   one without a `display` that holds elements (or several children) stacks them in a column, or, when they
 *   are all text and inline elements, runs them left to right and wraps (`<br>` breaks such a line); white
 *   space between inline elements is kept as a no-break space (./flex-rules).
 *
 * An element's `dir` attribute gives it its CSS direction, as a browser's own style sheet does; text in a script
 * written without spaces (Thai) gets a zero-width space between its words, where its lines may break
 * (./writing-systems).
 *
 * Images (`icon:`, `qr:`, `chart:`, pictures) are made by ../pictures/image-slots; `data-fit`, `data-clamp` and
 * `data-overflow` are read by ./fit-attributes and asked of the tree by ./fit-requests. What an element's text inherits
 * (language, fonts, size, colour, white space) goes down the tree as CSS passes it. The builder (./tree-builder)
 * collects the page's text with its fonts and place (for ../fonts/page-fonts), what must be fitted by measuring
 * (../fit/fit-layout), and the elements whose style came from the template with their place, so a declaration Takumi
 * cannot read can be named (../draw-page).
 */
import type { ContainerNode, Declarations } from '../engine/drawing-engine';
import { PAGE_FONT_SIZE } from '../css/text-style';
import { cssFamilies, fontStack } from '../fonts/page-fonts';
import type { HtmlNode } from '../html/html';
import { TreeBuilder } from './tree-builder';
import type { Inherited, PageLayout, PageTree } from './tree-types';

/** The `lang` of the page's first element that has one: the language its font stack starts from. */
function firstLang(nodes: HtmlNode[]): string | undefined {
  for (const node of nodes) {
    if (node.kind !== 'element') continue;
    const lang = node.attributes.lang?.trim();
    if (lang) return lang;
    const inner = firstLang(node.children);
    if (inner) return inner;
  }
  return undefined;
}

/** The page: the template's top-level nodes inside a box of the page's size. */
export function pageTree(nodes: HtmlNode[], layout: PageLayout): PageTree {
  const builder = new TreeBuilder(layout);
  const lang = firstLang(nodes);
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
    overflowColumns: builder.overflowColumns,
    numbers: builder.numbers,
    notes: builder.notes,
    icons: builder.icons,
    leftOut: 0,
  };
}
