/** HTML character references in text and attribute values: numeric ones, and the named ones people type. */

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ensp: '\u2002',
  emsp: '\u2003',
  thinsp: '\u2009',
  shy: '\u00ad',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  middot: '·',
  bull: '•',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  times: '×',
  divide: '÷',
  plusmn: '±',
  minus: '−',
  le: '≤',
  ge: '≥',
  ne: '≠',
  asymp: '≈',
  infin: '∞',
  micro: 'µ',
  para: '¶',
  sect: '§',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  larr: '←',
  rarr: '→',
  uarr: '↑',
  darr: '↓',
  harr: '↔',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  sup2: '²',
  sup3: '³',
};

const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z][a-zA-Z0-9]{1,31}));/g;

function replacement(whole: string, decimal?: string, hex?: string, name?: string): string {
  if (name !== undefined) return NAMED[name] ?? whole;
  const code = decimal !== undefined ? Number(decimal) : parseInt(hex ?? '', 16);
  const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
  return valid ? String.fromCodePoint(code) : '\ufffd';
}

/** The text with its character references replaced; an unknown name stays as written, as in a browser. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, replacement);
}

/** Where the character at `offset` of the decoded text is written in `raw`: a reference's characters at its `&`. */
export function rawOffset(raw: string, offset: number): number {
  let decoded = 0;
  let written = 0;
  for (const found of raw.includes('&') ? raw.matchAll(REFERENCE) : []) {
    if (offset < decoded + (found.index - written)) break;
    decoded += found.index - written;
    const length = replacement(found[0], found[1], found[2], found[3]).length;
    if (offset < decoded + length) return found.index;
    decoded += length;
    written = found.index + found[0].length;
  }
  return written + (offset - decoded);
}
