/**
 * An element whose number is formatted (`data-number-format="LOCALE"`): its text is written whole in the locale,
 * and, where it is a box of its own, the fitting step (../fit/number-format) writes it shorter (12.3k, 1.23M) where
 * it is wider than its parent's room. An inline element keeps its whole number, as in a browser, whose script
 * reads an inline element's width as 0.
 */
import { displayOf } from '../css/presets';
import type { ContainerNode, TextNode } from '../engine/drawing-engine';
import type { PageText } from '../fonts/page-fonts';
import type { HtmlElement, SourcePlace } from '../html/html';
import { numberTexts } from './number-texts';
import type { Inherited } from './tree-types';
import { LAYOUT_DISPLAY } from './fit-requests';

/** An element whose number is written in the first of its texts that fits its parent's room. */
export interface NumberFormatRequest {
  /** The element's box, whose padding counts, and its parent's box, whose room it must fit. */
  node: ContainerNode;
  parent: ContainerNode;
  /** The box its text is laid out in: the element's, or a block inside it (./fit-requests). */
  holder: ContainerNode;
  place: SourcePlace;
  /** The boxes whose text declarations its text takes, the page first, the element's own last. */
  lineage: readonly ContainerNode[];
  /** Its font size in px, where it is known before layout. */
  size: number | undefined;
  /** The text drawn, and what it may be: the whole number first. */
  text: TextNode;
  texts: string[];
}

/**
 * Whether an element runs inline, as a browser lays it out: `display: inline`, in a parent that is no flex box or
 * grid (whose items are blocks).
 */
export function runsInline(made: ContainerNode, parent: ContainerNode | undefined): boolean {
  return displayOf(made) === 'inline' && !(parent && LAYOUT_DISPLAY.test(displayOf(parent)));
}

/** Writes the element's number whole, and asks to write it shorter where it does not fit (not inline). */
export function requestNumberFormat(
  requests: { numbers: NumberFormatRequest[]; texts: PageText[] },
  node: HtmlElement,
  boxes: { made: ContainerNode; textBox: ContainerNode; parent: ContainerNode; inline: boolean },
  own: Inherited,
  locale: string,
): void {
  const children = boxes.textBox.children ?? [];
  const text = children.length === 1 && children[0].type === 'text' ? children[0] : undefined;
  const texts = text && numberTexts(text.text, locale);
  if (!text || !texts) return;
  text.text = texts[0];
  requests.texts.push({
    text: texts.join(' '),
    placeAt: () => node.place,
    families: own.families,
    weight: own.fontWeight,
  });
  if (boxes.inline || texts.length === 1) return;
  requests.numbers.push({
    node: boxes.made,
    parent: boxes.parent,
    holder: boxes.textBox,
    place: node.place,
    lineage: own.path,
    size: own.fontSize,
    text,
    texts,
  });
}
