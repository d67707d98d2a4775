/**
 * Pictures of only black and white (a 1-bit page from another server, a scanned form, line art) fitted to
 * another size stay black and white, with their lines and letters. A sampling filter and dithering after it
 * turn a rule one pixel thin into dots and letters into fuzz; here each target pixel takes the share of black
 * it covers (./area-average) and a threshold makes it black or white again. A line thinner than a target
 * pixel is kept, unbroken, in the row or column where it leaves the most ink (a white line in black alike).
 * Where the picture holds tones of its own dithering (a photo drawn in dots), the shares are dithered again
 * instead, so a tone stays a tone rather than turning black or white.
 */
import type { Sharp } from 'sharp';
import { areaAverage, placement, type Placement } from './area-average';
import { quantize } from './dither';
import { encodeIndexedPng } from './indexed-png';
import { PALETTES } from './palette';

/** Pictures up to this many pixels are looked at for two levels: a page scanned at 300 dpi has 8.7 million. */
export const MOST_TWO_LEVEL_PIXELS = 10_000_000;

/** A pixel no channel of which is above this is black; one no channel of which is below WHITE_FROM, white. */
const BLACK_UP_TO = 64;
const WHITE_FROM = 192;
/** The share of isolated dots around a target pixel from which the source there is a dithered tone. */
const TONE_SHARE = 0.08;

/** A picture's pixels as sharp decodes them: opaque, `channels` bytes each. */
export interface DecodedPicture {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/** The pixels of the picture `open` gives, on white; undefined when it is too large to look at for two levels. */
export async function decodeToLook(open: () => Sharp): Promise<DecodedPicture | undefined> {
  const { width = 0, height = 0 } = await open().metadata();
  if (width * height === 0 || width * height > MOST_TWO_LEVEL_PIXELS) return undefined;
  return open().flatten({ background: '#ffffff' }).raw().toBuffer({ resolveWithObject: true });
}

/** The picture fitted as black and white when it holds only black and white: a 1-bit PNG; else undefined. */
export function fitIfTwoLevel(
  { data, info }: DecodedPicture,
  fit: 'contain' | 'cover' | 'fill',
  targetWidth: number,
  targetHeight: number,
): Buffer | undefined {
  const marks = blackMarks(data, info.channels, info.width * info.height);
  if (!marks) return undefined;
  const indices = fitTwoLevel(marks, info.width, info.height, fit, targetWidth, targetHeight);
  return encodeIndexedPng(indices, targetWidth, targetHeight, PALETTES.bw);
}

/**
 * Black (1) or not (0) for each pixel of `pixels` (opaque, `channels` bytes each: grey, RGB or RGBA), or
 * undefined when a pixel is neither black nor white.
 */
function blackMarks(pixels: Uint8Array, channels: number, count: number): Uint8Array | undefined {
  const colour = channels >= 3;
  const marks = new Uint8Array(count);
  for (let pixel = 0, at = 0; pixel < count; pixel++, at += channels) {
    const first = pixels[at];
    const low = colour ? Math.min(first, pixels[at + 1], pixels[at + 2]) : first;
    const high = colour ? Math.max(first, pixels[at + 1], pixels[at + 2]) : first;
    if (high <= BLACK_UP_TO) marks[pixel] = 1;
    else if (low < WHITE_FROM) return undefined;
  }
  return marks;
}

/**
 * A black-and-white picture (`marks`, 1 for black, `width` x `height`) fitted to `targetWidth` x `targetHeight`:
 * an index of PALETTES.bw per target pixel (0 black, 1 white), contain's bars white.
 */
function fitTwoLevel(
  marks: Uint8Array,
  width: number,
  height: number,
  fit: 'contain' | 'cover' | 'fill',
  targetWidth: number,
  targetHeight: number,
): Uint8Array {
  const placed = placement(fit, width, height, targetWidth, targetHeight);
  const { box } = placed;
  const shares = areaAverage(marks, width, height, placed);
  const black = thresholdKeepingLines(shares, placed);
  const tones = toneAreas(marks, width, height, placed);
  const grey = new Uint8Array(targetWidth * targetHeight * 4).fill(255);
  const ditherOnly = new Uint8Array(targetWidth * targetHeight);
  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++) {
      const from = y * box.width + x;
      const to = (box.top + y) * targetWidth + box.left + x;
      const tone = tones ? tones[from] : 0;
      const level = tone ? Math.round(255 * (1 - shares[from])) : black[from] ? 0 : 255;
      grey[to * 4] = grey[to * 4 + 1] = grey[to * 4 + 2] = level;
      ditherOnly[to] = tone;
    }
  }
  return quantize(grey, targetWidth, targetHeight, PALETTES.bw, { mode: 'floyd-steinberg', ditherOnly });
}

/** Below a half by less than this is a half still: float sums of exact halves. */
const ROUNDING = 1e-4;

