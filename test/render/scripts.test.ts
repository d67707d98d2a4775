// Every script a home writes in, drawn on a host without any font and read back by tesseract in that script's
// own language: Latin with accents, Greek with accents, Cyrillic, Japanese (kana and level-1 kanji), Simplified
// and Traditional Chinese, Korean, Arabic, Hebrew, Thai and Devanagari, regular and bold; Arabic joined and
// right-to-left lines in their order, by where the ink falls; the common symbols and emoji, by their ink; and a
// character no font has, reported with its place.

import { expect } from 'chai';
import { compact, inkBox, pixelsOf, readText, type Pixels } from './support';
import { canHideHostFonts, drawWithoutHostFonts, type PageDrawn } from './without-host-fonts';

/** A line in regular and the same line in bold, large enough to read at a glance. */
function twoWeights(lang: string, line: string, dir = 'ltr', size = 30): string {
  return (
    `<div lang="${lang}" dir="${dir}" style="padding:12px;font-size:${size}px">` +
    `<div>${line}</div><div style="font-weight:bold;margin-top:10px">${line}</div></div>`
  );
}

interface Script {
  name: string;
  lang: string;
  /** Tesseract's model for it. */
  ocr: string;
  line: string;
  /** What must be read in each line, in this order. */
  words: readonly string[];
  dir?: string;
  size?: number;
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
  {
    name: 'Traditional Chinese',
    lang: 'zh-TW',
    ocr: 'chi_tra',
    line: '臺灣體育館 天氣晴朗，氣溫',
    words: ['臺灣體育館', '天氣晴朗', '氣溫'],
  },
  { name: 'Korean', lang: 'ko', ocr: 'kor', line: '안녕하세요 오늘 날씨', words: ['안녕하세요', '오늘', '날씨'] },
  { name: 'Arabic', lang: 'ar', dir: 'rtl', ocr: 'ara', line: 'مرحبا بكم في المنزل', words: ['مرحبا', 'المنزل'] },
  // Right to left with a number in it: the words and the number's digits each in their order.
  {
    name: 'Hebrew',
    lang: 'he',
    dir: 'rtl',
    ocr: 'heb',
    line: 'שלום, הטמפרטורה 21 מעלות',
    words: ['שלום', 'הטמפרטורה', '21', 'מעלות'],
  },
  { name: 'Thai', lang: 'th', ocr: 'tha', size: 40, line: 'สวัสดี ห้องนั่งเล่น', words: ['สวัสดี', 'ห้องนั่ง'] },
  { name: 'Devanagari', lang: 'hi', ocr: 'hin', line: 'नमस्ते आज का मौसम', words: ['नमस्ते', 'आज', 'मौसम'] },
] as const satisfies readonly Script[];

