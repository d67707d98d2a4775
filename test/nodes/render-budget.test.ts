// A runaway page in Node-RED: a render node fed a page that would draw for minutes ends its message with an
// error within its time budget, while another render node's page and the editor's preview are drawn and the
// admin API answers; the next page is drawn as usual. A list longer than a page may repeat fails at once.

import { expect } from 'chai';
import { CATALOG_NAMESPACE as CATALOG } from '../../dist/runtime/status';
import { RUNAWAY, RUNAWAY_BOXES, squareAt } from '../render/runaway';
import { darkness, pixelsOf } from '../render/support';
import { caughtOf, Harness, nodeOf, outputOf } from '../support/harness';
import type { AdminRequest, AdminResponse, CaughtMessage, FlowNode, NodeMessage, TestNode } from '../support/node-red';
import { eventually } from '../support/until';

const TYPE = 'device-cloud-render';

/** A second render node, drawing squares, wired to `good-out`; the Catch node hears both render nodes. */
const GOOD: FlowNode[] = [
  {
    id: 'good',
    z: 'flow',
    type: TYPE,
    template: squareAt(0).template,
    width: '400',
    height: '300',
    colors: 'bw',
    dither: 'none',
    layoutRules: 'html',
    wires: [['good-out']],
  },
  { id: 'good-out', z: 'flow', type: 'helper' },
];

/** The admin API's preview, as the dialog asks for it. */
function preview(h: Harness, body: Record<string, unknown>): PromiseLike<AdminResponse> {
  const request = h.helper.request() as unknown as {
    post(path: string): { send(body: unknown): AdminRequest };
  };
  return request.post('/device-cloud/render/preview').send({ width: 400, height: 300, ...body });
}

/** The next message `node` sends on (to a helper node), within `timeoutMs`. */
function nextMessage(node: TestNode, what: string, timeoutMs = 30_000): Promise<NodeMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`waited ${timeoutMs} ms in vain for ${what}`)), timeoutMs);
    node.once('input', (msg) => {
      clearTimeout(timer);
      resolve(msg);
    });
  });
}

/** The message that asks the node under test (template from the message) for `squareAt(left)`. */
function square(left: number): NodeMessage {
  const { template, message } = squareAt(left);
  return { template, ...message };
}

async function showsSquareAt(png: Buffer, left: number): Promise<boolean> {
  const pixels = await pixelsOf(png);
  return darkness(pixels, left, 0, 100, 100) === 1 && darkness(pixels, 0, 100, 400, 200) === 0;
}

