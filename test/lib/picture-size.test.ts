// The size and orientation our header reader (src/lib/images/picture-size.ts) gives, against what
// sharp (libvips) reads from the same pictures: every format we accept, its variants (progressive
// JPEG, lossy, lossless and extended WebP), EXIF orientation in JPEG, PNG and WebP, and pictures
// cut short, which give no size rather than a wrong one.

import { expect } from 'chai';
import sharp, { type Sharp } from 'sharp';
import { detectImageFormat, type ImageFormat } from '../../dist/lib/images/image-file';
import { pictureHeader, type PictureHeader } from '../../dist/lib/images/picture-size';

function solid(width: number, height: number, alpha = 1): Sharp {
  return sharp({
    create: { width, height, channels: alpha === 1 ? 3 : 4, background: { r: 200, g: 40, b: 0, alpha } },
  });
}

const VARIANTS: Record<string, (picture: Sharp) => Sharp> = {
  png: (p) => p.png(),
  'baseline JPEG': (p) => p.jpeg(),
  'progressive JPEG': (p) => p.jpeg({ progressive: true }),
  gif: (p) => p.gif(),
  'lossy WebP (VP8)': (p) => p.webp(),
  'lossless WebP (VP8L)': (p) => p.webp({ lossless: true }),
};

async function sharpSays(bytes: Buffer): Promise<PictureHeader> {
  const metadata = await sharp(bytes).metadata();
  return { width: metadata.width, height: metadata.height, orientation: metadata.orientation ?? 1 };
}

function formatOf(bytes: Buffer): ImageFormat {
  const format = detectImageFormat(bytes);
  if (!format) throw new Error('not a picture we know');
  return format;
}

/**
 * A JPEG whose EXIF block is big-endian ("MM"), as some cameras write it, with the given orientation; `spoil`
 * changes the block as a broken writer would.
 */
function bigEndianExifJpeg(
  jpeg: Buffer,
  orientation: number,
  spoil: (tiff: Buffer) => Buffer = (tiff) => tiff,
): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 12 + 4);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10); // Orientation
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), spoil(tiff)]);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xffe1, 0);
  segment.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, body, jpeg.subarray(2)]);
}

describe('picture size from the header, without sharp', function () {
  this.timeout(30_000);

  for (const [name, encode] of Object.entries(VARIANTS)) {
    it(`${name}: the width and height sharp reads, at several sizes`, async () => {
      for (const [width, height] of [
        [400, 300],
        [1, 1],
        [800, 600],
        [300, 400],
        [1203, 7],
      ]) {
        const bytes = await encode(solid(width, height)).toBuffer();
        expect(pictureHeader(bytes, formatOf(bytes)), `${width} x ${height}`).to.deep.equal(await sharpSays(bytes));
      }
    });
  }

  it('extended WebP (VP8X, a picture with transparency): the canvas size sharp reads', async () => {
    const bytes = await solid(640, 480, 0.5).webp().toBuffer();
    expect(bytes.toString('latin1', 12, 16)).to.equal('VP8X');
    expect(pictureHeader(bytes, 'webp')).to.deep.equal(await sharpSays(bytes));
  });

  it('a camera picture turned by its EXIF orientation, in JPEG, PNG and WebP, as sharp reads it', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      for (const orientation of [3, 6, 8]) {
        const bytes = await solid(400, 300)[format]().withMetadata({ orientation }).toBuffer();
        const header = pictureHeader(bytes, format);
        expect(header, `${format} ${orientation}`).to.deep.equal(await sharpSays(bytes));
        expect(header?.orientation).to.equal(orientation);
      }
    }
  });

  it('an EXIF block in big-endian order ("MM") gives its orientation too', async () => {
    const bytes = bigEndianExifJpeg(await solid(400, 300).jpeg().toBuffer(), 8);
    expect(pictureHeader(bytes, 'jpeg')).to.deep.equal({ width: 400, height: 300, orientation: 8 });
    expect(await sharpSays(bytes)).to.deep.equal({ width: 400, height: 300, orientation: 8 });
  });

  it('an EXIF block without an orientation leaves the picture upright', async () => {
    const bytes = await solid(400, 300)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Device Cloud' } })
      .toBuffer();
    expect(pictureHeader(bytes, 'jpeg')).to.deep.equal({ width: 400, height: 300, orientation: 1 });
  });

  it('a broken EXIF block leaves the picture upright, as sharp reads it', async () => {
    const jpeg = await solid(400, 300).jpeg().toBuffer();
    const spoiled: Record<string, (tiff: Buffer) => Buffer> = {
      'cut to 6 bytes': (tiff) => tiff.subarray(0, 6),
      'no byte order': (tiff) => Buffer.concat([Buffer.from('XX', 'latin1'), tiff.subarray(2)]),
      'not TIFF (43)': (tiff) => (tiff.writeUInt16BE(43, 2), tiff),
      'its directory past the end': (tiff) => (tiff.writeUInt32BE(1000, 4), tiff),
      'its entries past the end': (tiff) => (tiff.writeUInt16BE(0x010f, 10), tiff.writeUInt16BE(2, 8), tiff),
      'the orientation not a SHORT': (tiff) => (tiff.writeUInt16BE(4, 12), tiff),
      'an orientation of 9': (tiff) => (tiff.writeUInt16BE(9, 18), tiff),
    };
    for (const [name, spoil] of Object.entries(spoiled)) {
      const bytes = bigEndianExifJpeg(jpeg, 6, spoil);
      const upright = { width: 400, height: 300, orientation: 1 };
      expect(pictureHeader(bytes, 'jpeg'), name).to.deep.equal(upright);
      expect(await sharpSays(bytes), `${name}: sharp`).to.deep.equal(upright);
    }
  });

  it('a picture cut short gives no size, never a wrong one', async () => {
    for (const encode of Object.values(VARIANTS)) {
      const bytes = await encode(solid(400, 300)).toBuffer();
      const format = formatOf(bytes);
      for (let length = 0; length < Math.min(bytes.length, 700); length++) {
        const header = pictureHeader(bytes.subarray(0, length), format);
        if (header) expect([header.width, header.height], `${format} cut at ${length}`).to.deep.equal([400, 300]);
      }
    }
  });

  it('a JPEG whose segments are broken before the frame header gives no size', async () => {
    const bytes = await solid(400, 300).jpeg().toBuffer();
    const broken = Buffer.from(bytes);
    broken[2] = 0x00; // the first marker's 0xFF
    expect(pictureHeader(broken, 'jpeg')).to.equal(undefined);
    const zeroHeight = Buffer.from(bytes);
    const frame = zeroHeight.indexOf(Buffer.from([0xff, 0xc0]));
    zeroHeight.writeUInt16BE(0, frame + 5);
    expect(pictureHeader(zeroHeight, 'jpeg')).to.equal(undefined);
  });
});
