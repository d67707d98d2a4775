/** A `style` attribute (`font-size: 20px; display: flex`) as the property object the layout engine takes. */

export type Style = Record<string, string>;

/** Splits where `separates` holds, outside quotes and brackets, so `url(data:image/png;base64,…)` stays whole. */
function splitOutside(text: string, separates: (character: string) => boolean): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const character = text[i];
    if (quote) {
      if (character === quote) quote = undefined;
    } else if (character === '"' || character === "'") {
      quote = character;
    } else if (character === '(') {
      depth++;
    } else if (character === ')') {
      depth = Math.max(0, depth - 1);
    } else if (depth === 0 && separates(character)) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The declarations of a style attribute, at its `;`. */
function declarations(text: string): string[] {
  return splitOutside(text, (character) => character === ';');
}

function camelCase(property: string): string {
  return property.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** The words of a value, at its white space: `bold 20px/1.2 "Noto Sans", serif` in its words. */
function words(text: string): string[] {
  return splitOutside(text, (character) => /\s/.test(character)).filter(Boolean);
}

const FONT_SIZE_KEYWORDS = /^(xx-small|x-small|small|medium|large|x-large|xx-large|xxx-large|smaller|larger)$/i;
const FONT_SIZE = /^(\d*\.?\d+(px|em|rem|%|pt|pc|in|cm|mm|q|ex|ch|vw|vh|vmin|vmax)?|calc\(.*\))$/i;
const FONT_STYLE = /^(italic|oblique)$/i;
const FONT_VARIANT = /^small-caps$/i;
const FONT_WEIGHT = /^(bold|bolder|lighter|\d{1,4})$/i;
const FONT_STRETCH = /^(ultra-|extra-|semi-)?(condensed|expanded)$/i;

/**
 * The `font` shorthand (`italic bold 24px/30px "Noto Sans", serif`) as the declarations it stands for, which is
 * what the layout engine reads: it knows no shorthand. Like CSS, it sets every one of them, those it leaves out to
 * `normal`. Undefined for a value that is no such shorthand (a system font such as `caption`), left as written.
 */
function fontShorthand(value: string): Style | undefined {
  const parts = words(value);
  const style: Style = { fontStyle: 'normal', fontVariant: 'normal', fontWeight: 'normal', fontStretch: 'normal' };
  let at = 0;
  for (; at < parts.length; at++) {
    const part = parts[at];
    const size = part.split('/')[0];
    if (size && (FONT_SIZE_KEYWORDS.test(size) || (FONT_SIZE.test(size) && !/^\d{1,4}$/.test(part)))) break;
    if (/^normal$/i.test(part)) continue;
    if (FONT_STYLE.test(part)) style.fontStyle = part;
    else if (FONT_VARIANT.test(part)) style.fontVariant = part;
    else if (FONT_WEIGHT.test(part)) style.fontWeight = part;
    else if (FONT_STRETCH.test(part)) style.fontStretch = part;
    else return undefined;
  }
  // The size, then the line height after a slash, written with or without spaces around it.
  const rest = parts.slice(at + 1);
  const [size, written] = (parts[at] ?? '').split('/');
  let lineHeight: string | undefined = written;
  if (lineHeight === '' || (lineHeight === undefined && rest[0]?.startsWith('/'))) {
    const next = rest.shift() ?? '';
    lineHeight = next === '/' ? (rest.shift() ?? '') : next.replace(/^\//, '');
  }
  const family = rest.join(' ');
  if (!size || !family || lineHeight === '') return undefined;
  style.fontSize = size;
  style.lineHeight = lineHeight ?? 'normal';
  style.fontFamily = family;
  return style;
}

/** The declarations of a style attribute; a later one wins, `!important` is dropped, custom properties ignored. */
export function parseStyle(text: string): Style {
  const style: Style = {};
  for (const declaration of declarations(text)) {
    const colon = declaration.indexOf(':');
    if (colon === -1) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration
      .slice(colon + 1)
      .replace(/!\s*important\s*$/i, '')
      .trim();
    if (!property || !value || property.startsWith('--')) continue;
    const longhands = property === 'font' ? fontShorthand(value) : undefined;
    if (longhands) Object.assign(style, longhands);
    else style[camelCase(property)] = value;
  }
  return style;
}
