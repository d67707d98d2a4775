/**
 * The page's framework CSS, made for the classes (and elements) the page uses, like a just-in-time utility
 * generator: each class is looked up (a fixed rule filed under it, or a pattern that makes its rules), gates
 * are resolved for the screen, and the rules come out in the framework's cascade order, in its layers. A class
 * the framework does not have is left unstyled and named in `unknown`.
 */
import { escapeClass, gateAllowed, gateHolds, gateScope, parseClassToken, type Gate } from './class-token';
import { frameworkRegistry } from './rules';
import { renderTemplate, LAYERS, type Declarations, type Rule, type RuleContext } from './rule';
import type { Screen } from './screen';
import { FONT_SUBSTITUTES } from './fonts';
import type { FrameworkFont } from './typography';

export interface PageVocabulary {
  /** Every class token of the page, as written (`lg:label--base`). */
  classes: Iterable<string>;
  /** The page's element names (lower case); without them, rules for elements are all emitted. */
  tags?: Iterable<string>;
}

export interface FrameworkCssOptions {
  /** The family that draws each framework font (by default the substitutes of ./fonts). */
  fontFamilies?: Partial<Record<FrameworkFont, string>>;
}

export interface FrameworkCss {
  /** The rules, in `@layer` blocks in the framework's layer order. */
  css: string;
  rules: number;
  /** Class tokens the framework does not style (typos, a page's own classes, gates it does not publish). */
  unknown: string[];
  /** The framework fonts the rules name. */
  fonts: FrameworkFont[];
}

interface Emitted {
  layer: number;
  key: [number, number, number];
  text: string;
}

/** The rank of a gate among a rule's forms: narrower gates first, as the framework emits them. */
function gateRank(gate: Gate | undefined): number {
  if (gate === undefined) return 0;
  const parts = [gate.size, gate.orientation, gate.bits].filter((part) => part !== undefined).length;
  return 1 + (gate.dark ? 40 : 0) + parts * 10 + (gate.bits !== undefined ? 1 : 0) + (gate.orientation ? 2 : 0);
}

function declarationText(declarations: Declarations): string {
  let text = '';
  for (const property in declarations) text += `${property}:${declarations[property]};`;
  return text;
}

export function frameworkCss(page: PageVocabulary, screen: Screen, options: FrameworkCssOptions = {}): FrameworkCss {
  const registry = frameworkRegistry();
  const fonts = new Set<FrameworkFont>();
  const context: RuleContext = {
    screen,
    family(font) {
      fonts.add(font);
      return options.fontFamilies?.[font] ?? FONT_SUBSTITUTES[font];
    },
  };

  // The page's classes by name, with the spellings whose gates hold ('' for the bare class).
  const spellings = new Map<string, Map<string, Gate | undefined>>();
  const written: { token: string; name: string; gate?: Gate }[] = [];
  const unknown = new Set<string>();
  for (const token of page.classes) {
    const parsed = parseClassToken(token);
    if (!parsed) {
      unknown.add(token);
      continue;
    }
    written.push({ token, name: parsed.name, gate: parsed.gate });
    if (parsed.gate && !gateHolds(parsed.gate, screen)) continue;
    let forms = spellings.get(parsed.name);
    if (!forms) spellings.set(parsed.name, (forms = new Map<string, Gate | undefined>()));
    forms.set(parsed.prefix, parsed.gate);
  }
  const tags = page.tags ? new Set(page.tags) : undefined;

  const rulesOf = new Map<string, Rule[]>();
  const lookup = (name: string): Rule[] => {
    let found = rulesOf.get(name);
    if (found) return found;
    found = [...(registry.fixed.get(name) ?? [])];
    for (const pattern of registry.patterns) {
      const match = pattern.test.exec(name);
      if (match) found.push(...pattern.rules(name, match));
    }
    rulesOf.set(name, found);
    return found;
  };
  for (const { token, name, gate } of written) {
    const rules = lookup(name);
    const known = gate
      ? rules.some((rule) => rule.gated.includes(name) && gateAllowed(gate, rule.gates))
      : rules.length > 0;
    if (!known) unknown.add(token);
  }

  const candidates = new Set<Rule>(registry.unclassed);
  for (const name of spellings.keys()) for (const rule of lookup(name)) candidates.add(rule);

  const emitted: Emitted[] = [];
  for (const rule of candidates) {
    if (!rule.needs.every((name) => spellings.has(name))) continue;
    if (tags && !rule.tags.every((tag) => tags.has(tag))) continue;
    const declarations = typeof rule.declarations === 'function' ? rule.declarations(context) : rule.declarations;
    if (declarations === undefined || Object.keys(declarations).length === 0) continue;
    const body = `{${declarationText(declarations)}}`;
    const layer = LAYERS.indexOf(rule.layer);
    const keyOf = (rank: number): [number, number, number] =>
      rule.gateOuter ? [rule.order - (rule.order % 1000), rank, rule.order] : [rule.order, rank, 0];

    if (rule.needs.every((name) => spellings.get(name)?.has(''))) {
      emitted.push({ layer, key: keyOf(0), text: `${renderTemplate(rule, (name) => `.${escapeClass(name)}`)}${body}` });
    }
    // Each gate the page writes on the rule's gated classes: every mix of bare and gated spellings but the bare one.
    const gates = new Map<string, Gate>();
    for (const name of rule.gated)
      for (const [prefix, gate] of spellings.get(name) ?? [])
        if (gate && gateAllowed(gate, rule.gates)) gates.set(prefix, gate);
    for (const [prefix, gate] of gates) {
      let combos: Map<string, string>[] = [new Map<string, string>()];
      for (const name of rule.needs) {
        const forms = spellings.get(name) as Map<string, Gate | undefined>;
        const choices = [
          forms.has('') ? '' : undefined,
          rule.gated.includes(name) && forms.has(prefix) ? prefix : undefined,
        ];
        combos = combos.flatMap((combo) =>
          choices.filter((choice) => choice !== undefined).map((choice) => new Map(combo).set(name, choice)),
        );
      }
      const selectors = combos
        .filter((combo) => [...combo.values()].some((choice) => choice !== ''))
        .map((combo) => {
          const spelled = renderTemplate(rule, (name) => `.${escapeClass(`${combo.get(name) ?? ''}${name}`)}`);
          return `${gateScope(gate, screen)} ${spelled}`;
        });
      if (selectors.length > 0)
        emitted.push({ layer, key: keyOf(gateRank(gate)), text: `${selectors.join(',')}${body}` });
    }
  }

  emitted.sort((a, b) => a.layer - b.layer || a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2]);
  let css = `@layer ${LAYERS.map((layer) => `tn--${layer}`).join(',')};`;
  for (let i = 0; i < emitted.length;) {
    const layer = emitted[i].layer;
    css += `@layer tn--${LAYERS[layer]}{`;
    for (; i < emitted.length && emitted[i].layer === layer; i++) css += emitted[i].text;
    css += '}';
  }
  return { css, rules: emitted.length, unknown: [...unknown].sort(), fonts: [...fonts].sort() };
}
