/**
 * What a font file says of itself: its family name, weight and style, and the characters it has glyphs for
 * (its `cmap`), read from its tables (./font-tables: TrueType, OpenType, WOFF and WOFF2). Used at build time for the
 * shipped fonts' coverage and at deploy for a user's own fonts.
 */
import { Coverage } from '../../shared/fonts/coverage';
import { FontFileError, readTables, sfntOfWoff, slice, view, type FontFormat } from './font-tables';

export interface FontFacts {
  format: FontFormat;
  /** The typographic family (name ID 16), else the family (name ID 1). */
  family: string;
  /** `usWeightClass` of the OS/2 table (400 when there is none). */
  weight: number;
  italic: boolean;
  /** The characters with a glyph. */
  coverage: Coverage;
  /** The bytes Takumi is given: the file itself, or the font a WOFF file holds. */
  data: Uint8Array;
}

function utf16(bytes: Uint8Array): string {
  let text = '';
  const data = view(bytes);
  for (let i = 0; i + 1 < bytes.byteLength; i += 2) text += String.fromCharCode(data.getUint16(i));
  return text;
}

/** Name `id` in English where there is one (Windows, then Macintosh Roman), else the first of that id. */
function nameOf(table: Uint8Array | undefined, id: number): string | undefined {
  if (!table) return undefined;
  const data = view(table);
  const count = data.getUint16(2);
  const strings = data.getUint16(4);
  let found: { rank: number; text: string } | undefined;
  for (let i = 0; i < count; i++) {
    const record = 6 + 12 * i;
    const [platform, encoding, language, nameId] = [0, 2, 4, 6].map((at) => data.getUint16(record + at));
    if (nameId !== id) continue;
    const bytes = slice(table, strings + data.getUint16(record + 10), data.getUint16(record + 8));
    let rank: number;
    let text: string;
    if (platform === 3 && (encoding === 1 || encoding === 10)) {
      rank = language === 0x409 ? 0 : 2;
      text = utf16(bytes);
    } else if (platform === 0) {
      rank = 1;
      text = utf16(bytes);
    } else if (platform === 1 && encoding === 0) {
      rank = language === 0 ? 1 : 3;
      text = String.fromCharCode(...bytes);
    } else {
      continue;
    }
    if (!found || rank < found.rank) found = { rank, text };
  }
  return found?.text.trim() || undefined;
}

function cmapFormat4(data: DataView, at: number, codes: number[]): void {
  const segments = data.getUint16(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + 2 * segments + 2;
  const deltas = starts + 2 * segments;
  const rangeOffsets = deltas + 2 * segments;
  for (let s = 0; s < segments; s++) {
    const end = data.getUint16(ends + 2 * s);
    const start = data.getUint16(starts + 2 * s);
    const delta = data.getUint16(deltas + 2 * s);
    const rangeOffset = data.getUint16(rangeOffsets + 2 * s);
    for (let code = start; code <= end && code !== 0xffff; code++) {
      let glyph: number;
      if (rangeOffset === 0) {
        glyph = (code + delta) & 0xffff;
      } else {
        const address = rangeOffsets + 2 * s + rangeOffset + 2 * (code - start);
        if (address + 2 > data.byteLength) break;
        glyph = data.getUint16(address);
        if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
      }
      if (glyph !== 0) codes.push(code);
    }
  }
}

function cmapFormat12(data: DataView, at: number, codes: number[]): void {
  const groups = data.getUint32(at + 12);
  for (let g = 0; g < groups; g++) {
    const group = at + 16 + 12 * g;
    const start = data.getUint32(group);
    const end = Math.min(data.getUint32(group + 4), 0x10ffff);
    const glyph = data.getUint32(group + 8);
    for (let code = start; code <= end; code++) if (glyph + code - start !== 0) codes.push(code);
  }
}

/** The code points of the best Unicode subtable of `cmap` (full repertoire first, then the BMP). */
function coverageOf(table: Uint8Array | undefined): Coverage {
  if (!table) throw new FontFileError('it has no cmap table: no characters');
  const data = view(table);
  const count = data.getUint16(2);
  const ranked: { rank: number; offset: number }[] = [];
  for (let i = 0; i < count; i++) {
    const platform = data.getUint16(4 + 8 * i);
    const encoding = data.getUint16(6 + 8 * i);
    const offset = data.getUint32(8 + 8 * i);
    const format = data.getUint16(offset);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode || (format !== 4 && format !== 12)) continue;
    ranked.push({ rank: format === 12 ? 0 : 1, offset });
  }
  ranked.sort((a, b) => a.rank - b.rank);
  const best = ranked[0];
  if (!best) throw new FontFileError('it maps no Unicode characters (no cmap subtable of format 4 or 12)');
  const codes: number[] = [];
  if (data.getUint16(best.offset) === 12) cmapFormat12(data, best.offset, codes);
  else cmapFormat4(data, best.offset, codes);
  return Coverage.of(codes);
}

/** Reads a font file; an unreadable one throws a `FontFileError` saying why. */
export function readFontFile(bytes: Uint8Array): FontFacts {
  const { format, tables } = readTables(bytes);
  const name = tables.get('name');
  const family = nameOf(name, 16) ?? nameOf(name, 1);
  if (!family) throw new FontFileError('it has no family name');
  const os2 = tables.get('OS/2');
  const weight = os2 && os2.byteLength >= 6 ? view(os2).getUint16(4) : 400;
  const italic = os2 && os2.byteLength >= 64 ? (view(os2).getUint16(62) & 1) === 1 : false;
  let coverage: Coverage;
  try {
    coverage = coverageOf(tables.get('cmap'));
  } catch (error) {
    if (error instanceof FontFileError) throw error;
    throw new FontFileError('its cmap table cannot be read');
  }
  return { format, family, weight, italic, coverage, data: format === 'woff' ? sfntOfWoff(bytes) : bytes };
}
