/**
 * The orientation an EXIF block (a TIFF header and its first directory) gives
 * a picture: 1 is upright, 2 to 8 mirror or turn it. A camera stores a photo
 * as its sensor read it and says in this tag how to show it.
 */

const ORIENTATION_TAG = 0x0112;
const SHORT = 3;
const ENTRY_BYTES = 12;

/** The orientation (1 to 8) in `tiff`, a TIFF header with its directories; undefined when there is none. */
export function exifOrientation(tiff: Buffer): number | undefined {
  if (tiff.length < 8) return undefined;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return undefined;
  const little = order === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return undefined;
  const directory = u32(4);
  if (directory + 2 > tiff.length) return undefined;
  const entries = u16(directory);
  for (let i = 0; i < entries; i++) {
    const at = directory + 2 + i * ENTRY_BYTES;
    if (at + ENTRY_BYTES > tiff.length) return undefined;
    if (u16(at) !== ORIENTATION_TAG) continue;
    if (u16(at + 2) !== SHORT) return undefined;
    const value = u16(at + 8);
    return value >= 1 && value <= 8 ? value : undefined;
  }
  return undefined;
}

/** The EXIF block of a JPEG's APP1 segment or a WebP's EXIF chunk: a TIFF header, perhaps after "Exif\0\0". */
export function exifTiff(block: Buffer): Buffer {
  return block.toString('latin1', 0, 6) === 'Exif\0\0' ? block.subarray(6) : block;
}
