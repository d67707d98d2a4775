// Every public recipe of test/fixtures/trmnl-recipes, drawn by a device-cloud-trmnl-recipe node in Node-RED on a host
// without fonts, at 800 x 480 and 400 x 300. A recipe with a sample shows its title and its data, as tesseract reads
// them; one with a screenshot of TRMNL's own (reference-f.png) shows the same words and puts its ink in the same
// places; the others draw, with their warnings.

import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import { RECIPE_NAMES, recipeDir, recipeSample } from '../fixtures/trmnl';
import { drawRecipesWithoutHostFonts, type RecipePageDrawn } from './trmnl-recipes-flow';
import { compact, darkness, pixelsOf, readText } from './support';

const SIZES = [
  [800, 480],
  [400, 300],
] as const;

/** What a person reads on each recipe's page drawn with its sample: its title, then a piece of its data. */
const READS: Record<string, string[]> = {
  'blueset-github-trending-repos': ['GitHub', 'excalidraw'],
  'blueset-lyricova-quote': ['BoatCity', 'driftdownstream'],
  'blueset-one-headline': ['WorldNews', 'methane'],
  'blueset-slickdeals': ['Slickdeals', 'headphones'],
  'blueset-uspto': ['USPTONewTrademarks', 'QUIETHAUS'],
  'blueset-wikipedia-feed': ['Aurora', 'naturallightdisplay'],
  'blueset-world-clock': ['Worldclock', 'Asia/Tokyo'],
  'bne-bin': ['FRANKLINST', 'GeneralWaste'],
  // Its tiles are white on black; the heading and the count are read poorly, the sample's own text well.
  'countdown-countup': ['wedding'],
  // Its excuse is written by a script, which does not run: the title is all there is to read.
  'daily-excuse': ['DailyExcuse'],
  'max-payne-quotes': ['MaxPayne', 'bullet'],
};

/**
 * What TRMNL's own screenshot of a recipe shows that does not depend on the data of the moment: words, and whether
 * its content stands in two columns side by side (the world clock's hours are drawn by a script, which does not
 * run here: only its title bar and its zones' names are held against it).
 */
const LIKE_SCREENSHOT: Record<string, { words: string[]; twoColumns: boolean }> = {
  'blueset-github-trending-repos': { words: ['GitHub', 'Daily', 'today'], twoColumns: true },
  'blueset-slickdeals': { words: ['Slickdeals', 'Frontpage'], twoColumns: true },
  'blueset-world-clock': { words: ['Worldclock', 'Asia/Tokyo'], twoColumns: false },
  'bne-bin': { words: ['REDLID', 'GeneralWaste', 'GardenWaste', 'BrisbaneBinCollection'], twoColumns: true },
};

/**
 * Each page as tesseract reads it, in either of two readings: as drawn, and at twice its size with its dither dots
 * blurred away (the framework's grey title bars), each page alone.
 */
async function readPages(pngs: Buffer[]): Promise<string[]> {
  const texts: string[] = [];
  for (const png of pngs) {
    const { width = 0 } = await sharp(png).metadata();
    const smoothed = await sharp(png)
      .blur(1.2)
      .threshold(100)
      .resize(width * 2, undefined, { kernel: 'cubic' })
      .png()
      .toBuffer();
    const [asDrawn] = await readText([png], [], 'eng');
    const [asSmoothed] = await readText([smoothed], [], 'eng');
    texts.push(compact(`${asDrawn} ${asSmoothed}`).toLowerCase());
  }
  return texts;
}

/** The cells of a `columns` x `rows` grid over the page (at 800 x 480) that hold ink: over 1 % of their pixels dark. */
async function inkedCells(png: Buffer, columns = 8, rows = 6): Promise<Set<number>> {
  // Flattened on white (a screenshot's transparent corners), at the size of TRMNL's screen, black or white.
  const pixels = await pixelsOf(
    await sharp(png)
      .flatten({ background: '#ffffff' })
      .resize(800, 480, { fit: 'fill' })
      .greyscale()
      .threshold(128)
      .toColourspace('srgb')
      .png()
      .toBuffer(),
  );
  const cells = new Set<number>();
  const [cellWidth, cellHeight] = [800 / columns, 480 / rows];
  for (let row = 0; row < rows; row++)
    for (let column = 0; column < columns; column++)
      if (darkness(pixels, column * cellWidth, row * cellHeight, cellWidth, cellHeight) > 0.01)
        cells.add(row * columns + column);
  return cells;
}

