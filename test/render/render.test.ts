// The render node as a flow uses it: render -> display-image -> the simulator, and the page the simulated
// device then holds read back as a person reads a screen (its colours, its text by OCR, its QR code by zbarimg).

import { expect } from 'chai';
import { join } from 'node:path';
import { CATALOG_NAMESPACE as CATALOG } from '../../dist/runtime/status';
import type { SimImagePage } from '../../dist/simulator/server';
import { KITCHEN } from '../fixtures/service';
import { ACCOUNT_ID, caughtOf, Harness, outputOf } from '../support/harness';
import { runtimeUtil } from '../support/runtime';
import type { FlowNode, NodeMessage, TestNode } from '../support/node-red';
import { coloursOf, compact, inkBox, pixelsOf, readQrCodes, readText } from './support';

const TYPE = 'device-cloud-render';
const PUSH_PAGE = 3;

/** The display-image node after the render node: the page goes to page 3 of the kitchen display, as drawn. */
const DISPLAY: FlowNode = {
  id: 'push',
  z: 'flow',
  type: 'device-cloud-display-image',
  account: ACCOUNT_ID,
  deviceId: KITCHEN,
  deviceIdType: 'device',
  pageId: String(PUSH_PAGE),
  dither: '',
  fit: 'contain',
  width: '400',
  height: '300',
  wires: [['out']],
};

const WEATHER_PAGE = `<div style="display:flex;flex-direction:column;padding:16px;width:100%;height:100%">
  <div style="font-size:40px;font-weight:bold">{{payload.city}}</div>
  <div style="font-size:36px">{{payload.sky}} {{payload.temp}}°C</div>
  <img src="qr:{{payload.link}}" width="120" height="120" style="margin-top:12px">
</div>`;

/** A word in the middle of the page, when its div is a flex box: centred by align-items and justify-content. */
const CENTRED_PAGE =
  '<div style="height:300px;align-items:center;justify-content:center;font-size:48px;font-weight:bold">Middle</div>';

