// A TRMNL recipe whose numbered list stands in a `.columns` with data-overflow-max-cols, drawn by a
// device-cloud-trmnl-recipe node in Node-RED on a host without fonts, and read as a person reads it: each strip of the
// page by tesseract (which items stand in it, in which order, and the "and N more" counter), and where the page has
// ink. As TRMNL's script draws it: the items flow in order from column to column, each column keeping what fits
// whole, as many columns as show the most items and no more, the counter last, counting every item not drawn.

import { expect } from 'chai';
import sharp from 'sharp';
import { drawRecipesWithoutHostFonts, type RecipePageDrawn } from './trmnl-recipes-flow';
import { darkness, pixelsOf, readText } from './support';

// The counter is the framework's grey label, dots of ink at 1 bit: large enough that its digits read.
const MARKUP = `<style>.columns .label { font-size: 32px; line-height: 36px; }</style>
<div class="layout layout--col">
  <div class="columns" {{ attributes }}>
    <div class="column">
      {% for n in (1..count) %}<div class="item"><div class="content"><span class="title">Item {{ n }}{{ tail }}</span></div></div>{% endfor %}
    </div>
  </div>
</div>
<div class="title_bar"><span class="title">Columns</span></div>`;

/** The same list in groups, each opened by a group header (`.label[data-group-header]`), items numbered on. */
const GROUPS_MARKUP = `<style>.columns .label { font-size: 32px; line-height: 36px; }</style>
<div class="layout layout--col">
  <div class="columns" {{ attributes }}>
    <div class="column">
      {% assign n = 0 %}{% for group in groups %}<span class="label" data-group-header>{{ group.name }}</span>
      {% for i in (1..group.count) %}{% assign n = n | plus: 1 %}<div class="item"><div class="content"><span class="title">Item {{ n }}</span></div></div>{% endfor %}{% endfor %}
    </div>
  </div>
</div>
<div class="title_bar"><span class="title">Columns</span></div>`;

const HEADERS = ['Alpha', 'Bravo', 'Charlie'];

/** Three groups of these many items. */
function groupsOf(...counts: number[]): { name: string; count: number }[] {
  return counts.map((count, index) => ({ name: HEADERS[index], count }));
}

const LONG = 60;
const COUNTER = 'data-overflow-counter="true"';

/** A line as wide as half the page, that a third of it would wrap. */
const WIDE = ' stands in a column as wide as the page';

const RESPONSIVE =
  'data-overflow-max-cols="1" data-overflow-max-cols-md="2" data-overflow-max-cols-lg="3" ' +
  `data-overflow-max-cols-md-portrait="1" ${COUNTER}`;

/** Each page: its list's length, the attributes of its `.columns`, its size, what follows each item's number. */
const PAGES = {
  'max 3': { count: LONG, attributes: `data-overflow-max-cols="3" ${COUNTER}`, width: 800, height: 480 },
  'max 1': { count: LONG, attributes: `data-overflow-max-cols="1" ${COUNTER}`, width: 800, height: 480 },
  short: { count: 5, attributes: `data-overflow-max-cols="3" ${COUNTER}`, width: 800, height: 480, tail: WIDE },
  // TRMNL's 800 x 480 screen is of its medium size, its 1040 x 780 one of its large size.
  'responsive md': { count: LONG, attributes: RESPONSIVE, width: 800, height: 480 },
  'responsive lg': { count: LONG, attributes: RESPONSIVE, width: 1040, height: 780 },
  'responsive md portrait': { count: LONG, attributes: RESPONSIVE, width: 480, height: 800 },
  'groups in 2': {
    count: 0,
    attributes: `data-overflow-max-cols="2" ${COUNTER}`,
    width: 800,
    height: 480,
    groups: groupsOf(6, 6, 4),
  },
  'groups in 3': {
    count: 0,
    attributes: `data-overflow-max-cols="3" ${COUNTER}`,
    width: 800,
    height: 480,
    groups: groupsOf(4, 5, 3),
  },
  // The first column has room below Alpha's last item for a header, not for a header and an item.
  'header at a foot': {
    count: 0,
    attributes: `data-overflow-max-cols="2" ${COUNTER}`,
    width: 800,
    height: 480,
    groups: groupsOf(10, 4, 3),
  },
  'groups overflow': {
    count: 0,
    attributes: `data-overflow-max-cols="2" ${COUNTER}`,
    width: 800,
    height: 480,
    groups: groupsOf(10, 10, 10),
  },
} as const satisfies Record<
  string,
  {
    count: number;
    attributes: string;
    width: number;
    height: number;
    tail?: string;
    groups?: { name: string; count: number }[];
  }
