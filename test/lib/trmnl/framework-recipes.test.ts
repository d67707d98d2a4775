// Every public recipe of test/fixtures/trmnl-recipes, filled for each of its views with its sample: every class its
// page uses is one the framework styles, one the recipe's own style sheet defines, or one of the few below, which
// are not the framework's (typos, hooks of the recipe's scripts, another framework's classes).

import { expect } from 'chai';
import { compileRecipe, fillRecipe, readRecipe, recipeViews } from '../../../dist/lib/trmnl';
import {
  classesDefinedBy,
  frameworkCss,
  pageStyleSheets,
  pageVocabulary,
  readScreen,
} from '../../../dist/lib/trmnl/framework';
import { RECIPE_NAMES, recipeDir, recipeSample, sampleFill } from '../../fixtures/trmnl';
import { cssRules } from './framework-css';

/** Classes of the public recipes that TRMNL's framework (3.2) does not have either. */
const NOT_FRAMEWORK: Record<string, string[]> = {
  'blueset-github-trending-repos': ['ccolumns'],
  'blueset-http-dogs': ['bg-black', 'name', 'status'],
  'blueset-ipv6-adoption': ['value--medium'],
  'blueset-is-it-down': ['image--dither'],
  'blueset-lyricova-quote': ['qr-code', 'quote'],
  'blueset-random-mdn-article': ['baseline', 'image--dither'],
  'blueset-random-unicode': ['details'],
  'blueset-slickdeals': ['image--dither'],
  'blueset-visa-bulletin': ['action-date-left', 'filing-date-left', 'h-full'],
  'bne-bin': ['green', 'red', 'today'],
  // Hooks of its script; `p--[…]` is not on the spacing scale.
  'countdown-countup': [
    'fdp-count',
    'fdp-heading',
    'fdp-number',
    'fdp-relation',
    'fdp-root--full',
    'fdp-root--half-horizontal',
    'fdp-root--half-vertical',
    'fdp-root--quadrant',
    'fdp-target',
    'fdp-text',
    'p--[0.25rem]',
    'p--[0.2rem]',
  ],
  'daily-excuse': ['image--stroke', 'layout--gap-4', 'no-reason'],
  'max-payne-quotes': ['pt--xsmall'],
};

describe('TRMNL framework: the public recipes', function () {
  this.timeout(60_000);

  for (const name of RECIPE_NAMES) {
    it(`${name}: every class is the framework's, the recipe's own or a known stray`, async () => {
      const recipe = await readRecipe(recipeDir(name));
      const compiled = compileRecipe(recipe);
      const sample = recipeSample(name);
      const strays = new Set<string>();
      for (const view of recipeViews(recipe)) {
        const page = fillRecipe(compiled, sampleFill(sample, view));
        const own = new Set(pageStyleSheets(page.html).flatMap((css) => [...classesDefinedBy(css)]));
        const made = frameworkCss(pageVocabulary(page.html), readScreen(800, 480, page.screenClasses));
        for (const token of made.unknown) if (!own.has(token)) strays.add(token);
        // The page's frame is styled.
        const selectors = cssRules(made.css).map((rule) => rule.selector);
        expect(selectors).to.include.members(['.screen', `.view--${page.view}`]);
      }
      expect([...strays].sort()).to.deep.equal(NOT_FRAMEWORK[name] ?? []);
    });
  }
});
