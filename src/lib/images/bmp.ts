/**
 * BMP, which sharp (libvips) cannot read: its size from the header, and its
 * pixels decoded here, so a BMP is sent as a PNG on every platform. The forms
 * read are those in use: the OS/2 1.x and 2.x headers and the Windows ones
 * (3.x and V2 to V5); 1, 2, 4 and 8 bits a pixel over a palette, uncompressed
 * or run-length encoded (RLE8, RLE4); 16 and 32 bits with their default or
 * given bit masks (an alpha mask included); 24 bits; rows stored either way.
 * A BMP that holds a JPEG or PNG, or any other compression, is refused by name.
 */

export interface PictureSize {
  width: number;
  height: number;
}

/** A decoded picture: rows top to bottom, four bytes a pixel (red, green, blue, alpha). */
export interface RgbaPicture extends PictureSize {
  rgba: Buffer;
}

/** The header of the first, OS/2 1.x form: 16-bit width and height. */
const CORE_HEADER_BYTES = 12;
/** Every later form (OS/2 2.x, Windows 3.x and the V2 to V5 headers): signed 32-bit width and height. */
const LATER_HEADER_BYTES = [16, 40, 52, 56, 64, 108, 124];
const FILE_HEADER_BYTES = 14;
const OS2_V2_HEADER_BYTES = [16, 64];

const COMPRESSION = { rgb: 0, rle8: 1, rle4: 2, bitfields: 3, jpeg: 4, png: 5, alphaBitfields: 6 } as const;

/** Width and height of a BMP file, or undefined when its header is not one of a BMP. */
export function bmpSize(bytes: Buffer): PictureSize | undefined {
  if (bytes.length < FILE_HEADER_BYTES + 4 || bytes[0] !== 0x42 || bytes[1] !== 0x4d) return undefined;
  const headerBytes = bytes.readUInt32LE(FILE_HEADER_BYTES);
  const at = FILE_HEADER_BYTES + 4;
  let width: number;
  let height: number;
  if (headerBytes === CORE_HEADER_BYTES) {
    if (bytes.length < at + 4) return undefined;
    width = bytes.readUInt16LE(at);
    height = bytes.readUInt16LE(at + 2);
  } else if (LATER_HEADER_BYTES.includes(headerBytes)) {
    if (bytes.length < at + 8) return undefined;
    width = bytes.readInt32LE(at);
    // A negative height marks rows stored top to bottom.
    height = Math.abs(bytes.readInt32LE(at + 4));
  } else {
    return undefined;
  }
  return width > 0 && height > 0 ? { width, height } : undefined;
}

/** Why a BMP cannot be decoded, in words for the error a user gets. */
export class BmpError extends Error {}

interface Header extends PictureSize {
  headerBytes: number;
  topDown: boolean;
  bitsPerPixel: number;
  compression: number;
  coloursUsed: number;
  /** red, green, blue, alpha; alpha 0 for none */
  masks?: [number, number, number, number];
}

/**
 * The pixels of a BMP, at most `maxPixels` of them. Throws a BmpError that
 * says what is wrong or not supported.
 */
export function decodeBmp(bytes: Buffer, maxPixels: number): RgbaPicture {
  const header = readHeader(bytes);
  const { width, height, bitsPerPixel, compression } = header;
  if (width * height > maxPixels) {
    throw new BmpError(`it is ${width} x ${height}, more than the ${maxPixels} pixels read`);
  }
  const dataStart = bytes.readUInt32LE(10);
  if (dataStart >= bytes.length) throw new BmpError('its pixels are missing (the file is cut short)');
  const rgba = Buffer.alloc(width * height * 4);
  if (compression === COMPRESSION.rle8 || compression === COMPRESSION.rle4) {
    if (bitsPerPixel !== (compression === COMPRESSION.rle8 ? 8 : 4)) {
      throw new BmpError(`its run-length compression does not go with ${bitsPerPixel} bits a pixel`);
    }
    const palette = readPalette(bytes, header);
    decodeRunLength(bytes.subarray(dataStart), header, palette, rgba);
    return { width, height, rgba };
  }
  const stride = Math.ceil((width * bitsPerPixel) / 32) * 4;
  if (dataStart + stride * (height - 1) + Math.ceil((width * bitsPerPixel) / 8) > bytes.length) {
    throw new BmpError('its pixels are cut short');
  }
  const rowAt = (y: number) => dataStart + stride * (header.topDown ? y : height - 1 - y);
  if (bitsPerPixel <= 8) {
    const palette = readPalette(bytes, header);
    const perByte = 8 / bitsPerPixel;
    const mask = (1 << bitsPerPixel) - 1;
    for (let y = 0; y < height; y++) {
      const row = rowAt(y);
      for (let x = 0; x < width; x++) {
        const byte = bytes[row + Math.floor(x / perByte)];
        const index = (byte >> (8 - bitsPerPixel * ((x % perByte) + 1))) & mask;
        setFromPalette(rgba, (y * width + x) * 4, palette, index);
      }
    }
  } else if (bitsPerPixel === 24) {
    for (let y = 0; y < height; y++) {
      const row = rowAt(y);
      for (let x = 0; x < width; x++) {
        const from = row + x * 3;
        const to = (y * width + x) * 4;
        rgba[to] = bytes[from + 2];
        rgba[to + 1] = bytes[from + 1];
        rgba[to + 2] = bytes[from];
        rgba[to + 3] = 255;
      }
    }
  } else {
    const channels = (header.masks ?? defaultMasks(bitsPerPixel)).map(channelOf);
    const read = bitsPerPixel === 16 ? (at: number) => bytes.readUInt16LE(at) : (at: number) => bytes.readUInt32LE(at);
    const step = bitsPerPixel / 8;
    for (let y = 0; y < height; y++) {
      const row = rowAt(y);
      for (let x = 0; x < width; x++) {
        const value = read(row + x * step);
        const to = (y * width + x) * 4;
        for (let c = 0; c < 3; c++) rgba[to + c] = channels[c](value) ?? 0;
        rgba[to + 3] = channels[3](value) ?? 255;
      }
    }
  }
  return { width, height, rgba };
}

