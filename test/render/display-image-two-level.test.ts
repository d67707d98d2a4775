// display image fits a picture of only black and white (a 1-bit page from another server) to another size as
// black and white, its lines unbroken and its text legible: what the service received is read back by
// tesseract, and the 1-px rules drawn across the source are followed pixel by pixel on the picture sent (one
// black run along each, end to end). A picture dithered into dots keeps its tones; one with greys is fitted
// in grey, as before.

import { expect } from 'chai';
import sharp from 'sharp';
import { PageRenderer } from '../../dist/lib/render';
import type { SimImagePage } from '../../dist/simulator/server';
import { KITCHEN } from '../fixtures/service';
import { Harness, outputOf } from '../support/harness';
import { coloursOf, compact, darkness, pixelsOf, readText, type Pixels } from './support';

const TYPE = 'device-cloud-display-image';
const WIDTH = 800;
const HEIGHT = 480;
/** The page another server draws: a frame, three lines of text, rules between them. */
const TEMPLATE = `<div style="display:flex;flex-direction:column;align-items:center;width:100%;height:100%;border:6px solid black">
  <div style="height:60px"></div>
  <div style="height:100px;font-size:44px;display:flex;align-items:center">High 16° Low 9°</div>
  <div style="height:20px"></div>
  <div style="height:110px;font-size:48px;display:flex;align-items:center">我们的家</div>
  <div style="height:20px"></div>
  <div style="height:100px;font-size:40px;display:flex;align-items:center">Bins out tonight</div>
</div>`;

/** A rule one pixel thick drawn across the source: along a row (`at` its y) or down a column (`at` its x). */
interface Rule {
  along: 'row' | 'column';
  at: number;
  from: number;
  to: number;
}

/** Rules on odd and even rows and columns, where the page is blank: between the lines of text, beside them. */
const RULES: Rule[] = [
  { along: 'row', at: 177, from: 130, to: 670 },
  { along: 'row', at: 306, from: 130, to: 670 },
  { along: 'column', at: 100, from: 120, to: 440 },
  { along: 'column', at: 701, from: 120, to: 440 },
];

/** Where the source's x and y land on a `width` x `height` screen in each fit mode (as the README describes). */
function landing(fit: 'contain' | 'cover' | 'fill', width: number, height: number) {
  const scaleX =
    fit === 'fill' ? width / WIDTH : (fit === 'contain' ? Math.min : Math.max)(width / WIDTH, height / HEIGHT);
  const scaleY = fit === 'fill' ? height / HEIGHT : scaleX;
  const offsetX = (width - WIDTH * scaleX) / 2;
  const offsetY = (height - HEIGHT * scaleY) / 2;
  return { x: (x: number) => offsetX + x * scaleX, y: (y: number) => offsetY + y * scaleY };
}

const isBlack = (pixels: Pixels, x: number, y: number) => pixels.data[(y * pixels.width + x) * 3] === 0;

/** The black runs along a row (or a column) from `from` to `to`, inclusive: each run's length. */
function blackRuns(pixels: Pixels, along: 'row' | 'column', at: number, from: number, to: number): number[] {
  const runs: number[] = [];
  let run = 0;
  for (let i = from; i <= to; i++) {
    const black = along === 'row' ? isBlack(pixels, i, at) : isBlack(pixels, at, i);
    if (black) run++;
    else if (run > 0) {
      runs.push(run);
      run = 0;
    }
  }
  if (run > 0) runs.push(run);
  return runs;
}

/**
 * Where a rule of the source is on the picture sent: of the rows (or columns) it may have landed on, the one
 * with the most black along it, and the black runs there, from just inside its ends.
 */
