// The built-in layouts, each drawn with its own sample message in English and Chinese: the key words read
// back by OCR (one tesseract run for all pages), the Wi-Fi card's code scans, only palette colours. The list
// layouts, with their samples and with lists longer than a page: every title read whole or counted in the
// overflow line, exactly, and that line only where not even one more row would fit.

import { expect } from 'chai';
import { LAYOUTS, PageRenderer } from '../../dist/lib/render';
import { coloursOf, compact, inkBox, pixelsOf, readQrCodes, readText } from './support';

/**
 * Words a person must see on each layout's page, by language (large enough to read at a glance); times as the
 * language writes them, alike in every layout (English 7:00 PM, Chinese 19:00).
 */
const KEY_WORDS: Record<string, { 'en-US': string[]; 'zh-CN': string[] }> = {
  'big-value': { 'en-US': ['Living room', 'Humidity 48%', '2:05 PM'], 'zh-CN': ['客厅温度', '湿度48%', '14:05'] },
  'todo-list': {
    'en-US': ['To do', 'Buy milk', 'Book train tickets', 'Today 7:00 PM'],
    'zh-CN': ['买牛奶', '给水管工打电话', '预订火车票', '今天19:00'],
  },
  notice: { 'en-US': ['Room booked', 'quarterly review'], 'zh-CN': ['会议室已预订', '季度总结会议'] },
  weather: { 'en-US': ['Berlin', 'Cloudy', 'Rain 30%'], 'zh-CN': ['北京', '多云', '降水30%'] },
  'wifi-card': {
    'en-US': ['Guest Wi-Fi', 'Cafe Guest', 'welcome-2026'],
    'zh-CN': ['访客Wi-Fi', '网络名称', '扫码即可连接'],
  },
  calendar: {
    'en-US': ['Family', 'Today', 'Dentist', 'Tomorrow', 'more', '10:30 AM', '5:00 PM'],
    'zh-CN': ['家庭日程', '今天', '看牙医', '明天', '还有', '10:30', '17:00'],
  },
};
const LANGUAGES = ['en-US', 'zh-CN'] as const;

function layoutOf(id: string): (typeof LAYOUTS)[number] {
  const layout = LAYOUTS.find((candidate) => candidate.id === id);
  if (!layout) throw new Error(`no layout ${id}`);
  return layout;
}

/** An event's place in a day's agenda: its day, an all-day event (a date alone) before the timed ones. */
function agendaKey(start: string): string {
  return start.length === 10 ? `${start}T00:00:00-allday` : `${start.slice(0, 10)}T~${start.slice(11)}`;
}

/** A list layout drawn from a message, the titles it was given in order, and how it counts those left out. */
interface ListCase {
  name: string;
  png: Buffer;
  titles: string[];
  more: (count: number) => string;
  /** How many the page must leave out, when the case is made to overflow. */
  expectLeftOut?: number;
  /** A row's height and the page's padding below the list, in px, where the room below the line is checked. */
  rowHeight?: number;
  bottomPadding: number;
}

const MORE = { 'en-US': (count: number) => `+${count} more`, 'zh-CN': (count: number) => `还有 ${count} 项` };

/** Titles of to-dos for a list longer than a page. */
const MANY_TODOS = {
  'en-US': [
    'Buy milk',
    'Take out the bins',
    'Call the plumber',
    'Water the plants',
    'Book train tickets',
    'Pay rent',
    'Fix the bike',
    'Bake bread',
    'Wash the car',
  ],
  'zh-CN': ['买牛奶', '扔垃圾', '给水管工打电话', '给花浇水', '预订火车票', '交房租', '修自行车', '烤面包', '洗车'],
};

