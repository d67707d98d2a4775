/**
 * display image fits pictures to the screen: what the service received for
 * each fit mode, size and kind of input, read back from the multipart request
 * (the PNG decoded: its size, and the colour of the pixels that tell where the
 * source landed). The pictures are striped: blue, red and green from left to
 * right, so a crop, a stretch or a white bar shows in a few pixels.
 */
import { expect } from 'chai';
import sharp from 'sharp';
import { Harness, outputOf } from '../support/harness';
import { KITCHEN, HALLWAY } from '../fixtures/service';
import { servicePath, expectKept, imageParts } from '../support/expectations';
import { messageWith } from '../fixtures/messages';
import { pngOfSize } from '../fixtures/images';
import { RED, GREEN, BLUE, WHITE, stripedPicture, bmpOfSize, bmpSuiteFile, noisyJpeg } from '../fixtures/images';
import { describePicture, pixelsOf, isNear } from '../support/pictures';
import type { Pixels, PictureFacts } from '../support/pictures';
import type { Rgb } from '../fixtures/images';
import type { NodeMessage } from '../support/node-red';
import type { RecordedPart } from '../../dist/simulator/server';
import { within } from '../support/until';

const TYPE = 'device-cloud-display-image';
const TWO_MB = 2 * 1024 * 1024;
const FORTY_MB = 40 * 1024 * 1024;
const imagePath = (device: string) => `/open/v1/devices/${device}/display/image`;

/** Blue quarter, red half, green quarter. */
const STRIPES: [number, Rgb][] = [
  [0.25, BLUE],
  [0.5, RED],
  [0.25, GREEN],
];

/** A picture as the service received it: its part, what sharp reads of it, and its pixels. */
type ReceivedPicture = PictureFacts & { file: RecordedPart; pixels: Pixels };

/** An SVG page as a template node writes it: the left half red, the right half blue, on a white page. */
function svgPage(width: number, height: number, { declaration = false } = {}): string {
  return `${declaration ? '<?xml version="1.0" encoding="UTF-8"?>\n' : ''}<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="#fff"/>
  <rect width="${width / 2}" height="${height}" fill="#ff0000"/>
  <rect x="${width / 2}" width="${width / 2}" height="${height}" fill="#0000ff"/>
</svg>
`;
}

