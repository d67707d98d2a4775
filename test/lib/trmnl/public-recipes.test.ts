// Every public recipe of test/fixtures/trmnl-recipes read from its folder and filled for each of its views, with
// its sample (data, custom field values, `trmnl`) where it has one and with no data otherwise: no error is
// thrown, and the page holds the recipe's title and the sample's values.

import { expect } from 'chai';
import { compileRecipe, fillRecipe, readRecipe, recipeViews, type CompiledRecipe } from '../../../dist/lib/trmnl';
import { RECIPE_NAMES, recipeDir, recipeSample, sampleFill } from '../../fixtures/trmnl';

/** What the page of each recipe holds: in every view, and in the full view. */
const EXPECTED: Record<string, { everyView: string[]; full?: string[] }> = {
  'blueset-custom-next-holiday': { everyView: ['Custom Next Holiday and Countdown'], full: ['Next holiday'] },
  'blueset-github-trending-repos': {
    everyView: ['GitHub Trending', 'Get up and running with large language models.', '12,301', 'excalidraw'],
  },
  'blueset-http-dogs': { everyView: ['HTTP Dogs'] },
  'blueset-ipv6-adoption': { everyView: ['IPv6 Adoption'], full: ['Weekly Trend'] },
  'blueset-is-it-down': { everyView: ['Is it down?'], full: ['Everything OK.'] },
  'blueset-lyricova-quote': {
    everyView: ['Every night I fold the city', 'into a paper boat', 'Paper Boat City', 'Example P'],
  },
  'blueset-one-headline': { everyView: ['Leaders agree on plan to cut methane emissions by 2030', 'World News'] },
  'blueset-public-recipe-stats': { everyView: ['Public Recipe Stats'] },
  'blueset-random-computer': { everyView: ['N/A'] },
  'blueset-random-mdn-article': {
    everyView: ['Random MDN Article'],
    full: ['Temporal.ZonedDateTime.prototype.hour', 'The hour accessor property'],
  },
  'blueset-random-unicode': { everyView: [], full: ['Random Unicode: Error', 'Unknown error occurred.'] },
  'blueset-slickdeals': { everyView: ['Slickdeals Frontpage', 'Noise-cancelling headphones', '$179'] },
  'blueset-tatoeba': { everyView: ['class="title_bar'], full: ['https://tatoeba.org/en/sentences/show/'] },
  'blueset-uspto': { everyView: ['USPTO New Trademarks', 'LUMEN LEAF', 'Green Light Labs LLC'] },
  'blueset-visa-bulletin': { everyView: ['Visa Bulletin'], full: ['Action date', 'Filing date'] },
  'blueset-wikipedia-feed': { everyView: ['Wikipedia', 'Aurora', 'Natural light display in Earth'] },
  'blueset-world-clock': { everyView: ['Horizontal World Clock', 'Asia/Tokyo', 'Silicon Valley'] },
  'bne-bin': {
    everyView: ['Bin collection day', '999 FRANKLIN ST, HIGHGATE HILL', 'GREEN LID'],
    full: ['Brisbane Bin Collection'],
  },
  'countdown-countup': { everyView: ['our wedding', 'week until'] },
  'daily-excuse': { everyView: ['Daily Excuse'] },
  'lp-weather': { everyView: ['LP Weather'], full: ['No weather data available.'] },
  'max-payne-quotes': { everyView: ['Max Payne Quotes', 'I had a bullet. I had a gun. Time to go to work.'] },
  'noaa-tides': { everyView: ['Upcoming Tides (NOAA)'], full: ['There was a problem fetching tide data'] },
};

describe('TRMNL recipes: every public recipe of the fixtures, filled', () => {
  it('has what each page must hold for every recipe of the fixtures', () => {
    expect(Object.keys(EXPECTED).sort()).to.deep.equal(RECIPE_NAMES);
  });

  for (const name of RECIPE_NAMES) {
    const sample = recipeSample(name);

    it(`${name}: each view filled ${sample ? 'with its sample' : 'with no data'}`, async () => {
      const recipe = await readRecipe(recipeDir(name));
      const compiled: CompiledRecipe = compileRecipe(recipe);
      const views = recipeViews(recipe);
      expect(views).to.include('full');
      const expected = EXPECTED[name];
      for (const view of views) {
        const page = fillRecipe(compiled, sampleFill(sample, view));
        expect(page.view).to.equal(view);
        expect(page.html).to.match(/^<div class="environment trmnl"><div class="screen screen--1bit /);
        expect(page.html).to.include(`<div class="view view--${view}">`);
        expect(page.html).not.to.match(/<script\b/i);
        for (const text of [...expected.everyView, ...(view === 'full' ? (expected.full ?? []) : [])]) {
          expect(page.html, `${view} holds ${JSON.stringify(text)}`).to.include(text);
        }
      }
    });
  }
});
