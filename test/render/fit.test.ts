// Text that fits, looked at as a person would, on a host without fonts: where the ink falls (inside the box,
// or past its edge) and what tesseract reads (the whole text, the "…" that says it was cut, the line that counts
// what was left out).

import { expect } from 'chai';
import { compact, inkBox, pixelsOf, readText, type Pixels } from './support';
import { canHideHostFonts, drawWithoutHostFonts, type PageAsked, type PageDrawn } from './without-host-fonts';

/** The ink inside a rectangle of the page: its box, or undefined when there is none. */
function inkIn(pixels: Pixels, left: number, top: number, right: number, bottom: number) {
  const box = { left: Infinity, top: Infinity, right: -1, bottom: -1 };
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) {
      if (pixels.data[(y * pixels.width + x) * 3] !== 0) continue;
      box.left = Math.min(box.left, x);
      box.top = Math.min(box.top, y);
      box.right = Math.max(box.right, x);
      box.bottom = Math.max(box.bottom, y);
    }
  }
  return box.right < 0 ? undefined : box;
}

const TITLE = 'Guest Wi-Fi network';
const PARAGRAPH = 'The large meeting room is booked today from two to four for the quarterly review of the team';
const ITEMS = Array.from({ length: 14 }, (_, i) => `Item ${i + 1}`);

const PAGES: Record<string, PageAsked> = {
  // A 40 px title in a 200 px box, with and without data-fit: the box at x 20..220, a border to see it by.
  shrunk: {
    template: `<div style="margin:20px;width:200px;font-size:40px;white-space:nowrap" data-fit="shrink">${TITLE}</div>`,
    width: 400,
    height: 100,
  },
  spilling: {
    template: `<div style="margin:20px;width:200px;font-size:40px;white-space:nowrap">${TITLE}</div>`,
    width: 400,
    height: 100,
  },
  // The same title in the same box, shrunk no smaller than 30 px: still too wide, so it ends in "…".
  lineTooLong: {
    template: `<div style="margin:20px;width:200px;font-size:40px;white-space:nowrap" data-fit="shrink" data-min-size="30">${TITLE}</div>`,
    width: 400,
    height: 100,
  },
  // Wrapping text in a 260 x 110 box (x 20..280, y 20..130).
  wrapped: {
    template: `<div style="margin:20px;width:260px;height:110px;font-size:40px" data-fit="shrink">${PARAGRAPH}</div>`,
    width: 400,
    height: 200,
  },
  // The same text in a box too small even at 14 px: cut, and said so.
  tooSmall: {
    template: `<div style="margin:20px;width:260px;height:50px;font-size:40px" data-fit="shrink" data-min-size="14">${PARAGRAPH}</div>`,
    width: 400,
    height: 200,
  },
  clamped: {
    template: `<p style="margin:20px;width:300px;font-size:24px;line-height:30px" data-clamp="2">${PARAGRAPH}</p>`,
    width: 400,
    height: 200,
  },
  // A list of 14 in a 300 px page under a heading: the items that fit, then the count of the rest.
  list: {
    template: `<div style="display:flex;flex-direction:column;height:100%;padding:10px 16px">
      <div style="font-size:28px;font-weight:bold">To do</div>
      <div data-overflow="+{n} more" style="display:flex;flex-direction:column;flex-grow:1;font-size:24px">
        {{#payload}}<div style="margin-top:6px">{{.}}</div>{{/payload}}
      </div>
      <div style="font-size:16px;border-top:2px solid black">Footer stays</div>
    </div>`,
    message: { payload: ITEMS },
    width: 400,
    height: 300,
  },
  listChinese: {
    template: `<ul data-overflow="还有 {n} 项" style="margin:0;height:200px;font-size:24px">{{#payload}}<li>{{.}}</li>{{/payload}}</ul>`,
    message: { payload: ['买牛奶', '给水管工打电话', '给花浇水', '预订火车票', '交电费', '取快递', '洗车', '遛狗'] },
    width: 400,
    height: 300,
  },
  // A number in boxes of 120 px and 400 px: written shorter in the narrow one, whole in the wide one.
  numbers: {
    template: `<div style="margin:20px;font-size:32px">
      <div style="width:120px"><div data-number-format="en-US">{{payload}}</div></div>
      <div style="width:400px"><div data-number-format="en-US">{{payload}}</div></div>
    </div>`,
    message: { payload: 1234567 },
    width: 500,
    height: 200,
  },
  fitsAll: {
    template: `<div data-overflow="+{n} more" style="font-size:24px">{{#payload}}<div>{{.}}</div>{{/payload}}</div>`,
    message: { payload: ITEMS.slice(0, 3) },
    width: 400,
    height: 300,
  },
};