>;
type PageName = keyof typeof PAGES;

/** The height of the title bar at the page's foot, left out of what is read. */
const BAR = 60;

/** What tesseract reads in each of `strips` strips of the page side by side, above the title bar. */
async function readStrips(png: Buffer, strips: number): Promise<string[]> {
  const { width = 0, height = 0 } = await sharp(png).metadata();
  const crops: Buffer[] = [];
  for (let strip = 0; strip < strips; strip++) {
    const left = Math.round((strip * width) / strips);
    const right = Math.round(((strip + 1) * width) / strips);
    // At twice the size, its dither dots blurred into strokes (the counter's grey label), one step after another.
    const larger = await sharp(png)
      .extract({ left, top: 0, width: right - left, height: height - BAR })
      .resize((right - left) * 2, undefined, { kernel: 'cubic' })
      .png()
      .toBuffer();
    const blurred = await sharp(larger).blur(1.5).png().toBuffer();
    crops.push(await sharp(blurred).threshold(180).png().toBuffer());
  }
  return readText(crops, [], 'eng', 6);
}

/** The item numbers read in a text, in the order read. */
function itemNumbers(text: string): number[] {
  return [...text.matchAll(/item\s*(\d+)/gi)].map((found) => Number(found[1]));
}

/** The N of "and N more" read in a text, or undefined. */
function counterOf(text: string): number | undefined {
  const found = /and\s*(\d+)\s*more/i.exec(text);
  return found ? Number(found[1]) : undefined;
}

function ascending(numbers: number[]): boolean {
  return numbers.every((number, i) => i === 0 || number > numbers[i - 1]);
}