function readHeader(bytes: Buffer): Header {
  if (bytes.length < FILE_HEADER_BYTES + 4 || bytes.toString('latin1', 0, 2) !== 'BM') {
    throw new BmpError('it is not a BMP file');
  }
  const headerBytes = bytes.readUInt32LE(FILE_HEADER_BYTES);
  const at = FILE_HEADER_BYTES + 4;
  if (bytes.length < FILE_HEADER_BYTES + headerBytes) throw new BmpError('its header is cut short');
  if (headerBytes === CORE_HEADER_BYTES) {
    const header = {
      headerBytes,
      width: bytes.readUInt16LE(at),
      height: bytes.readUInt16LE(at + 2),
      topDown: false,
      bitsPerPixel: bytes.readUInt16LE(at + 6),
      compression: COMPRESSION.rgb,
      coloursUsed: 0,
    };
    return checked(header);
  }
  if (!LATER_HEADER_BYTES.includes(headerBytes))
    throw new BmpError(`its header of ${headerBytes} bytes is of no known form`);
  const signedHeight = bytes.readInt32LE(at + 4);
  const hasCompression = headerBytes >= 40;
  const header: Header = {
    headerBytes,
    width: bytes.readInt32LE(at),
    height: Math.abs(signedHeight),
    topDown: signedHeight < 0,
    bitsPerPixel: bytes.readUInt16LE(at + 10),
    compression: hasCompression ? bytes.readUInt32LE(at + 12) : COMPRESSION.rgb,
    coloursUsed: hasCompression ? bytes.readUInt32LE(at + 28) : 0,
  };
  if (OS2_V2_HEADER_BYTES.includes(headerBytes) && header.compression > COMPRESSION.rle4) {
    throw new BmpError('it uses an OS/2 compression (Huffman or RLE24), which is not supported');
  }
  if (header.compression === COMPRESSION.jpeg || header.compression === COMPRESSION.png) {
    throw new BmpError(
      `it holds a ${header.compression === COMPRESSION.jpeg ? 'JPEG' : 'PNG'}; send that picture itself`,
    );
  }
  if (header.compression === COMPRESSION.bitfields || header.compression === COMPRESSION.alphaBitfields) {
    header.masks = readMasks(bytes, headerBytes, header.compression === COMPRESSION.alphaBitfields);
  } else if (
    header.compression !== COMPRESSION.rgb &&
    header.compression !== COMPRESSION.rle8 &&
    header.compression !== COMPRESSION.rle4
  ) {
    throw new BmpError(`its compression ${header.compression} is not supported`);
  } else if (headerBytes >= 56 && (header.bitsPerPixel === 16 || header.bitsPerPixel === 32)) {
    // A V3 header or later may give an alpha mask even without bit fields: the colours stay the default ones.
    const alpha = bytes.readUInt32LE(FILE_HEADER_BYTES + 52);
    if (alpha !== 0) header.masks = withAlpha(defaultMasks(header.bitsPerPixel), alpha);
  }
  return checked(header);
}

function checked(header: Header): Header {
  if (header.width < 1 || header.height < 1)
    throw new BmpError(`its size ${header.width} x ${header.height} is no picture`);
  if (![1, 2, 4, 8, 16, 24, 32].includes(header.bitsPerPixel)) {
    throw new BmpError(`its ${header.bitsPerPixel} bits a pixel are not supported`);
  }
  if (header.masks && header.bitsPerPixel !== 16 && header.bitsPerPixel !== 32) {
    throw new BmpError(`its bit masks do not go with ${header.bitsPerPixel} bits a pixel`);
  }
  return header;
}