// One template drawn again and again, fitted alike or not: each page as its own data asks, whatever came before.
const AGAIN_LIST = `<div style="display:flex;flex-direction:column;height:100%;padding:10px 16px">
  <div data-overflow="+{n} more" style="display:flex;flex-direction:column;flex-grow:1;font-size:24px">
    {{#payload}}<div style="margin-top:6px">{{.}}</div>{{/payload}}
  </div>
</div>`;
const AGAIN_LISTS = [14, 14, 3, 3, 12];
const AGAIN_NOTE =
  '<div style="margin:20px;width:260px;height:110px;font-size:40px" data-fit="shrink">{{payload}}</div>';
const AGAIN_NOTES = [PARAGRAPH, PARAGRAPH, 'Booked', PARAGRAPH];
AGAIN_LISTS.forEach((count, i) => {
  PAGES[`againList${i}`] = {
    template: AGAIN_LIST,
    message: { payload: ITEMS.slice(0, count) },
    width: 400,
    height: 260,
  };
});
AGAIN_NOTES.forEach((note, i) => {
  PAGES[`againNote${i}`] = { template: AGAIN_NOTE, message: { payload: note }, width: 400, height: 200 };
});

describe('render: text that fits, on a host without fonts', function () {
  this.timeout(120_000);
  const names = Object.keys(PAGES);
  const drawn: Record<string, PageDrawn> = {};
  const texts: Record<string, string> = {};

  before(async function () {
    if (!canHideHostFonts()) this.skip(); // a private mount namespace needs root
    const pages = await drawWithoutHostFonts(names.map((name) => ({ layoutRules: 'html', ...PAGES[name] })));
    names.forEach((name, i) => (drawn[name] = pages[i]));
    for (const [name, page] of Object.entries(drawn)) expect(page.error, name).to.equal(undefined);
    const read = await readText(names.map((name) => drawn[name].png));
    names.forEach((name, i) => (texts[name] = read[i]));
  });

  it('shrinks a line that does not wrap until it fits its box: all of it inside, all of it read', async () => {
    const shrunk = inkBox(await pixelsOf(drawn.shrunk.png));
    expect(shrunk.left).to.be.at.least(20);
    expect(shrunk.right, 'the ink ends inside the 200 px box').to.be.below(220);
    expect(compact(texts.shrunk)).to.include(compact(TITLE));
    // Without data-fit the same title runs past the box's edge.
    expect(inkBox(await pixelsOf(drawn.spilling.png)).right).to.be.above(240);
    expect(drawn.shrunk.warnings).to.deep.equal([]);
  });

  it('ends a line that does not fit even at its smallest size in "…" inside its box, and says so', async () => {
    const box = inkBox(await pixelsOf(drawn.lineTooLong.png));
    expect(box.right, 'the ink ends inside the 200 px box').to.be.below(220);
    expect(texts.lineTooLong).to.match(/^Guest/);
    expect(texts.lineTooLong.trim()).to.match(/(…|\.\.\.)$/);
    expect(compact(texts.lineTooLong)).not.to.include('network');
    expect(drawn.lineTooLong.warnings).to.deep.equal([
      'template: line 1, column 1: the line does not fit its box even at data-min-size 30px: it ends in "…"',
    ]);
  });

  it('shrinks wrapping text until its lines fit the box’s width and height, every word read', async () => {
    const pixels = await pixelsOf(drawn.wrapped.png);
    const box = inkBox(pixels);
    expect(box.left).to.be.at.least(20);
    expect(box.right).to.be.below(280);
    expect(box.top).to.be.at.least(20);
    expect(box.bottom, 'the last line ends inside the box').to.be.below(130);
    expect(compact(texts.wrapped)).to.include(compact(PARAGRAPH));
    expect(drawn.wrapped.warnings).to.deep.equal([]);
  });

  it('cuts text that does not fit even at its smallest size after the lines that fit, ends it in "…" and says so', async () => {
    const box = inkBox(await pixelsOf(drawn.tooSmall.png));
    expect(box.bottom, 'nothing below the box').to.be.below(70);
    expect(texts.tooSmall).to.match(/^The large meeting room/);
    expect(texts.tooSmall.trim()).to.match(/(…|\.\.\.)$/);
    expect(compact(texts.tooSmall)).not.to.include('team');
    expect(drawn.tooSmall.warnings).to.have.length(1);
    expect(drawn.tooSmall.warnings[0]).to.match(
      /^template: line 1, column 1: the text does not fit its box even at data-min-size 14px: it is cut after \d lines?, ending in "…"$/,
    );
  });

  it('clamps a paragraph to two lines, the second ending in "…"', async () => {
    const box = inkBox(await pixelsOf(drawn.clamped.png));
    expect(box.bottom - 20, 'two lines of 30 px').to.be.below(60);
    const lines = texts.clamped.split('\n').filter((line) => line.trim() !== '');
    expect(lines, texts.clamped).to.have.length(2);
    expect(lines[0]).to.match(/^The large meeting room/);
    expect(lines[1].trim()).to.match(/(…|\.\.\.)$/);
    expect(compact(texts.clamped)).not.to.include('team');
  });

  it('writes a number shorter (1.23M) where it is wider than its parent, whole where it fits', () => {
    const lines = texts.numbers
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    expect(lines, texts.numbers).to.deep.equal(['1.23M', '1,234,567']);
  });

  it('draws only the items of a list that fit whole, then how many were left out; what comes after stays', async () => {
    const lines = texts.list
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const items = lines.filter((line) => /^Item \d+$/.test(line));
    expect(items.length, texts.list).to.be.within(4, 10);
    expect(items).to.deep.equal(ITEMS.slice(0, items.length));
    expect(lines, texts.list).to.include(`+${ITEMS.length - items.length} more`);
    expect(lines[lines.length - 1]).to.equal('Footer stays');
    // Nothing is cut: the footer's rule lies below every line of the list.
    const pixels = await pixelsOf(drawn.list.png);
    const footer = inkIn(pixels, 0, 250, 400, 300);
    expect(footer, 'the footer is on the page').to.not.equal(undefined);
  });

  it('fits each page of a template drawn again as its own data asks, alike the page before it or not', async () => {
    let shownOfMany: number | undefined;
    AGAIN_LISTS.forEach((count, i) => {
      const lines = texts[`againList${i}`]
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      const items = lines.filter((line) => /^Item \d+$/.test(line));
      expect(items, `list ${i}: ${texts[`againList${i}`]}`).to.deep.equal(ITEMS.slice(0, items.length));
      if (count === 3) {
        expect(items.length, `list ${i}`).to.equal(3);
        expect(
          lines.some((line) => /more$/.test(line)),
          `list ${i}: no overflow line`,
        ).to.equal(false);
      } else {
        expect(items.length, `list ${i}`).to.be.within(4, 8);
        expect(lines, `list ${i}`).to.include(`+${count - items.length} more`);
        if (count === 14) {
          shownOfMany ??= items.length;
          expect(items.length, `list ${i}: as many as the same list before it`).to.equal(shownOfMany);
        }
      }
    });
    const heights: number[] = [];
    for (const [i, note] of AGAIN_NOTES.entries()) {
      const box = inkBox(await pixelsOf(drawn[`againNote${i}`].png));
      expect(box.right, `note ${i}`).to.be.below(280);
      expect(box.bottom, `note ${i}: inside its box`).to.be.below(130);
      expect(compact(texts[`againNote${i}`]), `note ${i}`).to.include(compact(note));
      heights.push(box.bottom - box.top);
    }
    // "Booked" keeps its 40 px (its ink about 30 px tall); the paragraph shrinks to about half that on each line.
    expect(heights[2], 'the short note at its own size').to.be.above(25);
    expect(heights[3], 'the paragraph after it shrunk again: several lines').to.be.above(heights[2]);
  });

  it('counts in the container’s own words, in Chinese too, and adds no line when everything fits', () => {
    const read = compact(texts.listChinese);
    const shown = ['买牛奶', '给水管工打电话', '给花浇水', '预订火车票', '交电费', '取快递', '洗车', '遛狗'].filter(
      (item) => read.includes(item),
    );
    expect(shown.length, texts.listChinese).to.be.within(2, 7);
    expect(read).to.include(`还有${8 - shown.length}项`);
    expect(compact(texts.fitsAll)).to.equal(compact(ITEMS.slice(0, 3).join('')));
  });
});

