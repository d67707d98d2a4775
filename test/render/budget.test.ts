// A page's budget: a page over a size limit fails before it is drawn, with an error that names the limit, the
// page's figure and the way out; a page that the limits let through but that would draw for minutes, or take
// more memory than the budget, is stopped: its process ends, the error says what the page holds, the pages
// beside it are drawn, and the next page is drawn as before.

import { expect } from 'chai';
import { constants, getPriority } from 'node:os';
import sharp from 'sharp';
import { DeviceCloudError } from '../../dist/lib/errors';
import { PageRenderer, type PageRequest } from '../../dist/lib/render';
import { PAGE_BUDGET, PAGE_LIMITS, pageTimeBudget } from '../../dist/lib/values/page-budget';
import { until } from '../support/until';
import { MEMORY_RUNAWAY, RUNAWAY, RUNAWAY_BOXES, running, squareAt } from './runaway';
import { compact, darkness, pixelsOf, readText } from './support';

/** The error a page ended with; fails when it was drawn. */
async function failure(page: Promise<Buffer>): Promise<DeviceCloudError> {
  try {
    await page;
  } catch (error) {
    expect(error).to.be.instanceOf(DeviceCloudError);
    return error as DeviceCloudError;
  }
  throw new Error('the page was drawn');
}

/** Whether the square of `squareAt(left)` is on the page, and nothing else is black. */
async function showsSquareAt(png: Buffer, left: number): Promise<boolean> {
  const pixels = await pixelsOf(png);
  return darkness(pixels, left, 0, 100, 100) === 1 && darkness(pixels, 0, 100, 400, 200) === 0;
}

