/**
 * Whether an element of the page's HTML tree matches a selector (./selectors), as a browser matches it: its
 * compounds from the right, each combinator walking up to the parent or back along the siblings.
 */
import type { HtmlElement, HtmlNode } from '../html/html';
import type { Selector, Simple } from './selectors';
import { classesOf } from '../html/classes';

/** Where an element stands: its parent and its element siblings (itself among them, at `index`). */
export interface ElementPlace {
  parent: HtmlElement | undefined;
  siblings: readonly HtmlElement[];
  index: number;
  classes: ReadonlySet<string>;
}

export type ElementPlaces = Map<HtmlElement, ElementPlace>;

/** Every element of the tree with its place. */
export function elementPlaces(
  nodes: readonly HtmlNode[],
  parent?: HtmlElement,
  out: ElementPlaces = new Map(),
): ElementPlaces {
  const siblings = nodes.filter((node): node is HtmlElement => node.kind === 'element');
  siblings.forEach((element, index) => {
    const classes = new Set(classesOf(element));
    out.set(element, { parent, siblings, index, classes });
    elementPlaces(element.children, element, out);
  });
  return out;
}

/** Whether `element` matches `selector`. */
export function matches(selector: Selector, element: HtmlElement, places: ElementPlaces): boolean {
  return matchFrom(selector, selector.compounds.length - 1, element, places);
}

function matchFrom(selector: Selector, at: number, element: HtmlElement, places: ElementPlaces): boolean {
  if (!selector.compounds[at].every((simple) => matchSimple(simple, element, places))) return false;
  if (at === 0) return true;
  const place = places.get(element);
  const combinator = selector.combinators[at - 1];
  if (!place) return false;
  if (combinator === '>') return place.parent !== undefined && matchFrom(selector, at - 1, place.parent, places);
  if (combinator === ' ') {
    for (let up = place.parent; up; up = places.get(up)?.parent)
      if (matchFrom(selector, at - 1, up, places)) return true;
    return false;
  }
  if (combinator === '+') {
    const before = place.siblings[place.index - 1];
    return before !== undefined && matchFrom(selector, at - 1, before, places);
  }
  return place.siblings.slice(0, place.index).some((before) => matchFrom(selector, at - 1, before, places));
}

function matchSimple(simple: Simple, element: HtmlElement, places: ElementPlaces): boolean {
  switch (simple.kind) {
    case 'type':
      return element.name === simple.name;
    case 'id':
      return element.attributes.id === simple.name;
    case 'class':
      return places.get(element)?.classes.has(simple.name) ?? false;
    case 'attribute':
      return matchAttribute(simple, element);
    case 'not':
      return !simple.list.some((selector) => matches(selector, element, places));
    case 'is':
      return simple.list.some((selector) => matches(selector, element, places));
    case 'nth':
      return matchNth(simple, element, places);
    case 'empty':
      return element.children.every((child) => child.kind === 'text' && child.text === '');
    default:
      return false;
  }
}

function matchAttribute(simple: Extract<Simple, { kind: 'attribute' }>, element: HtmlElement): boolean {
  const written = Object.entries(element.attributes).find(([name]) => name.toLowerCase() === simple.name)?.[1];
  if (written === undefined) return false;
  const value = simple.insensitive ? written.toLowerCase() : written;
  const wanted = simple.insensitive ? simple.value.toLowerCase() : simple.value;
  switch (simple.operator) {
    case '':
      return true;
    case '=':
      return value === wanted;
    case '~=':
      return value.split(/\s+/).includes(wanted);
    case '|=':
      return value === wanted || value.startsWith(`${wanted}-`);
    case '^=':
      return wanted !== '' && value.startsWith(wanted);
    case '$=':
      return wanted !== '' && value.endsWith(wanted);
    default:
      return wanted !== '' && value.includes(wanted);
  }
}

function matchNth(simple: Extract<Simple, { kind: 'nth' }>, element: HtmlElement, places: ElementPlaces): boolean {
  const place = places.get(element);
  if (!place) return false;
  let counted = place.siblings.filter(
    (sibling) =>
      (!simple.ofType || sibling.name === element.name) &&
      (!simple.of || simple.of.some((selector) => matches(selector, sibling, places))),
  );
  if (simple.last) counted = [...counted].reverse();
  const position = counted.indexOf(element) + 1;
  if (position === 0) return false;
  if (simple.a === 0) return position === simple.b;
  const steps = (position - simple.b) / simple.a;
  return Number.isInteger(steps) && steps >= 0;
}