describe('TRMNL recipes through a flow, on a host without fonts', function () {
  this.timeout(600_000);
  const drawn = new Map<string, RecipePageDrawn>();
  const texts = new Map<string, string>();

  before(async function () {
    if (process.getuid?.() !== 0) this.skip(); // a private mount namespace needs root
    const asked = RECIPE_NAMES.flatMap((name) => {
      const sample = recipeSample(name);
      return SIZES.map(([width, height]) => ({
        config: {
          recipe: recipeDir(name),
          width: String(width),
          height: String(height),
          fields: JSON.stringify(sample?.custom_fields ?? {}),
        },
        msg: { payload: sample?.data, ...(sample?.trmnl ? { trmnl: sample.trmnl } : {}) },
      }));
    });
    const pages = await drawRecipesWithoutHostFonts(asked);
    const keys = RECIPE_NAMES.flatMap((name) => SIZES.map(([width, height]) => `${name} ${width}x${height}`));
    keys.forEach((key, index) => drawn.set(key, pages[index]));
    const readable = keys.filter((key) => READS[key.split(' ')[0]] && (drawn.get(key)?.png.length ?? 0) > 0);
    const read = await readPages(readable.map((key) => drawn.get(key)?.png as Buffer));
    readable.forEach((key, index) => texts.set(key, read[index]));
  });

  for (const name of RECIPE_NAMES) {
    for (const [width, height] of SIZES) {
      const key = `${name} ${width}x${height}`;
      const reads = READS[name];
      it(`${key}: ${reads ? `shows ${reads.join(' and ')}` : 'draws, with its warnings'}`, async () => {
        const page = drawn.get(key);
        expect(page?.error, 'the error at the Catch node').to.equal(undefined);
        const pixels = await pixelsOf(page?.png as Buffer);
        expect([pixels.width, pixels.height]).to.deep.equal([width, height]);
        if (reads) expect(darkness(pixels, 0, 0, width, height), 'ink on the page').to.be.above(0.005);
        expect(page?.warnings).to.be.an('array');
        for (const warning of page?.warnings ?? []) expect(warning).to.be.a('string').and.not.equal('');
        for (const word of reads ?? []) expect(texts.get(key), `the page reads ${word}`).to.include(word.toLowerCase());
      });
    }
  }

  for (const [name, like] of Object.entries(LIKE_SCREENSHOT)) {
    it(`${name}: shows the words of TRMNL's own screenshot, its title bar where it has it${like.twoColumns ? ', and its two columns' : ''}`, async () => {
      const reference = path.join(recipeDir(name), 'reference-f.png');
      expect(existsSync(reference), reference).to.equal(true);
      const ours = drawn.get(`${name} 800x480`)?.png as Buffer;
      const theirs = await sharp(reference)
        .flatten({ background: '#ffffff' })
        .resize(800, 480, { fit: 'fill' })
        .png()
        .toBuffer();
      const [ourText, theirText] = await readPages([ours, theirs]);
      for (const word of like.words) {
        expect(theirText, `the screenshot reads ${word}`).to.include(word.toLowerCase());
        expect(ourText, `our page reads ${word}`).to.include(word.toLowerCase());
      }
      // An error Ruby Liquid prints nothing for (a failing assign) is a warning, never text on the page.
      expect(theirText, 'the screenshot shows a Liquid error').to.not.include('liquiderror');
      expect(ourText, 'our page shows a Liquid error').to.not.include('liquiderror');
      const [ourCells, theirCells] = [await inkedCells(ours), await inkedCells(theirs)];
      // The title bar (the bottom row of the grid): where the screenshot has ink in it (its icon, its title, its
      // instance), ours has too (its grey between them is dithered in ours, a light grey in the screenshot).
      const theirBar = [40, 41, 42, 43, 44, 45, 46, 47].filter((cell) => theirCells.has(cell));
      expect(theirBar.length, "the screenshot's title bar").to.be.at.least(3);
      expect(
        theirBar.filter((cell) => !ourCells.has(cell)),
        'cells of the title bar inked in theirs, not ours',
      ).to.deep.equal([]);
      if (like.twoColumns) {
        // Content (the rows above the bar) on either side of the middle, in both.
        for (const cells of [ourCells, theirCells]) {
          const content = [...cells].filter((cell) => cell < 40).map((cell) => cell % 8);
          expect(
            content.some((column) => column < 4),
            'content left of the middle',
          ).to.equal(true);
          expect(
            content.some((column) => column >= 4),
            'content right of the middle',
          ).to.equal(true);
        }
      }
    });
  }
});
