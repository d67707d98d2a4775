/**
 * What a font file says of itself: its family name, weight and style, and the characters it has glyphs for
 * (its `cmap`). Reads TrueType and OpenType (CFF) files, and WOFF and WOFF2, whose tables are compressed;
 * a WOFF file is also unpacked to the TrueType or OpenType file it holds, since Takumi's WebAssembly build
 * reads no WOFF (both of its builds read WOFF2). Used at build time for the shipped fonts' coverage and at
 * deploy for a user's own fonts.
 */
import { brotliDecompressSync, inflateSync } from 'node:zlib';
import { Coverage } from '../../shared/fonts/coverage';

export type FontFormat = 'truetype' | 'opentype' | 'woff' | 'woff2';

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

/** A font file that cannot be read: the reason, for an error that names the file. */
export class FontFileError extends Error {}

type Tables = Map<string, Uint8Array>;

/** The tables WOFF2 names by number (its specification's list; `_` stands for a space). */
const WOFF2_TAGS = (
  'cmap head hhea hmtx maxp name OS/2 post cvt_ fpgm glyf loca prep CFF_ VORG EBDT EBLC gasp hdmx kern LTSH ' +
  'PCLT VDMX vhea vmtx BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG_ sbix acnt avar bdat bloc ' +
  'bsln cvar fdsc feat fmtx fvar gvar hsty just lcar mort morx opbd prop trak Zapf Silf Glat Gloc Feat Sill'
)
  .split(' ')
  .map((tag) => tag.replace('_', ' '));

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function tagAt(data: DataView, at: number): string {
  return String.fromCharCode(data.getUint8(at), data.getUint8(at + 1), data.getUint8(at + 2), data.getUint8(at + 3));
}

function slice(bytes: Uint8Array, offset: number, length: number): Uint8Array {
  if (offset + length > bytes.byteLength) throw new FontFileError('a table runs past the end of the file');
  return bytes.subarray(offset, offset + length);
}

function sfntTables(bytes: Uint8Array): Tables {
  const data = view(bytes);
  const count = data.getUint16(4);
  const tables: Tables = new Map();
  for (let i = 0; i < count; i++) {
    const record = 12 + 16 * i;
    tables.set(tagAt(data, record), slice(bytes, data.getUint32(record + 8), data.getUint32(record + 12)));
  }
  return tables;
}

function woffTables(bytes: Uint8Array): Tables {
  const data = view(bytes);
  const count = data.getUint16(12);
  const tables: Tables = new Map();
  for (let i = 0; i < count; i++) {
    const entry = 44 + 20 * i;
    const stored = slice(bytes, data.getUint32(entry + 4), data.getUint32(entry + 8));
    const length = data.getUint32(entry + 12);
    tables.set(tagAt(data, entry), stored.byteLength < length ? new Uint8Array(inflateSync(stored)) : stored);
  }
  return tables;
}

/** WOFF2's variable-length number (UIntBase128). */
function base128(data: DataView, at: { offset: number }): number {
  let value = 0;
  for (let i = 0; i < 5; i++) {
    const byte = data.getUint8(at.offset++);
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return value;
  }
  throw new FontFileError('a WOFF2 number is too long');
}

/** The tables of a WOFF2 file that we read (cmap, name, OS/2: never transformed), from its Brotli stream. */
function woff2Tables(bytes: Uint8Array): Tables {
  const data = view(bytes);
  const count = data.getUint16(12);
  const compressedLength = data.getUint32(20);
  const at = { offset: 48 };
  const entries: { tag: string; length: number }[] = [];
  for (let i = 0; i < count; i++) {
    const flags = data.getUint8(at.offset++);
    let tag = WOFF2_TAGS[flags & 0x3f];
    if ((flags & 0x3f) === 0x3f) {
      tag = tagAt(data, at.offset);
      at.offset += 4;
    }
    const version = flags >> 6;
    let length = base128(data, at);
    const transformed = tag === 'glyf' || tag === 'loca' ? version !== 3 : version !== 0;
    if (transformed) length = base128(data, at);
    entries.push({ tag, length });
  }
  if (tagAt(data, 4) === 'ttcf') throw new FontFileError('font collections are not read: give one font a file');
  const stream = new Uint8Array(brotliDecompressSync(slice(bytes, at.offset, compressedLength)));
  const tables: Tables = new Map();
  let offset = 0;
  for (const { tag, length } of entries) {
    tables.set(tag, slice(stream, offset, length));
    offset += length;
  }
  return tables;
}

/** The SFNT file a WOFF file holds, its tables decompressed (checksums kept as the WOFF file gives them). */
function sfntOfWoff(bytes: Uint8Array): Uint8Array {
  const data = view(bytes);
  const count = data.getUint16(12);
  const tables = woffTables(bytes);
  const entries = [...Array(count).keys()].map((i) => ({
    tag: tagAt(data, 44 + 20 * i),
    checksum: data.getUint32(44 + 20 * i + 16),
  }));
  let size = 12 + 16 * count;
  for (const { tag } of entries) size += ((tables.get(tag) as Uint8Array).byteLength + 3) & ~3;
  const out = new Uint8Array(size);
  const sfnt = view(out);
  sfnt.setUint32(0, data.getUint32(4));
  sfnt.setUint16(4, count);
  const power = 2 ** Math.floor(Math.log2(count));
  sfnt.setUint16(6, power * 16);
  sfnt.setUint16(8, Math.log2(power));
  sfnt.setUint16(10, count * 16 - power * 16);
  let offset = 12 + 16 * count;
  entries.forEach(({ tag, checksum }, i) => {
    const table = tables.get(tag) as Uint8Array;
    const record = 12 + 16 * i;
    for (let c = 0; c < 4; c++) sfnt.setUint8(record + c, tag.charCodeAt(c));
    sfnt.setUint32(record + 4, checksum);
    sfnt.setUint32(record + 8, offset);
    sfnt.setUint32(record + 12, table.byteLength);
    out.set(table, offset);
    offset += (table.byteLength + 3) & ~3;
  });
  return out;
}

function formatOf(bytes: Uint8Array): FontFormat {
  if (bytes.byteLength < 12) throw new FontFileError('the file is too short to be a font');
  const signature = tagAt(view(bytes), 0);
  if (signature === 'wOFF') return 'woff';
  if (signature === 'wOF2') return 'woff2';
  if (signature === 'OTTO') return 'opentype';
  if (signature === '\u0000\u0001\u0000\u0000' || signature === 'true') return 'truetype';
  if (signature === 'ttcf') throw new FontFileError('font collections (.ttc) are not read: give one font a file');
  throw new FontFileError('it is not a TrueType, OpenType, WOFF or WOFF2 font');
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
  const format = formatOf(bytes);
  let tables: Tables;
  try {
    tables = format === 'woff' ? woffTables(bytes) : format === 'woff2' ? woff2Tables(bytes) : sfntTables(bytes);
  } catch (error) {
    if (error instanceof FontFileError) throw error;
    throw new FontFileError(`its ${format} tables cannot be read`);
  }
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
