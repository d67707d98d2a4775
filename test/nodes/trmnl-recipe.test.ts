// The TRMNL recipe node in Node-RED: a recipe folder, a TRMNL export zip or pasted markup, filled with the message's
// data, comes out as a page a person reads (tesseract); its warnings travel with it. Bad input ends the message at
// the Catch node with an error naming the field, or the recipe's file, line and column; the password fields'
// values never show in a message, status or error.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { CATALOG_NAMESPACE as CATALOG } from '../../dist/runtime/status';
import { recipeDir, recipeSample, recipeZip } from '../fixtures/trmnl';
import { RUNAWAY_BOXES } from '../render/runaway';
import { compact, darkness, pixelsOf, readText } from '../render/support';
import { caughtOf, Harness, loadAgain, nodeOf, outputOf } from '../support/harness';
import type { CaughtMessage, NodeMessage } from '../support/node-red';
import { eventually } from '../support/until';

const TYPE = 'device-cloud-trmnl-recipe';

const PASTED = `<div class="layout layout--col">
  <span class="title">{{ greeting }} {{ city }}</span>
  <span class="value">{{ temperature }}</span>
</div>
<div class="title_bar"><span class="title">Weather Today</span></div>`;

const SETTINGS = `name: Weather
custom_fields:
  - keyname: city
    field_type: string
    default: Oslo
  - keyname: api_key
    field_type: password
`;

