/**
 * BMP decoded by our code (sharp cannot read it) and written as PNG by our
 * code: checked against BMP files written by hand (exact pixels), against the
 * BMP suite (the same picture in every form in use: each form must give the
 * picture the plainest form gives), and read back with sharp, a real decoder.
 */
import { expect } from 'chai';
import sharp from 'sharp';
import { BmpError, decodeBmp, type RgbaPicture } from '../../dist/lib/images/bmp';
import { encodeRgbaPng, onWhite } from '../../dist/lib/images/rgba-png';
import { BLUE, bmpOfSize, bmpSuiteFile, GREEN, RED, WHITE, type Rgb } from '../fixtures/images';

const MANY = 100_000_000;

function rgbAt(picture: RgbaPicture, x: number, y: number): number[] {
  const at = (y * picture.width + x) * 4;
  return [...picture.rgba.subarray(at, at + 4)];
}

/** The largest difference of a colour channel between two pictures, over the pixels `counts` picks. */
function largestDifference(a: RgbaPicture, b: RgbaPicture, counts: (alpha: number) => boolean = () => true): number {
  expect([a.width, a.height]).to.deep.equal([b.width, b.height]);
  let largest = 0;
  for (let i = 0; i < a.rgba.length; i += 4) {
    if (!counts(a.rgba[i + 3])) continue;
    for (let c = 0; c < 3; c++) largest = Math.max(largest, Math.abs(a.rgba[i + c] - b.rgba[i + c]));
  }
  return largest;
}

/**
 * How far apart two pictures are as an eye sees them: the mean difference of the average colours of
 * their 8 x 8 blocks. A palette's dithering moves single pixels far, but keeps each block's colour.
 */
function blockDifference(a: RgbaPicture, b: RgbaPicture): number {
  const block = 8;
  let sum = 0;
  let count = 0;
  for (let top = 0; top + block <= a.height; top += block) {
    for (let left = 0; left + block <= a.width; left += block) {
      for (let c = 0; c < 3; c++) {
        let difference = 0;
        for (let y = top; y < top + block; y++) {
          for (let x = left; x < left + block; x++) {
            const i = (y * a.width + x) * 4 + c;
            difference += a.rgba[i] - b.rgba[i];
          }
        }
        sum += Math.abs(difference) / (block * block);
        count++;
      }
    }
  }
  return sum / count;
}

function decoded(name: string): RgbaPicture {
  return decodeBmp(bmpSuiteFile(name), MANY);
}

function failure(call: () => unknown): Error {
  try {
    call();
  } catch (error) {
    return error as Error;
  }
  throw new Error('it did not throw');
}