// The same attributes on elements that lay out their children as flex boxes or grids (what authors used to
// satori write on every element), on grid cells and flex items, nested: by where the ink falls and what is read.
const BOX = 'margin:20px;width:260px;height:110px;font-size:40px';
const IN_BOX = { left: 20, top: 20, right: 280, bottom: 130 };
const LAID_OUT: Record<string, PageAsked> = {
  flexShrunk: { template: `<div style="display:flex;${BOX}" data-fit="shrink">${PARAGRAPH}</div>`, height: 200 },
  gridShrunk: { template: `<div style="display:grid;${BOX}" data-fit="shrink">${PARAGRAPH}</div>`, height: 200 },
  // A cell of a 260 + 100 px grid, itself a flex box; the other cell holds a word of its own.
  gridCell: {
    template: `<div style="display:grid;grid-template-columns:260px 100px;grid-template-rows:110px;margin:20px">
      <div style="display:flex;font-size:40px" data-fit="shrink">${PARAGRAPH}</div>
      <div style="display:flex;justify-content:flex-end;font-size:20px">Side</div>
    </div>`,
    height: 200,
  },
  // An item of a 360 px flex row that takes what a 100 px item beside it leaves: 260 px.
  flexItem: {
    template: `<div style="display:flex;margin:20px;width:360px;height:110px">
      <div style="display:flex;flex:1;font-size:40px" data-fit="shrink">${PARAGRAPH}</div>
      <div style="display:flex;width:100px;justify-content:flex-end;font-size:20px">Side</div>
    </div>`,
    height: 200,
  },
  // Nested: a page-high flex column holding a grid whose cell is a flex column holding the fitted flex box.
  nested: {
    template: `<div style="display:flex;flex-direction:column;height:100%;padding:20px">
      <div style="display:grid;grid-template-columns:260px 1fr;grid-template-rows:110px">
        <div style="display:flex;flex-direction:column">
          <div style="display:flex;flex-grow:1;min-height:0;font-size:40px" data-fit="shrink">${PARAGRAPH}</div>
        </div>
      </div>
    </div>`,
    height: 200,
  },
  flexTooSmall: {
    template: `<div style="display:flex;margin:20px;width:260px;height:50px;font-size:40px" data-fit="shrink" data-min-size="14">${PARAGRAPH}</div>`,
    height: 200,
  },
  flexClamped: {
    template: `<div style="display:flex;margin:20px;width:300px;font-size:24px;line-height:30px" data-clamp="2">${PARAGRAPH}</div>`,
    height: 200,
  },
  gridClamped: {
    template: `<div style="display:grid;margin:20px;width:300px;font-size:24px;line-height:30px" data-clamp="2">${PARAGRAPH}</div>`,
    height: 200,
  },
  // A short word in a centring flex box keeps its size and stays in the middle.
  centred: {
    template: `<div style="display:flex;align-items:center;justify-content:center;${BOX}" data-fit="shrink">Booked</div>`,
    height: 200,
  },
  // One line that does not wrap, in a grid cell that is a flex box.
  cellLine: {
    template: `<div style="display:grid;grid-template-columns:200px 1fr;margin:20px">
      <div style="display:flex;font-size:40px;white-space:nowrap" data-fit="shrink">${TITLE}</div>
    </div>`,
    height: 100,
  },
  cellLineTooLong: {
    template: `<div style="display:grid;grid-template-columns:200px 1fr;margin:20px">
      <div style="display:flex;font-size:40px;white-space:nowrap" data-fit="shrink" data-min-size="30">${TITLE}</div>
    </div>`,
    height: 100,
  },
  // The flex rules of saved flows: an element that says display:flex.
  flexRules: {
    layoutRules: 'flex',
    template: `<div style="display:flex;${BOX}" data-fit="shrink">${PARAGRAPH}</div>`,
    height: 200,
  },
  flexRulesClamped: {
    layoutRules: 'flex',
    template: `<div style="display:flex;margin:20px;width:300px;font-size:24px;line-height:30px" data-clamp="2">${PARAGRAPH}</div>`,
    height: 200,
  },
  // A list in a two-column grid 120 px high, and in a flex row 300 px wide.
  gridList: {
    template: `<div data-overflow="+{n} more" style="display:grid;grid-template-columns:1fr 1fr;margin:10px;height:120px;font-size:24px">{{#payload}}<div>{{.}}</div>{{/payload}}</div>`,
    message: { payload: ITEMS },
    height: 200,
  },
  // A list of clamped lines in a 160 px flex column: each line is whole or left out, none squeezed into the room.
  clampedList: {
    template: `<div data-overflow="+{n} more" style="display:flex;flex-direction:column;margin:10px;height:160px;font-size:20px">{{#payload}}<span data-clamp="1">{{.}} of a title long enough to be cut</span>{{/payload}}</div>`,
    message: { payload: ITEMS },
    height: 200,
  },
  rowList: {
    template: `<div data-overflow="+{n}" style="display:flex;gap:8px;margin:10px;width:300px;font-size:20px">{{#payload}}<div style="flex-shrink:0">{{.}}</div>{{/payload}}</div>`,
    message: { payload: ITEMS },
    height: 100,
  },
};

