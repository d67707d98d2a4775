// Every script a home writes in, drawn on a host without any font and read back by tesseract in that script's
// own language: Latin with accents, Greek with accents, Cyrillic, Japanese (kana and level-1 kanji), Simplified
// Chinese, regular and bold; the common symbols; and a character no font has, reported with its place.

import { expect } from 'chai';
import { compact, inkBox, pixelsOf, readText } from './support';
import { canHideHostFonts, drawWithoutHostFonts, type PageDrawn } from './without-host-fonts';

/** A line in regular and the same line in bold, large enough to read at a glance. */
function twoWeights(lang: string, line: string): string {
  return (
    `<div lang="${lang}" style="padding:12px;font-size:30px">` +
    `<div>${line}</div><div style="font-weight:bold;margin-top:10px">${line}</div></div>`
  );
}

const SCRIPTS = [
  { name: 'Latin with accents', lang: 'fr', ocr: 'eng', line: 'café résumé, déjà vu', words: ['café', 'résumé'] },
  {
    name: 'Greek with accents',
    lang: 'el',
    ocr: 'ell',
    line: 'Καλημέρα, ώρα για καφέ',
    words: ['Καλημέρα', 'ώρα', 'καφέ'],
  },
  { name: 'Cyrillic', lang: 'ru', ocr: 'rus', line: 'Съешь же ещё булок', words: ['Съешь', 'ещё', 'булок'] },
  { name: 'Japanese', lang: 'ja', ocr: 'jpn', line: '今日の天気は晴れ 日曜日', words: ['今日の天気は晴れ', '日曜日'] },
  { name: 'Japanese level-1 kanji', lang: 'ja', ocr: 'jpn', line: '気温と湿度を語る', words: ['気温と湿度', '語'] },
  {
    name: 'Simplified Chinese',
    lang: 'zh-CN',
    ocr: 'chi_sim',
    line: '今天天气晴朗 气温',
    words: ['今天天气晴朗', '气温'],
  },
] as const;

/**
 * Letters with their marks, and the same letters without: tesseract's English model reads the acute accent
 * but guesses at the others, so each of these is checked by where its ink falls instead.
 */
const ACCENTED = [
  ['ü', 'u'],
  ['ñ', 'n'],
  ['å', 'a'],
  ['ő', 'o'],
  ['ř', 'r'],
  ['ç', 'c'],
  ['ş', 's'],
  ['ą', 'a'],
  ['ł', 'l'],
  ['Ł', 'L'],
  ['Ø', 'O'],
  ['ß', 'B'],
] as const;

function letter(character: string) {
  return {
    template: `<p style="font-size:80px;margin:0;line-height:120px;padding-left:20px">${character}</p>`,
    width: 120,
    height: 120,
  };
}

