// Pages drawn from templates, looked at as a person looks at a screen: only the palette's colours, the text
// readable (tesseract, Chinese and English), the QR codes scannable (zbarimg), charts and pictures where
// the template put them.

import { expect } from 'chai';
import sharp from 'sharp';
import { PageRenderer } from '../../dist/lib/render';
import { coloursOf, compact, darkness, inkBox, pixelsOf, readQrCodes, readText } from './support';

describe('render: pages', function () {
  this.timeout(60_000);
  const renderer = new PageRenderer();

  before(async () => {
    await renderer.warmUp();
  });
  after(async () => {
    await renderer.close();
  });

  it('fills placeholders from the message and draws Chinese and Latin text that reads back', async () => {
    const template = `<div style="padding:20px;font-size:32px">
      <div>{{topic}}</div>
      <div>客厅温度 {{payload.temp}} 度</div>
      <div>明天会下雨{{payload.missing}}</div>
      <div style="font-weight:bold">Bold 今天天气很好</div>
      <div>{{payload.note}}</div>
    </div>`;
    const message = { topic: 'Kitchen sensor', payload: { temp: 21.5, note: 'Windows <closed> & locked' } };
    const png = await renderer.render({ template, message, width: 640, height: 400 });
    const [text] = await readText([png]);
    expect(text).to.include('Kitchen sensor');
    expect(text).to.include('Windows <closed> & locked');
    expect(compact(text)).to.include('客厅温度21.5度');
    expect(compact(text)).to.include('Bold今天天气很好');
    expect(compact(text), text).to.include('明天会下雨');
    expect(text).not.to.include('payload');
  });

  it('holds only pure black and white in bw, and only the four colours in bwry', async () => {
    const template = `<div style="padding:10px;font-size:24px">
      <div style="color:#888">grey text</div><div style="color:red">红色 red</div>
      <div style="background:linear-gradient(to right, black, white);height:40px"></div>
      <div style="background:yellow;color:blue;padding:6px">yellow box</div></div>`;
    const bw = await pixelsOf(await renderer.render({ template, colors: 'bw' }));
    expect([...coloursOf(bw)].sort()).to.deep.equal(['0,0,0', '255,255,255']);
    const bwry = coloursOf(await pixelsOf(await renderer.render({ template, colors: 'bwry' })));
    expect([...bwry].sort()).to.deep.equal(['0,0,0', '255,0,0', '255,255,0', '255,255,255']);
  });

  it('is a PNG of the size asked, 1 bit a pixel in bw and 2 in bwry, and small', async () => {
    const png = await renderer.render({ template: '<div>Size</div>', width: 800, height: '480' });
    const { width, height } = await sharp(png).metadata();
    expect([width, height]).to.deep.equal([800, 480]);
    expect([png[24], png[25]]).to.deep.equal([1, 3]);
    expect(png.length).to.be.below(10_000);
    const four = await renderer.render({ template: '<div>Size</div>', colors: 'bwry' });
    expect([four[24], four[25]]).to.deep.equal([2, 3]);
  });

  it('draws QR codes that a scanner reads back, from placeholders, Chinese and markup included', async () => {
    const template = `<div style="flex-direction:row;gap:12px;padding:10px">
      <img src="qr:{{payload.wifi}}" width="150" height="150">
      <img src="qr:{{{payload.url}}}" style="width:120px;height:200px">
    </div>`;
    const message = { payload: { wifi: 'WIFI:T:WPA;S:家里的网络;P:secret;;', url: 'https://example.com/?a=1&b=<2>' } };
    const png = await renderer.render({ template, message });
    const codes = await readQrCodes(png);
    expect(codes.sort()).to.deep.equal([message.payload.url, message.payload.wifi].sort());
  });

  it('draws a QR code crisp: square modules of whole pixels, centred in its box, with a white quiet zone', async () => {
    const png = await renderer.render({ template: '<img src="qr:hello" width="100" height="100">' });
    const pixels = await pixelsOf(png);
    // "hello" is a 21-module code; with 4 quiet modules a side, 100 px gives 3 px a module: 87 px, 6 px margin.
    expect(darkness(pixels, 0, 0, 100, 6 + 12)).to.equal(0);
    expect(darkness(pixels, 0, 0, 6 + 12, 100)).to.equal(0);
    // The finder pattern's corner: a solid 3x3-pixel dark module at (18, 18).
    expect(darkness(pixels, 18, 18, 3, 3)).to.equal(1);
    expect(await readQrCodes(png)).to.deep.equal(['hello']);
  });

  it('draws a line chart of the numbers: black pixels only on the line, across the whole box', async () => {
    const template =
      '<div style="padding:10px"><img src="chart:line" data-values="{{payload}}" data-line="3" style="width:200px;height:80px"></div>';
    const pixels = await pixelsOf(await renderer.render({ template, message: { payload: [0, 10, 0, 10, 5] } }));
    expect([...coloursOf(pixels)].sort()).to.deep.equal(['0,0,0', '255,255,255']);
    // Every column of the box has line pixels; the first and third points are at the bottom, the second at the top.
    for (let x = 10; x < 210; x += 7) expect(darkness(pixels, x, 10, 1, 80), `column ${x}`).to.be.above(0);
    expect(darkness(pixels, 10, 87, 3, 3)).to.equal(1);
    expect(darkness(pixels, 59, 10, 3, 3)).to.equal(1);
    expect(darkness(pixels, 0, 0, 400, 10)).to.equal(0);
    expect(darkness(pixels, 0, 90, 400, 210)).to.equal(0);
  });

  it('draws a bar chart: one bar a number, taller for larger numbers, in the colour asked', async () => {
    const template = '<img src="chart:bar" data-values="1 2 4" data-color="red" style="width:90px;height:100px">';
    const pixels = await pixelsOf(await renderer.render({ template, colors: 'bwry' }));
    const redIn = (left: number): number => {
      let red = 0;
      for (let y = 0; y < 100; y++)
        if (pixels.data[(y * 400 + left) * 3 + 1] === 0 && pixels.data[(y * 400 + left) * 3]) red++;
      return red;
    };
    const heights = [10, 40, 70].map(redIn);
    expect(heights[0]).to.be.below(heights[1]);
    expect(heights[1]).to.be.below(heights[2]);
    expect(heights[2]).to.be.at.least(99);
  });

  it('shows a picture from the message (a Buffer or a data URL), dithered as asked and crisp at its box', async () => {
    const grey = await sharp({ create: { width: 50, height: 50, channels: 3, background: { r: 128, g: 128, b: 128 } } })
      .png()
      .toBuffer();
    const template = `<div style="flex-direction:row"><img src="{{{payload.buffer}}}" width="100" height="100"
      ><img src="{{{payload.url}}}" width="100" height="100"></div>`;
    const message = { payload: { buffer: grey, url: `data:image/png;base64,${grey.toString('base64')}` } };
    for (const dither of ['atkinson', 'floyd-steinberg'] as const) {
      const pixels = await pixelsOf(await renderer.render({ template, message, dither }));
      expect(darkness(pixels, 0, 0, 100, 100), dither).to.be.closeTo(0.5, 0.05);
      expect(darkness(pixels, 100, 0, 100, 100), dither).to.be.closeTo(0.5, 0.05);
      expect(darkness(pixels, 200, 0, 200, 300), dither).to.equal(0);
    }
    // Thresholded (the default), middle grey (128) is light: the picture is white.
    const plain = await pixelsOf(await renderer.render({ template, message }));
    expect(darkness(plain, 0, 0, 200, 100)).to.equal(0);
  });

  it('draws nothing for an image placeholder without a value, and keeps its box', async () => {
    const template = `<div style="flex-direction:row"><img src="{{payload.none}}" width="120" height="50"><img src="qr:{{payload.none}}" width="50" height="50"><div style="background:black;width:30px;height:30px"></div></div>`;
    const pixels = await pixelsOf(await renderer.render({ template, message: { payload: {} } }));
    expect(darkness(pixels, 0, 0, 170, 50)).to.equal(0);
    expect(darkness(pixels, 170, 0, 30, 30)).to.equal(1);
  });

  it('reads the font shorthand as the sizes, weight and line height it names; a later declaration wins', async () => {
    /** Where the ink of "HHHH" falls, and how much of it there is (a bold line has more). */
    const drawn = async (style: string) => {
      const pixels = await pixelsOf(
        await renderer.render({ template: `<div style="${style}">HHHH<br>HHHH</div>`, width: 300, height: 200 }),
      );
      const box = inkBox(pixels);
      return { box, ink: darkness(pixels, 0, 0, 300, 200) };
    };
    const plain = await drawn('font: 40px sans-serif');
    const bold = await drawn('font: bold 40px sans-serif');
    const spaced = await drawn("font: italic 700 40px / 80px 'Noto Sans', sans-serif");
    const longhandAfter = await drawn('font: 40px sans-serif; font-weight: bold');
    const shorthandAfter = await drawn('font-weight: bold; font: 40px sans-serif');
    // A capital H at 40 px stands about 29 px tall; at the page's own 16 px, about 11. Two lines of 40 px text
    // (about 55 px apart, the font's own line height) span some 85 px, at 80 px apart some 110.
    const height = (box: { top: number; bottom: number }) => box.bottom - box.top;
    expect(height(plain.box), 'two lines at 40 px').to.be.within(75, 95);
    expect(height(spaced.box), 'two lines 80 px apart').to.be.within(100, 115);
    expect(bold.ink / plain.ink, 'bold').to.be.above(1.3);
    expect(spaced.ink / plain.ink, 'bold (700)').to.be.above(1.3);
    expect(longhandAfter.ink / plain.ink, 'font-weight after the shorthand').to.be.above(1.3);
    expect(shorthandAfter.ink / plain.ink, 'the shorthand after font-weight sets it to normal').to.be.within(0.9, 1.1);
    const [text] = await readText([
      await renderer.render({ template: '<div style="font: bold 32px/40px serif">Kitchen 21.5</div>' }),
    ]);
    expect(text.trim()).to.equal('Kitchen 21.5');
  });
});
