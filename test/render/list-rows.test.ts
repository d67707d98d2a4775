// The built-in layouts with rows (the to-do list, the calendar) as a person reads them, in English and Chinese: a
// short title, bold or not, read whole beside its due time, a long one shrunk before it is cut (and the cut told);
// with N items where the page holds k, the first k drawn and "+N-k more", the same k whatever N; no overflow line
// while every item fits, and no band of white, below the line or between rows, that would hold another row. Rows
// are found by their ink (pixels), words by tesseract; a row's height is measured on a page of the same layout. And
// what lets them fill their room: a growing column of data-overflow shares out the room of the children left out.

import { expect } from 'chai';
import { LAYOUTS, PageRenderer } from '../../dist/lib/render';
import { MORE, TODO_TITLES } from './list-texts';
import { compact, inkBands, pixelsOf, readText } from './support';

const LANGUAGES = ['en-US', 'zh-CN'] as const;
type Language = (typeof LANGUAGES)[number];
/** What a to-do due tomorrow at 07:30 shows beside its title. */
const TOMORROW_AT_7_30: Record<Language, string> = { 'en-US': 'Tomorrow 7:30 AM', 'zh-CN': '明天 7:30' };
/** A short title in bold, a short one, and one too long for its row at any size. */
const TITLES: Record<Language, { bold: string; short: string; long: string }> = {
  'en-US': {
    bold: 'Take out the bins',
    short: 'Buy milk',
    long: 'Call the plumber about the leaking kitchen tap before Friday',
  },
  'zh-CN': {
    bold: '周末前把可回收垃圾拿出去',
    short: '买牛奶',
    long: '给水管工打电话约好下周二上午来修厨房漏水的水龙头',
  },
};
/** Tesseract's page layout for a list of short lines far apart: sparse text (a row's box, read alone, is a line). */
const SPARSE = 11;
/** The heights of page the lists are drawn at: the room left below the last row differs on each. */
const HEIGHTS = [300, 340];

function layoutOf(id: string): (typeof LAYOUTS)[number] {
  const layout = LAYOUTS.find((candidate) => candidate.id === id);
  if (!layout) throw new Error(`no layout ${id}`);
  return layout;
}

