/**
 * skipUnchanged on the display nodes: a push to a page whose content and
 * options equal the last successful push to that device and page through the
 * same account is not sent, and the message goes on with
 * `msg.payload.skipped`. A page delete, a failed push, a push without a page,
 * a redeploy or another account forget or do not share what was pushed.
 *
 * The flow holds two accounts on the simulator and, on each, the nodes that
 * push, delete pages and set the sync interval, so that tests can combine them.
 */
import { expect } from 'chai';
import { Harness, nodeOf } from '../support/harness';
import { sendAndCollect } from '../support/message-run';
import { KITCHEN, HALLWAY } from '../fixtures/service';
import { messageWith } from '../fixtures/messages';
import { expectKept } from '../support/expectations';
import { imagesOfEveryFormat } from '../fixtures/images';

import { NODE_MODULES } from '../support/package-files';
import type { FlowNode, NodeMessage } from '../support/node-red';
import type { MessageResult } from '../support/message-run';
import type { ImageOfFormat } from '../fixtures/images';
import type { Simulator } from '../../dist/simulator/server';
import { catchNodes, completeNodes } from '../support/flow-fragments';

const ACCOUNT = 'account-a';
const OTHER_ACCOUNT = 'account-b';
const TEXT = 'device-cloud-display-text';
const IMAGE = 'device-cloud-display-image';
const PAGE_DELETE = 'device-cloud-page-delete';
const SYNC_INTERVAL = 'device-cloud-sync-interval';
const UNCHANGED = '@device-cloud/node-red-device-cloud/device-cloud:common.status.unchanged';
const DEVICES_PATH = '/open/v1/devices';

const textPath = (device: string) => `${DEVICES_PATH}/${device}/display/text`;
const imagePath = (device: string) => `${DEVICES_PATH}/${device}/display/image`;
const skippedPayload = (deviceId: string, pageId: string): Record<string, unknown> => ({
  skipped: true,
  deviceId,
  pageId,
});

/** A node of the flow wired to `<id>-out`. */
function nodeWithOutput(id: string, config: { type: string; [property: string]: unknown }, y: number): FlowNode[] {
  return [
    { id, z: 'flow', x: 100, y, name: id, wires: [[`${id}-out`]], ...config },
    { id: `${id}-out`, z: 'flow', x: 300, y, type: 'helper' },
  ];
}

/**
 * The flow: accounts A and B at the simulator; on A a text push to page 2
 * (`text`), an image push to page 1 (`image`), a page delete (`deleter`) and a
 * sync interval (`sync`); on B a text push to page 2 (`textB`). `changes`
 * overrides the config of a node by id. A Catch node and a Complete node
 * hear of every message that ends.
 */
/** Changes of the config of nodes of the flow, by node id. */
type Changes = Record<string, Record<string, unknown>>;

function flowFor(sim: Simulator, changes: Changes = {}): FlowNode[] {
  const nodes: Record<string, { type: string; [property: string]: unknown }> = {
    [ACCOUNT]: { type: 'device-cloud-account', name: 'account A', baseUrl: sim.url, retries: '0' },
    [OTHER_ACCOUNT]: { type: 'device-cloud-account', name: 'account B', baseUrl: sim.url, retries: '0' },
    text: { type: TEXT, account: ACCOUNT, mode: 'text', pageId: '2', skipUnchanged: true },
    image: { type: IMAGE, account: ACCOUNT, fit: 'none', pageId: '1', skipUnchanged: true },
    deleter: { type: PAGE_DELETE, account: ACCOUNT },
    sync: { type: SYNC_INTERVAL, account: ACCOUNT, syncInterval: '10' },
    textB: { type: TEXT, account: OTHER_ACCOUNT, mode: 'text', pageId: '2', skipUnchanged: true },
  };
  const flow: FlowNode[] = [{ id: 'flow', type: 'tab', label: 'skip unchanged' }];
  let y = 40;
  for (const [id, config] of Object.entries(nodes)) {
    const merged = { ...config, ...changes[id] };
    if (merged.type === 'device-cloud-account') flow.push({ id, ...merged });
    else flow.push(...nodeWithOutput(id, merged, (y += 60)));
  }
  // One Catch and one Complete node for all (the test helper loads a core node once per node of its type in the flow).
  const actions = Object.keys(nodes).filter((id) => nodes[id].type !== 'device-cloud-account');
  flow.push(
    ...completeNodes({ scope: actions, heardBy: 'completed', y: 640 }),
    ...catchNodes({ heardBy: 'caught', y: 600 }),
  );
  return flow;
}

