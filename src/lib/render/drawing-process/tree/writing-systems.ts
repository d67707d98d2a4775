/**
 * What the scripts of a page's text ask of its tree: an element's `dir` attribute gives it its CSS direction, as a
 * browser's own style sheet does (`auto`: that of its first letter); text in a script written without spaces (Thai)
 * gets a zero-width space between its words, where its lines may break.
 */
import type { TreeNode } from '../engine/drawing-engine';
import type { HtmlElement, HtmlNode } from '../html/html';

/** A run of text as a node of the tree, with breaks between the words of a script written without spaces. */
export function textNode(value: string): TreeNode {
  return { type: 'text', text: WITHOUT_SPACES.test(value) ? withWordBreaks(value) : value };
}

/** Scripts written without spaces between words: Thai, Lao, Myanmar, Khmer. */
const WITHOUT_SPACES = /[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff]/;
const WORD_BREAK = '\u200b';
let words: Intl.Segmenter | undefined;

/**
 * The text with a zero-width space between the words of a script written without spaces, found by the
 * dictionary of Node.js's ICU: the engine breaks lines only where the text allows it, so a line of Thai would
 * otherwise run on past its box.
 */
function withWordBreaks(value: string): string {
  words ??= new Intl.Segmenter('th', { granularity: 'word' });
  let out = '';
  let previous = '';
  for (const { segment } of words.segment(value)) {
    if (WITHOUT_SPACES.test(previous.slice(-1)) && WITHOUT_SPACES.test(segment[0])) out += WORD_BREAK;
    out += segment;
    previous = segment;
  }
  return out;
}

/** Letters of the scripts written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko…, their presentation forms). */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
/** A letter of any script: the first of a text decides its direction (`dir="auto"`). */
const STRONG = /[\p{L}]/u;

/**
 * The CSS direction an element's `dir` attribute gives it, as a browser's own style sheet does: `rtl`, `ltr`, or
 * for `auto` that of the first letter of its text.
 */
export function directionOf(node: HtmlElement): string | undefined {
  const dir = node.attributes.dir?.trim().toLowerCase();
  if (dir === 'rtl' || dir === 'ltr') return dir;
  if (dir !== 'auto') return undefined;
  const first = STRONG.exec(textOf(node));
  return first && RIGHT_TO_LEFT.test(first[0]) ? 'rtl' : 'ltr';
}

function textOf(node: HtmlNode): string {
  return node.kind === 'text' ? node.text : node.children.map(textOf).join('');
}