describe('BMP read by our own decoder', function () {
  const stripes = (x: number): Rgb => (x < 2 ? RED : x < 5 ? GREEN : x < 6 ? BLUE : WHITE);

  describe('a 24-bit BMP written by hand', function () {
    for (const topDown of [false, true]) {
      it(`gives its exact pixels, top row first, with rows stored ${topDown ? 'top to bottom' : 'bottom to top'}`, function () {
        // 7 pixels a row: 21 bytes, padded to 24; the bottom row differs, so a flipped picture shows.
        const file = bmpOfSize(7, 3, { topDown, colour: (x, y) => (y === 2 ? BLUE : stripes(x)) });
        const picture = decodeBmp(file, MANY);
        expect([picture.width, picture.height]).to.deep.equal([7, 3]);
        for (let x = 0; x < 7; x++) {
          expect(rgbAt(picture, x, 0), `${x},0`).to.deep.equal([...stripes(x), 255]);
          expect(rgbAt(picture, x, 2), `${x},2`).to.deep.equal([...BLUE, 255]);
        }
      });
    }
  });

  describe('the BMP suite: every form gives the picture its plainest form (24 bits) gives', function () {
    let plain: RgbaPicture;
    before(function () {
      plain = decoded('rgb24');
      expect([plain.width, plain.height]).to.deep.equal([127, 64]);
    });

    it('32 bits with bit fields, exactly; 16 bits (5-5-5 and 5-6-5) within what 5 bits keep', function () {
      expect(largestDifference(decoded('rgb32bf'), plain)).to.equal(0);
      expect(largestDifference(decoded('rgb16'), plain)).to.be.at.most(8);
      expect(largestDifference(decoded('rgb16-565'), plain)).to.be.at.most(8);
    });

    it('8 bits over a palette: the same pixels stored plain, run-length encoded, top to bottom, with OS/2 and V5 headers', function () {
      const pal8 = decoded('pal8');
      for (const name of ['pal8rle', 'pal8topdown', 'pal8os2', 'pal8v5']) {
        expect(decoded(name).rgba.equals(pal8.rgba), name).to.equal(true);
      }
      // The palette's colours, dithered, come near the picture everywhere.
      expect(blockDifference(pal8, plain)).to.be.below(4);
    });

    it('4 bits plain and run-length encoded give the same pixels; 1 bit gives only its two colours', function () {
      expect(decoded('pal4rle').rgba.equals(decoded('pal4').rgba)).to.equal(true);
      expect(blockDifference(decoded('pal4'), plain)).to.be.below(40);
      const pal1 = decoded('pal1');
      const colours = new Set<string>();
      for (let i = 0; i < pal1.rgba.length; i += 4) colours.add(pal1.rgba.subarray(i, i + 3).join(','));
      expect([...colours].sort()).to.deep.equal(['0,0,0', '255,255,255']);
    });

    it('32 bits with an alpha mask: the alpha read, the colours of the opaque pixels as the plain form has them', function () {
      const withAlpha = decoded('rgba32-1');
      const alphas = new Set<number>();
      for (let i = 3; i < withAlpha.rgba.length; i += 4) alphas.add(withAlpha.rgba[i]);
      expect(alphas.has(255)).to.equal(true);
      expect([...alphas].some((alpha) => alpha < 255)).to.equal(true);
      expect(largestDifference(withAlpha, plain, (alpha) => alpha === 255)).to.equal(0);
    });
  });

  describe('refuses, saying why', function () {
    const cases: [string, () => Buffer, RegExp][] = [
      ['a BMP that holds a JPEG', () => withCompression(4), /it holds a JPEG; send that picture itself/],
      ['a BMP that holds a PNG', () => withCompression(5), /it holds a PNG; send that picture itself/],
      ['an unknown compression', () => withCompression(9), /its compression 9 is not supported/],
      ['64 bits a pixel', () => withBits(64), /its 64 bits a pixel are not supported/],
      ['a header of no known size', () => withHeaderSize(66), /its header of 66 bytes is of no known form/],
      ['pixels cut short', () => bmpOfSize(40, 30).subarray(0, 200), /its pixels are cut short/],
      ['what is no BMP', () => Buffer.from('GIF89a, not a BMP at all'), /it is not a BMP file/],
      [
        'pixels said to start past its end',
        () => withPixelsAt(10_000),
        /its pixels are missing \(the file is cut short\)/,
      ],
      ['a header cut short', () => bmpOfSize(4, 4).subarray(0, 30), /its header is cut short/],
      ['no width', () => withWidth(0), /its size 0 x 4 is no picture/],
      ['RLE8 at 24 bits', () => withCompression(1), /its run-length compression does not go with 24 bits a pixel/],
      ['bit masks at 24 bits', () => withCompression(3), /its bit masks do not go with 24 bits a pixel/],
      ['bit masks cut short', () => withBits(32, 3).subarray(0, 14 + 40 + 6), /its bit masks are cut short/],
      ['8 bits without a palette', () => withPixelsAt(14 + 40, withBits(8)), /its palette is missing/],
    ];
    for (const [what, file, said] of cases) {
      it(what, function () {
        const error = failure(() => decodeBmp(file(), MANY));
        expect(error).to.be.instanceOf(BmpError);
        expect(error.message).to.match(said);
      });
    }

    it('more pixels than it reads, before reading them', function () {
      const error = failure(() => decodeBmp(bmpOfSize(100, 100), 9999));
      expect(error.message).to.equal('it is 100 x 100, more than the 9999 pixels read');
    });
  });

  function withCompression(compression: number): Buffer {
    const file = bmpOfSize(4, 4);
    file.writeUInt32LE(compression, 30);
    return file;
  }

  function withBits(bits: number, compression = 0): Buffer {
    const file = bmpOfSize(4, 4);
    file.writeUInt16LE(bits, 28);
    file.writeUInt32LE(compression, 30);
    return file;
  }

  function withPixelsAt(offset: number, file = bmpOfSize(4, 4)): Buffer {
    file.writeUInt32LE(offset, 10);
    return file;
  }

  function withWidth(width: number): Buffer {
    const file = bmpOfSize(4, 4);
    file.writeInt32LE(width, 18);
    return file;
  }

  function withHeaderSize(bytes: number): Buffer {
    const file = bmpOfSize(4, 4);
    file.writeUInt32LE(bytes, 14);
    return file;
  }
});

describe('PNG written from decoded pixels', function () {
  it('reads back with sharp as the same pixels: RGB when every pixel is opaque, RGBA when not', async function () {
    for (const name of ['rgb24', 'pal8rle', 'rgba32-1']) {
      const picture = decoded(name);
      const png = encodeRgbaPng(picture);
      const back = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      expect(back.info.width, name).to.equal(picture.width);
      expect(back.info.height, name).to.equal(picture.height);
      expect(back.data.equals(picture.rgba), name).to.equal(true);
      const { channels } = await sharp(png).metadata();
      expect(channels, name).to.equal(name === 'rgba32-1' ? 4 : 3);
    }
  });

  it('puts a pixel that is not opaque on white, as the screen shows it', function () {
    const picture = { width: 3, height: 1, rgba: Buffer.from([255, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 128]) };
    const flat = onWhite(picture);
    expect([...flat.rgba]).to.deep.equal([255, 0, 0, 255, ...WHITE, 255, 127, 127, 127, 255]);
  });
});