function ruleOnScreen(pixels: Pixels, rule: Rule, fit: 'contain' | 'cover' | 'fill') {
  const land = landing(fit, pixels.width, pixels.height);
  const [across, along] = rule.along === 'row' ? [land.y, land.x] : [land.x, land.y];
  const from = Math.ceil(along(rule.from)) + 1;
  const to = Math.floor(along(rule.to + 1)) - 2;
  let best = { at: -1, runs: [] as number[], black: -1 };
  for (let at = Math.floor(across(rule.at)) - 1; at <= Math.floor(across(rule.at + 1)) + 1; at++) {
    const runs = blackRuns(pixels, rule.along, at, from, to);
    const black = runs.reduce((sum, run) => sum + run, 0);
    if (black > best.black) best = { at, runs, black };
  }
  return { ...best, length: to - from + 1 };
}

/** The page drawn by the package's renderer (its fonts: a host may have none), then the rules drawn by hand. */
async function sourcePage(): Promise<Buffer> {
  const renderer = new PageRenderer();
  let page: Buffer;
  try {
    page = await renderer.render({ template: TEMPLATE, width: WIDTH, height: HEIGHT, colors: 'bw', dither: 'none' });
  } finally {
    await renderer.close();
  }
  const { data } = await sharp(page).greyscale().raw().toBuffer({ resolveWithObject: true });
  for (const rule of RULES) {
    for (let i = rule.from; i <= rule.to; i++) {
      const at = rule.along === 'row' ? rule.at * WIDTH + i : i * WIDTH + rule.at;
      // Each rule on blank page, 8 pixels clear on either side: nothing else of the page touches it.
      for (let side = -8; side <= 8; side++) {
        const beside = rule.along === 'row' ? at + side * WIDTH : at + side;
        expect(data[beside], `the page at the rule ${rule.along} ${rule.at}`).to.equal(255);
      }
      data[at] = 0;
    }
  }
  return sharp(data, { raw: { width: WIDTH, height: HEIGHT, channels: 1 } })
    .png()
    .toBuffer();
}

/** A left-to-right gradient dithered into dots by a 4 x 4 Bayer matrix (written here): a photo as a 1-bit server sends it. */
function ditheredGradient(): Promise<Buffer> {
  const bayer = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5];
  const data = Buffer.alloc(WIDTH * HEIGHT);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const light = x / (WIDTH - 1);
      data[y * WIDTH + x] = light * 16 > bayer[(y % 4) * 4 + (x % 4)] + 0.5 ? 255 : 0;
    }
  }
  return sharp(data, { raw: { width: WIDTH, height: HEIGHT, channels: 1 } })
    .png()
    .toBuffer();
}

