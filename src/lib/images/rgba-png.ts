/**
 * A PNG of decoded pixels (truecolour, 8 bits a channel): with alpha only when
 * a pixel is not opaque. Each row takes the filter that leaves the smallest
 * sum of differences (the usual heuristic), so a converted picture stays small
 * without sharp.
 */
import { deflateSync } from 'node:zlib';
import type { RgbaPicture } from './bmp';
import { chunk, SIGNATURE } from './indexed-png';

/** The picture over white: what the screen shows of a pixel that is not opaque. */
export function onWhite({ width, height, rgba }: RgbaPicture): RgbaPicture {
  const out = Buffer.from(rgba);
  for (let i = 0; i < out.length; i += 4) {
    const alpha = out[i + 3];
    if (alpha === 255) continue;
    for (let c = 0; c < 3; c++) out[i + c] = Math.round((out[i + c] * alpha + 255 * (255 - alpha)) / 255);
    out[i + 3] = 255;
  }
  return { width, height, rgba: out };
}

export function encodeRgbaPng({ width, height, rgba }: RgbaPicture): Buffer {
  let opaque = true;
  for (let i = 3; i < rgba.length && opaque; i += 4) opaque = rgba[i] === 255;
  const channels = opaque ? 3 : 4;
  const stride = width * channels;
  const rows = Buffer.alloc((stride + 1) * height);
  let previous = Buffer.alloc(stride);
  const line = Buffer.alloc(stride);
  const candidates = [0, 1, 2, 3, 4].map(() => Buffer.alloc(stride));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * 4;
      for (let c = 0; c < channels; c++) line[x * channels + c] = rgba[from + c];
    }
    let best = 0;
    let bestSum = Infinity;
    for (let type = 0; type < 5; type++) {
      const out = candidates[type];
      let sum = 0;
      for (let i = 0; i < stride; i++) {
        const left = i >= channels ? line[i - channels] : 0;
        const up = previous[i];
        const upLeft = i >= channels ? previous[i - channels] : 0;
        const value = (line[i] - predictor(type, left, up, upLeft)) & 0xff;
        out[i] = value;
        sum += value < 128 ? value : 256 - value;
      }
      if (sum < bestSum) {
        bestSum = sum;
        best = type;
      }
    }
    const at = y * (stride + 1);
    rows[at] = best;
    candidates[best].copy(rows, at + 1);
    previous = Buffer.from(line);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = opaque ? 2 : 6; // truecolour, with alpha when needed
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The PNG filters: none, sub, up, average, Paeth. */
function predictor(type: number, left: number, up: number, upLeft: number): number {
  switch (type) {
    case 1:
      return left;
    case 2:
      return up;
    case 3:
      return (left + up) >> 1;
    case 4: {
      const estimate = left + up - upLeft;
      const toLeft = Math.abs(estimate - left);
      const toUp = Math.abs(estimate - up);
      const toUpLeft = Math.abs(estimate - upLeft);
      if (toLeft <= toUp && toLeft <= toUpLeft) return left;
      return toUp <= toUpLeft ? up : upLeft;
    }
    default:
      return 0;
  }
}
