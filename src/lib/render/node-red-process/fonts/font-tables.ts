/**
 * A font file's tables, by their tags: from TrueType and OpenType (CFF) files as they stand, and from WOFF and WOFF2
 * files, whose tables are compressed (WOFF2's only as far as we read them: cmap, name and OS/2 are never
 * transformed). A WOFF file is also unpacked to the TrueType or OpenType file it holds, since Takumi's WebAssembly
 * build reads no WOFF (both of its builds read WOFF2).
 */
import { brotliDecompressSync, inflateSync } from 'node:zlib';

export type FontFormat = 'truetype' | 'opentype' | 'woff' | 'woff2';

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

export function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function tagAt(data: DataView, at: number): string {
  return String.fromCharCode(data.getUint8(at), data.getUint8(at + 1), data.getUint8(at + 2), data.getUint8(at + 3));
}

export function slice(bytes: Uint8Array, offset: number, length: number): Uint8Array {
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
export function sfntOfWoff(bytes: Uint8Array): Uint8Array {
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

/** The file's format and its tables; an unreadable one throws a `FontFileError` saying why. */
export function readTables(bytes: Uint8Array): { format: FontFormat; tables: Tables } {
  const format = formatOf(bytes);
  let tables: Tables;
  try {
    tables = format === 'woff' ? woffTables(bytes) : format === 'woff2' ? woff2Tables(bytes) : sfntTables(bytes);
  } catch (error) {
    if (error instanceof FontFileError) throw error;
    throw new FontFileError(`its ${format} tables cannot be read`);
  }
  return { format, tables };
}
