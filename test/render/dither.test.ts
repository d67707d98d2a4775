// Dithering and the indexed PNG, checked by what can be measured on the decoded picture (sharp decodes it):
// only the palette's colours, a grey ramp whose darkness follows the ramp, a threshold that splits it in two.

import { expect } from 'chai';
import sharp from 'sharp';
import { ditherMode, quantize } from '../../dist/lib/images/dither';
import { encodeIndexedPng } from '../../dist/lib/images/indexed-png';
import { PALETTES, paletteName } from '../../dist/lib/images/palette';
import { blackAndWhitePng } from '../../dist/lib/images/black-and-white';
import { DeviceCloudError } from '../../dist/lib/errors';
import { coloursOf, darkness, pixelsOf } from './support';

const WIDTH = 256;
const HEIGHT = 64;

/** Grey from black (left) to white (right), as RGBA. */
function greyRamp(): Uint8Array {
  const rgba = new Uint8Array(WIDTH * HEIGHT * 4);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) rgba.set([x, x, x, 255], (y * WIDTH + x) * 4);
  }
  return rgba;
}

function bwPng(mode: 'none' | 'atkinson' | 'floyd-steinberg'): Buffer {
  const indices = quantize(greyRamp(), WIDTH, HEIGHT, PALETTES.bw, { mode });
  return encodeIndexedPng(indices, WIDTH, HEIGHT, PALETTES.bw);
}

/** Mean darkness of each band of 16 columns, against the ramp's own (1 at black, 0 at white). */
async function bands(png: Buffer): Promise<{ measured: number; expected: number }[]> {
  const pixels = await pixelsOf(png);
  return Array.from({ length: WIDTH / 16 }, (_, band) => ({
    measured: darkness(pixels, band * 16, 0, 16, HEIGHT),
    expected: 1 - (band * 16 + 7.5) / 255,
  }));
}

describe('dithering to a palette', function () {
  it('threshold (none): the ramp becomes a black half and a white half, nothing between', async () => {
    const pixels = await pixelsOf(bwPng('none'));
    expect(darkness(pixels, 0, 0, 128, HEIGHT)).to.equal(1);
    expect(darkness(pixels, 128, 0, 128, HEIGHT)).to.equal(0);
    expect([...coloursOf(pixels)].sort()).to.deep.equal(['0,0,0', '255,255,255']);
  });

  it('floyd-steinberg: pure black and white whose darkness follows the ramp band by band', async () => {
    const png = bwPng('floyd-steinberg');
    expect([...coloursOf(await pixelsOf(png))].sort()).to.deep.equal(['0,0,0', '255,255,255']);
    for (const { measured, expected } of await bands(png)) expect(measured).to.be.closeTo(expected, 0.04);
  });

  it('atkinson: follows the ramp in the mid-tones, and (as Atkinson does) clips the darkest and lightest', async () => {
    const png = bwPng('atkinson');
    expect([...coloursOf(await pixelsOf(png))].sort()).to.deep.equal(['0,0,0', '255,255,255']);
    const measured = await bands(png);
    for (const { measured: got, expected } of measured.slice(3, 13)) expect(got).to.be.closeTo(expected, 0.08);
    for (let i = 1; i < measured.length; i++)
      expect(measured[i].measured).to.be.at.most(measured[i - 1].measured + 0.02);
  });

  it('bwry: a red-to-yellow blend is dithered into red and yellow dots only', async () => {
    const rgba = new Uint8Array(WIDTH * HEIGHT * 4);
    for (let i = 0; i < WIDTH * HEIGHT; i++) rgba.set([255, i % WIDTH, 0, 255], i * 4);
    const indices = quantize(rgba, WIDTH, HEIGHT, PALETTES.bwry, { mode: 'floyd-steinberg' });
    const pixels = await pixelsOf(encodeIndexedPng(indices, WIDTH, HEIGHT, PALETTES.bwry));
    expect([...coloursOf(pixels)].sort()).to.deep.equal(['255,0,0', '255,255,0']);
    const yellowShare = (left: number): number => 1 - redShare(pixels, left);
    expect(yellowShare(0)).to.be.below(0.1);
    expect(yellowShare(240)).to.be.above(0.9);
  });

  it('writes 1 bit a pixel for two colours and 2 for four (read from the PNG header)', () => {
    const header = (png: Buffer): [number, number] => [png[24], png[25]];
    expect(header(bwPng('none'))).to.deep.equal([1, 3]);
    const four = encodeIndexedPng(new Uint8Array(4).fill(2), 2, 2, PALETTES.bwry);
    expect(header(four)).to.deep.equal([2, 3]);
  });

  it('refuses an unknown palette or mode, naming the field', () => {
    for (const [check, field, value] of [
      [() => paletteName('rgb'), 'colors', 'rgb'],
      [() => ditherMode('ordered'), 'dither', 'ordered'],
      [() => ditherMode(true), 'dither', true],
    ] as const) {
      expect(check).to.throw(DeviceCloudError).with.property('field', field);
      expect(check).to.throw(`got ${JSON.stringify(value)}`);
    }
    expect(paletteName('')).to.equal('bw');
    expect(ditherMode(undefined)).to.equal('none');
  });
});

function redShare(pixels: { width: number; data: Buffer }, left: number): number {
  let red = 0;
  let all = 0;
  for (let i = 0; i < pixels.data.length; i += 3) {
    const x = (i / 3) % pixels.width;
    if (x < left || x >= left + 16) continue;
    all++;
    if (pixels.data[i + 1] === 0) red++;
  }
  return red / all;
}

describe('black-and-white pictures for display-image', function () {
  it('makes a photo of any format an exact black-and-white PNG of the size asked, in each mode', async () => {
    const photo = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 90, g: 140, b: 200 } },
    })
      .jpeg()
      .toBuffer();
    for (const mode of ['atkinson', 'floyd-steinberg', 'threshold'] as const) {
      const png = await blackAndWhitePng(photo, mode, { width: 400, height: 300 });
      expect([png[24], png[25]], mode).to.deep.equal([1, 3]);
      const pixels = await pixelsOf(png);
      expect([pixels.width, pixels.height]).to.deep.equal([400, 300]);
      const colours = [...coloursOf(pixels)].sort();
      // The photo's flat blue (brightness 133) dithers to about half black; thresholded it is all white.
      if (mode === 'threshold') expect(colours).to.deep.equal(['255,255,255']);
      else {
        expect(colours).to.deep.equal(['0,0,0', '255,255,255']);
        expect(darkness(pixels, 0, 0, 400, 300)).to.be.closeTo(1 - 133 / 255, 0.06);
      }
    }
  });

  it('refuses bytes that are no picture, and an unknown mode', async () => {
    const notPicture = blackAndWhitePng(Buffer.from('hello'), 'threshold');
    await notPicture.then(
      () => expect.fail('a text was drawn'),
      (error: DeviceCloudError) => {
        expect(error.field).to.equal('payload');
        expect(error.message).to.match(/could not be read as an image/);
      },
    );
    await blackAndWhitePng(Buffer.from('hello'), 'ordered' as 'threshold').then(
      () => expect.fail('an unknown mode was taken'),
      (error: DeviceCloudError) => expect(error.field).to.equal('dither'),
    );
  });
});
