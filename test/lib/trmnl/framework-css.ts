/**
 * The framework CSS the generator makes, read back into rules (layer, selector, declarations), and screens as the
 * page wrapper describes them, for the framework tests.
 */
import { frameworkCss, readScreen, type FrameworkCss, type Screen } from '../../../dist/lib/trmnl/framework';
import { screenClasses, type BitDepth } from '../../../dist/lib/trmnl/page/page-wrap';

export interface CssRule {
  layer: string;
  selector: string;
  declarations: Record<string, string>;
}

/** The rules of generated CSS, in their order. */
export function cssRules(css: string): CssRule[] {
  const rules: CssRule[] = [];
  for (const block of css.matchAll(/@layer tn--([\w-]+)\{((?:[^{}]*\{[^{}]*\})*)\}/g)) {
    for (const rule of block[2].matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      const declarations: Record<string, string> = {};
      // Values hold colons (data URLs) and semicolons only between declarations.
      for (const part of rule[2].split(/;(?=[a-z-]+:|$)/)) {
        const colon = part.indexOf(':');
        if (colon > 0) declarations[part.slice(0, colon)] = part.slice(colon + 1);
      }
      rules.push({ layer: block[1], selector: rule[1], declarations });
    }
  }
  return rules;
}

/** A screen as the page wrapper describes it (800 x 480, 1-bit by default). */
export function screenOf(width = 800, height = 480, bitDepth: BitDepth = 1, more: string[] = []): Screen {
  const classes = screenClasses({ width, height, bitDepth, darkMode: more.includes('dark'), noScreenPadding: false });
  return readScreen(width, height, [...classes, ...more.filter((name) => name !== 'dark')]);
}

/** The CSS for a page of `classes` on `screen`, and its rules. */
export function generated(classes: string[], screen: Screen = screenOf()): FrameworkCss & { parsed: CssRule[] } {
  const made = frameworkCss({ classes }, screen);
  return { ...made, parsed: cssRules(made.css) };
}

/** The declarations of the rule whose selector is exactly `selector` (the last such rule). */
export function ruleFor(rules: CssRule[], selector: string): Record<string, string> {
  const found = rules.filter((rule) => rule.selector === selector);
  if (found.length === 0)
    throw new Error(`no rule ${selector} among ${rules.map((rule) => rule.selector).join(' | ')}`);
  return found[found.length - 1].declarations;
}
