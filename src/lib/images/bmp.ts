/**
 * The size of a BMP picture, read from its header: sharp (libvips) cannot
 * read BMP, so a BMP is never fitted, only checked against the screen's size.
 */

export interface PictureSize {
  width: number;
  height: number;
}

/** The header of the first, OS/2 1.x form: 16-bit width and height. */
const CORE_HEADER_BYTES = 12;
/** Every later form (OS/2 2.x, Windows 3.x and the V2 to V5 headers): signed 32-bit width and height. */
const LATER_HEADER_BYTES = [16, 40, 52, 56, 64, 108, 124];
const FILE_HEADER_BYTES = 14;

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