/** Lines tesseract read, trimmed, without empty ones. */
function linesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * The pages drawn on a host without fonts (in a `before` of the calling describe), and what a person reads of
 * each: its text by OCR, and its pixels.
 */
function drawnAndRead(pages: Record<string, PageAsked>, defaults: Partial<PageAsked>) {
  const names = Object.keys(pages);
  const drawn: Record<string, PageDrawn> = {};
  const texts: Record<string, string> = {};
  const pixels: Record<string, Pixels> = {};
  before(async function () {
    if (!canHideHostFonts()) this.skip(); // a private mount namespace needs root
    const done = await drawWithoutHostFonts(names.map((name) => ({ ...defaults, ...pages[name] })));
    names.forEach((name, i) => (drawn[name] = done[i]));
    for (const [name, page] of Object.entries(drawn)) expect(page.error, name).to.equal(undefined);
    const read = await readText(names.map((name) => drawn[name].png));
    names.forEach((name, i) => (texts[name] = read[i]));
    for (const name of names) pixels[name] = await pixelsOf(drawn[name].png);
  });
  return { drawn, texts, pixels };
}

describe('render: text that fits in flex boxes and grids, on a host without fonts', function () {
  this.timeout(120_000);
  const { drawn, texts, pixels } = drawnAndRead(LAID_OUT, { layoutRules: 'html', width: 400 });

  for (const name of ['flexShrunk', 'gridShrunk', 'gridCell', 'flexItem', 'nested', 'flexRules']) {
    it(`shrinks wrapping text until it fits its box: ${name}`, () => {
      const box = inkIn(pixels[name], 0, 0, IN_BOX.right, pixels[name].height);
      expect(box, name).to.not.equal(undefined);
      expect(box?.left, name).to.be.at.least(IN_BOX.left);
      expect(box?.top, name).to.be.at.least(IN_BOX.top);
      expect(box?.bottom, `${name}: the last line ends inside the box`).to.be.below(IN_BOX.bottom);
      // Nothing of the paragraph past the box's right edge (the other cell's word is 300 px on, or more).
      const past = inkIn(pixels[name], IN_BOX.right, 0, 330, pixels[name].height);
      expect(past, `${name}: no ink just past the box`).to.equal(undefined);
      // The word of the cell beside it is read on the paragraph's first line.
      expect(compact(texts[name]).replace('Side', ''), `${name}: ${texts[name]}`).to.include(compact(PARAGRAPH));
      expect(drawn[name].warnings, name).to.deep.equal([]);
    });
  }

  it('keeps the word beside a fitted grid cell or flex item where it was', () => {
    for (const name of ['gridCell', 'flexItem']) {
      const side = inkIn(pixels[name], 330, 0, 400, 200);
      expect(side, `${name}: the other cell's word`).to.not.equal(undefined);
      expect(texts[name], name).to.include('Side');
    }
  });

  it('cuts text that does not fit a flex box even at its smallest size, ends it in "…" and says so', () => {
    const box = inkIn(pixels.flexTooSmall, 0, 0, 400, 200);
    expect(box?.bottom, 'nothing below the box').to.be.below(70);
    expect(texts.flexTooSmall).to.match(/^The large meeting room/);
    expect(texts.flexTooSmall.trim()).to.match(/(…|\.\.\.)$/);
    expect(drawn.flexTooSmall.warnings).to.have.length(1);
    expect(drawn.flexTooSmall.warnings[0]).to.match(
      /^template: line 1, column 1: the text does not fit its box even at data-min-size 14px: it is cut after \d lines?, ending in "…"$/,
    );
  });

  it('clamps the text of a flex box or a grid to two lines, the second ending in "…", under both layout rules', () => {
    for (const name of ['flexClamped', 'gridClamped', 'flexRulesClamped']) {
      const box = inkIn(pixels[name], 0, 0, 400, 200);
      expect((box?.bottom ?? 0) - 20, `${name}: two lines of 30 px`).to.be.below(60);
      const lines = linesOf(texts[name]);
      expect(lines, `${name}: ${texts[name]}`).to.have.length(2);
      expect(lines[0]).to.match(/^The large meeting room/);
      expect(lines[1]).to.match(/(…|\.\.\.)$/);
    }
  });

  it('leaves text that fits as it is, aligned as its flex box aligns it', () => {
    const box = inkIn(pixels.centred, 0, 0, 400, 200);
    expect(box).to.not.equal(undefined);
    const middle = ((box?.left ?? 0) + (box?.right ?? 0)) / 2;
    expect(Math.abs(middle - 150), 'centred in the 20..280 box').to.be.below(6);
    expect((box?.bottom ?? 0) - (box?.top ?? 0), 'at its 40 px').to.be.above(25);
    expect(compact(texts.centred)).to.equal('Booked');
  });

  it('shrinks a line that does not wrap to its grid cell', () => {
    const box = inkIn(pixels.cellLine, 0, 0, 400, 100);
    expect(box?.right, 'inside the 200 px cell').to.be.below(220);
    expect(compact(texts.cellLine)).to.include(compact(TITLE));
    expect(drawn.cellLine.warnings).to.deep.equal([]);
  });

  it('ends a line too long for its grid cell even at its smallest size in "…" inside the cell, and says so', () => {
    const box = inkIn(pixels.cellLineTooLong, 0, 0, 400, 100);
    expect(box?.right, 'inside the 200 px cell').to.be.below(220);
    expect(texts.cellLineTooLong.trim()).to.match(/^Guest.*(…|\.\.\.)$/);
    expect(drawn.cellLineTooLong.warnings).to.deep.equal([
      'template: line 2, column 7: the line does not fit its box even at data-min-size 30px: it ends in "…"',
    ]);
  });

  it('draws only the items of a grid or a flex row that fit whole, then how many were left out', () => {
    const gridItems = ITEMS.filter((item) => linesOf(texts.gridList).some((line) => line.includes(item)));
    expect(gridItems.length, texts.gridList).to.be.within(3, 8);
    expect(compact(texts.gridList)).to.include(compact(`+${ITEMS.length - gridItems.length} more`));
    const gridInk = inkIn(pixels.gridList, 0, 0, 400, 200);
    expect(gridInk?.bottom, 'inside the 120 px grid').to.be.below(131);
    const row = compact(texts.rowList);
    const rowItems = ITEMS.filter((item) => new RegExp(`${compact(item)}(?!\\d)`).test(row));
    expect(rowItems.length, texts.rowList).to.be.within(2, 4);
    expect(row).to.match(new RegExp(`\\+${ITEMS.length - rowItems.length}$`));
    expect(inkIn(pixels.rowList, 0, 0, 400, 100)?.right, 'inside the 300 px row').to.be.below(311);
  });

  it('keeps the clamped items of a flex column whole or leaves them out, then counts them', () => {
    const lines = linesOf(texts.clampedList);
    const items = ITEMS.filter((item) => lines.some((line) => line.startsWith(`${item} of a`)));
    expect(items.length, texts.clampedList).to.be.within(3, 7);
    expect(items, 'the first items, in order').to.deep.equal(ITEMS.slice(0, items.length));
    expect(lines, texts.clampedList).to.include(`+${ITEMS.length - items.length} more`);
    expect(inkIn(pixels.clampedList, 0, 0, 400, 200)?.bottom, 'inside the 160 px column').to.be.below(171);
  });
});

