// The render dialog's preview through Node-RED's admin API, as the dialog asks for it: each example's render node
// draws its page from its own sample message with no error and no warning, its words read back by OCR; an
// example's template is a built-in layout's (what Start from names) or its own; the built-in layouts' samples
// are dated from today; a page's warnings come back with it; a node's own fonts are read once for its previews.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { compact, darkness, pixelsOf, readText } from '../render/support';
import { Harness } from '../support/harness';
import type { AdminRequest, AdminResponse, FlowNode } from '../support/node-red';
import { ROOT } from '../support/package-files';
import { localDate } from '../support/dates';

const TYPE = 'device-cloud-render';
const MONO_WOFF2 = path.join(
  ROOT,
  'node_modules',
  '@fontsource',
  'noto-sans-mono',
  'files',
  'noto-sans-mono-latin-400-normal.woff2',
);
const WARNINGS_HEADER = 'x-page-warnings';

/**
 * A word of each example's sample a person sees on its page (none for a photo); and which built-in layout its
 * template is.
 */
const EXAMPLES: Record<string, { word: string | null; layout: string | null }> = {
  'render-big-value': { word: 'Living room', layout: 'big-value' },
  'render-todo-list': { word: 'Take out the bins', layout: 'todo-list' },
  'render-notice': { word: 'Room booked', layout: 'notice' },
  'render-weather': { word: 'Berlin', layout: 'weather' },
  'render-wifi-card': { word: 'Cafe Guest', layout: 'wifi-card' },
  'render-calendar-home-assistant': { word: 'Dentist', layout: 'calendar' },
  'render-weather-home-assistant': { word: 'Home', layout: null },
  'render-dashboard': { word: 'Partly cloudy', layout: null },
  'morning-brief': { word: 'Dentist', layout: null },
  'photo-frame': { word: null, layout: null },
  'screen-from-another-server': { word: 'another server', layout: null },
};

interface LayoutAnswer {
  id: string;
  template: Record<string, string>;
  sample: Record<string, { payload: { dueDate?: string }[] }>;
}

type AdminClient = { post(path: string): { send(body: unknown): AdminRequest }; get(path: string): AdminRequest };

function renderNodesOf(name: string): FlowNode[] {
  const flow = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', `${name}.json`), 'utf8')) as FlowNode[];
  return flow.filter((node) => node.type === TYPE);
}

function warningsOf(answer: AdminResponse): string[] {
  return JSON.parse(decodeURIComponent(answer.headers[WARNINGS_HEADER] ?? '')) as string[];
}

describe(`${TYPE}: the dialog's preview of each example, through the admin API`, function () {
  this.timeout(60_000);
  let h: Harness;
  let admin: AdminClient;
  before(async () => {
    h = await Harness.start();
    await h.load({
      type: TYPE,
      template: '',
      width: '',
      height: '',
      colors: 'bw',
      dither: 'none',
      layoutRules: 'html',
    });
    admin = h.helper.request() as unknown as AdminClient;
  });
  after(() => h.stop());

  it('lists every render example here', () => {
    const examples = fs
      .readdirSync(path.join(ROOT, 'examples'))
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.slice(0, -'.json'.length))
      .filter((name) => renderNodesOf(name).length > 0);
    expect(examples.sort()).to.deep.equal(Object.keys(EXAMPLES).sort());
  });

  it("draws each example's page from its sample message as imported, with no error and no warning", async () => {
    const pages: Buffer[] = [];
    for (const name of Object.keys(EXAMPLES)) {
      const [node] = renderNodesOf(name);
      expect(node.sample, `${name}: a sample message`).to.be.a('string').and.not.equal('');
      const answer = await admin.post('/device-cloud/render/preview').send({
        template: node.template,
        message: JSON.parse(node.sample as string) as unknown,
        width: node.width,
        height: node.height,
        colors: node.colors,
        dither: node.dither,
        layoutRules: node.layoutRules,
        timeBudget: node.timeBudget,
        fonts: node.fonts,
      });
      expect(answer.status, `${name}: ${answer.text}`).to.equal(200);
      expect(warningsOf(answer), `${name}: the page's warnings`).to.deep.equal([]);
      const png = answer.body as Buffer;
      const pixels = await pixelsOf(png);
      const [width, height] = [Number(node.width || 400), Number(node.height || 300)];
      expect([pixels.width, pixels.height], name).to.deep.equal([width, height]);
      expect(darkness(pixels, 0, 0, width, height), `${name}: ink on the page`).to.be.above(0.02);
      pages.push(png);
    }
    const texts = await readText(pages);
    Object.entries(EXAMPLES).forEach(([name, { word }], index) => {
      if (word === null) return;
      expect(compact(texts[index]).toLowerCase(), `${name}: ${texts[index]}`).to.include(compact(word).toLowerCase());
    });
  });

  it('gives each example the template of the built-in layout Start from names, or one of its own', async () => {
    const layouts = (await admin.get('/device-cloud/render/layouts')).body as LayoutAnswer[];
    for (const [name, { layout }] of Object.entries(EXAMPLES)) {
      const [node] = renderNodesOf(name);
      const same = layouts.find((candidate) => Object.values(candidate.template).includes(node.template as string));
      expect(same?.id ?? null, name).to.equal(layout);
    }
  });

  it('dates the built-in samples from today', async () => {
    const layouts = (await admin.get('/device-cloud/render/layouts')).body as LayoutAnswer[];
    const todo = layouts.find((layout) => layout.id === 'todo-list');
    expect(todo?.sample['en-US'].payload[0].dueDate).to.equal(localDate(new Date()));
  });

  it("sends a page's warnings with it: a character no font has", async () => {
    const answer = await admin
      .post('/device-cloud/render/preview')
      .send({ template: '<div>Ethiopic \u1200</div>', message: {}, width: 400, height: 300 });
    expect(answer.status).to.equal(200);
    expect(warningsOf(answer)).to.deep.equal([
      `template: line 1, column 15: U+1200 "\u1200" is in none of the page's fonts`,
    ]);
  });

  it("reads a node's own font once for its previews, and again once its file changes", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preview-fonts-'));
    try {
      const file = path.join(dir, 'mono.woff2');
      fs.copyFileSync(MONO_WOFF2, file);
      const TIME = 1_700_000_000; // seconds: a time of change set exactly, and set again below
      fs.utimesSync(file, TIME, TIME);
      const preview = () =>
        admin.post('/device-cloud/render/preview').send({
          template: `<div style="font-family:'Noto Sans Mono';font-size:40px">iiii MMMM</div>`,
          message: {},
          width: 400,
          height: 100,
          fonts: file,
        });
      const first = await preview();
      expect(first.status, 'drawn with the font').to.equal(200);
      expect(warningsOf(first), 'the font known by its family').to.deep.equal([]);

      // Other bytes of the same size, at the same time of change: the font read before is used, not read again.
      fs.writeFileSync(file, Buffer.alloc(fs.statSync(file).size));
      fs.utimesSync(file, TIME, TIME);
      const again = await preview();
      expect(again.status, 'drawn with the font read before').to.equal(200);
      expect(warningsOf(again)).to.deep.equal([]);

      // A change of time: read again, and now no font.
      fs.utimesSync(file, TIME + 60, TIME + 60);
      const changed = await preview();
      expect(changed.status).to.equal(400);
      expect((changed.body as { error: string }).error).to.match(/mono\.woff2 is not a usable font/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
