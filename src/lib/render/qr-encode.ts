/**
 * QR code encoding (ISO/IEC 18004, model 2), byte mode only: any text as UTF-8 (marked so with ECI 26 when it
 * goes beyond ASCII), versions 1 to 40, error correction L, M, Q or H, the mask of least penalty. Ours rather than a library's because the package
 * may have at most six dependencies (the Node-RED flow library's rule D01) and a QR encoder is small,
 * fixed by the standard, and checked by a real scanner in the tests (zbarimg, every version and level).
 */
import { drawSymbol } from './qr-matrix';

export type EccLevel = 'L' | 'M' | 'Q' | 'H';

/** Error correction codewords per block, by level, for versions 1..40 (index 0 unused). */
const ECC_PER_BLOCK: Record<EccLevel, readonly number[]> = {
  L: [
    0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30,
    30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
  ],
  M: [
    0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28,
    28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
  ],
  Q: [
    0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30,
    30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
  ],
  H: [
    0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30,
    30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
  ],
};

/** Error correction blocks, by level, for versions 1..40 (index 0 unused). */
const BLOCKS: Record<EccLevel, readonly number[]> = {
  L: [
    0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19,
    19, 20, 21, 22, 24, 25,
  ],
  M: [
    0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33,
    35, 37, 38, 40, 43, 45, 47, 49,
  ],
  Q: [
    0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43,
    45, 48, 51, 53, 56, 59, 62, 65, 68,
  ],
  H: [
    0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51,
    54, 57, 60, 63, 66, 70, 74, 77, 81,
  ],
};
const FORMAT_LEVEL_BITS: Record<EccLevel, number> = { L: 1, M: 0, Q: 3, H: 2 };

/** Modules left for data and error correction in a version, in bits. */
function rawDataModules(version: number): number {
  let modules = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2;
    modules -= (25 * align - 10) * align - 55;
    if (version >= 7) modules -= 36;
  }
  return modules;
}

function dataCodewords(version: number, ecc: EccLevel): number {
  return Math.floor(rawDataModules(version) / 8) - ECC_PER_BLOCK[ecc][version] * BLOCKS[ecc][version];
}

/** The most bytes a QR code holds at a level (version 40, byte mode; one less for text beyond ASCII). */
export function byteCapacity(ecc: EccLevel): number {
  return dataCodewords(40, ecc) - 3;
}

// --- Reed-Solomon over GF(256), polynomial 0x11D ---------------------------------------------------------

function multiply(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

function divisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = multiply(result[j], root);
      if (j + 1 < degree) result[j] ^= result[j + 1];
    }
    root = multiply(root, 0x02);
  }
  return result;
}

function remainder(data: readonly number[], by: readonly number[]): number[] {
  const result = new Array<number>(by.length).fill(0);
  for (const byte of data) {
    const factor = byte ^ (result.shift() as number);
    result.push(0);
    by.forEach((coefficient, i) => (result[i] ^= multiply(coefficient, factor)));
  }
  return result;
}

// --- codewords ---------------------------------------------------------------------------------------------

/** Text beyond ASCII says it is UTF-8 (ECI 26), so a scanner does not guess another encoding. */
function eciBits(bytes: Uint8Array): number {
  return bytes.some((byte) => byte >= 0x80) ? 12 : 0;
}

function dataBits(bytes: Uint8Array, version: number, ecc: EccLevel): number[] {
  const bits: number[] = [];
  const push = (value: number, length: number): void => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  if (eciBits(bytes) > 0) {
    push(0b0111, 4);
    push(26, 8);
  }
  push(0b0100, 4);
  push(bytes.length, version <= 9 ? 8 : 16);
  for (const byte of bytes) push(byte, 8);
  const capacity = dataCodewords(version, ecc) * 8;
  push(0, Math.min(4, capacity - bits.length));
  push(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) push(pad, 8);
  return bits;
}

/** Data split into blocks, each with its error correction, interleaved as the standard lays them out. */
function codewords(bits: number[], version: number, ecc: EccLevel): number[] {
  const data: number[] = [];
  for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((byte, bit) => (byte << 1) | bit, 0));
  const blocks = BLOCKS[ecc][version];
  const eccLength = ECC_PER_BLOCK[ecc][version];
  const raw = Math.floor(rawDataModules(version) / 8);
  const shortBlocks = blocks - (raw % blocks);
  const shortLength = Math.floor(raw / blocks);
  const generator = divisor(eccLength);
  const all: number[][] = [];
  for (let i = 0, at = 0; i < blocks; i++) {
    const length = shortLength - eccLength + (i < shortBlocks ? 0 : 1);
    const block = data.slice(at, at + length);
    at += length;
    const check = remainder(block, generator);
    if (i < shortBlocks) block.push(0); // a gap, skipped below, so all blocks line up
    all.push([...block, ...check]);
  }
  const result: number[] = [];
  for (let i = 0; i < all[0].length; i++) {
    all.forEach((block, j) => {
      if (i !== shortLength - eccLength || j >= shortBlocks) result.push(block[i]);
    });
  }
  return result;
}

/** The smallest code of `text` (UTF-8) at `ecc`: `dark[row][column]`; a RangeError when it is too long. */
export function encodeQr(text: string, ecc: EccLevel): { size: number; dark: boolean[][] } {
  const bytes = new TextEncoder().encode(text);
  for (let version = 1; version <= 40; version++) {
    const needed = eciBits(bytes) + 4 + (version <= 9 ? 8 : 16) + bytes.length * 8;
    if (needed > dataCodewords(version, ecc) * 8) continue;
    const words = codewords(dataBits(bytes, version, ecc), version, ecc);
    return drawSymbol(version, FORMAT_LEVEL_BITS[ecc], words);
  }
  throw new RangeError(`text too long: ${bytes.length} bytes, at most ${byteCapacity(ecc)}`);
}