describe('render: every script on a host without fonts', function () {
  this.timeout(120_000);
  let pages: PageDrawn[];

  before(async function () {
    if (!canHideHostFonts()) this.skip(); // a private mount namespace needs root
    pages = await drawWithoutHostFonts([
      ...SCRIPTS.map(({ lang, line }) => ({ template: twoWeights(lang, line), width: 520, height: 140 })),
      { template: twoWeights('en', 'Price €12, £10, 21 °C'), width: 520, height: 140 },
      {
        template:
          '<div style="display:flex;gap:12px;padding:12px;font-size:40px">{{#payload}}<span style="width:48px;height:60px">{{.}}</span>{{/payload}}</div>',
        message: { payload: ['°', '€', '£', '✓', '✗', '★', '•', '←', '→', '↑', '↓', '⇒'] },
        width: 760,
        height: 90,
      },
      { template: '<div style="font-size:30px">\n  Smile 😀 and 𓀀\n</div>', width: 400, height: 80 },
      { template: '<p lang="ja" style="font-size:60px;margin:0">直</p>', width: 80, height: 80 },
      { template: '<p lang="zh-CN" style="font-size:60px;margin:0">直</p>', width: 80, height: 80 },
      ...ACCENTED.flatMap(([accented, plain]) => [letter(accented), letter(plain)]),
    ]);
  });

  it('reads back each script in its own language, in regular and in bold', async () => {
    const byLanguage = new Map<string, number[]>();
    SCRIPTS.forEach(({ ocr }, index) => byLanguage.set(ocr, [...(byLanguage.get(ocr) ?? []), index]));
    for (const [ocr, indexes] of byLanguage) {
      const texts = await readText(
        indexes.map((index) => pages[index].png),
        [],
        ocr,
      );
      indexes.forEach((index, i) => {
        const { name, words } = SCRIPTS[index];
        const lines = texts[i].split('\n').map(compact).filter(Boolean);
        expect(lines.length, `${name}: two lines read: ${texts[i]}`).to.be.at.least(2);
        for (const word of words) {
          const found = lines.filter((line) => line.includes(compact(word)));
          expect(found, `${name}: "${word}" in the regular and the bold line: ${texts[i]}`).to.have.length.at.least(2);
        }
        expect(pages[index].warnings, name).to.deep.equal([]);
      });
    }
  });

  it('draws each Latin letter with its mark: above, below or through the letter, where the plain letter has no ink', async () => {
    const first = SCRIPTS.length + 5;
    for (const [i, [accented, plain]] of ACCENTED.entries()) {
      const marked = await pixelsOf(pages[first + 2 * i].png);
      const bare = await pixelsOf(pages[first + 2 * i + 1].png);
      const markedBox = inkBox(marked);
      const bareBox = inkBox(bare);
      let onlyMarked = 0;
      for (let p = 0; p < marked.data.length; p += 3) if (marked.data[p] === 0 && bare.data[p] !== 0) onlyMarked++;
      expect(markedBox.right, `${accented} has ink`).to.be.above(0);
      // The mark: ink where the plain letter has none, a few dozen pixels at 80 px (not a glyph-less box).
      expect(onlyMarked, `${accented} against ${plain}`).to.be.above(40);
      expect(pages[first + 2 * i].warnings, accented).to.deep.equal([]);
      if ('üñåőř'.includes(accented)) expect(markedBox.top, `${accented}: its mark above`).to.be.below(bareBox.top - 4);
      if ('çşą'.includes(accented))
        expect(markedBox.bottom, `${accented}: its mark below`).to.be.above(bareBox.bottom + 4);
    }
  });

  it('draws the common symbols: currency and degrees read back, every symbol has ink, none is missing', async () => {
    const [text] = await readText([pages[SCRIPTS.length].png], [], 'eng');
    expect(compact(text)).to.include('€12');
    expect(compact(text)).to.include('£10');
    const symbols = await pixelsOf(pages[SCRIPTS.length + 1].png);
    // Twelve boxes of 48 px with 12 px between them, from x = 12: each holds ink of its own.
    for (let i = 0; i < 12; i++) {
      let ink = 0;
      for (let y = 12; y < 78; y++) {
        for (let x = 12 + 60 * i; x < 12 + 60 * i + 48; x++) {
          if (symbols.data[(y * symbols.width + x) * 3] === 0) ink++;
        }
      }
      expect(ink, `symbol ${i + 1} has ink`).to.be.above(20);
    }
    expect(pages[SCRIPTS.length].warnings).to.deep.equal([]);
    expect(pages[SCRIPTS.length + 1].warnings).to.deep.equal([]);
  });

  it('reports a character no font has, by code point and place, once each', () => {
    const { warnings } = pages[SCRIPTS.length + 2];
    expect(warnings).to.deep.equal([
      `template: line 2, column 9: U+1F600 "😀" is in none of the page's fonts`,
      `template: line 2, column 16: U+13000 "𓀀" is in none of the page's fonts`,
    ]);
  });

  it('draws a kanji in its Japanese form on a page in Japanese, in its Chinese form on one in Chinese', async () => {
    const japanese = await pixelsOf(pages[SCRIPTS.length + 3].png);
    const chinese = await pixelsOf(pages[SCRIPTS.length + 4].png);
    expect(inkBox(japanese).right, 'the Japanese page has ink').to.be.above(0);
    let differing = 0;
    for (let i = 0; i < japanese.data.length; i += 3) if (japanese.data[i] !== chinese.data[i]) differing++;
    // 直 differs between the two forms (the stroke at its left): hundreds of pixels, not a few of anti-aliasing.
    expect(differing).to.be.above(100);
  });
});
