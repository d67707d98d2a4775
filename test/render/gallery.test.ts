// The README's gallery (docs/gallery/), drawn again on every run by `npm run gallery`'s code (scripts/gallery.js)
// on a host without fonts, so the pictures in the repository are what the code draws now (a change to a layout
// shows as a changed picture to commit). Each picture is then read back as a person would look at it: its
// words by tesseract, its colours by sharp; small enough for the README, and each one shown there.

import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { coloursOf, compact, pixelsOf, readText } from './support';
import { canHideHostFonts } from './without-host-fonts';

interface GalleryPage {
  name: string;
  message: Record<string, unknown>;
  colors: string;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the script npm run gallery runs, in JavaScript
const gallery = require('../../scripts/gallery.js') as {
  GALLERY_DIR: string;
  drawGallery(dir?: string): Promise<{ files: string[]; withoutHostFonts: boolean }>;
  galleryPages(): GalleryPage[];
};

const ROOT = path.join(__dirname, '..', '..');
const MAX_PICTURE_BYTES = 24 * 1024;
const BLACK_AND_WHITE = ['0,0,0', '255,255,255'];
const FOUR_COLOURS = [...BLACK_AND_WHITE, '255,0,0', '255,255,0'];

/** The texts of a sample message, at any depth, that are words to read (not ids, codes or dates). */
function textsOf(value: unknown, texts: string[] = []): string[] {
  if (typeof value === 'string' && /^\p{L}[\p{L}\s'-]+$/u.test(value)) texts.push(compact(value));
  else if (Array.isArray(value)) value.forEach((item) => textsOf(item, texts));
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => textsOf(item, texts));
  return texts;
}

describe('the README gallery (npm run gallery)', function () {
  this.timeout(180_000);
  const pages = gallery.galleryPages();
  let drawn: { files: string[]; withoutHostFonts: boolean };
  let words: Map<string, string>;

  before(async () => {
    drawn = await gallery.drawGallery();
    const texts = await readText(drawn.files.map((file) => fs.readFileSync(file)));
    words = new Map(drawn.files.map((file, index) => [path.basename(file, '.png'), compact(texts[index])]));
  });

  it('draws every picture on a host without fonts, where the machine lets the test hide them', function () {
    expect(drawn.files.map((file) => path.basename(file))).to.deep.equal(pages.map((page) => `${page.name}.png`));
    if (!canHideHostFonts()) this.skip();
    expect(drawn.withoutHostFonts).to.equal(true);
  });

  it('holds every built-in layout in English and Chinese, the morning brief, a four-colour page and a TRMNL recipe', () => {
    const names = pages.map((page) => page.name);
    expect(names.filter((name) => name.startsWith('layout-') && name.endsWith('-en-US'))).to.have.length.above(5);
    expect(names.filter((name) => name.endsWith('-zh-CN'))).to.have.length(
      names.filter((name) => name.endsWith('-en-US')).length,
    );
    expect(names).to.include.members(['morning-brief', 'four-colour-photo', 'trmnl-recipe']);
  });

  it("shows on each layout's page the texts of its sample message: three of them, or one where it has fewer than four", () => {
    for (const page of pages.filter((candidate) => candidate.name.startsWith('layout-'))) {
      const expected = textsOf(page.message);
      const read = words.get(page.name) ?? '';
      const found = expected.filter((text) => read.includes(text));
      expect(found.length, `${page.name}: read "${read}", sample texts ${JSON.stringify(expected)}`).to.be.at.least(
        expected.length >= 4 ? 3 : 1,
      );
    }
  });

  it('shows the morning brief: the day, its events counted where the day is full, the to-dos', () => {
    const read = words.get('morning-brief') ?? '';
    for (const expected of ['Today', 'Todo', 'Schoolrun', 'Buymilk', '14']) expect(read, expected).to.include(expected);
    expect(read).to.match(/\+\dmore.*\+\dmore/);
  });

  it("shows the TRMNL recipe example's quote, its speaker and the recipe's name in its title bar", () => {
    const read = words.get('trmnl-recipe') ?? '';
    for (const expected of ['hadabullet', 'Ihadagun', 'Timetogotowork', 'MaxPayneQuotes'])
      expect(read, expected).to.include(expected);
  });

  it('draws each page of only its palette: black and white, or black, white, red and yellow', async () => {
    for (const [index, page] of pages.entries()) {
      const colours = [...coloursOf(await pixelsOf(fs.readFileSync(drawn.files[index])))];
      const palette = page.colors === 'bwry' ? FOUR_COLOURS : BLACK_AND_WHITE;
      expect(
        colours.filter((colour) => !palette.includes(colour)),
        page.name,
      ).to.deep.equal([]);
      if (page.colors === 'bwry') expect(colours, page.name).to.include.members(FOUR_COLOURS);
    }
  });

  it('keeps each picture small, and the README shows every one of them', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    for (const file of drawn.files) {
      expect(fs.statSync(file).size, path.basename(file)).to.be.below(MAX_PICTURE_BYTES);
      expect(readme, path.basename(file)).to.include(path.relative(ROOT, file).split(path.sep).join('/'));
    }
    const inFolder = fs.readdirSync(gallery.GALLERY_DIR).map((name) => path.join(gallery.GALLERY_DIR, name));
    expect(inFolder.sort(), 'pictures in docs/gallery that no page draws').to.deep.equal([...drawn.files].sort());
  });
});
