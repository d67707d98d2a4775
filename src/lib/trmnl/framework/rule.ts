/**
 * A rule of our framework CSS, as the families under ./rules/ declare it, and what it is drawn with. A rule is
 * written once, without gates; the generator emits it bare where the page has its classes bare, and once per
 * gate that holds on the screen where the page has them gated (`lg:label--base`), scoped by the screen's
 * classes. Values are resolved for the screen (no custom property is left to the engine).
 */
import type { GateSet } from './class-token';
import type { Screen } from './screen';
import type { FrameworkFont } from './typography';

/** The framework's cascade layers, lowest first. */
export const LAYERS = ['normalize', 'elements', 'components', 'base', 'device', 'utilities'] as const;
export type Layer = (typeof LAYERS)[number];

export type Declarations = Record<string, string>;

/** What a rule's values are resolved with. */
export interface RuleContext {
  screen: Screen;
  /** The font-family value that draws one of the framework's fonts. */
  family(font: FrameworkFont): string;
}

/** A rule's declarations; undefined where the rule does not apply to the screen. */
export type DeclarationsOf = Declarations | ((context: RuleContext) => Declarations | undefined);

export interface Rule {
  layer: Layer;
  /** Its place in the framework's source order (within its layer). */
  order: number;
  /** The selector: `&` stands for `subject`, other classes are written `.name`. */
  template: string;
  /** The class a parametric rule was made for (`gap--[12px]`), which cannot be written plainly. */
  subject?: string;
  /** The classes the page must have for the rule to matter (those inside `:where()` and `:not()` excepted). */
  needs: readonly string[];
  /** The elements the page must have (`table`, `img`). */
  tags: readonly string[];
  /** The classes that may carry a gate, and the gates they may carry. */
  gated: readonly string[];
  gates: GateSet;
  /**
   * Gated rules of the family come after all its bare rules (and narrower gates before wider ones), where the
   * framework emits the family gate by gate: visibility and aspect ratios.
   */
  gateOuter: boolean;
  declarations: DeclarationsOf;
}

const GUARDS = /:(?:where|not|is)\((?:[^()]|\([^()]*\))*\)/g;
const CLASS = /\.([A-Za-z_][\w-]*)/g;
const TAG = /(?:^|[\s>+~,(])([a-z][a-z0-9]*)(?=[.[:#\s>+~,)]|$)/g;

/** The classes and elements a selector template needs, `&` (the subject) aside. */
export function templateNeeds(template: string): { classes: string[]; tags: string[] } {
  const plain = template.replace(GUARDS, '').replace(/::?[a-z-]+(\([^)]*\))?/g, '');
  const classes = [...new Set([...plain.matchAll(CLASS)].map((match) => match[1]))];
  const tags = [...new Set([...plain.matchAll(TAG)].map((match) => match[1]))];
  return { classes, tags };
}

/** The template with each class spelled by `spell` (which escapes it and may put a gate before it). */
export function renderTemplate(rule: Rule, spell: (name: string) => string): string {
  return rule.template.replace(/&|\.([A-Za-z_][\w-]*)/g, (_, name: string | undefined) =>
    name === undefined ? spell(rule.subject as string) : spell(name),
  );
}