function localDate(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

function todo(title: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { title, dueDate: '', dueTime: '', priority: 0, completed: false, ...extra };
}

/**
 * Text as compared here: without white space, colons (tesseract reads 7:30 as 730 now and then) and letter case (a C
 * starting a line as c).
 */
function plain(text: string): string {
  return compact(text).replace(/[:：]/g, '').toLowerCase();
}

/** The line of `text` (as tesseract read it) that holds `words`, as compared here; '' when none does. */
function lineWith(text: string, words: string): string {
  return plain(text.split('\n').find((line) => plain(line).includes(plain(words))) ?? '');
}

interface Band {
  top: number;
  bottom: number;
}

/**
 * The ink bands of a to-do page below its heading's rule, the rows and the overflow line, and whether the last is
 * that line: a row is as tall as its box (18 px of ink or more), the line's smaller text is not.
 */
async function todoBands(png: Buffer): Promise<{ bands: Band[]; line: boolean }> {
  const bands = inkBands(await pixelsOf(png));
  const below = bands.slice(bands.findIndex((band) => band.bottom - band.top <= 4) + 1);
  const last = below[below.length - 1];
  return { bands: below, line: last.bottom - last.top < 18 };
}

/** The tallest white band between consecutive bands, and from the last band to the page's edge. */
function whiteBands(bands: Band[], height: number): { between: number; below: number } {
  let between = 0;
  for (let i = 1; i < bands.length; i++) between = Math.max(between, bands[i].top - bands[i - 1].bottom - 1);
  return { between, below: height - 1 - bands[bands.length - 1].bottom };
}

describe('render: the layouts with rows, their titles and their overflow line', function () {
  this.timeout(120_000);
  const renderer = new PageRenderer();
  const todoList = layoutOf('todo-list');
  const calendar = layoutOf('calendar');
  after(async () => {
    await renderer.close();
  });

  it('reads a short title, bold or not, whole beside its due time; a long one starts its row shrunk, cut and told of', async () => {
    const pages: Buffer[] = [];
    const warnings: Record<Language, string[]> = { 'en-US': [], 'zh-CN': [] };
    for (const language of LANGUAGES) {
      const { bold, short, long } = TITLES[language];
      const due = { dueDate: localDate(1), dueTime: '07:30' };
      const payload = [todo(bold, { ...due, priority: 2 }), todo(short, due), todo(long, due)];
      pages.push(
        await renderer.render({
          template: todoList.template[language],
          message: { topic: 'Kitchen', payload },
          warn: (warning) => warnings[language].push(warning),
        }),
      );
    }
    const texts = await readText(pages);
    LANGUAGES.forEach((language, index) => {
      const { bold, short, long } = TITLES[language];
      const due = plain(TOMORROW_AT_7_30[language]);
      for (const title of [bold, short]) {
        expect(
          lineWith(texts[index], title),
          `${language}: "${title}" whole, then its due time: ${texts[index]}`,
        ).to.match(new RegExp(`${plain(title)}${due}$`));
      }
      // Its first words, as many as fit at the smallest size.
      const start = long.slice(0, language === 'en-US' ? 'Call the plumber'.length : 7);
      expect(lineWith(texts[index], start), `${language}: the long title's row`).to.match(new RegExp(`${due}$`));
      expect(warnings[language], language).to.have.length(1);
      expect(warnings[language][0]).to.match(/the line does not fit its box even at data-min-size 16px/);
    });
  });

  it('reads a short summary whole beside its time in the calendar; a long one shrinks, then is cut and told of', async () => {
    const summaries = {
      'en-US': { short: 'Dentist', long: 'Parent-teacher evening at the primary school hall with the teachers' },
      'zh-CN': { short: '看牙医', long: '在小学礼堂举行的家长会和老师见面交流活动以及参观教室' },
    };
    const pages: Buffer[] = [];
    const warnings: string[][] = [];
    for (const language of LANGUAGES) {
      const today = localDate(0);
      const payload = [
        { summary: summaries[language].long, start: `${today}T08:15:00`, end: `${today}T09:00:00` },
        { summary: summaries[language].short, start: `${today}T10:30:00`, end: `${today}T11:00:00` },
      ];
      const warned: string[] = [];
      warnings.push(warned);
      pages.push(
        await renderer.render({
          template: calendar.template[language],
          message: { topic: 'Family', payload },
          warn: (warning) => warned.push(warning),
        }),
      );
    }
    const texts = await readText(pages);
    LANGUAGES.forEach((language, index) => {
      const [early, late] = language === 'en-US' ? ['8:15 AM', '10:30 AM'] : ['8:15', '10:30'];
      const short = plain(summaries[language].short);
      expect(lineWith(texts[index], late), `${language}: ${texts[index]}`).to.match(
        new RegExp(`${plain(late)}${short}$`),
      );
      const start = summaries[language].long.slice(0, language === 'en-US' ? 'Parent-teacher'.length : 5);
      expect(lineWith(texts[index], early), `${language}: the long summary's row`).to.match(
        new RegExp(`^${plain(early)}${plain(start)}`),
      );
      expect(warnings[index], language).to.have.length(1);
      expect(warnings[index][0]).to.match(/the line does not fit its box even at data-min-size 15px/);
    });
  });

  for (const language of LANGUAGES) {
    for (const height of HEIGHTS) {
      it(`to-do list, ${language}, ${height} px: every item while all fit; past that the same k rows and "+N-k more", read back; no room for a row left`, async () => {
        const drawn: { count: number; png: Buffer; rows: Band[]; line: boolean }[] = [];
        for (let count = 1; count <= TODO_TITLES[language].length; count++) {
          const payload = TODO_TITLES[language].slice(0, count).map((title) => todo(title));
          const png = await renderer.render({ template: todoList.template[language], message: { payload }, height });
          const { bands, line } = await todoBands(png);
          drawn.push({ count, png, rows: bands, line });
        }
        const whole = drawn.filter((page) => !page.line);
        const all = whole[whole.length - 1];
        expect(all.count, 'items drawn whole on a page').to.be.at.least(3);
        for (const page of drawn) {
          if (page.count <= all.count) {
            expect([page.rows.length, page.line], `${page.count} items: every row, no line`).to.deep.equal([
              page.count,
              false,
            ]);
          }
        }
        const over = drawn.filter((page) => page.count > all.count);
        const kept = over[0].rows.length - 1;
        expect(kept, 'rows beside the line').to.be.within(all.count - 1, all.count);
        for (const page of over) {
          expect([page.rows.length - 1, page.line], `${page.count} items: the same rows, and the line`).to.deep.equal([
            kept,
            true,
          ]);
        }
        // A row's height: from one row's top to the next's, where the rows are packed (every item drawn).
        const row = all.rows[1].top - all.rows[0].top;
        for (const page of over) {
          const white = whiteBands(page.rows, height);
          expect(white.below, `${page.count} items: white below the line, to the page's edge`).to.be.below(row);
          expect(white.between, `${page.count} items: white between rows`).to.be.below(row);
        }
        const read = [all, over[0], over[over.length - 1]];
        const texts = await readText(
          read.map((page) => page.png),
          [],
          'chi_sim+eng',
          SPARSE,
        );
        read.forEach((page, index) => {
          const text = plain(texts[index]);
          const shown = page === all ? page.count : kept;
          const titles = TODO_TITLES[language].slice(0, page.count);
          const what = `${page.count} items: ${texts[index]}`;
          const found = titles.filter((title) => text.includes(plain(title)));
          expect(found, what).to.deep.equal(titles.slice(0, shown));
          if (shown === page.count) expect(text, what).to.not.include(plain(MORE[language](0)).replace('0', ''));
          else expect(text, what).to.include(plain(MORE[language](page.count - shown)));
        });
      });
    }
  }

  it('calendar: no band of white below its overflow line or between its days that would hold another event', async () => {
    const timed = (day: number, hour: number, summary: string) => {
      const at = `${localDate(day)}T${String(hour).padStart(2, '0')}`;
      return { summary, start: `${at}:00:00`, end: `${at}:30:00` };
    };
    // An event's height: from one event's top to the next's, two on one day, and the page drawn with nothing left out.
    const two = await renderer.render({
      template: calendar.template['en-US'],
      message: { payload: [timed(0, 10, 'First'), timed(0, 11, 'Second')] },
    });
    const twoBands = inkBands(await pixelsOf(two));
    const event = twoBands[twoBands.length - 1].top - twoBands[twoBands.length - 2].top;
    const many = [0, 1, 2].flatMap((day) =>
      [9, 11, 13, 15, 17].map((hour) => timed(day, hour, `Event ${day}-${hour}`)),
    );
    for (const language of LANGUAGES) {
      for (const height of HEIGHTS) {
        const png = await renderer.render({
          template: calendar.template[language],
          message: { payload: many },
          height,
        });
        const bands = inkBands(await pixelsOf(png));
        const white = whiteBands(bands.slice(2), height);
        expect(white.below, `${language}, ${height} px: white below the line`).to.be.below(event);
        expect(white.between, `${language}, ${height} px: white between events`).to.be.below(event);
      }
    }
  });
  it('data-overflow: a growing column that leaves children out shares their room between those kept and its line; one with its own justify-content keeps it', async () => {
    const page = (count: number, justify = '') =>
      renderer.render({
        template:
          '<div style="display:flex;flex-direction:column;height:100%;padding:10px">' +
          `<div data-overflow="+{n} more" style="display:flex;flex-direction:column;flex-grow:1;gap:10px;${justify}">` +
          '{{#payload}}<div style="height:60px;background:black"></div>{{/payload}}</div></div>',
        message: { payload: Array.from({ length: count }, (_, i) => i) },
        width: 200,
        height: 300,
      });
    const [four, five, fiveOwn] = await Promise.all([page(4), page(5), page(5, 'justify-content:flex-start')]);
    // Four boxes of 60 px fill the room of 280 px whole: packed, 10 px apart, no line.
    expect(inkBands(await pixelsOf(four)).map(({ top, bottom }) => [top, bottom])).to.deep.equal([
      [10, 69],
      [80, 139],
      [150, 209],
      [220, 279],
    ]);
    // Five: three kept beside the line, and the 48 px the fourth would have needed shared out between them.
    const shared = inkBands(await pixelsOf(five));
    expect(shared, 'three boxes and the line').to.have.length(4);
    const white = whiteBands(shared, 300);
    expect(white.below, 'white below the line: the page padding and the line below its letters').to.be.below(20);
    const gaps = [1, 2, 3].map((i) => shared[i].top - shared[i - 1].bottom - 1);
    expect(gaps[1] - gaps[0], 'boxes evenly apart').to.be.within(-1, 1);
    expect(gaps[0], 'boxes further apart than their gap').to.be.above(20);
    // Its own justify-content: the line comes right after the boxes, as written.
    const own = inkBands(await pixelsOf(fiveOwn));
    expect(
      own.slice(0, 3).map(({ top }) => top),
      'boxes packed',
    ).to.deep.equal([10, 80, 150]);
    expect(whiteBands(own, 300).below, 'the room left below the line').to.be.above(40);
  });
});