/** The masks follow a 40-byte header; a V2 header or later holds them itself, at the same place. */
function readMasks(bytes: Buffer, headerBytes: number, alphaGiven: boolean): [number, number, number, number] {
  const at = FILE_HEADER_BYTES + 40;
  const count = headerBytes >= 56 || alphaGiven ? 4 : 3;
  if (bytes.length < at + count * 4) throw new BmpError('its bit masks are cut short');
  const masks = [0, 1, 2, 3].map((i) => (i < count ? bytes.readUInt32LE(at + i * 4) : 0));
  return [masks[0], masks[1], masks[2], masks[3]];
}

function defaultMasks(bitsPerPixel: number): [number, number, number, number] {
  // 16 bits: five each (the top bit unused); 32 bits: eight each, the fourth byte unused.
  return bitsPerPixel === 16 ? [0x7c00, 0x03e0, 0x001f, 0] : [0xff0000, 0xff00, 0xff, 0];
}

function withAlpha(masks: [number, number, number, number], alpha: number): [number, number, number, number] {
  return [masks[0], masks[1], masks[2], alpha];
}

/** A channel's value 0..255 from a pixel by its mask, or undefined for no mask. */
function channelOf(mask: number): (value: number) => number | undefined {
  if (mask === 0) return () => undefined;
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  let bits = 0;
  while (shift + bits < 32 && ((mask >>> (shift + bits)) & 1) === 1) bits++;
  const top = 2 ** bits - 1;
  return (value) => Math.round(((((value & mask) >>> 0) / 2 ** shift) * 255) / top);
}

/** The palette: after the header (and the masks a 40-byte header may carry), three bytes an entry in OS/2 1.x, else four. */
function readPalette(bytes: Buffer, header: Header): Buffer[] {
  const entryBytes = header.headerBytes === CORE_HEADER_BYTES ? 3 : 4;
  const at = FILE_HEADER_BYTES + header.headerBytes;
  const dataStart = bytes.readUInt32LE(10);
  const most = 2 ** header.bitsPerPixel;
  const given = header.coloursUsed > 0 ? Math.min(header.coloursUsed, most) : most;
  const room = Math.max(0, Math.floor((Math.min(dataStart, bytes.length) - at) / entryBytes));
  const count = Math.min(given, room);
  if (count === 0) throw new BmpError('its palette is missing');
  return Array.from({ length: count }, (_, i) => bytes.subarray(at + i * entryBytes, at + i * entryBytes + 3));
}

function setFromPalette(rgba: Buffer, to: number, palette: Buffer[], index: number): void {
  // An index beyond the palette is black, as the common decoders show it.
  const entry = palette[index];
  rgba[to] = entry ? entry[2] : 0;
  rgba[to + 1] = entry ? entry[1] : 0;
  rgba[to + 2] = entry ? entry[0] : 0;
  rgba[to + 3] = 255;
}

/**
 * RLE8 and RLE4: runs of one index, or literal indices; escapes end a line, end
 * the picture, or move by a delta. A pixel no run reaches stays transparent.
 * Rows go bottom to top; a stream cut short ends the picture where it ends.
 */
function decodeRunLength(data: Buffer, header: Header, palette: Buffer[], rgba: Buffer): void {
  const { width, height } = header;
  const four = header.bitsPerPixel === 4;
  let x = 0;
  let row = 0;
  let at = 0;
  const put = (index: number) => {
    if (x < width && row < height) setFromPalette(rgba, ((height - 1 - row) * width + x) * 4, palette, index);
    x++;
  };
  while (at + 1 < data.length && row < height) {
    const count = data[at];
    const value = data[at + 1];
    at += 2;
    if (count > 0) {
      for (let i = 0; i < count; i++) put(four ? (i % 2 === 0 ? value >> 4 : value & 0x0f) : value);
      continue;
    }
    if (value === 0) {
      x = 0;
      row++;
    } else if (value === 1) {
      return;
    } else if (value === 2) {
      if (at + 1 >= data.length) return;
      x += data[at];
      row += data[at + 1];
      at += 2;
    } else {
      const bytesUsed = four ? Math.ceil(value / 2) : value;
      for (let i = 0; i < value && at + (four ? i >> 1 : i) < data.length; i++) {
        const byte = data[at + (four ? i >> 1 : i)];
        put(four ? (i % 2 === 0 ? byte >> 4 : byte & 0x0f) : byte);
      }
      // Literal runs are padded to a whole number of 16-bit words.
      at += bytesUsed + (bytesUsed % 2);
    }
  }
}
