// TRMNL's number format (`data-value-format`), drawn by a device-cloud-trmnl-recipe node in Node-RED on a host
// without fonts and read as a person reads it: a big number in a narrow box written shorter (1.23M, 12.3k), whole
// in a wide one, in its locale's signs, its sign and currency sign kept; under 1000 or inline, whole; shrunk only
// with data-value-fit, after it was written shorter.

import { expect } from 'chai';
import { compact, inkBox, pixelsOf, readText } from './support';
import { drawRecipesWithoutHostFonts, type RecipePageDrawn } from './trmnl-recipes-flow';

/** A number in a box `width` px wide, at `size` px, the element's attributes as given. */
function boxed(width: number, number: string, attributes = 'data-value-format="true"', tag = 'div', size = 40): string {
  return (
    `<div style="width:${width}px;margin:40px"><${tag} ${attributes} style="font-size:${size}px">${number}</${tag}>` +
    '</div>'
  );
}

const PAGES: Record<string, string> = {
  millionNarrow: boxed(150, '1234567'),
  millionWide: boxed(360, '1234567'),
  thousandsNarrow: boxed(100, '12345'),
  germanNarrow: boxed(150, '1.234.567,89', 'data-value-format="true" data-value-locale="de-DE"'),
  germanWide: boxed(360, '1234567,89', 'data-value-type="number" data-value-locale="de-DE"'),
  negativeCurrency: boxed(170, '-$1234567'),
  underThousand: boxed(60, '999.5'),
  inlineSpan: boxed(150, '1234567', 'data-value-format="true"', 'span'),
  shrunkAfter: boxed(60, '1234567', 'data-value-format="true" data-value-fit="true"', 'div', 80),
  notShrunk: boxed(60, '1234567', 'data-value-format="true"', 'div', 80),
};

/**
 * Pages of one node one after another, each number in its message: from the third, each is drawn early as the two
 * before it were fitted, and that picture is kept where it is fitted alike.
 */
const AGAIN = boxed(150, '{{ n }}');
const AGAIN_NUMBERS = [1234567, 1234567, 7654321, 123456789];

describe('device-cloud-trmnl-recipe: numbers written shorter where they do not fit, as TRMNL writes them', function () {
  this.timeout(300_000);
  const names = Object.keys(PAGES);
  const drawn: Record<string, RecipePageDrawn> = {};
  const texts: Record<string, string> = {};

  before(async function () {
    if (process.getuid?.() !== 0) this.skip(); // a private mount namespace needs root
    const again = AGAIN_NUMBERS.map((n) => ({
      config: { markup: AGAIN, width: '400', height: '300' },
      msg: { payload: { n } },
    }));
    const pages = await drawRecipesWithoutHostFonts([
      ...names.map((name) => ({ config: { markup: PAGES[name], width: '400', height: '300' }, msg: { payload: {} } })),
      ...again,
    ]);
    AGAIN_NUMBERS.forEach((_, i) => names.push(`again${i}`));
    names.forEach((name, i) => (drawn[name] = pages[i]));
    for (const name of names) expect(drawn[name].error, name).to.equal(undefined);
    const read = await readText(
      names.map((name) => drawn[name].png),
      [],
      'eng',
    );
    names.forEach((name, i) => (texts[name] = compact(read[i])));
  });

  it('writes a million as 1.23M in a narrow box, and whole in a wide one', () => {
    expect(texts.millionNarrow).to.equal('1.23M');
    expect(texts.millionWide).to.equal('1,234,567');
  });

  it('writes thousands with a k, with as many fraction digits as fit', () => {
    expect(texts.thousandsNarrow).to.match(/^12(\.3|\.35)?k$/);
    expect(texts.thousandsNarrow).not.to.include('12,345');
  });

  it("writes the number in its locale's signs, whole and shorter", () => {
    expect(texts.germanWide).to.equal('1.234.567,89');
    expect(texts.germanNarrow).to.equal('1,23M');
  });

  it('keeps the minus and currency signs before a shorter number', () => {
    expect(texts.negativeCurrency).to.match(/^[-–—]\$1\.23M$/);
  });

  it('keeps a number under 1000 whole, though it is wider than its box', async () => {
    expect(texts.underThousand).to.equal('999.5');
    const ink = inkBox(await pixelsOf(drawn.underThousand.png));
    expect(ink.right - ink.left, 'wider than its 60 px box').to.be.above(70);
  });

  it('keeps the whole number of an inline element, as a browser does', () => {
    expect(texts.inlineSpan).to.equal('1,234,567');
  });

  it('writes each page its own number where pages of one shape follow each other', () => {
    expect([texts.again0, texts.again1, texts.again2]).to.deep.equal(['1.23M', '1.23M', '7.65M']);
    expect(texts.again3).to.match(/^123(\.46|\.5)?M$/);
  });

  it('shrinks a number written shorter only where data-value-fit asks, to its box', async () => {
    expect(texts.shrunkAfter).to.equal('1M');
    const shrunk = inkBox(await pixelsOf(drawn.shrunkAfter.png));
    expect(shrunk.right - shrunk.left, 'inside its 60 px box').to.be.at.most(61);
    // Without data-value-fit, the shortest text stays at its size, past the box's edge.
    expect(texts.notShrunk).to.equal('1M');
    const spilling = inkBox(await pixelsOf(drawn.notShrunk.png));
    expect(spilling.right - spilling.left, 'past its 60 px box').to.be.above(75);
  });
});
