// Material Design Icons by name, looked at as a person would compare them with the icon set itself: each drawn
// icon against the icon package's own SVG file rasterised by sharp (librsvg, not our engine), pixel for pixel at
// the img's size; Home Assistant's weather conditions against the icons its cards show; colours, names from
// placeholders, and unknown names.

import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { PageRenderer } from '../../dist/lib/render';
import { DeviceCloudError } from '../../dist/lib/errors';
import { coloursOf, inkBox, pixelsOf } from './support';

const SIDE = 96;
const ICON_PACKAGE = join(__dirname, '..', '..', 'node_modules', '@mdi', 'svg', 'svg');

/** The conditions and their icons, as the node's contract and Home Assistant's own cards give them. */
const WEATHER: Record<string, string> = {
  'clear-night': 'weather-night',
  cloudy: 'weather-cloudy',
  exceptional: 'alert-circle-outline',
  fog: 'weather-fog',
  hail: 'weather-hail',
  lightning: 'weather-lightning',
  'lightning-rainy': 'weather-lightning-rainy',
  partlycloudy: 'weather-partly-cloudy',
  pouring: 'weather-pouring',
  rainy: 'weather-rainy',
  snowy: 'weather-snowy',
  'snowy-rainy': 'weather-snowy-rainy',
  sunny: 'weather-sunny',
  windy: 'weather-windy',
  'windy-variant': 'weather-windy-variant',
};

/** Which pixels are ink (darker than mid-grey), row by row. */
type Mask = boolean[];

/** The package's SVG of `name`, rasterised by sharp at SIDE x SIDE on white. */
async function packageIcon(name: string): Promise<Mask> {
  const svg = readFileSync(join(ICON_PACKAGE, `${name}.svg`));
  const { data } = await sharp(svg, { density: (72 * SIDE) / 24 })
    .resize(SIDE, SIDE)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [...data].map((value) => value < 128);
}

async function drawnMask(png: Buffer): Promise<Mask> {
  const pixels = await pixelsOf(png);
  const mask: Mask = [];
  for (let i = 0; i < pixels.data.length; i += 3)
    mask.push(pixels.data[i] + pixels.data[i + 1] + pixels.data[i + 2] === 0);
  return mask;
}

/** The share of pixels where two masks differ, over the pixels inked in either. */
function difference(a: Mask, b: Mask): number {
  let either = 0;
  let differ = 0;
  a.forEach((ink, i) => {
    if (ink || b[i]) either++;
    if (ink !== b[i]) differ++;
  });
  return differ / Math.max(either, 1);
}

describe('render: icons', function () {
  this.timeout(60_000);
  const renderer = new PageRenderer();

  after(async () => {
    await renderer.close();
  });

  function drawIcon(src: string, extra = ''): Promise<Buffer> {
    return renderer.render({
      template: `<img src="${src}" width="${SIDE}" height="${SIDE}" style="display:block${extra}">`,
      width: SIDE,
      height: SIDE,
      layoutRules: 'html',
    });
  }

  it('draws an icon by its name as the icon package draws it, crisp at the img’s size', async () => {
    const names = ['thermometer', 'home-outline', 'weather-rainy', 'account', 'lightbulb-on-outline'];
    const drawn = await Promise.all(names.map((name) => drawIcon(`icon:${name}`)));
    for (const [i, name] of names.entries()) {
      const png = drawn[i];
      expect([...coloursOf(await pixelsOf(png))].sort(), name).to.deep.equal(['0,0,0', '255,255,255']);
      const mine = await drawnMask(png);
      // Edges may fall either way of the threshold: a pixel's width along each edge, no more.
      expect(difference(mine, await packageIcon(name)), `${name} against the package's own`).to.be.below(0.12);
      const other = names[(i + 1) % names.length];
      expect(difference(mine, await packageIcon(other)), `${name} against ${other}`).to.be.above(0.4);
    }
  });

  it("maps each of Home Assistant's 15 weather conditions to its icon", async () => {
    for (const [condition, name] of Object.entries(WEATHER)) {
      const mine = await drawnMask(await drawIcon(`icon:weather:${condition}`));
      expect(difference(mine, await packageIcon(name)), `${condition} is ${name}`).to.be.below(0.12);
    }
    // Two conditions with different icons are drawn differently (the map is no constant).
    const sunny = await drawnMask(await drawIcon('icon:weather:sunny'));
    expect(difference(sunny, await drawnMask(await drawIcon('icon:weather:pouring')))).to.be.above(0.4);
  });

  it('takes the name from a placeholder, with or without mdi:, and draws it in the CSS colour', async () => {
    const png = await renderer.render({
      template: `<div style="color:red"><img src="icon:{{payload.icon}}" width="${SIDE}" height="${SIDE}" style="display:block"></div>`,
      message: { payload: { icon: 'mdi:thermometer' } },
      width: SIDE,
      height: SIDE,
      colors: 'bwry',
      layoutRules: 'html',
    });
    const pixels = await pixelsOf(png);
    expect([...coloursOf(pixels)].sort()).to.deep.equal(['255,0,0', '255,255,255']);
    const red: Mask = [];
    for (let i = 0; i < pixels.data.length; i += 3) red.push(pixels.data[i] === 255 && pixels.data[i + 1] === 0);
    expect(difference(red, await packageIcon('thermometer'))).to.be.below(0.12);
  });

  it('draws an icon without a size at the size of its text (1em)', async () => {
    const png = await renderer.render({
      template: '<div style="font-size:48px;line-height:1"><img src="icon:square"></div>',
      width: 200,
      height: 100,
      layoutRules: 'html',
    });
    const box = inkBox(await pixelsOf(png));
    // The square fills 18 of the icon's 24 units: 36 px of 48.
    expect(box.right - box.left + 1).to.be.within(35, 37);
    expect(box.bottom - box.top + 1).to.be.within(35, 37);
  });

  it('refuses an unknown name with an error naming it and the nearest icon, and an unknown condition listing them', async () => {
    const refused = async (src: string): Promise<DeviceCloudError> => {
      try {
        await drawIcon(src);
      } catch (error) {
        return error as DeviceCloudError;
      }
      throw new Error(`${src} was drawn`);
    };
    const typo = await refused('icon:wether-sunny');
    expect(typo.field).to.equal('template');
    expect(typo.message).to.equal(
      'template: line 1, column 1: Material Design Icons has no icon "wether-sunny"; did you mean weather-sunny?',
    );
    const condition = await refused('icon:weather:drizzle');
    expect(condition.message).to.match(
      /"drizzle" is not a weather condition of Home Assistant \(clear-night, cloudy, .*windy-variant\)/,
    );
  });
});
