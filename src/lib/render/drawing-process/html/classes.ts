/** The classes an element's `class` attribute names, in order. */
import type { HtmlElement } from './html';

export function classesOf(element: HtmlElement): string[] {
  return (element.attributes.class ?? '').split(/\s+/).filter((name) => name !== '');
}
