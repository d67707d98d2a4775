// The two sets of layout rules, looked at as a person looks at a page: under `html`, headings, paragraphs, bold
// words and pictures flow as in a browser; the built-in layouts read the same under both; QR codes and charts
// whose size the layout decides (a share of the width, a grid column) are drawn crisp at that size and scan.

import { expect } from 'chai';
import { DeviceCloudError } from '../../dist/lib/errors';
import { LAYOUTS, PageRenderer } from '../../dist/lib/render';
import { coloursOf, compact, darkness, inkBox, pixelsOf, readQrCodes, readText } from './support';

describe('render: layout rules', function () {
  this.timeout(120_000);
  const renderer = new PageRenderer();

  before(async () => {
    await renderer.warmUp();
  });
  after(async () => {
    await renderer.close();
  });

  it('lays out HTML as a browser does: a heading, a paragraph with a bold word and a line break, a code in a line of text', async () => {
    const template = `<h1 style="margin:8px">Heading</h1>
      <p style="margin:8px;font-size:24px">First <b>bold</b> words<br>second line</p>
      <p style="margin:8px;font-size:24px">Scan <img src="qr:in a line" width="96" height="96"> to join</p>`;
    const png = await renderer.render({ template, layoutRules: 'html', width: 400, height: 300 });
    const [text] = await readText([png]);
    const lines = text
      .split('\n')
      .map(compact)
      .filter((line) => line !== '');
    expect(lines, text).to.include.members(['Heading', 'Firstboldwords', 'secondline']);
    // The code stands in its line of text, the words on either side of it on one line.
    expect(
      lines.filter((line) => /^Scan.*tojoin$/.test(line)),
      text,
    ).to.have.length(1);
    expect(await readQrCodes(png)).to.deep.equal(['in a line']);
  });

  it('draws every built-in layout under the html rules as readable as under the flex rules', async () => {
    const pages: Buffer[] = [];
    for (const layout of LAYOUTS) {
      pages.push(
        await renderer.render({
          template: layout.template['en-US'],
          message: layout.sample['en-US'],
          layoutRules: 'html',
        }),
      );
    }
    const texts = await readText(pages);
    const words: Record<string, string[]> = {
      'big-value': ['Living room', 'Humidity 48%'],
      'todo-list': ['To do', 'Buy milk', 'Book train tickets'],
      notice: ['Room booked', 'quarterly review'],
      weather: ['Berlin', 'Cloudy', 'Rain 30%'],
      'wifi-card': ['Cafe Guest', 'welcome-2026'],
      calendar: ['Family', 'Today', 'Dentist', 'more'],
    };
    LAYOUTS.forEach((layout, index) => {
      for (const word of words[layout.id]) expect(compact(texts[index]), layout.id).to.include(compact(word));
    });
    for (const page of pages)
      expect([...coloursOf(await pixelsOf(page))].sort()).to.deep.equal(['0,0,0', '255,255,255']);
  });

  it('draws a QR code and a chart at the size the layout gives them (a share of the width, a grid column), crisp', async () => {
    const share = await renderer.render({
      template: '<div style="display:flex;padding:10px"><img src="qr:forty percent" style="width:40%"></div>',
      layoutRules: 'flex',
    });
    expect(await readQrCodes(share)).to.deep.equal(['forty percent']);
    const pixels = await pixelsOf(share);
    expect([...coloursOf(pixels)].sort()).to.deep.equal(['0,0,0', '255,255,255']);
    // 40 % of the 380 px inside the padding: 152 px. The code (21 modules and a quiet zone of 4 a side, 5 px
    // each: 145 px) is centred in it, 3 px from the box's edge, its first dark module 20 px further.
    const code = inkBox(pixels);
    expect([code.left, code.top], 'where the code starts').to.deep.equal([10 + 3 + 20, 10 + 3 + 20]);
    expect([code.right - code.left + 1, code.bottom - code.top + 1], 'its size').to.deep.equal([105, 105]);

    const grid = await renderer.render({
      template: `<div style="display:grid;grid-template-columns:1fr 1fr;gap:20px;padding:20px">
        <img src="qr:grid column" style="width:100%">
        <img src="chart:bar" data-values="1 2 3" style="width:100%;height:100%">
      </div>`,
      layoutRules: 'html',
    });
    expect(await readQrCodes(grid)).to.deep.equal(['grid column']);
    // The bars fill the second column (x 210 to 380), the tallest reaching the row's top.
    const bars = await pixelsOf(grid);
    expect(darkness(bars, 330, 20, 30, 10), 'the top of the tallest bar').to.equal(1);
    expect(darkness(bars, 381, 0, 19, 300), 'right of the column').to.equal(0);
  });

  it('draws a QR code inside its img’s padding and border', async () => {
    const png = await renderer.render({
      template: '<img src="qr:framed" style="width:150px;height:150px;padding:10px;border:5px solid black">',
    });
    const pixels = await pixelsOf(png);
    expect(darkness(pixels, 0, 0, 150, 5), 'the border').to.equal(1);
    expect(darkness(pixels, 5, 5, 140, 10), 'the padding').to.equal(0);
    expect(await readQrCodes(png)).to.deep.equal(['framed']);
  });

  it('asks for a size in px where the layout cannot tell a picture’s box, naming its place', async () => {
    const template = '<div>\n  <span style="display:inline-block"><img src="qr:lost" style="width:50%"></span></div>';
    const failure = await renderer.render({ template, layoutRules: 'html' }).then(
      () => expect.fail('drawn without knowing the size of its QR code'),
      (error: DeviceCloudError) => error,
    );
    expect(failure.kind).to.equal('validation');
    expect(failure.message).to.equal(
      'template: line 2, column 38: the size of this picture could not be found: give the img a width and a height in px',
    );
  });
});