describe(`${TYPE}: a recipe and data in, a page out`, function () {
  this.timeout(60_000);
  let h: Harness;
  let scratch: string;
  before(async () => {
    h = await Harness.start();
    scratch = mkdtempSync(path.join(tmpdir(), 'trmnl-recipe-'));
  });
  after(async () => {
    await h.stop();
    rmSync(scratch, { recursive: true, force: true });
  });
  afterEach(() => h.reset());

  function load(config: Record<string, unknown>, secrets?: Record<string, unknown>) {
    return loadAgain(
      h,
      { type: TYPE, width: '800', height: '480', colors: 'bw', dither: 'none', ...config },
      secrets ? { credentials: { subject: { fieldSecrets: JSON.stringify(secrets) } } } : {},
    );
  }

  it('draws pasted markup with its settings, the data and the fields, as a person reads it', async () => {
    await load({ markup: PASTED, settings: SETTINGS, fields: '{"greeting": "Hello"}' });
    const out = outputOf(await h.send({ payload: { temperature: '21 °C' } }));
    const png = out.payload as Buffer;
    const pixels = await pixelsOf(png);
    expect([pixels.width, pixels.height]).to.deep.equal([800, 480]);
    const [text] = await readText([png], [], 'eng');
    expect(compact(text)).to.include('HelloOslo').and.include('21').and.include('WeatherToday');
    expect(out.dither).to.equal(false);
    expect(out.warnings).to.deep.equal([]);
    expect(h.lastStatus).to.deep.equal({ fill: 'green', shape: 'dot', text: `${CATALOG}:${TYPE}.status.drawn` });
  });

  it("draws the framework's lines on a dark 1-bit screen as TRMNL does: level 1 white on black, level 7 unseen", async () => {
    const lines = [1, 2, 6, 7].map((level) => `<div class="border--h-${level}" style="height:60px;width:100%"></div>`);
    await load({ markup: `<div class="layout layout--col">${lines.join('')}</div>`, settings: 'dark_mode: "yes"\n' });
    const pixels = await pixelsOf(outputOf(await h.send({ payload: {} })).payload as Buffer);
    // The share of white pixels in each row that has any, in the middle of the page, top to bottom.
    const whiteShares: number[] = [];
    for (let y = 0; y < pixels.height; y++) {
      const white = 1 - darkness(pixels, 200, y, 400, 1);
      if (white > 0) whiteShares.push(Math.round(white * 100) / 100);
    }
    expect(darkness(pixels, 0, 0, pixels.width, pixels.height), 'the dark page is black').to.be.above(0.97);
    expect(whiteShares, 'levels 1, 2 and 6 are lines, level 7 is not').to.have.length(3);
    expect(whiteShares[0], 'level 1: a solid white line').to.equal(1);
    expect(whiteShares[1], 'level 2: mostly white').to.be.within(0.6, 0.95);
    expect(whiteShares[2], 'level 6: a few white dots').to.be.within(0.05, 0.4);
  });

  it('reads a recipe folder and a TRMNL export zip, an array of data arriving as `data`', async () => {
    const name = 'bne-bin';
    const sample = recipeSample(name);
    const zip = path.join(scratch, 'export.zip');
    writeFileSync(zip, recipeZip(name));
    for (const recipe of [recipeDir(name), zip]) {
      await load({ recipe, fields: JSON.stringify(sample?.custom_fields ?? {}) });
      const out = outputOf(await h.send({ payload: sample?.data, trmnl: sample?.trmnl }));
      const [text] = await readText([out.payload as Buffer], [], 'eng');
      expect(text.length, `the page of ${recipe}`).to.be.above(10);
    }
  });

  it('ends the message with an error naming the recipe, its file, line and column, or the field', async () => {
    const cases: [Record<string, unknown>, NodeMessage, RegExp][] = [
      [{ recipe: path.join(scratch, 'nowhere') }, {}, /^RecipeError: recipe: .*nowhere: cannot be read \(ENOENT\)$/],
      [
        { markup: PASTED, settings: 'custom_fields: [oops' },
        {},
        /^RecipeError: recipe: settings\.yml line 1, column 21: not valid YAML: /,
      ],
      [
        { markup: '<p>{% if x %}never closed</p>' },
        {},
        /^RecipeError: recipe: markup line 1, column 4: Liquid syntax error: tag {% if x %} not closed$/,
      ],
      [
        { markup: PASTED, view: 'sideways' },
        {},
        /^DeviceCloudError: view: must be one of auto, full, half_horizontal, half_vertical, quadrant \(got "sideways"\)$/,
      ],
      [{ markup: PASTED, fields: '[1, 2]' }, {}, /^DeviceCloudError: fields: must be a JSON object/],
      [{ markup: PASTED, fields: '{oops' }, {}, /^DeviceCloudError: fields: must be a JSON object/],
      [{ markup: PASTED }, { width: 0 }, /^DeviceCloudError: width: must be a whole number of pixels/],
      [{}, {}, /^DeviceCloudError: recipe: name a recipe folder or a TRMNL export zip, or paste its markup$/],
    ];
    for (const [config, msg, error] of cases) {
      await load({ ...config, ...('width' in msg ? { width: '' } : {}) });
      const caught = caughtOf(await h.send({ payload: {}, ...msg }));
      expect(caught.error.message, JSON.stringify(config)).to.match(error);
    }
  });

  it('keeps the password fields in the credential: merged into the page, never in a message, status or error', async () => {
    const secret = 'sk-very-secret-42';
    const markup = `<div class="title">Key {{ api_key | size }} {{ api_key }}</div>`;
    await load({ markup, settings: SETTINGS }, { api_key: secret });
    const out = outputOf(await h.send({ payload: {} }));
    const [text] = await readText([out.payload as Buffer], [], 'eng');
    expect(compact(text)).to.include(`Key${secret.length}`);
    expect(JSON.stringify({ ...out, payload: undefined })).to.not.include(secret);

    // A secret in the fields setting is refused, naming the field and not its value.
    await load({ markup, settings: SETTINGS, fields: JSON.stringify({ api_key: secret }) });
    const refused = caughtOf(await h.send({ payload: {} }));
    expect(refused.error.message).to.equal(
      'DeviceCloudError: fields: api_key is a password field: its value goes in the credential fieldSecrets',
    );

    // A Liquid error whose text would hold the secret (JSON.parse quotes what it could not read) shows it masked.
    await load({ markup: '<div>{{ api_key | parse_json }}</div>', settings: SETTINGS }, { api_key: secret });
    const warned = outputOf(await h.send({ payload: {} }));
    expect(warned.warnings, 'the Liquid error, masked').to.have.length.above(0);
    expect(JSON.stringify([warned.warnings, h.statuses])).to.not.include(secret);
  });

  it('stops a page past its time budget with an error that says so, while another recipe node draws', async () => {
    // Boxes with wide blurred shadows: minutes to draw, within a page's size limits (the page's frame is 4 more).
    const boxes = RUNAWAY_BOXES - 10;
    const runaway =
      `{% for i in (1..${boxes}) %}` +
      '<div style="width:8px;height:8px;margin:1px;box-shadow:0 0 300px 100px black"></div>{% endfor %}';
    const good = {
      id: 'good',
      z: 'flow',
      type: TYPE,
      markup: PASTED,
      settings: SETTINGS,
      width: '400',
      height: '300',
      wires: [['good-out']],
    };
    await loadAgain(
      h,
      { type: TYPE, markup: `<div style="display:flex;flex-wrap:wrap">${runaway}</div>`, timeBudget: '3' },
      { extra: [good, { id: 'good-out', z: 'flow', type: 'helper' }] },
    );
    const caught: CaughtMessage[] = [];
    h.caught.on('input', (msg) => caught.push(msg as CaughtMessage));
    h.node.receive({ _msgid: 'runaway', payload: {} });
    const drawn = new Promise<NodeMessage>((resolve) => nodeOf('good-out').once('input', resolve));
    nodeOf('good').receive({ payload: { temperature: '18 °C' } });
    const [text] = await readText([(await drawn).payload as Buffer], [2], 'eng');
    expect(compact(text), "the other node's page").to.include('18');
    const error = await eventually(() => caught.find((msg) => msg._msgid === 'runaway'), {
      what: "the runaway's error at the Catch node (its budget is 3 s)",
      timeoutMs: 20_000,
      everyMs: 50,
    });
    expect(error.error.message).to.match(
      /^DeviceCloudError: page renderer: the page was not drawn within its time budget of 3 s and was stopped; it has \d+ elements/,
    );
  });
});
