/**
 * How the families under ./rules/ declare their rules: fixed rules, filed under each class they need, and
 * patterns, which make the rules of a parametric class (`gap--[12px]`, `w--16`, `bg--gray-45`) when a page uses
 * it. Families register in the framework's source order, which gives each rule its place in its layer.
 */
import type { GateSet } from './class-token';
import { isColorToken } from './colors';
import { templateNeeds, type Declarations, type DeclarationsOf, type Layer, type Rule, type RuleContext } from './rule';

export interface RuleOptions {
  gates?: GateSet;
  /** The classes that take the gate (by default every class the rule needs). */
  gated?: readonly string[];
  gateOuter?: boolean;
  /** The classes the rule needs, where its template names them only in guards (`:where(.flex) > *`). */
  needs?: readonly string[];
}

/** A parametric family: the rules of a class its pattern matches (none when the match names no token). */
export interface Pattern {
  test: RegExp;
  rules(name: string, match: RegExpExecArray): Rule[];
}

export class Registry {
  readonly fixed = new Map<string, Rule[]>();
  /** Fixed rules that need no class (element defaults): emitted when their elements are on the page. */
  readonly unclassed: Rule[] = [];
  readonly patterns: Pattern[] = [];
  private counter = 0;

  /** The next place in the source order (a pattern takes one and orders its own rules after it). */
  next(): number {
    return (this.counter += 1000);
  }

  /** A rule, filed under the classes it needs. */
  rule(layer: Layer, template: string, declarations: DeclarationsOf, options: RuleOptions = {}): Rule {
    const made = makeRule(layer, this.next(), template, declarations, options);
    if (made.needs.length === 0) this.unclassed.push(made);
    for (const name of made.needs) {
      const list = this.fixed.get(name);
      if (list) list.push(made);
      else this.fixed.set(name, [made]);
    }
    return made;
  }

  pattern(test: RegExp, rules: (name: string, match: RegExpExecArray, order: number) => Rule[]): void {
    const order = this.next();
    this.patterns.push({ test, rules: (name, match) => rules(name, match, order) });
  }

  /** A utility for each colour token: `<prefix><token>` (`bg--gray-30`), its declarations made from the token. */
  tokenPattern(
    prefix: string,
    declarations: (token: string, context: RuleContext) => Declarations,
    gates: GateSet,
  ): void {
    this.pattern(new RegExp(`^${prefix}(.+)$`), (name, match, order) =>
      isColorToken(match[1])
        ? [makeRule('utilities', order, '&', (context) => declarations(match[1], context), { gates }, name)]
        : [],
    );
  }
}

/** A rule at `order`; `subject` is the class `&` stands for in the template. */
export function makeRule(
  layer: Layer,
  order: number,
  template: string,
  declarations: DeclarationsOf,
  options: RuleOptions = {},
  subject?: string,
): Rule {
  const { classes, tags } = templateNeeds(template);
  const needs = options.needs ?? (subject === undefined ? classes : [subject, ...classes]);
  const gates = options.gates ?? 'none';
  return {
    layer,
    order,
    template,
    subject,
    needs,
    tags,
    gated: gates === 'none' ? [] : (options.gated ?? needs),
    gates,
    gateOuter: options.gateOuter ?? false,
    declarations,
  };
}