describe('TRMNL recipes: a list that flows over several columns (data-overflow-max-cols), on a host without fonts', function () {
  this.timeout(600_000);
  const drawn = new Map<PageName, RecipePageDrawn>();

  before(async function () {
    if (process.getuid?.() !== 0) this.skip(); // a private mount namespace needs root
    const names = Object.keys(PAGES) as PageName[];
    const pages = await drawRecipesWithoutHostFonts(
      names.map((name) => {
        const { count, attributes, width, height } = PAGES[name];
        const tail = 'tail' in PAGES[name] ? PAGES[name].tail : '';
        const groups = 'groups' in PAGES[name] ? PAGES[name].groups : undefined;
        const markup = groups ? GROUPS_MARKUP : MARKUP;
        return {
          config: { markup, settings: 'name: Columns\n', width: String(width), height: String(height) },
          msg: { payload: { count, attributes, tail, groups } },
        };
      }),
    );
    names.forEach((name, index) => drawn.set(name, pages[index]));
  });

  function pageOf(name: PageName): Buffer {
    const page = drawn.get(name);
    expect(page?.error, `${name}: the error at the Catch node`).to.equal(undefined);
    expect(page?.warnings, `${name}: warnings`).to.deep.equal([]);
    return page?.png as Buffer;
  }

  /** Share of inked pixels between `from` and `to` (fractions of the page's width), above the title bar. */
  async function inkBetween(png: Buffer, from: number, to: number): Promise<number> {
    const pixels = await pixelsOf(png);
    const left = Math.round(from * pixels.width);
    return darkness(pixels, left, 0, Math.round(to * pixels.width) - left, pixels.height - BAR);
  }

  /**
   * The items of a page drawn in `columns` columns, read strip by strip: each column's numbers in order, each after
   * the last of the column before, the first column from item 1; the counter in the last column counts every item
   * after the last one drawn (and none of those is drawn), or there is none where the last item is drawn.
   */
  async function readColumns(name: PageName, columns: number): Promise<number[][]> {
    const png = pageOf(name);
    const texts = await readStrips(png, columns);
    const numbers = texts.map(itemNumbers);
    numbers.forEach((column, index) => {
      expect(column.length, `${name}: items read in column ${index + 1}: ${texts[index]}`).to.be.above(2);
      expect(ascending(column), `${name}: column ${index + 1} in order: ${column.join(' ')}`).to.equal(true);
      if (index > 0) {
        expect(column[0], `${name}: column ${index + 1} goes on after column ${index}`).to.be.above(
          Math.max(...numbers[index - 1]),
        );
      }
    });
    expect(numbers[0][0], `${name}: the first item, top left`).to.equal(1);
    const counter = counterOf(texts[columns - 1]);
    const last = Math.max(...numbers[columns - 1]);
    expect(counter, `${name}: "and N more" in the last column: ${texts[columns - 1]}`).to.equal(
      last === LONG ? undefined : LONG - last,
    );
    for (const [index, text] of texts.entries()) {
      expect(counterOf(text) === undefined || index === columns - 1, `${name}: the counter only once, last`).to.equal(
        true,
      );
    }
    return numbers;
  }

  it('flows 60 items through 3 columns in order, each full column keeping as many, then "and N more"', async () => {
    const numbers = await readColumns('max 3', 3);
    expect(Math.max(...numbers[2]), 'the last item drawn').to.be.below(LONG);
    // The first two columns are full, and hold as many: the second ends where twice the first's items end.
    const [first, second] = numbers.map((column) => Math.max(...column));
    expect(second, 'the second column holds as many items as the first').to.equal(2 * first);
  });

  it('keeps one column with data-overflow-max-cols="1": the items that fit, then "and N more", nothing beside', async () => {
    await readColumns('max 1', 1);
    expect(await inkBetween(pageOf('max 1'), 1 / 3, 1), 'ink right of the first third').to.equal(0);
  });

  it('keeps a list that fits in one column in one column as wide as the page, with no counter', async () => {
    const png = pageOf('short');
    const [text] = await readStrips(png, 1);
    expect(itemNumbers(text), text).to.deep.equal([1, 2, 3, 4, 5]);
    expect(text.match(/as wide as the page/g)?.length, `each item on one line: ${text}`).to.equal(5);
    expect(counterOf(text), 'no counter').to.equal(undefined);
    // Each item's line reaches past the first third (a third of the page would wrap it), none reaches the right.
    expect(await inkBetween(png, 0.4, 0.5), 'ink in the middle of the page').to.be.above(0);
    expect(await inkBetween(png, 0.75, 1), 'ink in the last quarter').to.equal(0);
  });

  it('takes the variant of the screen: 2 columns at 800 x 480 (-md), 3 at 1040 x 780 (-lg), where all 60 fit, 1 at 480 x 800 (-md-portrait)', async () => {
    const medium = await readColumns('responsive md', 2);
    expect(Math.max(...medium[1]), 'the last item drawn at 800 x 480').to.be.below(LONG);
    const large = await readColumns('responsive lg', 3);
    expect(Math.max(...large[2]), 'the last item drawn at 1040 x 780').to.equal(LONG);
    // Where a second column of three would start, a page of two columns has no ink; one of three has.
    expect(await inkBetween(pageOf('responsive md'), 0.3, 0.48), 'ink where a middle column of three stands').to.equal(
      0,
    );
    expect(await inkBetween(pageOf('responsive lg'), 0.3, 0.48), 'ink in the middle column').to.be.above(0);
    const portrait = await readColumns('responsive md portrait', 1);
    expect(Math.max(...portrait[0]), 'the last item drawn at 480 x 800').to.be.below(LONG);
    expect(await inkBetween(pageOf('responsive md portrait'), 0.55, 1), 'ink in a second column').to.equal(0);
  });

  /** Each column's lines read, blank ones left out. */
  async function linesOf(name: PageName, columns: number): Promise<string[][]> {
    const texts = await readStrips(pageOf(name), columns);
    return texts.map((text) =>
      text
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== ''),
    );
  }

  /** The group headers read in a column's lines, in order. */
  const headersIn = (lines: string[]): string[] => lines.filter((line) => HEADERS.includes(line));

  /** No column's last line is a header: a header goes to the column its first item goes to. */
  function noHeaderLast(name: PageName, columns: string[][]): void {
    columns.forEach((lines, index) => {
      const last = lines[lines.length - 1] ?? '';
      expect(HEADERS.includes(last), `${name}: column ${index + 1} ends with a header: ${lines.join(' | ')}`).to.equal(
        false,
      );
    });
  }

  it("repeats the header of a group that goes on in the next column at that column's top, the items in order", async () => {
    const [first, second] = await linesOf('groups in 2', 2);
    expect(headersIn(first), `the headers of the first column: ${first.join(' | ')}`).to.deep.equal(['Alpha', 'Bravo']);
    expect(second[0], `the second column's first line: ${second.join(' | ')}`).to.equal('Bravo');
    expect(headersIn(second), `the headers of the second column: ${second.join(' | ')}`).to.deep.equal([
      'Bravo',
      'Charlie',
    ]);
    const numbers = [...itemNumbers(first.join('\n')), ...itemNumbers(second.join('\n'))];
    expect(numbers, 'every item, in order, the first column first').to.deep.equal(
      Array.from({ length: 16 }, (_, i) => i + 1),
    );
    // Bravo's items stand on both sides of the second column's Bravo: the group goes on under its repeated header.
    expect(itemNumbers(first.join('\n')).at(-1), 'the first column ends in Bravo (items 7 to 12)').to.be.within(7, 11);
    expect(counterOf(second.join('\n')), 'no counter where every item is drawn').to.equal(undefined);
    noHeaderLast('groups in 2', [first, second]);
  });

  it('gives each group a column of its own where there are as many groups as columns', async () => {
    const columns = await linesOf('groups in 3', 3);
    columns.forEach((lines, index) => {
      expect(lines[0], `column ${index + 1}'s first line: ${lines.join(' | ')}`).to.equal(HEADERS[index]);
      expect(headersIn(lines), `column ${index + 1} holds one group: ${lines.join(' | ')}`).to.deep.equal([
        HEADERS[index],
      ]);
    });
    expect(
      columns.map((lines) => itemNumbers(lines.join('\n'))),
      "each group's items in its column",
    ).to.deep.equal([
      [1, 2, 3, 4],
      [5, 6, 7, 8, 9],
      [10, 11, 12],
    ]);
  });

  it("takes a header that has room at a column's foot, but not its first item, to the next column with its item", async () => {
    const columns = await linesOf('header at a foot', 2);
    noHeaderLast('header at a foot', columns);
    const [first, second] = columns;
    expect(headersIn(first), `the first column's headers: ${first.join(' | ')}`).to.deep.equal(['Alpha']);
    expect(second[0], `the second column's first line: ${second.join(' | ')}`).to.equal('Bravo');
    expect(itemNumbers(first.join('\n')), "Alpha's items in the first column").to.deep.equal(
      Array.from({ length: 10 }, (_, i) => i + 1),
    );
    expect(itemNumbers(second.join('\n'))[0], "Bravo's first item under it").to.equal(11);
  });

  it('counts the items left out in "and N more", not the headers', async () => {
    const columns = await linesOf('groups overflow', 2);
    noHeaderLast('groups overflow', columns);
    const second = columns[1].join('\n');
    const numbers = columns.flatMap((lines) => itemNumbers(lines.join('\n')));
    expect(ascending(numbers), `in order: ${numbers.join(' ')}`).to.equal(true);
    const last = Math.max(...numbers);
    expect(last, 'the last item drawn').to.be.below(30);
    expect(counterOf(second), `"and N more" in the last column: ${second}`).to.equal(30 - last);
  });
});