// The same attributes on an element whose text lies in elements of its own (boxes, spans, next to an icon), as
// authors used to satori write them: all of it shrunk together, laid out as the element lays it out.
const HEADING = 'Meeting room booked';
const LABEL = 'Outdoor temperature';
const ICON = '<img src="icon:thermometer" style="width:40px;height:40px">';
const TWO_BOXES = `<div>${HEADING}</div><div>${PARAGRAPH}</div>`;
const OF_ELEMENTS: Record<string, PageAsked> = {
  column: {
    template: `<div style="display:flex;flex-direction:column;${BOX}" data-fit="shrink">${TWO_BOXES}</div>`,
  },
  block: { template: `<div style="${BOX}" data-fit="shrink">${TWO_BOXES}</div>` },
  // A flex box whose only item is a flex box of text.
  nestedFlex: {
    template: `<div style="display:flex;${BOX}" data-fit="shrink"><div style="display:flex">${PARAGRAPH}</div></div>`,
  },
  // Two spans stacked by a flex column: two items, not one run of text.
  spans: {
    template: `<div style="display:flex;flex-direction:column;${BOX}" data-fit="shrink"><span>${HEADING}</span><span>${PARAGRAPH}</span></div>`,
  },
  // Too small even at 14 px: the box 20..70 high.
  columnTooSmall: {
    template: `<div style="display:flex;flex-direction:column;margin:20px;width:260px;height:50px;font-size:40px" data-fit="shrink" data-min-size="14">${TWO_BOXES}</div>`,
  },
  // An icon and its label on a line that does not wrap, 200 px wide (x 20..220): in a flex row and in a block.
  iconRow: {
    template: `<div style="display:flex;align-items:center;margin:20px;width:200px;font-size:40px;white-space:nowrap" data-fit="shrink">${ICON}<span>${LABEL}</span></div>`,
  },
  iconBlock: {
    template: `<div style="margin:20px;width:200px;font-size:40px;white-space:nowrap" data-fit="shrink">${ICON}<span>${LABEL}</span></div>`,
  },
  clampedBoxes: {
    template: `<div style="margin:20px;width:300px;font-size:24px;line-height:30px" data-clamp="2">${TWO_BOXES}</div>`,
  },
};

