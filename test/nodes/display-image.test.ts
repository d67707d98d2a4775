import { expect } from 'chai';
import { Harness, outputOf, caughtOf } from '../support/harness';
import { KITCHEN, HALLWAY, UNKNOWN_DEVICE } from '../fixtures/service';
import { expectKept, servicePath } from '../support/expectations';
import { messageWith, valueSources, fromFunctionNode } from '../fixtures/messages';
import { sendFromSource } from '../support/harness';
import { FOUR_COLUMN_PIXELS, imagesOfEveryFormat, pngOfSize } from '../fixtures/images';
import type { ImageOfFormat } from '../fixtures/images';
import { describePicture, pixelsOf } from '../support/pictures';
import type { NodeMessage } from '../support/node-red';
import type { RecordedPart, RecordedRequest, SimImagePage } from '../../dist/simulator/server';

const TYPE = 'device-cloud-display-image';
/*
 * These tests send pictures as given: the node's fit is `none`, so a PNG or JPEG
 * goes byte for byte, and a picture of any other format as a PNG of its own size
 * and pixels. What the default fit (contain) and the other modes send is in
 * test/render/display-image-fit.test.ts.
 */
const TWO_MB = 2 * 1024 * 1024;

const imagePath = (device: string) => `/open/v1/devices/${device}/display/image`;