/**
 * Black (1) where at least half of a target pixel is covered, or where a line thinner than a pixel runs through
 * it and leaves more ink there than beside it; white likewise where a thin white line runs through black. A half
 * goes to black: letters come out a little bold rather than thin, which reads better on a small screen.
 */
function thresholdKeepingLines(shares: Float32Array, { box, window }: Placement): Uint8Array {
  const { width, height } = box;
  // The least share a line one source pixel thin leaves in the pixel it covers most: half its share, when it
  // falls across two; a little less, for rounding. Enlarged, no line is thinner than a pixel.
  const thin = {
    across: Math.min(0.5, (0.5 * width) / window.width) - ROUNDING,
    down: Math.min(0.5, (0.5 * height) / window.height) - ROUNDING,
  };
  const ink = new Grid(shares, width, height, 0);
  const paper = new Grid(
    shares.map((share) => 1 - share),
    width,
    height,
    1,
  );
  const black = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const share = shares[y * width + x];
      let isBlack: boolean;
      // Wholly black or white: no thin line of the other colour runs through it.
      if (share === 0 || share === 1) isBlack = share === 1;
      else if (share < 0.5 - ROUNDING) isBlack = ink.isThinLine(x, y, thin);
      else isBlack = !paper.isThinLine(x, y, thin);
      black[y * width + x] = Number(isBlack);
    }
  }
  return black;
}

/** A share per pixel of a box, `outside` beyond its edges. */
class Grid {
  constructor(
    private readonly values: Float32Array,
    private readonly width: number,
    private readonly height: number,
    private readonly outside: number,
  ) {}

  at(x: number, y: number): number {
    return x < 0 || y < 0 || x >= this.width || y >= this.height ? this.outside : this.values[y * this.width + x];
  }

  /**
   * Whether a thin line runs through x, y: along the row, the pixel holds more than the pixels above and below
   * (or as much as one, when the line falls across two rows) and the row goes on beside it; or the same along
   * the column.
   */
  isThinLine(x: number, y: number, thin: { across: number; down: number }): boolean {
    const here = this.at(x, y);
    const ridge = (before: number, after: number) => here >= before && here >= after && (here > before || here > after);
    const alongRow =
      here >= thin.down &&
      ridge(this.at(x, y - 1), this.at(x, y + 1)) &&
      (this.at(x - 1, y) >= thin.down || this.at(x + 1, y) >= thin.down);
    return (
      alongRow ||
      (here >= thin.across &&
        ridge(this.at(x - 1, y), this.at(x + 1, y)) &&
        (this.at(x, y - 1) >= thin.across || this.at(x, y + 1) >= thin.across))
    );
  }
}

/**
 * The target pixels (of the box) whose source is a dithered tone: around them, many source pixels are dots
 * (a pixel whose four neighbours all have the other colour), which lines and letters seldom have. Undefined
 * when the picture is enlarged, where every dot stays a dot of its own.
 */
function toneAreas(marks: Uint8Array, width: number, height: number, placed: Placement): Uint8Array | undefined {
  const { box, window } = placed;
  if (window.width <= box.width && window.height <= box.height) return undefined;
  const dots = new Uint8Array(marks.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0, pixel = y * width; x < width; x++, pixel++) {
      const level = marks[pixel];
      if (x > 0 && marks[pixel - 1] === level) continue;
      if (x < width - 1 && marks[pixel + 1] === level) continue;
      if (y > 0 && marks[pixel - width] === level) continue;
      if (y < height - 1 && marks[pixel + width] === level) continue;
      dots[pixel] = 1;
    }
  }
  const shares = areaAverage(dots, width, height, placed);
  // The mean over each pixel's 3 x 3 neighbourhood (within the box): sums along the rows, then down.
  const { width: boxWidth, height: boxHeight } = box;
  const rows = new Float32Array(shares.length);
  for (let y = 0; y < boxHeight; y++) {
    for (let x = 0, at = y * boxWidth; x < boxWidth; x++, at++) {
      rows[at] = shares[at] + (x > 0 ? shares[at - 1] : 0) + (x < boxWidth - 1 ? shares[at + 1] : 0);
    }
  }
  const tones = new Uint8Array(shares.length);
  for (let y = 0; y < boxHeight; y++) {
    const tall = Math.min(y + 1, boxHeight - 1) - Math.max(y - 1, 0) + 1;
    for (let x = 0, at = y * boxWidth; x < boxWidth; x++, at++) {
      const sum = rows[at] + (y > 0 ? rows[at - boxWidth] : 0) + (y < boxHeight - 1 ? rows[at + boxWidth] : 0);
      const wide = Math.min(x + 1, boxWidth - 1) - Math.max(x - 1, 0) + 1;
      tones[at] = Number(sum >= TONE_SHARE * wide * tall);
    }
  }
  return tones;
}
