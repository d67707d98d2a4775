// The built-in layouts, each drawn with its own sample message in English and Chinese: the key words read
// back by OCR (one tesseract run for all pages), the Wi-Fi card's code scans, only palette colours. The list
// layouts, with their samples and with lists longer than a page: every title read whole or counted in the
// overflow line, exactly, and that line only where not even one more row would fit.

import { expect } from 'chai';
import sharp from 'sharp';
import { LAYOUTS, PageRenderer } from '../../dist/lib/render';
import { MORE, TODO_TITLES } from './list-texts';
import { coloursOf, compact, darkness, inkBands, inkBox, pixelsOf, readQrCodes, readText } from './support';
import { localDate } from '../support/dates';

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

/** Titles of to-dos for a list longer than a page. */
const MANY_TODOS = {
  'en-US': TODO_TITLES['en-US'].slice(0, 9),
  'zh-CN': TODO_TITLES['zh-CN'].slice(0, 9),
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
    // Sparse text: each row's box and the smaller overflow line are read as lines of their own.
    const texts = await readText(
      cases.map((page) => page.png),
      [],
      'chi_sim+eng',
      11,
    );
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

/** The date as the `date` helper writes it (weekday, day and month), in the page's language. */
function dateOf(isoDate: string, language: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Intl.DateTimeFormat(language, { weekday: 'short', month: 'short', day: 'numeric' }).format(
    new Date(year, month - 1, day),
  );
}

/** A layout drawn with data longer than its sample's, and what must still read on it. */
interface LongCase {
  id: string;
  language: (typeof LANGUAGES)[number];
  message: Record<string, unknown>;
  /** Text the page must show whole, each on one line (read back by OCR, white space aside). */
  words: string[];
  /** The page's padding at the bottom, in px, white below the last line (inside a frame, `frame` px wide). */
  bottomPadding: number;
  frame?: number;
}

const TODAY = new Date();
const TODAY_ISO = localDate(TODAY);
/** The height of a page's top and bottom strips read alone, in px. */
const STRIP = 80;
const HOURS = [6, 5, 5, 4, 4, 4, 5, 7, 9, 11, 13, 14, 15, 16, 16, 15, 14, 12, 10, 9, 8, 7, 7, 6];

const LONG_CASES: LongCase[] = [
  {
    id: 'notice',
    language: 'en-US',
    message: {
      payload: {
        title: 'Room booked for the quarterly review',
        body:
          'The large meeting room on the third floor is booked today from 2 to 4 PM for the quarterly review. ' +
          'Please take your things with you when you leave, bring your laptop charged, and use the small room on ' +
          'the second floor for any other meetings in the afternoon. Coffee and cake will be served at three, ' +
          'and the doors will be locked at six.',
        from: 'Office team, facilities and building',
      },
    },
    words: ['Room booked for the', 'quarterly review', 'Office team, facilities and building'],
    bottomPadding: 20,
    frame: 6,
  },
  {
    id: 'notice',
    language: 'zh-CN',
    message: {
      payload: {
        title: '会议室已预订用于全体部门季度总结会议',
        body:
          '今天下午两点到四点，三楼大会议室用于季度总结会议。离开时请带走个人物品，请提前给笔记本电脑充好电，' +
          '下午其他会议请使用二楼的小会议室。三点钟会提供咖啡和蛋糕，欢迎大家参加。会议结束后请关好门窗并关闭' +
          '空调和灯光，谢谢大家的配合。明天上午九点，同一间会议室用于新员工培训，请培训负责人提前半小时到场布置' +
          '投影仪和座位，并准备好签到表、培训资料和饮用水。',
        from: '行政部、后勤与物业管理办公室',
      },
    },
    words: ['会议室已预订用于全体', '部门季度总结会议', '行政部、后勤与物业管理办公室'],
    bottomPadding: 20,
    frame: 6,
  },
  ...LANGUAGES.map((language): LongCase => ({
    id: 'weather',
    language,
    message: {
      payload: {
        place: language === 'en-US' ? 'Garmisch-Partenkirchen, Bavaria, Germany' : '乌鲁木齐市天山区新疆维吾尔自治区',
        date: TODAY_ISO,
        condition: 'lightning-rainy',
        now: -12,
        sky: language === 'en-US' ? 'Storm' : '雷雨',
        low: -14,
        high: 16,
        rain: 100,
        hours: HOURS,
      },
    },
    words: [
      language === 'en-US' ? 'Garmisch' : '乌鲁木齐',
      dateOf(TODAY_ISO, language),
      ...(language === 'en-US' ? ['12 AM', '12 PM'] : ['0:00', '12:00', '24:00']),
    ],
    bottomPadding: 16,
  })),
  ...LANGUAGES.map((language): LongCase => ({
    id: 'big-value',
    language,
    message: {
      payload: {
        label: language === 'en-US' ? 'Living room' : '客厅温度',
        value: '21.4',
        unit: '°C',
        note:
          language === 'en-US'
            ? 'Humidity 48%, air quality good, windows closed, heating on'
            : '湿度 48%，空气质量良好，窗户已关闭，暖气开启',
        time: `${TODAY_ISO}T14:05:00`,
      },
    },
    words: language === 'en-US' ? ['Living room', 'Humidity 48%', '2:05 PM'] : ['客厅温度', '湿度48%', '14:05'],
    bottomPadding: 20,
  })),
];

describe('render: built-in layouts with long data', function () {
  this.timeout(120_000);
  const renderer = new PageRenderer();
  const drawn: { name: string; page: LongCase; png: Buffer; warnings: string[] }[] = [];

  before(async () => {
    for (const page of LONG_CASES) {
      const warnings: string[] = [];
      const png = await renderer.render({
        template: layoutOf(page.id).template[page.language],
        message: page.message,
        width: 400,
        height: 300,
        warn: (warning) => warnings.push(warning),
      });
      drawn.push({ name: `${page.id} (${page.language})`, page, png, warnings });
    }
  });
  after(async () => {
    await renderer.close();
  });

  it('keeps the header, the footer or "from" line and the axis labels, each on one line, read back by OCR', async () => {
    // Each page read whole and as its top and bottom strips alone (tesseract reads a line of small text better
    // away from a 120 px value); English at twice the size: Latin text at its smallest (14 px) reads better larger.
    const pictures: Buffer[] = [];
    const scales: number[] = [];
    for (const { png, page } of drawn) {
      const strips = [0, 300 - STRIP].map((top) =>
        sharp(png).extract({ left: 0, top, width: 400, height: STRIP }).png().toBuffer(),
      );
      pictures.push(png, ...(await Promise.all(strips)));
      scales.push(...[1, 2, 3].map(() => (page.language === 'en-US' ? 2 : 1)));
    }
    const read = await readText(pictures, scales);
    const texts = drawn.map((_, index) => read.slice(3 * index, 3 * index + 3).join('\n'));
    const missing: string[] = [];
    drawn.forEach(({ name, page }, index) => {
      // Each line as tesseract reads it: a text on one line of the page is read within one of them.
      const lines = texts[index].split('\n').map((line) => compact(line).toLowerCase());
      for (const word of page.words) {
        if (!lines.some((line) => line.includes(compact(word).toLowerCase()))) {
          missing.push(`${name}: "${word}" in ${JSON.stringify(texts[index])}`);
        }
      }
    });
    expect(missing, 'not read whole on one line').to.deep.equal([]);
  });

  it('cuts a text too long for its room with "…" and warns of it', () => {
    const unwarned = drawn.filter(({ warnings }) => warnings.length === 0).map(({ name }) => name);
    expect(unwarned, 'pages drawn without a warning').to.deep.equal([]);
    for (const { name, warnings } of drawn) {
      for (const warning of warnings) expect(warning, name).to.match(/does not fit its box even at data-min-size.*…/);
    }
  });

  it('draws nothing below the page’s last line: its padding stays white, its frame whole', async () => {
    const wrong: string[] = [];
    for (const { name, page, png } of drawn) {
      const pixels = await pixelsOf(png);
      const frame = page.frame ?? 0;
      const inside = pixels.width - 2 * frame;
      // The padding below the last line, inside the frame (a pixel of the line's own room allowed).
      const top = pixels.height - frame - page.bottomPadding + 1;
      const ink = darkness(pixels, frame, top, inside, page.bottomPadding - 1);
      if (ink !== 0) wrong.push(`${name}: ink in the bottom padding (${ink.toFixed(3)})`);
      if (!frame) continue;
      const sides = {
        bottom: darkness(pixels, 0, pixels.height - frame, pixels.width, frame),
        left: darkness(pixels, 0, 0, frame, pixels.height),
        right: darkness(pixels, pixels.width - frame, 0, frame, pixels.height),
      };
      for (const [side, dark] of Object.entries(sides)) {
        if (dark !== 1) wrong.push(`${name}: the frame's ${side} side not whole (${dark.toFixed(3)} black)`);
      }
    }
    expect(wrong).to.deep.equal([]);
  });

  it('keeps the big value’s note and time on one line: three lines of ink, the label, the value, the note', async () => {
    const bands: Record<string, number> = {};
    for (const { name, png } of drawn.filter((page) => page.page.id === 'big-value')) {
      bands[name] = inkBands(await pixelsOf(png)).length;
    }
    expect(bands).to.deep.equal({ 'big-value (en-US)': 3, 'big-value (zh-CN)': 3 });
  });
});

describe('render: the to-do layout’s boxes', function () {
  this.timeout(60_000);
  const renderer = new PageRenderer();
  after(async () => {
    await renderer.close();
  });

  it('draws a done to-do as a ticked box and an open one as an empty box, found by pixels', async () => {
    const todo = layoutOf('todo-list');
    // Done and open in an order that is no sample's: the first, third and fourth done.
    const done = [true, false, true, true, false];
    for (const language of LANGUAGES) {
      const sample = todo.sample[language] as { payload: Record<string, unknown>[] };
      const payload = sample.payload.map((item, i) => ({ ...item, completed: done[i], status: done[i] ? 1 : 0 }));
      const pixels = await pixelsOf(
        await renderer.render({ template: todo.template[language], message: { ...sample, payload } }),
      );
      // The header's rule: the first row black across the list's width; the icons are below it, from x 20 (the
      // page's padding) to 46 (26 px wide), the titles from 54.
      let rule = 0;
      while (rule < pixels.height && darkness(pixels, 20, rule, pixels.width - 40, 1) < 0.9) rule++;
      while (darkness(pixels, 20, rule, pixels.width - 40, 1) >= 0.9) rule++;
      const [left, right] = [14, 50];
      const boxes = inkBands(pixels, left, right).filter((band) => band.top > rule);
      expect(boxes, `${language}: a box in the icon column per to-do`).to.have.length(done.length);
      const ticked = boxes.map((band) => {
        // The box's outline: the columns of the band that hold ink; inside it, a tick's ink or none.
        let boxLeft = right;
        let boxRight = left;
        for (let x = left; x < right; x++) {
          if (darkness(pixels, x, band.top, 1, band.bottom - band.top + 1) === 0) continue;
          boxLeft = Math.min(boxLeft, x);
          boxRight = Math.max(boxRight, x);
        }
        const width = boxRight - boxLeft + 1;
        const height = band.bottom - band.top + 1;
        expect(Math.abs(width - height), `${language}: a square box, ${width} x ${height}`).to.be.at.most(2);
        expect(width, `${language}: the box's size`).to.be.within(16, 26);
        const inset = Math.round(width * 0.25);
        return darkness(pixels, boxLeft + inset, band.top + inset, width - 2 * inset, height - 2 * inset) > 0.05;
      });
      expect(ticked, `${language}: a tick inside the box of each done to-do, none in an open one's`).to.deep.equal(
        done,
      );
    }
  });
});