describe('skipUnchanged', function () {
  const h = Harness.forSuite();
  let png: ImageOfFormat;
  let gif: ImageOfFormat;
  before(async () => {
    const formats = await imagesOfEveryFormat();
    const imageOf = (format: string): ImageOfFormat => {
      const image = formats.find((candidate) => candidate.format === format);
      if (!image) throw new Error(`no ${format} image among the fixtures`);
      return image;
    };
    png = imageOf('png');
    gif = imageOf('gif');
  });

  const credentials = () => ({ [ACCOUNT]: { apiKey: h.sim.apiKey }, [OTHER_ACCOUNT]: { apiKey: h.sim.apiKey } });

  /** Loads the flow, in place of any loaded before (the helper holds one flow at a time). */
  async function loadFlow(flow: FlowNode[]): Promise<void> {
    await h.helper.unload();
    await h.helper.load(NODE_MODULES, flow, credentials());
    h.sim.clearRequests();
  }

  const load = (changes?: Changes): Promise<void> => loadFlow(flowFor(h.sim, changes));

  /** A deploy of the changed nodes only ("modified nodes"), as the editor's Deploy button does by default. */
  async function redeployChanged(changes: Changes): Promise<void> {
    await h.helper.setFlows(flowFor(h.sim, changes), 'nodes', credentials());
  }

  /** Sends a message into a node of the flow and collects what it led to (see test/support/message-run.ts). */
  function run(id: string, msg: NodeMessage): Promise<MessageResult> {
    return sendAndCollect({
      node: nodeOf(id),
      msg,
      out: nodeOf(`${id}-out`),
      caught: nodeOf('caught'),
      completed: nodeOf('completed'),
      traffic: h.traffic,
    });
  }

  /** The message went on once, without an error; answers its payload. */
  async function pushed(id: string, msg: NodeMessage): Promise<Record<string, unknown>> {
    const result = await run(id, msg);
    expect(
      result.errors.map((m) => m.error.message),
      `${id}: errors`,
    ).to.deep.equal([]);
    expect(result.outputs, `${id}: messages sent on`).to.have.length(1);
    expect(result.completions).to.equal(1);
    return result.outputs[0].payload as Record<string, unknown>;
  }

  const requestsOf = () => h.sim.requests.map((request) => `${request.method} ${request.path}`);

  /** Pushes `msg` through `id` and expects it sent (a request and the service's result) or skipped. */
  async function expectSent(id: string, msg: NodeMessage, requestPath = textPath(String(msg.deviceId))): Promise<void> {
    const before = h.sim.requests.length;
    const payload = await pushed(id, msg);
    expect(requestsOf().slice(before), 'the push was sent').to.deep.equal([`POST ${requestPath}`]);
    expect(payload.skipped, 'payload.skipped').to.equal(undefined);
    expect(payload.pushedPages, 'the service counted the pushed pages').to.be.a('number').and.at.least(1);
  }

  async function expectSkipped(id: string, msg: NodeMessage, pageId = '2'): Promise<void> {
    const before = h.sim.requests.length;
    const payload = await pushed(id, msg);
    expect(requestsOf().slice(before), 'the push was not sent').to.deep.equal([]);
    expect(payload).to.deep.equal(skippedPayload(KITCHEN, pageId));
  }

  describe('display text', function () {
    beforeEach(() => load());

    it('does not send a push equal to the last one to that page; the message goes on with payload.skipped', async () => {
      const first = await pushed('text', messageWith({ payload: 'Hello', deviceId: KITCHEN }));
      expect(first).to.deep.equal({ totalPages: 1, pushedPages: 1, pageId: '2' });
      const pushedAt = h.sim.state.pages.get(KITCHEN)?.[1]?.pushedAt;

      const result = await run('text', messageWith({ payload: 'Hello', deviceId: 'aa-bb-cc-dd-ee-01' }));
      expect(requestsOf()).to.deep.equal([`POST ${textPath(KITCHEN)}`]);
      expect(result.errors).to.deep.equal([]);
      expect(result.completions).to.equal(1);
      expect(result.outputs).to.have.length(1);
      const [output] = result.outputs;
      expect(output.payload).to.deep.equal(skippedPayload(KITCHEN, '2'));
      expect(output.deviceId, 'msg.deviceId as given').to.equal('aa-bb-cc-dd-ee-01');
      expectKept(output);
      expect(result.status).to.deep.equal({ fill: 'green', shape: 'ring', text: UNCHANGED });
      expect(h.sim.state.pages.get(KITCHEN)?.[1]?.pushedAt, 'the page was not pushed again').to.equal(pushedAt);
    });

    it('skips again and again, and sends once the content changes', async () => {
      await expectSent('text', { payload: 'A', deviceId: KITCHEN });
      await expectSkipped('text', { payload: 'A', deviceId: KITCHEN });
      await expectSkipped('text', { payload: 'A', deviceId: KITCHEN });
      await expectSent('text', { payload: 'B', deviceId: KITCHEN });
      await expectSent('text', { payload: 'A', deviceId: KITCHEN });
    });

    it('remembers each device apart: a list sends to the device whose page differs only', async () => {
      await expectSent('text', { payload: 'A', deviceId: KITCHEN });
      h.sim.clearRequests();
      const result = await run('text', { payload: 'A', deviceId: [KITCHEN, HALLWAY] });
      expect(requestsOf()).to.deep.equal([`POST ${textPath(HALLWAY)}`]);
      expect(result.errors).to.deep.equal([]);
      expect(result.outputs.map((m) => [m.deviceId, m.payload])).to.deep.equal([
        [KITCHEN, skippedPayload(KITCHEN, '2')],
        [HALLWAY, { totalPages: 1, pushedPages: 1, pageId: '2' }],
      ]);

      const again = await run('text', { payload: 'A', deviceId: 'all' });
      expect(requestsOf().slice(1), 'only the device list was asked for').to.deep.equal([`GET ${DEVICES_PATH}`]);
      expect(again.outputs.map((m) => m.payload)).to.deep.equal([
        skippedPayload(KITCHEN, '2'),
        skippedPayload(HALLWAY, '2'),
      ]);
    });

    describe('sends a push that differs from the last one in', function () {
      const cases: [string, NodeMessage, NodeMessage][] = [
        ['the text', { mode: 'text', payload: 'A' }, { mode: 'text', payload: 'B' }],
        ['the font size', { mode: 'text', payload: 'A', fontSize: 20 }, { mode: 'text', payload: 'A', fontSize: 24 }],
        ['a font size given', { mode: 'text', payload: 'A' }, { mode: 'text', payload: 'A', fontSize: 20 }],
        ['the page', { mode: 'text', payload: 'A', pageId: 3 }, { mode: 'text', payload: 'A', pageId: 4 }],
        ['the mode', { mode: 'text', payload: 'A' }, { mode: 'structured', payload: 'A' }],
        [
          'the title',
          { mode: 'structured', payload: { title: 'T1', body: 'B' } },
          { mode: 'structured', payload: { title: 'T2', body: 'B' } },
        ],
        [
          'the body',
          { mode: 'structured', payload: { title: 'T', body: 'B1' } },
          { mode: 'structured', payload: { title: 'T', body: 'B2' } },
        ],
        [
          'the same words as body instead of title',
          { mode: 'structured', payload: { title: 'X' } },
          { mode: 'structured', payload: { body: 'X' } },
        ],
      ];
      for (const [what, first, second] of cases) {
        it(what, async () => {
          await load({ text: { mode: '', pageId: '' } });
          const push = (msg: NodeMessage): NodeMessage => ({ deviceId: KITCHEN, pageId: 2, ...msg });
          const pathOf = (msg: NodeMessage): string =>
            msg.mode === 'structured' ? `${DEVICES_PATH}/${KITCHEN}/display/structured-text` : textPath(KITCHEN);
          await expectSent('text', push(first), pathOf(first));
          await expectSent('text', push(second), pathOf(second));
          // The memory holds the second push now.
          await expectSkipped('text', push(second), String(push(second).pageId));
        });
      }
    });

    it('never skips a push without a page', async () => {
      await load({ text: { pageId: '' } });
      for (let round = 0; round < 2; round++) {
        const payload = await pushed('text', { payload: 'A', deviceId: KITCHEN });
        expect(payload.skipped).to.equal(undefined);
      }
      expect(requestsOf()).to.deep.equal([`POST ${textPath(KITCHEN)}`, `POST ${textPath(KITCHEN)}`]);
    });

    it('forgets every page of a device after a push to it without a page, and keeps the other devices', async () => {
      await load({ text: { pageId: '' } });
      await expectSent('text', { payload: 'A', deviceId: KITCHEN, pageId: 2 });
      await expectSent('text', { payload: 'A', deviceId: KITCHEN, pageId: 3 });
      await expectSent('text', { payload: 'A', deviceId: HALLWAY, pageId: 2 });
      await expectSent('text', { payload: 'A', deviceId: KITCHEN });
      await expectSent('text', { payload: 'A', deviceId: KITCHEN, pageId: 2 });
      await expectSent('text', { payload: 'A', deviceId: KITCHEN, pageId: 3 });
      const payload = await pushed('text', { payload: 'A', deviceId: HALLWAY, pageId: 2 });
      expect(payload).to.deep.equal(skippedPayload(HALLWAY, '2'));
    });
  });

  describe('where the option comes from', function () {
    it('an unticked box sends every push', async () => {
      await load({ text: { skipUnchanged: false } });
      await expectSent('text', { payload: 'A', deviceId: KITCHEN });
      await expectSent('text', { payload: 'A', deviceId: KITCHEN });
    });

    it('a config without the option (an older or hand-written flow) sends every push', async () => {
      const flow = flowFor(h.sim);
      const text = flow.find((node) => node.id === 'text');
      delete text?.skipUnchanged;
      await loadFlow(flow);
      await expectSent('text', { payload: 'A', deviceId: KITCHEN });
      await expectSent('text', { payload: 'A', deviceId: KITCHEN });
    });

    it('msg.skipUnchanged true skips with an unticked box', async () => {
      await load({ text: { skipUnchanged: false } });
      await expectSent('text', { payload: 'A', deviceId: KITCHEN });
      await expectSkipped('text', { payload: 'A', deviceId: KITCHEN, skipUnchanged: true });
    });

    it('msg.skipUnchanged false sends with a ticked box, and the push is remembered all the same', async () => {
      await load();
      await expectSent('text', { payload: 'A', deviceId: KITCHEN });
      await expectSent('text', { payload: 'A', deviceId: KITCHEN, skipUnchanged: false });
      await expectSent('text', { payload: 'B', deviceId: KITCHEN, skipUnchanged: false });
      await expectSkipped('text', { payload: 'B', deviceId: KITCHEN });
    });

    const notBoolean: [string, unknown][] = [
      ['"yes"', 'yes'],
      ['1', 1],
      ['null', null],
      ['an object', { on: true }],
    ];
    for (const [what, value] of notBoolean) {
      it(`refuses msg.skipUnchanged ${what}, naming the field, with no request`, async () => {
        await load();
        const result = await run('text', { payload: 'A', deviceId: KITCHEN, skipUnchanged: value });
        expect(result.outputs).to.deep.equal([]);
        expect(result.errors).to.have.length(1);
        expect(result.errors[0].error.message).to.match(/skipUnchanged: must be true or false/);
        expect(requestsOf()).to.deep.equal([]);
        expect(result.status).to.include({ fill: 'red', shape: 'ring' });
      });
    }

    it('refuses a dialog value that is neither true nor false (a hand-edited flow), naming the field', async () => {
      await load({ text: { skipUnchanged: 'maybe' } });
      const result = await run('text', { payload: 'A', deviceId: KITCHEN });
      expect(result.errors).to.have.length(1);
      expect(result.errors[0].error.message).to.match(/skipUnchanged: must be true or false \(got "maybe"\)/);
      expect(requestsOf()).to.deep.equal([]);
    });

    it('is no option of the page delete and sync interval nodes: they ignore msg.skipUnchanged', async () => {
      await load();
      await pushed('sync', { deviceId: KITCHEN, skipUnchanged: 'yes' });
      await pushed('deleter', { deviceId: KITCHEN, pageId: 2, skipUnchanged: 'yes' });
      expect(requestsOf()).to.deep.equal([
        `PUT ${DEVICES_PATH}/${KITCHEN}/sync-interval`,
        `DELETE ${DEVICES_PATH}/${KITCHEN}/display/pages/2`,
      ]);
    });
  });

  describe('forgets what was pushed', function () {
    beforeEach(() => load());

    it('after a page delete of that page through the same account', async () => {
      await expectSent('text', { payload: 'A', deviceId: KITCHEN });
      await pushed('deleter', { deviceId: KITCHEN, pageId: 3 });
      await pushed('deleter', { deviceId: HALLWAY, pageId: 2 });
      await expectSkipped('text', { payload: 'A', deviceId: KITCHEN });
      await pushed('deleter', { deviceId: KITCHEN, pageId: '2' });
      await expectSent('text', { payload: 'A', deviceId: KITCHEN });
    });

    it('after a delete of all pages of the device', async () => {
      await expectSent('text', { payload: 'A', deviceId: KITCHEN });
      await pushed('deleter', { deviceId: KITCHEN, pageId: 'all' });
      await expectSent('text', { payload: 'A', deviceId: KITCHEN });
    });

    it('after a page delete fanned out to "all" devices', async () => {
      await expectSent('text', { payload: 'A', deviceId: KITCHEN });
      await expectSent('text', { payload: 'A', deviceId: HALLWAY });
      const result = await run('deleter', { deviceId: 'all', pageId: 2 });
      expect(result.outputs).to.have.length(2);
      await expectSent('text', { payload: 'A', deviceId: KITCHEN });
      await expectSent('text', { payload: 'A', deviceId: HALLWAY });
    });

    it('after a failed push to that page', async () => {
      await expectSent('text', { payload: 'A', deviceId: KITCHEN });
      h.sim.misbehave({ kind: 'status', status: 500, method: 'POST', path: `/devices/${KITCHEN}/display/text` });
      const failed = await run('text', { payload: 'B', deviceId: KITCHEN });
      expect(failed.errors).to.have.length(1);
      expect(failed.errors[0].error.message).to.match(/push text failed: HTTP 500/);
      // The page may hold A or B now: A is sent again.
      await expectSent('text', { payload: 'A', deviceId: KITCHEN });
    });

    it('after a failed push, for the device that failed only', async () => {
      const first = await run('text', { payload: 'A', deviceId: [KITCHEN, HALLWAY] });
      expect(first.outputs).to.have.length(2);
      h.sim.misbehave({ kind: 'status', status: 500, method: 'POST', path: `/devices/${HALLWAY}/display/text` });
      const failed = await run('text', { payload: 'B', deviceId: [KITCHEN, HALLWAY] });
      expect(failed.outputs.map((m) => m.deviceId)).to.deep.equal([KITCHEN]);
      expect(failed.errors).to.have.length(1);
      expect(failed.errors[0].error.message).to.match(
        new RegExp(`1 of 2 devices failed: ${HALLWAY}: push text failed: HTTP 500`),
      );

      h.sim.clearRequests();
      const result = await run('text', { payload: 'B', deviceId: [KITCHEN, HALLWAY] });
      expect(requestsOf()).to.deep.equal([`POST ${textPath(HALLWAY)}`]);
      expect(result.outputs.map((m) => (m.payload as { skipped?: boolean }).skipped === true)).to.deep.equal([
        true,
        false,
      ]);
    });

    it('after a full redeploy', async () => {
      await expectSent('text', { payload: 'A', deviceId: KITCHEN });
      await load();
      await expectSent('text', { payload: 'A', deviceId: KITCHEN });
    });

    it('after a redeploy of the pushing node alone (the account stays)', async () => {
      await expectSent('text', { payload: 'A', deviceId: KITCHEN });
      await redeployChanged({ text: { name: 'renamed' } });
      await expectSent('text', { payload: 'A', deviceId: KITCHEN });
    });

    it('after a redeploy of another node of the account that acts on devices', async () => {
      for (const id of ['sync', 'deleter', 'image']) {
        await expectSent('text', { payload: id, deviceId: KITCHEN });
        await expectSkipped('text', { payload: id, deviceId: KITCHEN });
        await redeployChanged({ [id]: { name: `${id} renamed` } });
        await expectSent('text', { payload: id, deviceId: KITCHEN });
      }
    });

    it('not after a redeploy of a node of another account', async () => {
      await expectSent('text', { payload: 'A', deviceId: KITCHEN });
      await redeployChanged({ textB: { name: 'renamed' } });
      await expectSkipped('text', { payload: 'A', deviceId: KITCHEN });
    });

    it('when the account node is new (its settings changed)', async () => {
      await expectSent('text', { payload: 'A', deviceId: KITCHEN });
      await redeployChanged({ [ACCOUNT]: { name: 'account A, renamed' } });
      await expectSent('text', { payload: 'A', deviceId: KITCHEN });
    });
  });

  describe('is kept per account', function () {
    beforeEach(() => load());

    it('a push through another account node is sent, and each account skips its own', async () => {
      await expectSent('text', { payload: 'A', deviceId: KITCHEN });
      await expectSent('textB', { payload: 'A', deviceId: KITCHEN });
      await expectSkipped('text', { payload: 'A', deviceId: KITCHEN });
      await expectSkipped('textB', { payload: 'A', deviceId: KITCHEN });
    });
  });

  describe('display image', function () {
    beforeEach(() => load());

    it('does not send the same image bytes again to the same page', async () => {
      await expectSent('image', { payload: png.data, deviceId: KITCHEN }, imagePath(KITCHEN));
      const result = await run('image', messageWith({ payload: Buffer.from(png.data), deviceId: KITCHEN }));
      expect(requestsOf()).to.deep.equal([`POST ${imagePath(KITCHEN)}`]);
      expect(result.outputs).to.have.length(1);
      expect(result.outputs[0].payload).to.deep.equal(skippedPayload(KITCHEN, '1'));
      expectKept(result.outputs[0]);
      expect(result.status).to.deep.equal({ fill: 'green', shape: 'ring', text: UNCHANGED });
    });

    it('sends other image bytes, another dither, or more images', async () => {
      await expectSent('image', { payload: png.data, deviceId: KITCHEN }, imagePath(KITCHEN));
      await expectSent('image', { payload: gif.data, deviceId: KITCHEN }, imagePath(KITCHEN));
      await expectSent('image', { payload: gif.data, deviceId: KITCHEN, dither: false }, imagePath(KITCHEN));
      await expectSent(
        'image',
        { payload: [gif.data, png.data], deviceId: KITCHEN, dither: false },
        imagePath(KITCHEN),
      );
      await expectSkipped('image', { payload: [gif.data, png.data], deviceId: KITCHEN, dither: false }, '1');
    });

    it('keeps pushes of text and image to the same page apart', async () => {
      await load({ text: { pageId: '1' } });
      await expectSent('image', { payload: png.data, deviceId: KITCHEN }, imagePath(KITCHEN));
      await expectSent('text', { payload: 'A', deviceId: KITCHEN });
      await expectSent('image', { payload: png.data, deviceId: KITCHEN }, imagePath(KITCHEN));
    });
  });
});