describe(`${TYPE}: one oversized page never holds the others up`, function () {
  this.timeout(60_000);
  const h = Harness.forSuite();

  /** The node under test takes its template from the message; `config` over its defaults. */
  function loadRender(config: Record<string, unknown> = {}): Promise<TestNode> {
    return h.load(
      { type: TYPE, template: '', width: '', height: '', colors: 'bw', dither: 'none', layoutRules: 'html', ...config },
      { extra: GOOD },
    );
  }

  it('ends a runaway page with its error within the default budget of 10 s, while another node draws, the preview draws and the admin API answers; the next page is drawn', async () => {
    // A node saved before there was a budget: no timeBudget, so the default.
    await loadRender();
    const caught: CaughtMessage[] = [];
    h.caught.on('input', (msg) => caught.push(msg as CaughtMessage));
    h.node.receive({ _msgid: 'runaway', ...RUNAWAY });

    const good = nodeOf('good');
    const drawn = nextMessage(nodeOf('good-out'), "the other render node's page");
    good.receive({ payload: 150 });
    expect(await showsSquareAt((await drawn).payload as Buffer, 150), "the other node's page").to.equal(true);

    const layouts = await h.helper.request().get('/device-cloud/render/layouts').expect(200);
    expect(layouts.body, 'the layouts the admin API lists').to.be.an('array').with.length.above(0);
    const shown = await preview(h, squareAt(250));
    expect(shown.status, 'the preview').to.equal(200);
    expect(await showsSquareAt(shown.body as Buffer, 250), 'the preview page').to.equal(true);
    expect(caught, 'errors while the runaway draws').to.deep.equal([]);

    const error = await eventually(() => caught.find((msg) => msg._msgid === 'runaway'), {
      what: "the runaway's error at the Catch node (its budget is 10 s)",
      timeoutMs: 20_000,
      everyMs: 50,
    });
    expect(error.error.message).to.equal(
      'DeviceCloudError: page renderer: the page was not drawn within its time budget of 10 s and was stopped; it ' +
        `has ${RUNAWAY_BOXES + 1} elements (${RUNAWAY_BOXES} with shadows or filters), 0 characters of text, no ` +
        'pictures, on 800 x 480 pixels',
    );
    expect(error.error.source).to.include({ id: 'subject', type: TYPE });
    expect(h.lastStatus).to.deep.equal({ fill: 'red', shape: 'ring', text: `${CATALOG}:common.error.timeout` });

    const next = outputOf(await h.send(square(50), { timeoutMs: 30_000 }));
    expect(await showsSquareAt(next.payload as Buffer, 50), 'the next page of the same node').to.equal(true);
  });

  it("stops a runaway at the node's own budget, and refuses a budget out of 1 to 60 s naming timeBudget", async () => {
    await loadRender({ timeBudget: '2' });
    const caught = caughtOf(await h.send(RUNAWAY, { timeoutMs: 30_000 }));
    expect(caught.error.message).to.match(
      /^DeviceCloudError: page renderer: the page was not drawn within its time budget of 2 s and was stopped; it has 2000 elements/,
    );
    await h.helper.unload();

    await loadRender({ timeBudget: 'soon' });
    const refused = caughtOf(await h.send(square(0), { timeoutMs: 30_000 }));
    expect(refused.error.message).to.equal(
      'DeviceCloudError: timeBudget: must be a whole number of seconds from 1 to 60 (empty: 10) (got "soon")',
    );
  });

  it('refuses a list longer than a page may repeat at once, naming it, while the other node draws', async () => {
    await loadRender();
    const items = Array.from({ length: 100_000 }, (_, i) => ({ at: i, value: 20 + (i % 10) }));
    const drawn = nextMessage(nodeOf('good-out'), "the other render node's page");
    nodeOf('good').receive({ payload: 300 });
    const caught = caughtOf(
      await h.send({
        template: '<ul>{{#payload}}<li>{{at}}: {{value}}</li>{{/payload}}</ul>',
        payload: items,
      }),
    );
    expect(caught.error.message).to.match(
      /^DeviceCloudError: template: the list \{\{#payload\}\} has 100000 items, more than the 1000 a page may repeat: slice long lists in the message \(in a function node: msg\.payload\.items = msg\.payload\.items\.slice\(0, 20\)\) and let data-overflow="\+\{n\} more" on their container say how many were left out$/,
    );
    expect(h.lastStatus).to.deep.equal({ fill: 'red', shape: 'ring', text: `${CATALOG}:common.error.validation` });
    expect(await showsSquareAt((await drawn).payload as Buffer, 300), "the other node's page").to.equal(true);
  });

  it("answers the preview of a runaway with its error within the dialog's budget, and draws a preview beside it", async () => {
    await loadRender();
    let answered = false;
    const runaway = Promise.resolve(preview(h, { ...RUNAWAY, timeBudget: '2' })).finally(() => (answered = true));
    const beside = await preview(h, squareAt(100));
    expect(answered, 'the runaway answered before the preview beside it').to.equal(false);
    expect(beside.status).to.equal(200);
    expect(await showsSquareAt(beside.body as Buffer, 100), 'the preview beside the runaway').to.equal(true);
    const refused = await runaway;
    expect(refused.status).to.equal(500);
    expect((refused.body as { error: string }).error).to.match(
      /^page renderer: the page was not drawn within its time budget of 2 s and was stopped; it has 2000 elements/,
    );
  });
});