describe('render: the page budget', function () {
  this.timeout(60_000);

  describe('the size limits, before a page is drawn', function () {
    const renderer = new PageRenderer();
    before(() => renderer.warmUp());
    after(() => renderer.close());

    const overs: [string, () => Promise<PageRequest>, RegExp][] = [
      [
        'more elements than a page may have',
        () => Promise.resolve({ template: `<div>${'<span>x</span>'.repeat(PAGE_LIMITS.elements)}</div>` }),
        /^template: the page has 2001 elements, more than the 2000 a page may have: slice long lists in the message \(in a function node: msg\.payload\.items = msg\.payload\.items\.slice\(0, 20\)\) and let data-overflow="\+\{n\} more" on their container say how many were left out$/,
      ],
      [
        'more text than a page may have',
        () => Promise.resolve({ template: '<p>{{payload}}</p>', message: { payload: 'word '.repeat(10_001) } }),
        /^template: the page has 50005 characters of text, more than the 50000 a page may have: cut the text in the message to what a screen shows \(msg\.payload\.text\.slice\(0, 2000\)\)/,
      ],
      [
        'pictures of more pixels than a page may have',
        async () => {
          const large = await sharp({ create: { width: 2100, height: 2000, channels: 3, background: 'white' } })
            .png()
            .toBuffer();
          const small = await sharp({ create: { width: 10, height: 10, channels: 3, background: 'black' } })
            .png()
            .toBuffer();
          return {
            template:
              '<img src="{{{payload.large}}}" width="200" height="100">' +
              '<div style="background-image:url({{{payload.small}}});width:10px;height:10px"></div>',
            message: { payload: { large, small: `data:image/png;base64,${small.toString('base64')}` } },
          };
        },
        /^template: the page's pictures have 4200100 pixels \(the largest 2100 x 2000\), more than the 4000000 a page may have: make them smaller before they reach the template/,
      ],
      [
        'a list longer than a page may repeat',
        () =>
          Promise.resolve({
            template: '<ul>{{#payload.items}}<li>{{.}}</li>{{/payload.items}}</ul>',
            message: { payload: { items: Array.from({ length: 100_000 }, (_, i) => `reading ${i}`) } },
          }),
        /^template: the list \{\{#payload\.items\}\} has 100000 items, more than the 1000 a page may repeat: slice long lists in the message/,
      ],
      [
        'lists that together repeat more than a page may',
        () =>
          Promise.resolve({
            template: '{{#rooms}}<h2>{{name}}</h2>{{#readings}}<span>{{.}}</span>{{/readings}}{{/rooms}}',
            message: {
              rooms: Array.from({ length: 4 }, (_, room) => ({
                name: `room ${room}`,
                readings: Array.from({ length: 300 }, (_, i) => i),
              })),
            },
          }),
        /^template: the list \{\{#readings\}\} \(300 items\) brings the page's lists to 1204 items, more than the 1000 a page may repeat/,
      ],
    ];
    for (const [what, request, says] of overs) {
      it(`refuses a page with ${what}, naming the limit, the figure and the way out`, async () => {
        const error = await failure(renderer.render(await request()));
        expect(error.kind).to.equal('validation');
        expect(error.field).to.equal('template');
        expect(error.message).to.match(says);
      });
    }

    it('draws a page at the limits: 1000 list items, 2000 elements', async () => {
      const items = Array.from({ length: PAGE_LIMITS.listItems }, (_, i) => `Item ${i}`);
      const png = await renderer.render({
        template:
          '<div style="padding:10px;font-size:24px">{{#payload}}<p style="margin:0">{{.}}</p>{{/payload}}</div>',
        message: { payload: items },
        layoutRules: 'html',
      });
      const [text] = await readText([png]);
      expect(compact(text)).to.include('Item0').and.to.include('Item1');
      const elements = `<div>${'<span style="margin-left:1px"></span>'.repeat(PAGE_LIMITS.elements - 2)}<b>Last</b></div>`;
      const [last] = await readText([await renderer.render({ template: elements, layoutRules: 'html' })]);
      expect(last).to.include('Last');
    });

    it('reads a time budget of 1 to 60 whole seconds, empty for the default, and refuses others naming timeBudget', () => {
      expect(pageTimeBudget(undefined)).to.equal(PAGE_BUDGET.defaultSeconds);
      expect(pageTimeBudget('')).to.equal(10);
      expect(pageTimeBudget('1')).to.equal(1);
      expect(pageTimeBudget(60)).to.equal(60);
      for (const wrong of [0, 61, '2.5', 'soon', -1, true]) {
        expect(() => pageTimeBudget(wrong), String(wrong))
          .to.throw(DeviceCloudError)
          .with.property('message')
          .that.matches(/^timeBudget: must be a whole number of seconds from 1 to 60 \(empty: 10\) \(got /);
      }
    });
  });

  describe('a page over its time or memory, stopped', function () {
    let renderer: PageRenderer;
    beforeEach(async () => {
      renderer = new PageRenderer();
      await renderer.warmUp();
    });
    afterEach(() => renderer.close());

    it('stops a page not drawn within its time budget: its process gives way, then ends, the error says what the page holds, a page beside it and the next are drawn', async () => {
      const [drawing] = renderer.processIds;
      let ended = false;
      const runaway = failure(renderer.render({ ...RUNAWAY, timeBudget: 3 })).finally(() => (ended = true));
      const beside = await renderer.render(squareAt(0));
      expect(ended, 'the runaway ended before the page beside it was drawn').to.equal(false);
      expect(await showsSquareAt(beside, 0), 'the page drawn beside the runaway').to.equal(true);
      await until(() => getPriority(drawing) === constants.priority.PRIORITY_LOW, {
        what: 'the process drawing the runaway to take the lowest priority',
        timeoutMs: 10_000,
      });
      expect(ended, 'the runaway ended before its process gave way').to.equal(false);

      const error = await runaway;
      expect(error.kind).to.equal('timeout');
      expect(error.message).to.equal(
        `page renderer: the page was not drawn within its time budget of 3 s and was stopped; it has ${RUNAWAY_BOXES + 1} ` +
          `elements (${RUNAWAY_BOXES} with shadows or filters), 0 characters of text, no pictures, on 800 x 480 pixels`,
      );
      await until(() => !running(drawing), { what: 'the process that drew the runaway to end', timeoutMs: 10_000 });
      expect(await showsSquareAt(await renderer.render(squareAt(200)), 200), 'the next page').to.equal(true);
    });

    it('stops a page whose drawing needs more memory than the budget: its process ends, and the next page is drawn', async () => {
      const [drawing] = renderer.processIds;
      const error = await failure(renderer.render(MEMORY_RUNAWAY));
      expect(error.kind).to.equal('validation');
      expect(error.message).to.equal(
        `template: the page needed more than the ${PAGE_BUDGET.memoryBytes / 1024 / 1024} MB of memory a page may take ` +
          'to draw and was stopped; it has 2 elements (2 with shadows or filters), 4 characters of text, no pictures, ' +
          'on 4096 x 4096 pixels',
      );
      await until(() => !running(drawing), { what: 'the process that drew it to end', timeoutMs: 10_000 });
      expect(await showsSquareAt(await renderer.render(squareAt(100)), 100), 'the next page').to.equal(true);
    });

    it('tells a page abandoned while drawn so at once, and still stops its drawing at its budget', async () => {
      const [drawing] = renderer.processIds;
      const abandon = new AbortController();
      const runaway = failure(renderer.render({ ...RUNAWAY, timeBudget: 2 }, abandon.signal));
      abandon.abort(new DeviceCloudError('aborted', 'the node was closed'));
      expect((await runaway).message).to.equal('the node was closed');
      expect(running(drawing), 'its process, drawing it still').to.equal(true);
      await until(() => !running(drawing), { what: 'the process drawing it to end at its budget', timeoutMs: 15_000 });
      expect(await showsSquareAt(await renderer.render(squareAt(300)), 300), 'the next page').to.equal(true);
    });
  });

  describe('with the WebAssembly build, which draws one page at a time in a process', function () {
    let renderer: PageRenderer;
    const switchBefore = process.env.DEVICE_CLOUD_RENDER_ENGINE;
    before(async () => {
      // Read by each drawing process as it starts.
      process.env.DEVICE_CLOUD_RENDER_ENGINE = 'webassembly';
      renderer = new PageRenderer();
      expect((await renderer.warmUp()).engine).to.equal('webassembly');
    });
    after(async () => {
      await renderer.close();
      if (switchBefore === undefined) delete process.env.DEVICE_CLOUD_RENDER_ENGINE;
      else process.env.DEVICE_CLOUD_RENDER_ENGINE = switchBefore;
    });

    it("draws page after page in the same process: the engine's own memory is not taken for a page's", async () => {
      const [drawing] = renderer.processIds;
      // The WebAssembly engine's memory grows to about 130 MB over its first pages, and stays there.
      for (const left of [0, 100, 200, 300, 0, 100, 200, 300, 0, 100, 200, 300]) {
        expect(
          await showsSquareAt(await renderer.render(squareAt(left)), left),
          `the page with a square at ${left}`,
        ).to.equal(true);
      }
      // On a busy machine a page drawn over a second gets a process beside it; the first one is still not ended.
      expect(renderer.processIds, 'the processes drawing').to.include(drawing);
    });

    it('draws a page asked for beside a runaway in a second process, and stops the runaway at its budget', async () => {
      const [drawing] = renderer.processIds;
      let ended = false;
      const runaway = failure(renderer.render({ ...RUNAWAY, timeBudget: 5 })).finally(() => (ended = true));
      const beside = await renderer.render(squareAt(0));
      expect(ended, 'the runaway ended before the page beside it was drawn').to.equal(false);
      expect(await showsSquareAt(beside, 0), 'the page drawn beside the runaway').to.equal(true);
      expect(renderer.processIds, 'the processes drawing').to.have.length(2).and.include(drawing);
      expect((await runaway).message).to.match(/not drawn within its time budget of 5 s and was stopped/);
      await until(() => !running(drawing), { what: 'the process that drew the runaway to end', timeoutMs: 10_000 });
      expect(await showsSquareAt(await renderer.render(squareAt(200)), 200), 'the next page').to.equal(true);
    });
  });
});