const THAI_PARAGRAPH = 'วันนี้อากาศดีมากและอุณหภูมิในห้องนั่งเล่นคือยี่สิบเอ็ดองศา';
const EMOJI = ['🌧', '🔋', '✅', '🏠', '☀️', '⚡', '❄️', '🌡', '💧', '🔥', '🚪', '🔒'];
/** A black block after a word, in a line of each direction: it comes after the word in the line's order. */
function blockAfter(dir: string): string {
  return (
    `<div dir="${dir}" style="padding:12px 20px;font-size:40px;line-height:60px">שלום ` +
    '<span style="display:inline-block;width:30px;height:50px;background:black"></span></div>'
  );
}

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
      ...SCRIPTS.map((script: Script) => ({
        template: twoWeights(script.lang, script.line, script.dir, script.size),
        width: 520,
        height: script.size ? 170 : 140,
      })),
      { template: twoWeights('en', 'Price €12, £10, 21 °C'), width: 520, height: 140 },
      {
        template:
          '<div style="display:flex;gap:12px;padding:12px;font-size:40px">{{#payload}}<span style="width:48px;height:60px">{{.}}</span>{{/payload}}</div>',
        message: { payload: ['°', '€', '£', '✓', '✗', '★', '•', '←', '→', '↑', '↓', '⇒'] },
        width: 760,
        height: 90,
      },
      { template: '<div style="font-size:30px">\n  Smile 😀 and 𓀀 𐤀\n</div>', width: 400, height: 80 },
      { template: '<p lang="ja" style="font-size:60px;margin:0">直</p>', width: 80, height: 80 },
      { template: '<p lang="zh-CN" style="font-size:60px;margin:0">直</p>', width: 80, height: 80 },
      ...ACCENTED.flatMap(([accented, plain]) => [letter(accented), letter(plain)]),
      // After the letters: emoji, Arabic joined and not, lines of each direction, punctuation of Chinese forms.
      {
        template:
          '<div style="display:flex;gap:12px;padding:12px;font-size:40px">{{#payload}}<span style="width:48px;height:60px">{{.}}</span>{{/payload}}</div>',
        message: { payload: EMOJI },
        width: 760,
        height: 90,
      },
      { template: '<p dir="rtl" style="font-size:60px;margin:0;padding:20px">لعبت</p>', width: 300, height: 130 },
      {
        template: '<p dir="rtl" style="font-size:60px;margin:0;padding:20px">ل&#x200c;ع&#x200c;ب&#x200c;ت</p>',
        width: 300,
        height: 130,
      },
      { template: blockAfter('rtl'), width: 400, height: 90 },
      { template: blockAfter('ltr'), width: 400, height: 90 },
      { template: '<p lang="zh-TW" style="font-size:60px;margin:0">。</p>', width: 80, height: 80 },
      { template: '<p lang="zh-CN" style="font-size:60px;margin:0">。</p>', width: 80, height: 80 },
      // Traditional characters on a page that names no language: each drawn, none missing.
      { template: '<div style="padding:12px;font-size:30px">臺灣體育館 天氣晴朗</div>', width: 520, height: 80 },
      // Thai, written without spaces between its words, in a box 200 px wide.
      {
        template: `<div lang="th" style="margin:10px;width:200px;font-size:24px">${THAI_PARAGRAPH}</div>`,
        width: 400,
        height: 200,
      },
      { template: blockAfter('auto'), width: 400, height: 90 },
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
        // In the order they are written: tesseract reads each line in its own direction.
        const ordered = lines.filter((line) => {
          let at = -1;
          return words.every((word) => (at = line.indexOf(compact(word), at + 1)) !== -1);
        });
        expect(ordered, `${name}: the words in their order: ${texts[i]}`).to.have.length.at.least(2);
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
      `template: line 2, column 16: U+13000 "𓀀" is in none of the page's fonts`,
      `template: line 2, column 19: U+10900 "𐤀" is in none of the page's fonts`,
    ]);
  });

  const extra = SCRIPTS.length + 5 + 2 * ACCENTED.length;

  it('draws weather, status and home emoji, each with ink of its own, none missing', async () => {
    const emoji = await pixelsOf(pages[extra].png);
    for (let i = 0; i < EMOJI.length; i++) {
      let ink = 0;
      for (let y = 12; y < 78; y++) {
        for (let x = 12 + 60 * i; x < 12 + 60 * i + 48; x++) {
          if (emoji.data[(y * emoji.width + x) * 3] === 0) ink++;
        }
      }
      expect(ink, `${EMOJI[i]} has ink`).to.be.above(60);
    }
    expect(pages[extra].warnings).to.deep.equal([]);
  });

  it('joins the letters of an Arabic word: one stroke without a gap, narrower than the letters apart', async () => {
    const gaps = (pixels: Pixels): { width: number; blank: number } => {
      const box = inkBox(pixels);
      let blank = 0;
      for (let x = box.left; x <= box.right; x++) {
        let ink = false;
        for (let y = 0; y < pixels.height && !ink; y++) ink = pixels.data[(y * pixels.width + x) * 3] === 0;
        if (!ink) blank++;
      }
      return { width: box.right - box.left + 1, blank };
    };
    const joined = gaps(await pixelsOf(pages[extra + 1].png));
    const apart = gaps(await pixelsOf(pages[extra + 2].png));
    expect(joined.width, 'the word has ink').to.be.above(40);
    expect(joined.blank, 'no column without ink from its first letter to its last').to.equal(0);
    expect(apart.blank, 'the same letters kept apart (zero-width non-joiners) leave gaps').to.be.above(3);
    expect(joined.width, 'joined letters take their narrower forms').to.be.below(apart.width);
    expect(pages[extra + 1].warnings).to.deep.equal([]);
    expect(pages[extra + 2].warnings).to.deep.equal([]);
  });

  it('lays out a right-to-left line from the right: what follows a word stands at its left (dir rtl or auto)', async () => {
    const place = (pixels: Pixels): { block: number; word: { left: number; right: number } } => {
      // The block's columns: 50 px of ink top to bottom (a letter is 40 px at most).
      const columns: number[] = [];
      for (let x = 0; x < pixels.width; x++) {
        let run = 0;
        let longest = 0;
        for (let y = 0; y < pixels.height; y++) {
          run = pixels.data[(y * pixels.width + x) * 3] === 0 ? run + 1 : 0;
          longest = Math.max(longest, run);
        }
        if (longest >= 48) columns.push(x);
      }
      const word = { left: Infinity, right: -1 };
      for (let y = 0; y < pixels.height; y++) {
        for (let x = 0; x < pixels.width; x++) {
          if (columns.includes(x) || pixels.data[(y * pixels.width + x) * 3] !== 0) continue;
          word.left = Math.min(word.left, x);
          word.right = Math.max(word.right, x);
        }
      }
      expect(columns.length, 'the block is drawn').to.be.within(25, 32);
      return { block: (columns[0] + columns[columns.length - 1]) / 2, word };
    };
    const rtl = place(await pixelsOf(pages[extra + 3].png));
    const ltr = place(await pixelsOf(pages[extra + 4].png));
    expect(rtl.block, 'right to left: the block at the word’s left').to.be.below(rtl.word.left);
    expect(rtl.word.right, 'right to left: the line starts at the right').to.be.above(340);
    expect(ltr.block, 'left to right: the block at the word’s right').to.be.above(ltr.word.right);
    // dir="auto": the direction of the first letter, Hebrew's.
    const auto = place(await pixelsOf(pages[extra + 9].png));
    expect(auto.block, 'auto, a Hebrew line: the block at the word’s left').to.be.below(auto.word.left);
  });

  it('draws Chinese punctuation in its Traditional form on a page in zh-TW, in its Simplified one in zh-CN', async () => {
    const centre = (pixels: Pixels): number => {
      const box = inkBox(pixels);
      return (box.left + box.right) / 2;
    };
    // The full stop of Traditional Chinese sits in the middle of its square (60 px), the Simplified one low left.
    const traditional = centre(await pixelsOf(pages[extra + 5].png));
    const simplified = centre(await pixelsOf(pages[extra + 6].png));
    expect(traditional, 'centred').to.be.within(22, 38);
    expect(simplified, 'at the left').to.be.below(20);
  });

  it('draws Traditional characters on a page that names no language, none missing', async () => {
    const [text] = await readText([pages[extra + 7].png], [], 'chi_tra', 6);
    expect(compact(text)).to.include('臺灣體育館天氣晴朗');
    expect(pages[extra + 7].warnings).to.deep.equal([]);
  });

  it('wraps Thai between its words, inside its box, though it has no spaces', async () => {
    const pixels = await pixelsOf(pages[extra + 8].png);
    const box = inkBox(pixels);
    expect(box.left, 'the text has ink').to.be.at.least(10);
    expect(box.right, 'no line runs past the 200 px box').to.be.below(212);
    expect(box.bottom - box.top, 'on three lines or more').to.be.above(3 * 24);
    const [text] = await readText([pages[extra + 8].png], [], 'tha', 6);
    for (const word of ['อากาศ', 'องศา']) expect(compact(text), text).to.include(word);
    expect(pages[extra + 8].warnings).to.deep.equal([]);
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
