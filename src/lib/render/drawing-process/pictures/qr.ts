/**
 * `<img src="qr:TEXT">`: a QR code of TEXT (UTF-8), drawn crisp at the box's size: every module the same
 * whole number of pixels, the code centred, with the standard quiet zone of four modules around it.
 */
import { correction, generate, mode } from 'lean-qr';
import { emptyBitmap, fillRect, type Bitmap } from './bitmap';
import { templateError, type SourcePlace } from '../html/html';

export const ECC_LEVELS = ['L', 'M', 'Q', 'H'] as const;
export type EccLevel = (typeof ECC_LEVELS)[number];
/** Bytes a QR code (version 40) holds in byte mode, by error correction level. */
const CAPACITY: Record<EccLevel, number> = { L: 2953, M: 2331, Q: 1663, H: 1273 };
/**
 * Digits, capitals and ASCII as the QR standard packs them; any other text as UTF-8 marked with ECI 26, so that a
 * scanner reads Chinese as Chinese instead of guessing Shift-JIS.
 */
const MODES = [mode.numeric, mode.alphaNumeric, mode.ascii, mode.utf8];
const QUIET_ZONE = 4;
const BLACK = [0, 0, 0] as const;
const WHITE = [255, 255, 255] as const;

export interface QrCode {
  size: number;
  dark: boolean[][];
}

/** The modules of `text`'s QR code (lean-qr); text too long for one is an error at the img's place. */
export function qrCode(text: string, ecc: EccLevel, place: SourcePlace): QrCode {
  let code: ReturnType<typeof generate>;
  try {
    code = generate(text, { modes: MODES, minCorrectionLevel: correction[ecc], maxCorrectionLevel: correction[ecc] });
  } catch {
    // lean-qr says only "lean-qr error 4" for data that does not fit version 40.
    const bytes = Buffer.byteLength(text);
    const larger = ecc === 'L' ? '' : `; data-ecc="L" allows ${CAPACITY.L}`;
    throw templateError(
      place,
      `the QR code text is ${bytes} bytes, too long for a QR code (at most ${CAPACITY[ecc]} bytes with error correction ${ecc}${larger})`,
    );
  }
  const dark = Array.from({ length: code.size }, (_, y) => Array.from({ length: code.size }, (_, x) => code.get(x, y)));
  return { size: code.size, dark };
}

/** The code at the box's size; a box too small for one pixel a module is an error at the img's place. */
export function drawQr(code: QrCode, width: number, height: number, place: SourcePlace): Bitmap {
  const modules = code.size + 2 * QUIET_ZONE;
  const modulePixels = Math.floor(Math.min(width, height) / modules);
  if (modulePixels < 1) {
    throw templateError(
      place,
      `a ${width} x ${height} box is too small for this QR code: it needs at least ${modules} x ${modules} pixels`,
    );
  }
  const bitmap = emptyBitmap(width, height, [BLACK, WHITE]);
  const side = modules * modulePixels;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  fillRect(bitmap, left, top, side, side, 1);
  for (let row = 0; row < code.size; row++) {
    for (let column = 0; column < code.size; column++) {
      if (!code.dark[row][column]) continue;
      const x = left + (column + QUIET_ZONE) * modulePixels;
      const y = top + (row + QUIET_ZONE) * modulePixels;
      fillRect(bitmap, x, y, modulePixels, modulePixels, 0);
    }
  }
  return bitmap;
}
