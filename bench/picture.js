'use strict';
/**
 * A photo-like PNG (gradients and grain) made with zlib alone, so that a part
 * can hold a picture without loading sharp before what it measures.
 */
const zlib = require('node:zlib');

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGB PNG of `width` x `height`. */
function photoLikePng(width, height) {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  let seed = 7;
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    rows[row] = 0; // no filter
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = (seed >> 24) - 64;
      const at = row + 1 + x * 3;
      rows[at] = Math.max(0, Math.min(255, Math.round((x / width) * 255) + grain));
      rows[at + 1] = Math.max(0, Math.min(255, Math.round((y / height) * 255) + grain));
      rows[at + 2] = Math.max(0, Math.min(255, 128 + Math.round(Math.sin((x + y) / 40) * 100) + grain));
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

module.exports = { photoLikePng };
