/**
 * What an element's fit attributes (./fit-attributes) ask of the tree as it is built: a box of its own for text that
 * is fitted or clamped, the declarations of Takumi's own `text-fit` and `line-clamp` where they do the work, and
 * otherwise a request to fit by measuring (../fit/fit-layout); for a container with `data-overflow`, its overflow
 * line and a request to keep the children that fit.
 */
import { displayOf } from '../css/presets';
import type { ContainerNode, Declarations } from '../engine/drawing-engine';
import type { PageText } from '../fonts/page-fonts';
import { templateError, type HtmlElement } from '../html/html';
import type { LayoutRules } from '../../shared/page-options';
import {
  clampLines,
  keepWhole,
  overflowLine,
  overflowText,
  ownTextBox,
  singleLineFit,
  type FitRequest,
  type LineFitRequest,
  type OverflowRequest,
} from './fit-attributes';
import { isBlank, isInline } from './flex-rules';
import type { NumberFormatRequest } from './number-request';
import type { Inherited } from './tree-types';

/** The displays that lay out their children as boxes, not as lines of text. */
export const LAYOUT_DISPLAY = /^(inline-)?(flex|grid)$/;

/** Where the requests of a page go as its tree is built, and its text (an overflow line is text too). */
export interface TreeRequests {
  fits: FitRequest[];
  lineFits: LineFitRequest[];
  overflows: OverflowRequest[];
  numbers: NumberFormatRequest[];
  texts: PageText[];
}

/**
 * The box whose lines are fitted or clamped: the element's own, or, where the element lays out its text (and
 * inline elements) as a flex box or a grid (whose items are no lines to wrap and clamp), a block inside it
 * holding them. Elements of its own that are boxes (a div, a p) stay its items, laid out as it lays them out.
 */
export function textBoxOf(
  node: HtmlElement,
  made: ContainerNode,
  templateStyle: Declarations,
  own: Inherited,
  rules: LayoutRules,
): ContainerNode {
  const style = made.style as Declarations;
  const display = textBoxDisplay(rules, templateStyle, made);
  ownTextBox(style, display);
  if (
    LAYOUT_DISPLAY.test(display.trim().toLowerCase()) &&
    node.children.every(isInline) &&
    node.children.some((child) => child.kind === 'text' && !isBlank(child))
  ) {
    own.inlineFlow = rules === 'flex';
    return { type: 'container', style: innerTextBox() };
  }
  own.inlineFlow = rules === 'flex' && templateStyle.display === undefined;
  return made;
}

/** The display an element of fitted or clamped text takes: a box of its own, whose lines wrap and clamp. */
function textBoxDisplay(rules: LayoutRules, templateStyle: Declarations, made: ContainerNode): string {
  if (rules === 'flex') return templateStyle.display ?? 'block';
  const display = displayOf(made);
  return display === 'inline' ? 'inline-block' : display;
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

export function requestFit(
  requests: TreeRequests,
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
    const size = minSize === undefined ? (own.fontSize ?? 0) : sizeOf(node, own);
    const request: FitRequest = { node: made, place: node.place, path: own.path, size, minSize: minSize ?? size };
    request.boxes = minSize === undefined ? 'clamp' : 'fit';
    if (singleLine) request.nowrap = true;
    if (clamp !== undefined) request.clamp = clamp;
    requests.fits.push(request);
    return;
  }
  if (minSize === undefined || singleLine) {
    if (minSize !== undefined) {
      singleLineFit(style, sizeOf(node, own), minSize);
      requests.lineFits.push({ node: made, place: node.place, path: own.path, minSize });
    }
    if (clamp !== undefined) clampLines(style, clamp);
    return;
  }
  const request: FitRequest = {
    node: made,
    place: node.place,
    path: own.path,
    size: sizeOf(node, own),
    minSize,
  };
  if (clamp !== undefined) request.clamp = clamp;
  requests.fits.push(request);
}

function sizeOf(node: HtmlElement, own: Inherited): number {
  if (own.fontSize === undefined) {
    throw templateError(node.place, 'data-fit: give this element its font size in px, em, rem or % so it can shrink');
  }
  return own.fontSize;
}

export function requestOverflow(
  requests: TreeRequests,
  rules: LayoutRules,
  node: HtmlElement,
  made: ContainerNode,
  inherited: Inherited,
  own: Inherited,
  text: string,
): void {
  const style = made.style as Declarations;
  if (rules === 'html') {
    if (displayOf(made) === 'inline') style.display = 'block';
  }
  style.minHeight ??= '0px';
  style.overflow ??= 'hidden';
  // A container that grows into the room left takes that room, not the room all its children would ask for.
  if (Number.parseFloat(style.flexGrow ?? '0') > 0 && style.flexBasis === undefined && style.flex === undefined) {
    style.flexBasis = '0px';
  }
  const items = (made.children ?? []).filter((child) => child.type !== 'text');
  for (const item of items) {
    if (rules === 'html' && item.type === 'container' && displayOf(item) === 'inline') {
      item.style = { ...item.style, display: 'block' };
    }
    keepWhole(item);
  }
  const line = overflowLine(text, items.length);
  made.children = [...(made.children ?? []), line];
  requests.texts.push({
    text: overflowText(text, items.length),
    placeAt: () => node.place,
    families: own.families,
    weight: own.fontWeight,
  });
  requests.overflows.push({ node: made, place: node.place, path: inherited.path, text, items, line });
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
