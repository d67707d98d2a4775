// The built-in layouts, each drawn with its own sample message in English and Chinese: the key words read
// back by OCR (one tesseract run for all pages), the Wi-Fi card's code scans, only palette colours.

import { expect } from 'chai';
import { LAYOUTS, PageRenderer } from '../../dist/lib/render';
import { coloursOf, compact, pixelsOf, readQrCodes, readText } from './support';

/** Words a person must see on each layout's page, by language (large enough to read at a glance). */
const KEY_WORDS: Record<string, { 'en-US': string[]; 'zh-CN': string[] }> = {
  'big-value': { 'en-US': ['Living room', 'Humidity 48%'], 'zh-CN': ['客厅温度', '湿度48%'] },
  'todo-list': {
    'en-US': ['To do', 'Buy milk', 'Book train tickets'],
    'zh-CN': ['买牛奶', '给水管工打电话', '预订火车票'],
  },
  notice: { 'en-US': ['Room booked', 'quarterly review'], 'zh-CN': ['会议室已预订', '季度总结会议'] },
  weather: { 'en-US': ['Berlin', 'Cloudy', 'Rain 30%'], 'zh-CN': ['北京', '多云', '降水30%'] },
  'wifi-card': {
    'en-US': ['Guest Wi-Fi', 'Cafe Guest', 'welcome-2026'],
    'zh-CN': ['访客Wi-Fi', '网络名称', '扫码即可连接'],
  },
  calendar: {
    'en-US': ['Family', 'Today', 'Dentist', 'Tomorrow', 'more'],
    'zh-CN': ['家庭日程', '今天', '看牙医', '明天', '还有'],
  },
};
const LANGUAGES = ['en-US', 'zh-CN'] as const;

describe('render: built-in layouts', function () {
  this.timeout(120_000);
  const renderer = new PageRenderer();
  const pages: { id: string; language: (typeof LANGUAGES)[number]; png: Buffer }[] = [];

  before(async () => {
    for (const layout of LAYOUTS) {
      for (const language of LANGUAGES) {
        const png = await renderer.render({ template: layout.template[language], message: layout.sample[language] });
        pages.push({ id: layout.id, language, png });
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

  it('shows each layout’s key words, read back by OCR', async () => {
    // The big value's 120 px digits are read from the page at half size (OCR wants text smaller than that).
    const bigValues = pages.filter((page) => page.id === 'big-value');
    const texts = await readText(
      [...pages, ...bigValues].map((page) => page.png),
      [...pages.map(() => 1), ...bigValues.map(() => 0.5)],
    );
    pages.forEach((page, index) => {
      for (const word of KEY_WORDS[page.id][page.language]) {
        expect(compact(texts[index]), `${page.id} (${page.language}): ${texts[index]}`).to.include(compact(word));
      }
    });
    for (const text of texts.slice(pages.length)) expect(text).to.include('21.4');
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