describe(`${TYPE}: fitting pictures to the screen`, function () {
  const h = Harness.forSuite();
  /** 800 x 300: wider than the screen. */
  let wide: Buffer;
  /** 400 x 300: the screen's size. */
  let screenPng: Buffer;
  let screenJpeg: Buffer;
  let bigJpeg: Buffer;

  before(async () => {
    wide = await stripedPicture(800, 300, STRIPES);
    screenPng = await stripedPicture(400, 300, STRIPES);
    screenJpeg = await stripedPicture(400, 300, STRIPES, 'jpeg');
    bigJpeg = await noisyJpeg();
    expect(bigJpeg.length, 'the JPEG is over 2 MB').to.be.above(TWO_MB);
  });

  /** The pictures of the one request, as the service got them: part, format, size, channels and pixels. */
  async function receivedPictures({ device = KITCHEN } = {}): Promise<ReceivedPicture[]> {
    const request = h.onlyRequest();
    expect(request.method).to.equal('POST');
    expect(servicePath(request)).to.equal(imagePath(device));
    const files = imageParts(request);
    return Promise.all(
      files.map(async (file) => ({ file, ...(await describePicture(file.data)), pixels: await pixelsOf(file.data) })),
    );
  }

  /** The one picture received, checked to be a fitted PNG of `width` x `height` in colour. */
  async function fittedPng(width: number, height: number): Promise<Pixels> {
    const pictures = await receivedPictures();
    expect(pictures).to.have.length(1);
    const [picture] = pictures;
    expect(picture.file.contentType).to.equal('image/png');
    expect(picture.file.filename).to.match(/\.png$/);
    expect(picture).to.include({ format: 'png', width, height, channels: 3, space: 'srgb' });
    return picture.pixels;
  }

  /** Each `[x, y, colour]` pixel has that colour. */
  function expectPixels(pixels: Pixels, expected: readonly (readonly [number, number, Rgb])[]): void {
    for (const [x, y, colour] of expected) {
      expect(
        isNear(pixels.at(x, y), colour),
        `pixel ${x},${y} is ${pixels.at(x, y).join(',')}, not ${colour.join(',')}`,
      ).to.equal(true);
    }
  }

  /** The one picture received is exactly `data`, with the content type of `format`. */
  function expectSentAsGiven(data: Buffer, contentType: string): void {
    const files = imageParts(h.onlyRequest());
    expect(files).to.have.length(1);
    expect(files[0].contentType).to.equal(contentType);
    expect(files[0].data.equals(data), 'the bytes sent are the bytes given').to.equal(true);
  }

  describe('contain, the default: the whole picture, white bars', () => {
    it('fits an 800 x 300 picture into 400 x 300 with bars above and below, when the config has no fit (an older flow)', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN });
      const output = outputOf(await h.send(messageWith({ payload: wide })));
      const pixels = await fittedPng(400, 300);
      expectPixels(pixels, [
        [200, 10, WHITE],
        [200, 290, WHITE],
        [10, 150, BLUE],
        [200, 150, RED],
        [390, 150, GREEN],
      ]);
      expect(output.payload).to.deep.equal({ totalPages: 1, pushedPages: 1 });
      expectKept(output);
    });

    it('fits a tall picture with bars left and right', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN, fit: 'contain' });
      await h.send({ payload: await stripedPicture(300, 600, STRIPES) });
      // 150 x 300 in the middle: x 125 to 275.
      expectPixels(await fittedPng(400, 300), [
        [60, 150, WHITE],
        [340, 150, WHITE],
        [135, 150, BLUE],
        [200, 150, RED],
        [265, 150, GREEN],
      ]);
    });

    it('fits to the width and height of the dialog', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN, fit: 'contain', width: '200', height: '200' });
      await h.send({ payload: wide });
      // 200 x 75 in the middle: y 62 to 137.
      expectPixels(await fittedPng(200, 200), [
        [100, 30, WHITE],
        [100, 170, WHITE],
        [5, 100, BLUE],
        [100, 100, RED],
        [195, 100, GREEN],
      ]);
    });
  });

  describe('cover: fills the screen, cropping what is over', () => {
    it('crops the sides of an 800 x 300 picture to its red middle at 400 x 300', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN, fit: 'cover' });
      await h.send({ payload: wide });
      expectPixels(await fittedPng(400, 300), [
        [2, 2, RED],
        [397, 297, RED],
        [2, 150, RED],
        [397, 150, RED],
      ]);
    });

    it('crops less at 200 x 100: a little of each side stripe is left, no bar', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN, fit: 'cover', width: '200', height: '100' });
      await h.send({ payload: wide });
      // Scaled to 267 x 100 and cut to its middle 200: blue to x 33, green from x 167.
      expectPixels(await fittedPng(200, 100), [
        [5, 2, BLUE],
        [5, 50, BLUE],
        [100, 50, RED],
        [195, 50, GREEN],
        [195, 97, GREEN],
      ]);
    });
  });

  describe('fill: stretches to the screen', () => {
    it('squeezes an 800 x 300 picture to 400 x 300, every stripe kept, no bar', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN, fit: 'fill' });
      await h.send({ payload: wide });
      expectPixels(await fittedPng(400, 300), [
        [50, 2, BLUE],
        [50, 150, BLUE],
        [200, 2, RED],
        [200, 297, RED],
        [350, 150, GREEN],
      ]);
    });

    it('squeezes it to 100 x 300', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN, fit: 'fill', width: '100', height: '300' });
      await h.send({ payload: wide });
      expectPixels(await fittedPng(100, 300), [
        [10, 150, BLUE],
        [50, 150, RED],
        [90, 150, GREEN],
      ]);
    });
  });

  describe('where fit, width and height come from', () => {
    it('takes msg.fit, msg.width and msg.height when the config has none', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN });
      await h.send({ payload: wide, fit: 'cover', width: 200, height: 100 });
      expectPixels(await fittedPng(200, 100), [
        [5, 50, BLUE],
        [100, 50, RED],
        [195, 50, GREEN],
      ]);
    });

    it('takes the message when the dialog fields are empty, a width as digits too', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN, fit: '', width: '', height: '' });
      await h.send({ payload: wide, fit: 'fill', width: '100', height: 300 });
      expectPixels(await fittedPng(100, 300), [
        [10, 150, BLUE],
        [50, 150, RED],
        [90, 150, GREEN],
      ]);
    });

    it('keeps the default for what neither gives: msg.width alone gives 800 x 300', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN });
      await h.send({ payload: await stripedPicture(400, 300, STRIPES), width: 800 });
      expectPixels(await fittedPng(800, 300), [
        [150, 150, WHITE],
        [650, 150, WHITE],
        [400, 150, RED],
      ]);
    });

    it('a dialog value wins over the message', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN, fit: 'fill', width: '300', height: '200' });
      await h.send({ payload: wide, fit: 'cover', width: 100, height: 100 });
      expectPixels(await fittedPng(300, 200), [
        [10, 100, BLUE],
        [150, 100, RED],
        [290, 100, GREEN],
        [150, 5, RED],
      ]);
    });

    it('msg.fit "none" sends the bytes as given when the dialog leaves fit open', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN, fit: '' });
      await h.send({ payload: wide, fit: 'none' });
      expectSentAsGiven(wide, 'image/png');
    });

    it('the dialog fit "none" wins over msg.fit "cover"', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN, fit: 'none' });
      await h.send({ payload: wide, fit: 'cover', width: 200 });
      expectSentAsGiven(wide, 'image/png');
    });
  });

  describe('SVG, drawn at the size it takes on the screen', () => {
    it('draws an SVG text, as a template node gives it, at 400 x 300', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN });
      await h.send({ payload: svgPage(400, 300) });
      expectPixels(await fittedPng(400, 300), [
        [5, 150, RED],
        [195, 150, RED],
        [205, 150, BLUE],
        [395, 150, BLUE],
      ]);
    });

    it('draws a small SVG at the screen size, not scaled up from its own: its edge stays sharp', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN });
      await h.send({ payload: svgPage(40, 30) });
      const pixels = await fittedPng(400, 300);
      // Scaled up ten times from 40 x 30, the edge at x 200 would blur over many pixels.
      expect(pixels.at(198, 150), 'left of the edge').to.deep.equal(RED);
      expect(pixels.at(201, 150), 'right of the edge').to.deep.equal(BLUE);
    });

    it('draws an SVG Buffer with an XML declaration (as a file in node reads it)', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN });
      await h.send({ payload: Buffer.from(svgPage(800, 600, { declaration: true }), 'utf8') });
      expectPixels(await fittedPng(400, 300), [
        [100, 150, RED],
        [300, 150, BLUE],
      ]);
    });

    it('draws an SVG sent as a data URL', async () => {
      const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svgPage(200, 150)).toString('base64')}`;
      await h.load({ type: TYPE, deviceId: KITCHEN });
      await h.send({ payload: dataUrl });
      expectPixels(await fittedPng(400, 300), [
        [100, 150, RED],
        [300, 150, BLUE],
      ]);
    });

    it('fits an SVG with the other modes too: a 4:3 page contained in a square gets bars', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN, width: '300', height: '300' });
      await h.send({ payload: svgPage(400, 300) });
      expectPixels(await fittedPng(300, 300), [
        [150, 10, WHITE],
        [75, 150, RED],
        [225, 150, BLUE],
      ]);
    });

    it('refuses an SVG with fit none, which has no size to draw it at', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN, fit: 'none' });
      const outcome = await h.send({ payload: svgPage(400, 300) });
      h.expectRefused(outcome, /payload: is an SVG, which is drawn only at a size: choose fit contain, cover or fill$/);
    });

    it('refuses an SVG that does not parse, with no request', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN });
      const outcome = await h.send({ payload: '<svg xmlns="http://www.w3.org/2000/svg" width="400"><rect' });
      h.expectRefused(outcome, /payload: could not be read as an image \(/);
    });
  });

  describe('sent unchanged: already of the target size and within 2 MB', () => {
    it('sends a 400 x 300 PNG byte for byte', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN });
      await h.send({ payload: screenPng });
      expectSentAsGiven(screenPng, 'image/png');
    });

    it('sends a 400 x 300 JPEG byte for byte, as a JPEG', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN, fit: 'cover' });
      await h.send({ payload: screenJpeg });
      expectSentAsGiven(screenJpeg, 'image/jpeg');
    });

    it('sends a 200 x 100 PNG byte for byte when the target is 200 x 100', async () => {
      const small = await stripedPicture(200, 100, STRIPES);
      await h.load({ type: TYPE, deviceId: KITCHEN, fit: 'fill', width: '200', height: '100' });
      await h.send({ payload: small });
      expectSentAsGiven(small, 'image/png');
    });

    it('turns a 400 x 300 JPEG marked to be shown turned (EXIF orientation 6), then fits it', async () => {
      const halves = await stripedPicture(400, 300, [
        [0.5, RED],
        [0.5, BLUE],
      ]);
      const turned = await sharp(halves).withMetadata({ orientation: 6 }).jpeg({ quality: 95 }).toBuffer();
      await h.load({ type: TYPE, deviceId: KITCHEN });
      await h.send({ payload: turned });
      // Shown as 300 x 400, red above blue; contained: 225 x 300 in the middle.
      expectPixels(await fittedPng(400, 300), [
        [40, 150, WHITE],
        [360, 150, WHITE],
        [200, 60, RED],
        [200, 240, BLUE],
      ]);
    });
  });

  describe('over 2 MB', () => {
    it('fits a 3 MB JPEG into a PNG of 400 x 300 under 2 MB', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN });
      const output = outputOf(await h.send({ payload: bigJpeg }));
      await fittedPng(400, 300);
      expect(imageParts(h.onlyRequest())[0].data.length).to.be.below(TWO_MB);
      expect(output.payload).to.have.property('pushedPages', 1);
    });

    it('fits the same JPEG sent as base64 text', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN, fit: 'cover' });
      await h.send({ payload: bigJpeg.toString('base64') });
      await fittedPng(400, 300);
    });

    it('refuses it with fit none, as over 2 MB, with no request', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN, fit: 'none' });
      const outcome = await h.send({ payload: bigJpeg });
      h.expectRefused(outcome, /payload: is larger than 2097152 bytes \(2 MB\) \(got a Buffer of \d+ bytes\)$/);
    });

    it('refuses a picture over 40 MB before reading it', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN });
      const outcome = await h.send({ payload: pngOfSize(FORTY_MB + 1) });
      h.expectRefused(outcome, /payload: is larger than 41943040 bytes \(40 MB\) \(got a Buffer of 41943041 bytes\)$/);
    });

    it('refuses a size at which the fitted PNG is still over 2 MB, and says to choose a smaller one', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN, fit: 'fill', width: '2048', height: '1536' });
      const outcome = await h.send({ payload: bigJpeg });
      h.expectRefused(outcome, /payload: is over 2 MB even fitted to 2048 x 1536; choose a smaller size$/);
    });
  });

  describe('BMP, decoded here and sent as PNG', () => {
    /** x below 100 blue, to 300 red, then green: the stripes of a 400-wide picture. */
    const striped = (x: number): Rgb => (x < 100 ? BLUE : x < 300 ? RED : GREEN);

    for (const topDown of [false, true]) {
      it(`sends a 400 x 300 BMP stored ${topDown ? 'top to bottom' : 'bottom to top'} as a PNG of exactly its pixels`, async () => {
        const bmp = bmpOfSize(400, 300, { topDown, colour: (x, y) => (y < 10 ? WHITE : striped(x)) });
        await h.load({ type: TYPE, deviceId: KITCHEN });
        const output = outputOf(await h.send(messageWith({ payload: bmp })));
        const pixels = await fittedPng(400, 300);
        for (const [x, y] of [
          [0, 0],
          [399, 5],
          [0, 10],
          [99, 299],
          [100, 150],
          [299, 299],
          [300, 10],
          [399, 299],
        ]) {
          expect(pixels.at(x, y), `${x},${y}`).to.deep.equal(y < 10 ? WHITE : striped(x));
        }
        expect(output.payload).to.deep.equal({ totalPages: 1, pushedPages: 1 });
      });
    }

    it('fits an 800 x 300 BMP into 400 x 300 with bars, as any picture', async () => {
      const bmp = bmpOfSize(800, 300, { colour: (x) => striped(x / 2) });
      await h.load({ type: TYPE, deviceId: KITCHEN, fit: 'contain' });
      await h.send({ payload: bmp });
      expectPixels(await fittedPng(400, 300), [
        [200, 10, WHITE],
        [200, 290, WHITE],
        [10, 150, BLUE],
        [200, 150, RED],
        [390, 150, GREEN],
      ]);
    });

    it('fits a 400 x 300 BMP to an 800 x 480 target beside another picture, and a 2 x 2 one to 400 x 300', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN, width: '800', height: '480', fit: 'fill' });
      await h.send({ payload: [wide, bmpOfSize(400, 300, { colour: striped })] });
      const pictures = await receivedPictures();
      expect(pictures.map(({ format, width, height }) => [format, width, height])).to.deep.equal([
        ['png', 800, 480],
        ['png', 800, 480],
      ]);
      expectPixels(pictures[1].pixels, [
        [20, 240, BLUE],
        [400, 240, RED],
        [780, 240, GREEN],
      ]);

      await h.reset();
      await h.load({ type: TYPE, deviceId: KITCHEN, fit: 'fill' });
      await h.send({ payload: bmpOfSize(2, 2, { colour: (x) => (x === 0 ? RED : BLUE) }) });
      expectPixels(await fittedPng(400, 300), [
        [20, 150, RED],
        [380, 150, BLUE],
      ]);
    });

    it('sends a BMP of 1024 x 768, over 2 MB as BMP, as a PNG far under 2 MB', async () => {
      const bmp = bmpOfSize(1024, 768, { colour: (x) => (x < 512 ? RED : WHITE) });
      expect(bmp.length).to.be.above(TWO_MB);
      await h.load({ type: TYPE, deviceId: KITCHEN, width: '1024', height: '768' });
      await h.send({ payload: bmp });
      expectPixels(await fittedPng(1024, 768), [
        [10, 10, RED],
        [1000, 700, WHITE],
      ]);
      expect(imageParts(h.onlyRequest())[0].data.length).to.be.below(TWO_MB / 10);
    });

    it('sends a BMP with fit none as a PNG of its own size and pixels', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN, fit: 'none' });
      await h.send({ payload: bmpOfSize(3, 2, { colour: (x, y) => (y === 0 ? RED : x === 0 ? GREEN : BLUE) }) });
      const pixels = await fittedPng(3, 2);
      expect([0, 1, 2].map((x) => pixels.at(x, 0))).to.deep.equal([RED, RED, RED]);
      expect([0, 1, 2].map((x) => pixels.at(x, 1))).to.deep.equal([GREEN, BLUE, BLUE]);
    });

    it('sends every form of BMP in use (the BMP suite) as the same picture', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN, fit: 'none' });
      const forms = ['rgb24', 'rgb32bf', 'pal8rle', 'pal8os2', 'pal8topdown'];
      await h.send({ payload: forms.map(bmpSuiteFile) });
      const pictures = await receivedPictures();
      expect(pictures.map(({ format, width, height }) => [format, width, height])).to.deep.equal(
        forms.map(() => ['png', 127, 64]),
      );
      // The two of full colour alike; the three over the same palette alike.
      const raw = await Promise.all(pictures.map(({ file }) => sharp(file.data).raw().toBuffer()));
      expect(raw[1].equals(raw[0]), 'rgb32bf as rgb24').to.equal(true);
      expect(raw[3].equals(raw[2]) && raw[4].equals(raw[2]), 'the 8-bit forms alike').to.equal(true);
    });

    it('refuses a BMP that cannot be read, saying why, with no request', async () => {
      const jpegInside = bmpOfSize(4, 4);
      jpegInside.writeUInt32LE(4, 30);
      await h.load({ type: TYPE, deviceId: KITCHEN });
      const outcome = await h.send({ payload: [screenPng, jpegInside] });
      h.expectRefused(
        outcome,
        /payload\[1\]: is a BMP that cannot be read: it holds a JPEG; send that picture itself$/,
      );
    });
  });

  describe("GIF, WebP and TIFF: sent as PNG, even at the screen's size", () => {
    for (const format of ['gif', 'webp', 'tiff'] as const) {
      it(`sends a 400 x 300 ${format.toUpperCase()} as a PNG of the picture`, async () => {
        const picture = await stripedPicture(400, 300, STRIPES, format);
        await h.load({ type: TYPE, deviceId: KITCHEN });
        await h.send({ payload: picture });
        expectPixels(await fittedPng(400, 300), [
          [50, 150, BLUE],
          [200, 150, RED],
          [350, 150, GREEN],
        ]);
      });
    }
  });

  describe('colour is kept (a four-colour device exists)', () => {
    it('sends red, green and blue as they are, in an RGB PNG, not grey', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN, fit: 'fill', width: '300', height: '300' });
      await h.send({ payload: wide });
      const pixels = await fittedPng(300, 300);
      expect(pixels.at(30, 150)).to.deep.equal(BLUE);
      expect(pixels.at(150, 150)).to.deep.equal(RED);
      expect(pixels.at(270, 150)).to.deep.equal(GREEN);
    });

    it('puts a transparent picture on white', async () => {
      const transparent = await sharp({
        create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
      })
        .composite([{ input: await stripedPicture(20, 30, [[1, RED]]), left: 0, top: 0 }])
        .png()
        .toBuffer();
      await h.load({ type: TYPE, deviceId: KITCHEN });
      await h.send({ payload: transparent });
      expectPixels(await fittedPng(400, 300), [
        [100, 150, RED],
        [300, 150, WHITE],
      ]);
    });
  });

  it('fits each picture of an array: a wide PNG, an SVG and a picture already of the size', async () => {
    await h.load({ type: TYPE, deviceId: KITCHEN, pageId: '2' });
    const output = outputOf(await h.send({ payload: [wide, svgPage(200, 150), screenJpeg] }));
    const pictures = await receivedPictures();
    expect(pictures.map((picture) => [picture.format, picture.width, picture.height])).to.deep.equal([
      ['png', 400, 300],
      ['png', 400, 300],
      ['jpeg', 400, 300],
    ]);
    expect(pictures[2].file.data.equals(screenJpeg)).to.equal(true);
    expect(output.payload).to.deep.equal({ totalPages: 3, pushedPages: 3, pageId: '2' });
  });

  it('sends the same fitted PNG to each device of a list', async () => {
    await h.load({ type: TYPE });
    const outputs: NodeMessage[] = [];
    const both = new Promise<void>((resolve) => {
      h.out.on('input', (msg) => {
        if (outputs.push(msg) === 2) resolve();
      });
    });
    h.node.receive({ payload: wide, deviceId: [KITCHEN, HALLWAY] });
    await within(both, 'a copy of the message for each device', { got: () => outputs.map((msg) => msg.deviceId) });
    expect(outputs.map((msg) => msg.deviceId).sort()).to.deep.equal([KITCHEN, HALLWAY]);
    const sent = h.requests.map((request): [string, Buffer] => [servicePath(request), imageParts(request)[0].data]);
    expect(sent.map(([path]) => path).sort()).to.deep.equal([imagePath(KITCHEN), imagePath(HALLWAY)]);
    expect(sent[0][1].equals(sent[1][1]), 'the same bytes to both').to.equal(true);
    expect(await describePicture(sent[0][1])).to.include({ format: 'png', width: 400, height: 300 });
  });

  describe('refuses, with one error naming the field and no request', () => {
    const cases: [string, Record<string, unknown>, NodeMessage, RegExp][] = [
      [
        'msg.fit that is no mode',
        {},
        { fit: 'stretch' },
        /fit: must be one of contain, cover, fill, none \(got "stretch"\)$/,
      ],
      [
        'a dialog fit that is no mode (a hand-edited flow)',
        { fit: 'zoom' },
        { fit: 'cover' },
        /fit: must be one of .* \(got "zoom"\)$/,
      ],
      ['msg.width 0', {}, { width: 0 }, /width: must be a whole number of pixels from 1 to 4096 \(got 0\)$/],
      ['msg.width 12.5', {}, { width: 12.5 }, /width: must be a whole number of pixels from 1 to 4096 \(got 12\.5\)$/],
      [
        'a dialog width of 5000',
        { width: '5000' },
        {},
        /width: must be a whole number of pixels from 1 to 4096 \(got "5000"\)$/,
      ],
      [
        'msg.height "tall"',
        {},
        { height: 'tall' },
        /height: must be a whole number of pixels from 1 to 4096 \(got "tall"\)$/,
      ],
      [
        'a dialog height of -1',
        { height: '-1' },
        {},
        /height: must be a whole number of pixels from 1 to 4096 \(got "-1"\)$/,
      ],
    ];
    for (const [what, config, msg, pattern] of cases) {
      it(what, async () => {
        await h.load({ type: TYPE, deviceId: KITCHEN, ...config });
        h.expectRefused(await h.send({ payload: wide, ...msg }), pattern);
        expect(h.sim.state.pages.size).to.equal(0);
      });
    }

    const pictures: [string, () => unknown, RegExp][] = [
      [
        'a Buffer that is no picture',
        () => Buffer.from('hello, world'),
        /payload: is not a PNG, JPEG, GIF, BMP, WebP, TIFF or SVG image \(got a Buffer of 12 bytes\)$/,
      ],
      ['an empty Buffer', () => Buffer.alloc(0), /payload: is empty$/],
      [
        'PNG magic bytes and nothing of a picture after them',
        () => pngOfSize(100),
        /payload: could not be read as an image \(/,
      ],
      [
        'text that is neither SVG, a data URL nor base64',
        () => 'a picture!',
        /payload: must be a Buffer, a data URL or a base64 string/,
      ],
      [
        'six pictures',
        () => new Array<Buffer>(6).fill(screenPng),
        /payload: must hold 1 to 5 images \(got an array of 6\)$/,
      ],
      [
        'a third picture that is no picture',
        () => [wide, screenPng, Buffer.from('text')],
        /payload\[2\]: is not a PNG, JPEG, GIF, BMP, WebP, TIFF or SVG image/,
      ],
    ];
    for (const [what, payload, pattern] of pictures) {
      it(what, async () => {
        await h.load({ type: TYPE, deviceId: KITCHEN });
        h.expectRefused(await h.send({ payload: payload() }), pattern);
      });
    }
  });
});