describe(TYPE, function () {
  const h = Harness.forSuite();
  let formats: ImageOfFormat[];
  let png: ImageOfFormat;
  let gif: ImageOfFormat;
  before(async () => {
    formats = await imagesOfEveryFormat();
    png = imageOf('png');
    gif = imageOf('gif');
  });

  function imageOf(format: string): ImageOfFormat {
    const image = formats.find((candidate) => candidate.format === format);
    if (!image) throw new Error(`no ${format} image among the fixtures`);
    return image;
  }

  /**
   * One picture as the service received it: a PNG or JPEG byte for byte, with
   * its content type and file extension; any other as a PNG of the same size
   * whose pixels are the picture's (as sharp decodes it, or as the fixture
   * drew them for the lossless ones, BMP included).
   */
  async function expectSentAs(file: RecordedPart, given: ImageOfFormat, label: string): Promise<void> {
    if (given.format === 'png' || given.format === 'jpeg') {
      expect(file.filename, `${label} file name`).to.match(given.extension);
      expect(file.contentType, `${label} content type`).to.equal(given.contentType);
      expect(file.data.equals(given.data), `${label} bytes`).to.equal(true);
      return;
    }
    expect(file.filename, `${label} file name`).to.match(/\.png$/);
    expect(file.contentType, `${label} content type`).to.equal('image/png');
    expect((await describePicture(file.data)).format, `${label} read as`).to.equal('png');
    const sent = await pixelsOf(file.data);
    expect([sent.width, sent.height], `${label} size`).to.deep.equal([4, 3]);
    const original = given.lossless ? undefined : await pixelsOf(given.data);
    for (let y = 0; y < 3; y++) {
      for (let x = 0; x < 4; x++) {
        const expected = original ? original.at(x, y) : FOUR_COLUMN_PIXELS[y * 4 + x];
        expect(sent.at(x, y), `${label} pixel ${x},${y}`).to.deep.equal(expected);
      }
    }
  }

  /**
   * The multipart request as the service received it: POST to the device's
   * image path with the key, the `images` file parts in order (see
   * expectSentAs), and exactly the given fields.
   */
  async function expectImagePush(
    request: RecordedRequest,
    { device = KITCHEN, images, fields }: { device?: string; images: ImageOfFormat[]; fields: Record<string, string> },
  ): Promise<void> {
    expect(request.method).to.equal('POST');
    expect(servicePath(request)).to.equal(imagePath(device));
    expect(request.query).to.deep.equal({});
    expect(request.headers['x-api-key']).to.equal(h.sim.apiKey);
    expect(request.headers.authorization).to.equal(undefined);
    expect(request.headers['content-type']).to.match(/^multipart\/form-data; ?boundary=/);
    expect(request.parts, 'the body parses as multipart/form-data').to.be.an('array');

    const parts = request.parts ?? [];
    const files = parts.filter((part) => part.name === 'images');
    expect(files).to.have.length(images.length);
    for (const [index, file] of files.entries()) await expectSentAs(file, images[index], `images[${index}]`);

    const others = parts.filter((part) => part.name !== 'images');
    const sent = Object.fromEntries(others.map((part) => [part.name, part.value]));
    expect(
      others.every((part) => part.filename === undefined),
      'fields are not files',
    ).to.equal(true);
    expect(sent, 'fields').to.deep.equal(fields);
  }

  /** The image page `page` of the device, or without a page its temporary screen; fails when it holds no image. */
  function imagePage(device: string, page?: number): SimImagePage {
    const shown =
      page === undefined ? h.sim.state.temporaryScreens.get(device) : h.sim.state.pages.get(device)?.[page - 1];
    const where = page === undefined ? 'the temporary screen' : `page ${page}`;
    if (shown?.kind !== 'image') throw new Error(`${where} of ${device} holds no image: ${JSON.stringify(shown)}`);
    return shown;
  }

  it('sends one Buffer as the images part of POST .../display/image and puts the push result in msg.payload', async () => {
    await h.load({
      type: TYPE,
      fit: 'none',
      deviceId: 'aa-bb-cc-dd-ee-01',
      deviceIdType: 'str',
      pageId: '',
      dither: '',
    });
    const output = outputOf(await h.send(messageWith({ payload: png.data })));

    await expectImagePush(h.onlyRequest(), { images: [png], fields: { dither: 'true' } });
    expect(output.payload).to.deep.equal({ totalPages: 1, pushedPages: 1 });
    const page = imagePage(KITCHEN);
    expect(page).to.include({ kind: 'image', dither: true, persistent: false });
    expect(h.sim.state.pages.get(KITCHEN), 'no page replaced').to.equal(undefined);
    expect(page.images.map((image) => image.contentType)).to.deep.equal(['image/png']);
    expectKept(output);
    h.expectSuccessStatus();
  });

  describe('every format, named by its bytes', () => {
    for (const format of ['png', 'jpeg']) {
      it(`sends a ${format.toUpperCase()} as it is, with its content type and file extension`, async () => {
        const image = imageOf(format);
        await h.load({ type: TYPE, fit: 'none', deviceId: KITCHEN });
        await h.send({ payload: image.data });
        await expectImagePush(h.onlyRequest(), { images: [image], fields: { dither: 'true' } });
      });
    }
    for (const format of ['gif', 'bmp', 'webp', 'tiff']) {
      it(`sends a ${format.toUpperCase()} as a PNG of its own size and pixels`, async () => {
        const image = imageOf(format);
        await h.load({ type: TYPE, fit: 'none', deviceId: KITCHEN });
        await h.send({ payload: image.data });
        await expectImagePush(h.onlyRequest(), { images: [image], fields: { dither: 'true' } });
      });
    }
  });

  it('sends an array of five images as five parts, in order', async () => {
    const five = formats.filter((image) => image.format !== 'jpeg');
    await h.load({ type: TYPE, fit: 'none', deviceId: KITCHEN, pageId: '2' });
    const output = outputOf(await h.send({ payload: five.map((image) => image.data) }));
    await expectImagePush(h.onlyRequest(), { images: five, fields: { dither: 'true', pageId: '2' } });
    expect(output.payload).to.deep.equal({ totalPages: 5, pushedPages: 5, pageId: '2' });
    expect(imagePage(KITCHEN, 2).images).to.have.length(5);
  });

  describe('image input as text', () => {
    it('decodes a data URL', async () => {
      await h.load({ type: TYPE, fit: 'none', deviceId: KITCHEN });
      await h.send({ payload: `data:image/png;base64,${png.data.toString('base64')}` });
      await expectImagePush(h.onlyRequest(), { images: [png], fields: { dither: 'true' } });
    });

    it('names the format from the bytes, not from the data URL', async () => {
      await h.load({ type: TYPE, fit: 'none', deviceId: KITCHEN });
      await h.send({ payload: `data:image/jpeg;base64,${gif.data.toString('base64')}` });
      await expectImagePush(h.onlyRequest(), { images: [gif], fields: { dither: 'true' } });
    });

    it('decodes a plain base64 string', async () => {
      await h.load({ type: TYPE, fit: 'none', deviceId: KITCHEN });
      await h.send({ payload: gif.data.toString('base64') });
      await expectImagePush(h.onlyRequest(), { images: [gif], fields: { dither: 'true' } });
    });

    it('decodes base64 wrapped over several lines', async () => {
      const wrapped = png.data.toString('base64').replace(/.{20}/g, '$&\r\n');
      await h.load({ type: TYPE, fit: 'none', deviceId: KITCHEN });
      await h.send({ payload: wrapped });
      await expectImagePush(h.onlyRequest(), { images: [png], fields: { dither: 'true' } });
    });

    it('takes an array that mixes a Buffer, a data URL and a base64 string', async () => {
      const [first, second, third] = formats;
      await h.load({ type: TYPE, fit: 'none', deviceId: KITCHEN });
      await h.send({
        payload: [
          first.data,
          `data:${second.contentType};base64,${second.data.toString('base64')}`,
          third.data.toString('base64'),
        ],
      });
      await expectImagePush(h.onlyRequest(), { images: [first, second, third], fields: { dither: 'true' } });
    });
  });

  it('takes a Uint8Array and an array a function node built (another realm)', async () => {
    await h.load({ type: TYPE, fit: 'none', deviceId: KITCHEN });
    await h.send({
      payload: fromFunctionNode('[new Uint8Array(bytes), gif]', { bytes: [...png.data], gif: gif.data }),
    });
    await expectImagePush(h.onlyRequest(), { images: [png, gif], fields: { dither: 'true' } });
  });

  it('sends an image of exactly 2 MB', async () => {
    const big = pngOfSize(TWO_MB);
    await h.load({ type: TYPE, fit: 'none', deviceId: KITCHEN });
    const output = outputOf(await h.send({ payload: big }));
    await expectImagePush(h.onlyRequest(), { images: [{ ...png, data: big }], fields: { dither: 'true' } });
    expect(output.payload).to.have.property('pushedPages', 1);
  });

  describe('dither', () => {
    const cases: [string, Record<string, unknown>, NodeMessage, string][] = [
      ['the dialog "false"', { dither: 'false' }, {}, 'false'],
      ['the dialog "true" over msg.dither false', { dither: 'true' }, { dither: false }, 'true'],
      ['the dialog "false" over msg.dither true', { dither: 'false' }, { dither: true }, 'false'],
      ['msg.dither false when the dialog is empty', { dither: '' }, { dither: false }, 'false'],
      ['msg.dither "false" when the config has no dither', {}, { dither: 'false' }, 'false'],
      ['msg.dither true', { dither: '' }, { dither: true }, 'true'],
      ['true by default', {}, {}, 'true'],
    ];
    for (const [what, config, msg, sent] of cases) {
      it(`sends ${sent} for ${what}`, async () => {
        await h.load({ type: TYPE, fit: 'none', deviceId: KITCHEN, ...config });
        await h.send({ payload: png.data, ...msg });
        await expectImagePush(h.onlyRequest(), { images: [png], fields: { dither: sent } });
        expect(imagePage(KITCHEN).dither).to.equal(sent === 'true');
      });
    }
  });

  describe('the page', () => {
    const cases: [string, Record<string, unknown>, NodeMessage, string][] = [
      ['the dialog page over msg.pageId', { pageId: '4' }, { pageId: 2 }, '4'],
      ['msg.pageId when the dialog page is empty', { pageId: '' }, { pageId: 2 }, '2'],
      ['msg.pageId "5" when the config has no pageId', {}, { pageId: '5' }, '5'],
    ];
    for (const [what, config, msg, sent] of cases) {
      it(`takes ${what}`, async () => {
        await h.load({ type: TYPE, fit: 'none', deviceId: KITCHEN, ...config });
        const output = outputOf(await h.send({ payload: png.data, ...msg }));
        await expectImagePush(h.onlyRequest(), { images: [png], fields: { dither: 'true', pageId: sent } });
        expect(output.payload).to.have.property('pageId', sent);
        expect(imagePage(KITCHEN, Number(sent)).persistent).to.equal(true);
      });
    }
  });

  describe('where the device comes from', () => {
    for (const source of valueSources('deviceId', { dialog: 'aa-bb-cc-dd-ee-02', message: KITCHEN })) {
      it(source.name, async () => {
        await h.load({ type: TYPE, ...source.config });
        await sendFromSource(h, source, { payload: png.data });
        expect(servicePath(h.onlyRequest())).to.equal(imagePath(source.wins === 'dialog' ? HALLWAY : KITCHEN));
      });
    }
  });

  describe('refuses, with one error and no request', () => {
    const cases: [string, () => NodeMessage, RegExp][] = [
      [
        'six images',
        () => ({ payload: formats.map((image) => image.data) }),
        /payload: must hold 1 to 5 images \(got an array of 6\)/,
      ],
      ['an empty array', () => ({ payload: [] }), /payload: must hold 1 to 5 images/],
      [
        'an image over 2 MB',
        () => ({ payload: pngOfSize(TWO_MB + 1) }),
        /payload: is larger than 2097152 bytes \(2 MB\) \(got a Buffer of 2097153 bytes\)/,
      ],
      [
        'a second image over 2 MB',
        () => ({ payload: [png.data, pngOfSize(TWO_MB + 1)] }),
        /payload\[1\]: is larger than 2097152 bytes \(2 MB\)/,
      ],
      [
        'an image over 2 MB as base64',
        () => ({ payload: pngOfSize(TWO_MB + 1).toString('base64') }),
        /payload: is larger than 2097152 bytes \(2 MB\)/,
      ],
      [
        'a Buffer that is no image',
        () => ({ payload: Buffer.from('hello, world') }),
        /payload: is not a PNG, JPEG, GIF, BMP, WebP or TIFF image/,
      ],
      [
        'a PNG cut short in its signature',
        () => ({ payload: png.data.subarray(0, 4) }),
        /payload: is not a PNG, JPEG, GIF, BMP, WebP or TIFF image/,
      ],
      [
        'a third image that is no image',
        () => ({ payload: [png.data, gif.data, Buffer.from('text')] }),
        /payload\[2\]: is not a PNG, JPEG, GIF, BMP, WebP or TIFF image/,
      ],
      [
        'base64 of something that is no image',
        () => ({ payload: Buffer.from('plain text').toString('base64') }),
        /payload: is not a PNG, JPEG, GIF, BMP, WebP or TIFF image/,
      ],
      [
        'text that is neither a data URL nor base64',
        () => ({ payload: 'not an image!' }),
        /payload: must be a Buffer, a data URL or a base64 string/,
      ],
      ['an empty Buffer', () => ({ payload: Buffer.alloc(0) }), /payload: is empty/],
      ['no payload', () => ({}), /payload: must be a Buffer, a data URL or a base64 string \(got nothing\)/],
      [
        'an object payload',
        () => ({ payload: { image: png.data } }),
        /payload: must be a Buffer, a data URL or a base64 string \(got an object\)/,
      ],
      [
        'dither that is no boolean',
        () => ({ payload: png.data, dither: 'maybe' }),
        /dither: must be true, false, or one of atkinson, floyd-steinberg, threshold \(got "maybe"\)/,
      ],
      ['page 6', () => ({ payload: png.data, pageId: 6 }), /pageId: must be a page number from 1 to 5 \(got 6\)/],
      ['no device', () => ({ payload: png.data, deviceId: undefined }), /deviceId: is required/],
      [
        'a device that is no MAC address',
        () => ({ payload: png.data, deviceId: 'AABBCCDDEE' }),
        /deviceId: must be a MAC address/,
      ],
    ];
    for (const [what, message, pattern] of cases) {
      it(what, async () => {
        await h.load({ type: TYPE, fit: 'none' });
        h.expectRefused(await h.send({ deviceId: KITCHEN, ...message() }), pattern);
        expect(h.sim.state.pages.size).to.equal(0);
      });
    }
  });

  it('passes a service error (an unknown device) to the Catch node with its msg and code', async () => {
    await h.load({ type: TYPE, deviceId: UNKNOWN_DEVICE });
    const outcome = await h.send(messageWith({ payload: png.data }));
    h.expectServiceError(outcome, {
      pattern: /push images failed: HTTP 404: device not found \(code 404\)/,
      code: 404,
    });
    expect(caughtOf(outcome).topic).to.equal('kept topic');
    expect(h.requests).to.have.length(1);
  });
});
