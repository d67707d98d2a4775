/**
 * What TRMNL's framework script does to a page once it is shown, done before the page is drawn, with the page
 * renderer's own fitting where they match (../tree/fit-attributes):
 *
 * - `data-value-fit="true"` (or `data-fit-value`): the value shrinks until it fits its box, at least 8 px: on one
 *   line to its width, or wrapping within `data-value-fit-max-height` where that is given. Here `data-fit="shrink"`
 *   (`white-space: nowrap`, or `max-height` of that height).
 * - `data-value-format="true"` (or `data-value-type="number"`): the number written in it (in `data-value-locale`,
 *   en-US by default), its sign and currency sign kept, written whole in that locale's digit groups on one line,
 *   and where that is wider than its parent's room, as 1.23M, 1.2M or 1M (B, M, k: the first it reaches; 2, 1,
 *   0 fraction digits, the first that fits, else the last), decided from the page laid out. An inline element
 *   keeps its whole number, as in a browser (whose script reads its width as 0). Here `data-number-format`
 *   (../tree/number-request, ../fit/number-format); only with `data-value-fit` does it then shrink.
 * - `data-clamp="N"` and the `clamp--N` classes: at most N lines, the last ending in "…" (`data-clamp`).
 * - `data-overflow="true"` on a container: only the items that fit are drawn, then "and N more" where
 *   `data-overflow-counter="true"` (`data-overflow`); not on `.columns`, which the framework leaves as it is.
 * - `data-overflow-max-cols="N"` (or `data-overflow-cols`, and their variants for the screen) on `.columns`: its
 *   items flow through as many columns as show the most of them, up to N, each keeping what fits, then "and N
 *   more" (./overflow-columns, before the cascade; decided once laid out, ../fit/overflow-columns).
 *
 * Attributes of the page renderer's own that a recipe writes wrongly are taken out, with a warning.
 */
import type { HtmlElement, HtmlNode } from '../html/html';
import { numberLocale } from '../tree/number-texts';
import { COUNTER_TEXT } from './overflow-columns';
import { classesOf } from '../html/classes';

const MIN_FIT_SIZE = 8;

function addStyle(element: HtmlElement, declarations: string): void {
  const style = element.attributes.style ?? '';
  element.attributes.style = style.trim() === '' ? declarations : `${style};${declarations}`;
}

function isTrue(value: string | undefined): boolean {
  return value?.trim().toLowerCase() === 'true';
}

/** The last value the element's cascaded style gives `property`. */
function styleValue(element: HtmlElement, property: string): string | undefined {
  let found: string | undefined;
  for (const part of (element.attributes.style ?? '').split(';')) {
    const colon = part.indexOf(':');
    if (colon > 0 && part.slice(0, colon).trim().toLowerCase() === property) found = part.slice(colon + 1).trim();
  }
  return found;
}

/**
 * The number written whole in its locale (`data-value-locale`, en-US where none is given or it is none), on one
 * line; the page renderer writes it shorter where it does not fit its parent (`data-number-format`).
 */
function formatNumber(element: HtmlElement): void {
  addStyle(element, 'white-space:nowrap');
  element.attributes['data-number-format'] = numberLocale(element.attributes['data-value-locale']);
}

function fitValue(element: HtmlElement, maxHeight: number | undefined): void {
  element.attributes['data-fit'] = 'shrink';
  element.attributes['data-min-size'] = String(MIN_FIT_SIZE);
  addStyle(element, maxHeight === undefined ? 'white-space:nowrap' : `max-height:${maxHeight}px`);
}

class Behaviours {
  readonly warnings = new Set<string>();

  walk(nodes: readonly HtmlNode[]): void {
    for (const node of nodes) {
      if (node.kind !== 'element') continue;
      this.checkOwnAttributes(node);
      this.element(node);
      this.walk(node.children);
    }
  }

  private element(element: HtmlElement): void {
    const { attributes } = element;
    if (element.name === 'img') return;
    if (isTrue(attributes['data-value-format']) || attributes['data-value-type'] === 'number') {
      formatNumber(element);
    }
    if (isTrue(attributes['data-value-fit']) || isTrue(attributes['data-fit-value'])) {
      const height = Number.parseFloat(attributes['data-value-fit-max-height'] ?? '');
      fitValue(element, Number.isFinite(height) && height > 0 ? height : undefined);
    }
    if (attributes['data-clamp'] === undefined) {
      const lines = /^\s*(\d+)\s*$/.exec(styleValue(element, 'line-clamp') ?? '')?.[1];
      if (lines !== undefined && Number(lines) > 0) attributes['data-clamp'] = lines;
    }
    if (attributes['data-overflow'] !== undefined) this.overflow(element);
  }

  private overflow(element: HtmlElement): void {
    const { attributes } = element;
    const wanted = isTrue(attributes['data-overflow']);
    delete attributes['data-overflow'];
    // The framework leaves a `.columns` to its columns engine (./overflow-columns), which its own attributes start.
    if (!wanted || classesOf(element).includes('columns')) return;
    attributes['data-overflow'] = isTrue(attributes['data-overflow-counter']) ? COUNTER_TEXT : '';
  }

  /** The page renderer's own attributes, where a recipe writes them as it cannot take them: taken out. */
  private checkOwnAttributes(element: HtmlElement): void {
    const { attributes } = element;
    const clamp = attributes['data-clamp'];
    if (clamp !== undefined && !/^\s*([1-9]\d{0,2}|1000)\s*$/.test(clamp)) {
      delete attributes['data-clamp'];
      this.warnings.add(`data-clamp="${clamp.slice(0, 20)}" is not a number of lines: left out`);
    }
    const fit = attributes['data-fit'];
    if (fit !== undefined && fit.trim().toLowerCase() !== 'shrink') {
      delete attributes['data-fit'];
      delete attributes['data-min-size'];
    }
    if (attributes['data-fit'] === undefined) delete attributes['data-min-size'];
    delete attributes['data-number-format'];
    if (element.name === 'img') {
      delete attributes['data-fit'];
      delete attributes['data-clamp'];
      delete attributes['data-overflow'];
    }
  }
}

/** The framework's behaviours done on the page's tree; what was left out, as warnings. */
export function frameworkBehaviours(nodes: readonly HtmlNode[]): string[] {
  const behaviours = new Behaviours();
  behaviours.walk(nodes);
  return [...behaviours.warnings];
}
