/**
 * Style sheets applied to the page's HTML tree as a browser's cascade applies them, so that the tree's builder
 * and Takumi see each element's declarations in its `style` attribute, as a template writes them: for each
 * element, the declarations of every rule that matches it (./selector-match), ordered by layer (rules in layers
 * first, in the layers' order, then the rules in none), specificity and order; the element's own `style` over
 * them; `!important` declarations over that. Custom properties (`--gap`) are inherited down the tree and
 * `var()` is filled in from them. A `url()` of anything but a data URL is left out (nothing is fetched).
 */
import type { HtmlElement, HtmlNode } from '../html/html';
import { elementPlaces, matches, type ElementPlaces } from './selector-match';
import type { Selector } from './selectors';
import { readDeclarations, type Declaration, type StyleRule } from './style-sheet';

interface Candidate {
  rule: StyleRule;
  selector: Selector;
}

interface Matched {
  rule: StyleRule;
  specificity: number;
}

/** The rules by the name their selectors' last compound must have (`.class`, `#id`, `type`), or `*`. */
function ruleIndex(rules: readonly StyleRule[]): Map<string, Candidate[]> {
  const index = new Map<string, Candidate[]>();
  for (const rule of rules) {
    for (const selector of rule.selectors) {
      const { key } = selector;
      const name =
        key === undefined ? '*' : key.kind === 'class' ? `.${key.name}` : key.kind === 'id' ? `#${key.name}` : key.name;
      let list = index.get(name);
      if (!list) index.set(name, (list = []));
      list.push({ rule, selector });
    }
  }
  return index;
}

const REMOTE_URL = /url\(\s*(?!["']?(data:|#))/i;
/** A reference to an element of an inline SVG (`fill: url(#gradient)`): drawn inside an SVG, nothing outside one. */
const FRAGMENT_URL = /url\(\s*["']?#/i;
const VAR = /var\(\s*(--[\w-]+)\s*(?:,\s*((?:[^()]|\([^()]*\))*))?\)/g;

/** `value` with its `var()` filled in from `custom`; undefined where one is unknown and has no fallback. */
function withVariables(value: string, custom: ReadonlyMap<string, string>): string | undefined {
  let out = value;
  for (let round = 0; round < 8 && out.includes('var('); round++) {
    let unknown = false;
    out = out.replace(VAR, (_whole, name: string, fallback: string | undefined) => {
      const found = custom.get(name) ?? fallback?.trim();
      if (found === undefined) unknown = true;
      return found ?? '';
    });
    if (unknown) return undefined;
  }
  return out.includes('var(') ? undefined : out;
}

export interface CascadeResult {
  /** What the page is told: declarations left out, once each. */
  warnings: string[];
}

class Cascade {
  readonly warnings = new Set<string>();
  private readonly index: Map<string, Candidate[]>;
  private readonly places: ElementPlaces;

  constructor(rules: readonly StyleRule[], nodes: readonly HtmlNode[]) {
    this.index = ruleIndex(rules);
    this.places = elementPlaces(nodes);
  }

  apply(nodes: readonly HtmlNode[], custom: ReadonlyMap<string, string>, inSvg = false): void {
    for (const node of nodes) if (node.kind === 'element') this.element(node, custom, inSvg || node.name === 'svg');
  }

  private matching(element: HtmlElement): Matched[] {
    const classes = this.places.get(element)?.classes ?? new Set<string>();
    const names = ['*', element.name, ...[...classes].map((name) => `.${name}`)];
    if (element.attributes.id) names.push(`#${element.attributes.id}`);
    const found = new Map<StyleRule, number>();
    for (const name of names) {
      for (const { rule, selector } of this.index.get(name) ?? []) {
        if ((found.get(rule) ?? -1) >= selector.specificity) continue;
        if (matches(selector, element, this.places)) found.set(rule, selector.specificity);
      }
    }
    return [...found]
      .map(([rule, specificity]) => ({ rule, specificity }))
      .sort((a, b) => a.rule.layer - b.rule.layer || a.specificity - b.specificity || a.rule.order - b.rule.order);
  }

  private element(element: HtmlElement, inherited: ReadonlyMap<string, string>, inSvg: boolean): void {
    const matched = this.matching(element);
    const inline = readDeclarations(element.attributes.style ?? '');
    const normal: Declaration[] = [];
    const important: Declaration[] = [];
    for (const { rule } of matched)
      for (const item of rule.declarations) (item.important ? important : normal).push(item);
    // Important declarations of layers rank in reverse: the first layer's win over later ones.
    important.sort((a, b) => layerOf(matched, b) - layerOf(matched, a));
    const ordered = [
      ...normal,
      ...inline.filter((item) => !item.important),
      ...important,
      ...inline.filter((item) => item.important),
    ];
    let custom = inherited;
    const styles = new Map<string, string>();
    for (const { property, value } of ordered) {
      if (property.startsWith('--')) {
        if (custom === inherited) custom = new Map(inherited);
        (custom as Map<string, string>).set(property, value);
      } else {
        styles.delete(property);
        styles.set(property, value);
      }
    }
    if (styles.size > 0 || element.attributes.style !== undefined) {
      const written: string[] = [];
      for (const [property, value] of styles) {
        const filled = withVariables(value, custom);
        if (filled === undefined || (!inSvg && FRAGMENT_URL.test(filled))) continue;
        if (REMOTE_URL.test(filled)) {
          this.warnings.add(`${property}: ${filled.slice(0, 60)} is not drawn: nothing is fetched`);
          continue;
        }
        written.push(`${property}:${filled}`);
      }
      element.attributes.style = written.join(';');
    }
    this.apply(element.children, custom, inSvg);
  }
}

function layerOf(matched: readonly Matched[], declaration: Declaration): number {
  return matched.find(({ rule }) => rule.declarations.includes(declaration))?.rule.layer ?? 0;
}

/** The rules applied to the tree: each element's `style` attribute becomes its cascaded declarations. */
export function applyCascade(rules: readonly StyleRule[], nodes: readonly HtmlNode[]): CascadeResult {
  const cascade = new Cascade(rules, nodes);
  cascade.apply(nodes, new Map());
  return { warnings: [...cascade.warnings] };
}