describe('render: built-in layouts', function () {
  this.timeout(120_000);
  const renderer = new PageRenderer();
  const pages: { id: string; language: (typeof LANGUAGES)[number]; png: Buffer; warnings: string[] }[] = [];

  const lists: ListCase[] = [];
  const listCases = (): ListCase[] => lists;

  before(async () => {
    for (const language of LANGUAGES) {
      const todo = layoutOf('todo-list');
      const sample = todo.sample[language] as { payload: { title: string }[] };
      lists.push({
        name: `todo-list sample (${language})`,
        png: await renderer.render({ template: todo.template[language], message: sample }),
        titles: sample.payload.map((item) => item.title),
        more: MORE[language],
        expectLeftOut: 0,
        bottomPadding: 16,
      });
      const [first] = sample.payload;
      const many = MANY_TODOS[language].map((title, i) => ({ ...first, id: 100 + i, title, priority: 0, dueDate: '' }));
      lists.push({
        name: `todo-list of ${many.length} (${language})`,
        png: await renderer.render({ template: todo.template[language], message: { ...sample, payload: many } }),
        titles: many.map((item) => item.title),
        more: MORE[language],
        rowHeight: 38,
        bottomPadding: 16,
      });
      const calendar = layoutOf('calendar');
      const events = calendar.sample[language] as { payload: { summary: string; start: string }[] };
      lists.push({
        name: `calendar sample (${language})`,
        png: await renderer.render({ template: calendar.template[language], message: events }),
        // In the agenda's order: by day, all-day first, then by start time.
        titles: [...events.payload]
          .sort((a, b) => (agendaKey(a.start) < agendaKey(b.start) ? -1 : 1))
          .map((event) => event.summary),
        more: MORE[language],
        bottomPadding: 14,
      });
    }
    for (const layout of LAYOUTS) {
      for (const language of LANGUAGES) {
        const warnings: string[] = [];
        const png = await renderer.render({
          template: layout.template[language],
          message: layout.sample[language],
          warn: (warning) => warnings.push(warning),
        });
        pages.push({ id: layout.id, language, png, warnings });
      }
    }
  });
  after(async () => {
    await renderer.close();
  });

  it('offers six layouts, each named and filled in both languages', () => {
    expect(LAYOUTS.map((layout) => layout.id)).to.deep.equal(Object.keys(KEY_WORDS));
    for (const layout of LAYOUTS) {
      for (const language of LANGUAGES) {
        expect(layout.title[language], layout.id).to.be.a('string').and.not.equal('');
        expect(layout.template[language], layout.id).to.match(/\{\{/);
      }
    }
  });

  it('shows each layout’s key words, read back by OCR, nothing cut and nothing warned of', async () => {
    // The big value's 120 px digits are read from the page at half size (OCR wants text smaller than that).
    const bigValues = pages.filter((page) => page.id === 'big-value');
    const texts = await readText(
      [...pages, ...bigValues].map((page) => page.png),
      [...pages.map(() => 1), ...bigValues.map(() => 0.5)],
    );
    pages.forEach((page, index) => {
      expect(texts[index], `${page.id} (${page.language}): nothing cut`).to.not.match(/…|\.\.\./);
      expect(page.warnings, `${page.id} (${page.language}): warnings`).to.deep.equal([]);
      for (const word of KEY_WORDS[page.id][page.language]) {
        // Letter case aside: tesseract reads PM as Pm now and then.
        expect(compact(texts[index]).toLowerCase(), `${page.id} (${page.language}): ${texts[index]}`).to.include(
          compact(word).toLowerCase(),
        );
      }
    });
    for (const text of texts.slice(pages.length)) expect(text).to.include('21.4');
  });

  it('reads every title of the list layouts whole, or counted exactly in the overflow line, in both languages', async () => {
    const cases = listCases();
    const texts = await readText(cases.map((page) => page.png));
    cases.forEach((page, index) => {
      // Letter case aside: tesseract reads a C at the start of a line as c now and then.
      const text = compact(texts[index]).toLowerCase();
      const what = `${page.name}: ${texts[index]}`;
      expect(text, `${what}: nothing cut`).to.not.match(/…|\.\.\./);
      const whole = page.titles.filter((title) => text.includes(compact(title).toLowerCase()));
      // The titles shown are the first ones (the order of the list), then the line counts the rest.
      expect(whole, what).to.deep.equal(page.titles.slice(0, whole.length));
      const left = page.titles.length - whole.length;
      const line = compact(page.more(left)).toLowerCase();
      if (left === 0) expect(text, `${what}: no overflow line`).to.not.include(compact(page.more(0)).replace('0', ''));
      else expect(text, what).to.include(line);
      if (page.expectLeftOut !== undefined) expect(left, `${what}: left out`).to.equal(page.expectLeftOut);
    });
  });

  it('writes the overflow line only where not even one more row fits below it', async () => {
    for (const page of listCases().filter((candidate) => candidate.rowHeight !== undefined)) {
      const pixels = await pixelsOf(page.png);
      const room = pixels.height - page.bottomPadding - 1 - inkBox(pixels).bottom;
      expect(room, `${page.name}: the white below the last line, in px`).to.be.below(page.rowHeight as number);
    }
  });

  it('draws only black and white', async () => {
    for (const page of pages) {
      expect([...coloursOf(await pixelsOf(page.png))].sort(), page.id).to.deep.equal(['0,0,0', '255,255,255']);
    }
  });

  it('gives the Wi-Fi card a code that joins the network', async () => {
    for (const page of pages.filter((candidate) => candidate.id === 'wifi-card')) {
      const sample = LAYOUTS.find((layout) => layout.id === 'wifi-card')?.sample[page.language];
      expect(await readQrCodes(page.png)).to.deep.equal([sample?.payload]);
    }
  });
});