describe('render: text that fits in an element of elements, on a host without fonts', function () {
  this.timeout(120_000);
  const { drawn, texts, pixels } = drawnAndRead(OF_ELEMENTS, { layoutRules: 'html', width: 400, height: 200 });

  for (const name of ['column', 'block', 'nestedFlex', 'spans']) {
    it(`shrinks the text of all its elements together until every line fits its box: ${name}`, () => {
      const box = inkIn(pixels[name], 0, 0, 400, 200);
      expect(box, name).to.not.equal(undefined);
      expect(box?.left, name).to.be.at.least(IN_BOX.left);
      expect(box?.top, name).to.be.at.least(IN_BOX.top);
      expect(box?.right, `${name}: inside the box`).to.be.below(IN_BOX.right);
      expect(box?.bottom, `${name}: the last line ends inside the box`).to.be.below(IN_BOX.bottom);
      const heading = name === 'nestedFlex' ? '' : HEADING;
      expect(compact(texts[name]), `${name}: ${texts[name]}`).to.include(compact(heading + PARAGRAPH));
      // Each element a box of its own, as the element lays them out: the heading on a line of its own.
      if (heading) expect(linesOf(texts[name])[0], `${name}: ${texts[name]}`).to.equal(HEADING);
      expect(drawn[name].warnings, name).to.deep.equal([]);
    });
  }

  it('cuts the elements of a box too small even at its smallest size after the lines that fit, and says so', () => {
    const box = inkIn(pixels.columnTooSmall, 0, 0, 400, 200);
    expect(box?.bottom, 'nothing below the box').to.be.below(70);
    expect(box?.right, 'nothing right of the box').to.be.below(280);
    expect(linesOf(texts.columnTooSmall)[0]).to.equal(HEADING);
    expect(drawn.columnTooSmall.warnings).to.deep.equal([
      'template: line 1, column 1: the text does not fit its box even at data-min-size 14px: it is cut after 2 lines',
    ]);
  });

  for (const name of ['iconRow', 'iconBlock']) {
    it(`shrinks a line of an icon and its text that does not wrap, the icon drawn beside it: ${name}`, () => {
      const icon = inkIn(pixels[name], 20, 0, 60, 200);
      expect(icon, `${name}: the icon`).to.not.equal(undefined);
      expect((icon?.bottom ?? 0) - (icon?.top ?? 0), `${name}: the icon's height`).to.be.above(25);
      const label = inkIn(pixels[name], 61, 0, 400, 200);
      expect(label?.right, `${name}: inside the 200 px box`).to.be.below(220);
      // On the icon's line, not below it.
      expect(label?.top, name).to.be.below(icon?.bottom ?? 0);
      expect(compact(texts[name]), `${name}: ${texts[name]}`).to.include(compact(LABEL));
      expect(drawn[name].warnings, name).to.deep.equal([]);
    });
  }

  it('cuts an element of elements with data-clamp after its lines, and says it draws no "…"', () => {
    const box = inkIn(pixels.clampedBoxes, 0, 0, 400, 200);
    expect((box?.bottom ?? 0) - 20, 'two lines of 30 px').to.be.below(62);
    const lines = linesOf(texts.clampedBoxes);
    expect(lines, texts.clampedBoxes).to.have.length(2);
    expect(lines[0]).to.equal(HEADING);
    expect(lines[1]).to.match(/^The large meeting room/);
    expect(drawn.clampedBoxes.warnings).to.deep.equal([
      'template: line 1, column 1: data-clamp: the text of this element lies in boxes of its own, which are not ' +
        'clamped with "…": it is cut after 2 lines',
    ]);
  });
});