describe(`${TYPE}: a black-and-white picture fitted to another size`, function () {
  this.timeout(60_000);
  const h = Harness.forSuite();
  let page: Buffer;
  before(async () => {
    page = await sourcePage();
  });

  async function push(
    picture: Buffer,
    fit: 'contain' | 'cover' | 'fill',
    width: number,
    height: number,
    dither = 'atkinson',
  ): Promise<Pixels> {
    await h.load({
      type: TYPE,
      deviceId: KITCHEN,
      deviceIdType: 'device',
      pageId: '1',
      dither,
      fit,
      width: String(width),
      height: String(height),
    });
    outputOf(await h.send({ payload: picture }));
    const sent = h.sim.state.pages.get(KITCHEN)?.[0] as SimImagePage;
    expect(sent.kind).to.equal('image');
    const pixels = await pixelsOf(sent.images[0].data);
    expect([pixels.width, pixels.height]).to.deep.equal([width, height]);
    return pixels;
  }

  function expectRulesUnbroken(pixels: Pixels, fit: 'contain' | 'cover' | 'fill'): void {
    for (const rule of RULES) {
      const { at, runs, length } = ruleOnScreen(pixels, rule, fit);
      expect(
        runs,
        `the rule ${rule.along} ${rule.at} (on ${rule.along} ${at}): one black run of ${length}`,
      ).to.deep.equal([length]);
    }
  }

  const cases: [fit: 'contain' | 'cover' | 'fill', width: number, height: number, dither: string][] = [
    ['contain', 400, 300, 'atkinson'],
    ['contain', 400, 300, 'true'],
    ['contain', 400, 300, 'threshold'],
    ['contain', 400, 300, 'floyd-steinberg'],
    ['fill', 400, 300, 'atkinson'],
    ['cover', 400, 300, 'atkinson'],
    ['contain', 300, 200, 'atkinson'],
    ['contain', 640, 400, 'true'],
    ['contain', 533, 320, 'false'],
  ];
  for (const [fit, width, height, dither] of cases) {
    it(`800 x 480 to ${width} x ${height}, ${fit}, dither ${dither}: only black and white, every rule one unbroken line, the text read back`, async () => {
      const pixels = await push(page, fit, width, height, dither);
      expect([...coloursOf(pixels)].sort()).to.deep.equal(['0,0,0', '255,255,255']);
      expectRulesUnbroken(pixels, fit);
      const png = await sharp(pixels.data, { raw: { width, height, channels: 3 } })
        .png()
        .toBuffer();
      const [text] = await readText([png]);
      expect(compact(text)).to.include('High16°Low9°').and.include('Binsouttonight');
      // Chinese at half size and more: 24 px and up.
      if (width >= 400) expect(compact(text)).to.include('我们的家');
    });
  }

  /** The source's frame whole on the picture sent, around the rows from `top` to `bottom`: no white band inside. */
  function expectFrameWhole(pixels: Pixels, top: number, bottom: number): void {
    const { width } = pixels;
    const height = bottom - top + 1;
    expect(darkness(pixels, 0, top, width, 2), "the frame's top edge").to.equal(1);
    expect(darkness(pixels, 0, bottom - 1, width, 2), "the frame's bottom edge").to.equal(1);
    expect(darkness(pixels, 0, top, 2, height), "the frame's left edge").to.equal(1);
    expect(darkness(pixels, width - 2, top, 2, height), "the frame's right edge").to.equal(1);
  }

  it('800 x 480 contained in 400 x 300: white above and below only (the bars), the frame whole between them', async () => {
    const pixels = await push(page, 'contain', 400, 300);
    // 800 x 480 is 5:3, the screen 4:3: the picture is 400 x 240, centred, 30 rows of bar above and below.
    expect(darkness(pixels, 0, 0, 400, 30), 'the bar above').to.equal(0);
    expect(darkness(pixels, 0, 270, 400, 30), 'the bar below').to.equal(0);
    expectFrameWhole(pixels, 30, 269);
  });

  it('800 x 480 filled into 400 x 300: no white band at all, the frame on every edge', async () => {
    expectFrameWhole(await push(page, 'fill', 400, 300), 0, 299);
  });

  it('keeps the tones of a picture dithered into dots: each strip as dark as in the source', async () => {
    const pixels = await push(await ditheredGradient(), 'fill', 400, 300, 'true');
    expect([...coloursOf(pixels)].sort()).to.deep.equal(['0,0,0', '255,255,255']);
    const strips = 8;
    for (let strip = 0; strip < strips; strip++) {
      const left = (strip * 400) / strips;
      const expected = 1 - (strip + 0.5) / strips;
      expect(darkness(pixels, left, 0, 400 / strips, 300), `strip ${strip + 1} of ${strips}`).to.be.closeTo(
        expected,
        0.1,
      );
    }
  });

  it('fits a picture with greys as before: in grey, for the device (or its dithering) to show', async () => {
    const { data } = await sharp(page).greyscale().raw().toBuffer({ resolveWithObject: true });
    data.fill(128, 20 * WIDTH, 22 * WIDTH);
    const greyed = await sharp(data, { raw: { width: WIDTH, height: HEIGHT, channels: 1 } })
      .png()
      .toBuffer();
    const pixels = await push(greyed, 'contain', 400, 300, 'true');
    const greys = [...coloursOf(pixels)].filter((colour) => colour !== '0,0,0' && colour !== '255,255,255');
    expect(greys).to.not.deep.equal([]);
  });
});