describe(TYPE, function () {
  this.timeout(60_000);
  const h = Harness.forSuite();

  function loadRender(config: Record<string, unknown>, toDisplay = true): Promise<TestNode> {
    return h.load(
      {
        type: TYPE,
        template: '',
        width: '',
        height: '',
        colors: 'bw',
        dither: 'none',
        ...config,
        ...(toDisplay ? { wires: [['push']] } : {}),
      },
      toDisplay ? { extra: [DISPLAY] } : {},
    );
  }

  function shownImage(): SimImagePage {
    const page = h.sim.state.pages.get(KITCHEN)?.[PUSH_PAGE - 1];
    expect(page?.kind, 'what page 3 of the kitchen display holds').to.equal('image');
    return page as SimImagePage;
  }

  it('draws the template with the message, and display-image sends the page as drawn: pure black and white, readable', async () => {
    await loadRender({ template: WEATHER_PAGE });
    const msg: NodeMessage = {
      payload: { city: '上海 Shanghai', sky: '多云 Cloudy', temp: 23, link: 'https://weather.example/sh?d=1' },
      topic: 'weather',
    };
    const out = outputOf(await h.send(msg, { timeoutMs: 30_000 }));

    expect(out.topic, 'other properties travel on').to.equal('weather');
    expect(out.dither, 'msg.dither').to.equal(false);
    const [request] = h.requests;
    const ditherPart = request.parts?.find((part) => part.name === 'dither');
    expect(ditherPart?.data.toString(), 'the dither field the service got').to.equal('false');
    const page = shownImage();
    expect(page.dither).to.equal(false);
    const [image] = page.images;
    const pixels = await pixelsOf(image.data);
    expect([pixels.width, pixels.height]).to.deep.equal([400, 300]);
    expect([...coloursOf(pixels)].sort()).to.deep.equal(['0,0,0', '255,255,255']);
    const [text] = await readText([image.data]);
    expect(compact(text)).to.include('上海').and.to.include('Shanghai').and.to.include('多云').and.to.include('23°C');
    expect(await readQrCodes(image.data)).to.deep.equal(['https://weather.example/sh?d=1']);
  });

  it('takes msg.template, msg.width and msg.height when the dialog leaves them empty, and four colours when asked', async () => {
    await loadRender({ colors: 'bwry' }, false);
    const template =
      '<div style="display:flex;width:100%;height:100%"><div style="width:50%;background:#ff0000"></div>' +
      '<div style="width:50%;background:#ffff00"></div></div>';
    const out = outputOf(await h.send({ template, width: 200, height: '100' }));
    const pixels = await pixelsOf(out.payload as Buffer);
    expect([pixels.width, pixels.height]).to.deep.equal([200, 100]);
    expect([...coloursOf(pixels)].sort()).to.deep.equal(['255,0,0', '255,255,0']);
    expect(h.lastStatus).to.deep.equal({ fill: 'green', shape: 'dot', text: `${CATALOG}:${TYPE}.status.drawn` });
  });

  it("uses the dialog's template and size over the message's", async () => {
    await loadRender({ template: '<div style="font-size:30px">dialog</div>', width: '120', height: '40' }, false);
    const out = outputOf(await h.send({ template: '<div>message</div>', width: 300, height: 300 }));
    const pixels = await pixelsOf(out.payload as Buffer);
    expect([pixels.width, pixels.height]).to.deep.equal([120, 40]);
  });

  const refusals: { label: string; config?: Record<string, unknown>; msg: NodeMessage; says: RegExp }[] = [
    { label: 'no template anywhere', msg: { payload: 1 }, says: /^template: must be HTML text/ },
    {
      label: 'a template that cannot be drawn',
      msg: { template: '<div><span>open</div>' },
      says: /^template: .*line 1/,
    },
    {
      label: 'a width out of range',
      msg: { template: '<div>x</div>', width: 5000 },
      says: /^width: must be a whole number of pixels from 1 to 4096/,
    },
    {
      label: 'a height of 0',
      msg: { template: '<div>x</div>', height: 0 },
      says: /^height: must be a whole number of pixels from 1 to 4096/,
    },
    { label: 'an unknown colour set', config: { colors: 'rgb' }, msg: { template: '<div>x</div>' }, says: /^colors: / },
    {
      label: 'an unknown dither mode',
      config: { dither: 'ordered' },
      msg: { template: '<div>x</div>' },
      says: /^dither: /,
    },
    {
      label: 'a QR text too long for a QR code',
      msg: { template: '<img src="qr:{{payload}}" width="100" height="100">', payload: 'x'.repeat(3000) },
      says: /^template: .*QR/i,
    },
  ];
  for (const { label, config, msg, says } of refusals) {
    it(`refuses ${label} with one error naming the field, and pushes nothing`, async () => {
      await loadRender(config ?? {});
      const caught = caughtOf(await h.send(msg, { timeoutMs: 30_000 }));
      expect(caught.error.message).to.match(new RegExp(`^DeviceCloudError: ${says.source.slice(1)}`, says.flags));
      expect(caught.error.source).to.include({ type: TYPE });
      expect(h.requests, 'requests the service received').to.deep.equal([]);
      expect(h.sim.state.pages.size).to.equal(0);
    });
  }

  it('ends every message still being drawn at a redeploy once, with the aborted error; the next deploy draws again', async () => {
    const { hooks } = runtimeUtil();
    const ended: { id: unknown; error?: Error & { kind?: string } }[] = [];
    hooks.add('onComplete.renderTest', (event) => {
      if (event.node.id === 'subject') ended.push({ id: event.msg._msgid, error: event.error });
    });
    try {
      await loadRender({ template: '<div style="font-size:40px">{{payload}}</div>' }, false);
      const ids = Array.from({ length: 12 }, (_, n) => `m${n}`);
      for (const id of ids) h.node.receive({ _msgid: id, payload: id });
      await h.helper.unload();

      expect(ended.map((end) => end.id).sort(), 'each message ended once').to.deep.equal([...ids].sort());
      const aborted = ended.filter((end) => end.error);
      expect(aborted.length, 'messages abandoned at the redeploy').to.be.greaterThan(0);
      for (const { error } of aborted) expect(error?.kind).to.equal('aborted');
    } finally {
      hooks.remove('*.renderTest');
    }
    await loadRender({ template: '<div style="font-size:40px">after</div>' }, false);
    const out = outputOf(await h.send({}, { timeoutMs: 30_000 }));
    expect((await pixelsOf(out.payload as Buffer)).width).to.equal(400);
  });

  it('draws a flow saved without layoutRules with flex boxes, as it always drew; a node with layoutRules html lays out as a browser', async () => {
    const inks: Record<string, ReturnType<typeof inkBox>> = {};
    for (const [name, config] of [
      ['saved', {}],
      ['flex', { layoutRules: 'flex' }],
      ['html', { layoutRules: 'html' }],
    ] as const) {
      await loadRender({ template: CENTRED_PAGE, ...config }, false);
      const out = outputOf(await h.send({}, { timeoutMs: 30_000 }));
      inks[name] = inkBox(await pixelsOf(out.payload as Buffer));
      const [text] = await readText([out.payload as Buffer]);
      expect(text, name).to.include('Middle');
      await h.helper.unload();
    }
    // Flex boxes: the word sits in the middle of the 400 x 300 page.
    expect((inks.saved.left + inks.saved.right) / 2).to.be.closeTo(200, 10);
    expect((inks.saved.top + inks.saved.bottom) / 2).to.be.closeTo(150, 10);
    expect(inks.flex).to.deep.equal(inks.saved);
    // A block: align-items and justify-content do nothing, the word starts at the top left.
    expect(inks.html.left).to.be.below(10);
    expect(inks.html.top).to.be.below(25);
  });

  it('refuses a layoutRules it does not know, naming it', async () => {
    await loadRender({ template: '<div>x</div>', layoutRules: 'grid' }, false);
    const caught = caughtOf(await h.send({}, { timeoutMs: 30_000 }));
    expect(caught.error.message).to.equal('DeviceCloudError: layoutRules: must be one of html, flex (got "grid")');
  });

  it('leaves out a CSS value it cannot draw with a warning naming its place, once, and draws the rest', async () => {
    const node = await loadRender(
      {
        template:
          '<div style="font-size:40px">\n  <div style="color:blurple;font-weight:bold">Still drawn</div>\n</div>',
      },
      false,
    );
    const warnings: string[] = [];
    node.on('call:warn', (call: { args: unknown[] }) => warnings.push(String(call.args[0])));
    const out = outputOf(await h.send({}, { timeoutMs: 30_000 }));
    const [text] = await readText([out.payload as Buffer]);
    expect(text).to.include('Still drawn');
    outputOf(await h.send({}, { timeoutMs: 30_000 }));
    expect(warnings, 'after two pages').to.deep.equal([
      'template: line 2, column 3: color: blurple cannot be drawn; left out',
    ]);
  });

  it('draws with the fonts its setting names, by their family name, and warns once of a character no font has', async () => {
    const font = join(
      __dirname,
      '..',
      '..',
      'node_modules',
      '@fontsource',
      'noto-sans-mono',
      'files',
      'noto-sans-mono-latin-400-normal.woff2',
    );
    const node = await loadRender(
      {
        template:
          '<div style="font-size:40px;padding:10px;white-space:nowrap">\n' +
          '<div style="font-family:\'Noto Sans Mono\'">{{payload}}</div>\n<div>x 𓀀</div></div>',
        fonts: font,
        layoutRules: 'html',
      },
      false,
    );
    const warnings: string[] = [];
    node.on('call:warn', (call: { args: unknown[] }) => warnings.push(String(call.args[0])));
    const narrow = inkBox(
      await pixelsOf(outputOf(await h.send({ payload: 'iiiiiiii' }, { timeoutMs: 30_000 })).payload as Buffer),
    );
    const wide = inkBox(
      await pixelsOf(outputOf(await h.send({ payload: 'MMMMMMMM' }, { timeoutMs: 30_000 })).payload as Buffer),
    );
    // In the monospaced font "i" takes as much room as "M"; the shipped fonts draw the other line only.
    const width = (box: { left: number; right: number }) => box.right - box.left;
    expect(Math.abs(width(narrow) - width(wide))).to.be.below(width(wide) * 0.15);
    expect(warnings).to.deep.equal([`template: line 3, column 8: U+13000 "𓀀" is in none of the page's fonts`]);
  });

  it('ends each message with the error of a font file it cannot read, naming the setting and the file', async () => {
    await loadRender({ template: '<div>x</div>', fonts: '/nowhere/Missing-Regular.ttf' }, false);
    const caught = caughtOf(await h.send({}, { timeoutMs: 30_000 }));
    expect(caught.error.message).to.equal(
      'DeviceCloudError: fonts: /nowhere/Missing-Regular.ttf cannot be read (no such file: /nowhere/Missing-Regular.ttf)',
    );
  });
});
