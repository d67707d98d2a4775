// display-image's own black and white (dither atkinson, floyd-steinberg, threshold): what the service gets is
// a picture of only pure black and pure white, with its own dither off; true and false keep their meaning.

import { expect } from 'chai';
import sharp from 'sharp';
import type { SimImagePage } from '../../dist/simulator/server';
import { KITCHEN } from '../fixtures/service';
import { caughtOf, Harness, outputOf } from '../support/harness';
import { coloursOf, pixelsOf, type Pixels } from './support';

const TYPE = 'device-cloud-display-image';

/** A flat mid-grey photo of another size than the screen: 640 x 480, as JPEG. */
function greyPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 128, g: 128, b: 128 } } })
    .jpeg()
    .toBuffer();
}

function blackShare(pixels: Pixels): number {
  let black = 0;
  for (let i = 0; i < pixels.data.length; i += 3) if (pixels.data[i] === 0) black++;
  return black / (pixels.width * pixels.height);
}

describe(`${TYPE}: black and white made by the node`, function () {
  this.timeout(30_000);
  const h = Harness.forSuite();
  let photo: Buffer;
  before(async () => {
    photo = await greyPhoto();
  });

  async function push(
    dither: string,
    msgDither?: unknown,
  ): Promise<{ page: SimImagePage; pixels: Pixels; field: string }> {
    await h.load({ type: TYPE, deviceId: KITCHEN, deviceIdType: 'device', pageId: '1', dither, fit: 'contain' });
    outputOf(await h.send({ payload: photo, ...(msgDither === undefined ? {} : { dither: msgDither }) }));
    const page = h.sim.state.pages.get(KITCHEN)?.[0] as SimImagePage;
    expect(page.kind).to.equal('image');
    const field = h.requests[0].parts?.find((part) => part.name === 'dither')?.data.toString() ?? '(none)';
    return { page, pixels: await pixelsOf(page.images[0].data), field };
  }

  for (const mode of ['atkinson', 'floyd-steinberg'] as const) {
    it(`${mode}: a grey photo arrives fitted, as dots of pure black and white, with the service's dither off`, async () => {
      const { page, pixels, field } = await push(mode);
      expect(field).to.equal('false');
      expect(page.dither).to.equal(false);
      expect(page.images[0].contentType).to.equal('image/png');
      expect([pixels.width, pixels.height]).to.deep.equal([400, 300]);
      expect([...coloursOf(pixels)].sort()).to.deep.equal(['0,0,0', '255,255,255']);
      // Mid grey as dots: a good share of each colour, not a flat page.
      expect(blackShare(pixels)).to.be.within(0.25, 0.75);
    });
  }

  it('threshold: the same grey photo arrives as one flat colour, no dots', async () => {
    const { pixels, field } = await push('threshold');
    expect(field).to.equal('false');
    expect(coloursOf(pixels).size).to.equal(1);
    expect(['0,0,0', '255,255,255']).to.include([...coloursOf(pixels)][0]);
  });

  it('takes the mode from msg.dither when the dialog leaves it open', async () => {
    const { pixels, field } = await push('', 'floyd-steinberg');
    expect(field).to.equal('false');
    expect([...coloursOf(pixels)].sort()).to.deep.equal(['0,0,0', '255,255,255']);
  });

  it('true still leaves the dithering to the service, in grey', async () => {
    const { pixels, field } = await push('true');
    expect(field).to.equal('true');
    const colours = [...coloursOf(pixels)];
    expect(colours.filter((colour) => colour === '0,0,0' || colour === '255,255,255')).to.deep.equal([]);
  });

  it('refuses an unknown mode, naming the field, and sends nothing', async () => {
    await h.load({ type: TYPE, deviceId: KITCHEN, deviceIdType: 'device', pageId: '1', dither: '', fit: 'contain' });
    const caught = caughtOf(await h.send({ payload: photo, dither: 'ordered' }));
    expect(caught.error.message).to.equal(
      'DeviceCloudError: dither: must be true, false, or one of atkinson, floyd-steinberg, threshold (got "ordered")',
    );
    expect(h.requests).to.deep.equal([]);
  });
});
