'use strict';
/**
 * Pictures for the image-fitting tests, and a look at the pictures a push
 * sent: striped colour pictures whose stripes tell where each part of the
 * source landed, BMP files written by hand (sharp neither reads nor writes
 * BMP), a JPEG larger than 2 MB, and the colour of a pixel of a received PNG.
 */
const sharp = require('sharp');

const RED = [255, 0, 0];
const GREEN = [0, 160, 0];
const BLUE = [0, 0, 255];
const WHITE = [255, 255, 255];

/**
 * A PNG (or `format`) of `width` x `height` in vertical stripes, left to
 * right: each stripe `[fraction of the width, [r, g, b]]`.
 */
function stripedPicture(width, height, stripes, format = 'png') {
  const raw = Buffer.alloc(width * height * 3);
  const edges = [];
  let sum = 0;
  for (const [fraction, colour] of stripes) {
    sum += fraction;
    edges.push([Math.round(sum * width), colour]);
  }
  for (let x = 0; x < width; x++) {
    const [, colour] = edges.find(([edge]) => x < edge);
    for (let y = 0; y < height; y++) raw.set(colour, (y * width + x) * 3);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    [format]()
    .toBuffer();
}

/** A 24-bit BMP of `width` x `height`, white; `topDown` stores its rows from the top (a negative height). */
function bmpOfSize(width, height, { topDown = false } = {}) {
  const rowBytes = Math.ceil((width * 3) / 4) * 4;
  const pixelBytes = rowBytes * height;
  const file = Buffer.alloc(14 + 40 + pixelBytes);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(14 + 40, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(topDown ? -height : height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  file.writeUInt32LE(pixelBytes, 34);
  file.fill(0xff, 54);
  return file;
}

/** A JPEG of coloured noise, which does not compress: about 3 MB at 1200 x 900. */
function noisyJpeg(width = 1200, height = 900) {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 20240601;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = seed >> 23;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

/** Format, size and channels of a picture as sharp reads it. */
async function describePicture(data) {
  const { format, width, height, channels, space } = await sharp(data).metadata();
  return { format, width, height, channels, space };
}

/** A picture's pixels, to ask the colour of one. */
async function pixelsOf(data) {
  const { data: raw, info } = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    at(x, y) {
      const i = (y * info.width + x) * info.channels;
      return info.channels >= 3 ? [raw[i], raw[i + 1], raw[i + 2]] : [raw[i], raw[i], raw[i]];
    },
  };
}

/** Whether a pixel is near a colour (PNG resampling blurs stripe edges only). */
function isNear(pixel, colour, tolerance = 40) {
  return pixel.every((value, index) => Math.abs(value - colour[index]) <= tolerance);
}

module.exports = { RED, GREEN, BLUE, WHITE, stripedPicture, bmpOfSize, noisyJpeg, describePicture, pixelsOf, isNear };
