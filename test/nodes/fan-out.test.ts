/**
 * One message to several devices: `msg.deviceId` (or the dialog's device) as
 * a list of ids or "all" of the account's, on every node that acts on a
 * device. Each device that succeeded gets a copy of the message; the failures
 * end the message in one error naming each failed device.
 */
import { expect } from 'chai';
import { Harness, nodeOf } from '../support/harness';
import { sendAndCollect } from '../support/message-run';
import { KITCHEN, HALLWAY, UNKNOWN_DEVICE } from '../fixtures/service';
import { messageWith } from '../fixtures/messages';
import { expectKept, imageParts } from '../support/expectations';
import { imagesOfEveryFormat } from '../fixtures/images';
import type { FlowNode, NodeMessage, CaughtMessage } from '../support/node-red';
import type { MessageResult } from '../support/message-run';
import type { ImageOfFormat } from '../fixtures/images';
import type { RecordedRequest } from '../../dist/simulator/server';
import { completeNodes } from '../support/flow-fragments';

const DEVICES_PATH = '/open/v1/devices';
const STUDY = 'AA:BB:CC:DD:EE:03';
const OTHER_UNKNOWN = 'AA:BB:CC:DD:EE:98';

/** A Complete node on the node under test: it hears of every message that ended without an error. */
const COMPLETE_NODES: FlowNode[] = completeNodes({ scope: ['subject'], heardBy: 'completedOut', id: 'completed' });

/** Sends a message into the node under test and collects what it led to (see test/support/message-run.ts). */
function runMessage(h: Harness, msg: NodeMessage): Promise<MessageResult> {
  return sendAndCollect({
    node: h.node,
    msg,
    out: h.out,
    caught: h.caught,
    completed: nodeOf('completedOut'),
    traffic: h.traffic,
  });
}

/** The error's text as a Catch node has it, without the class name Node-RED puts in front. */
const errorText = (caught: CaughtMessage): string => caught.error.message.replace(/^DeviceCloudError: /, '');
/** The status texts, as the test runtime (which loads no catalog) gives them: the key. */
const STATUS = {
  devices: '@device-cloud/node-red-device-cloud/device-cloud:common.status.devices',
  devicesFailed: '@device-cloud/node-red-device-cloud/device-cloud:common.status.devicesFailed',
  noDevices: '@device-cloud/node-red-device-cloud/device-cloud:common.status.noDevices',
};

const requestsOf = (h: Harness): string[] => h.requests.map((request) => `${request.method} ${request.path}`);

/** A node that acts on a device: its config, a message for it, the request and the payload per device. */
interface Subject {
  type: string;
  config: Record<string, unknown>;
  msg: NodeMessage;
  /** The request line the device gets. */
  request: (device: string) => string;
  checkRequest: (request: RecordedRequest) => void;
  payload: (device: string) => unknown;
  /** The error's text for a device that does not exist. */
  failure: string | RegExp;
}

/** Each node that acts on a device. */
function subjects(png: ImageOfFormat): Subject[] {
  return [
    {
      type: 'device-cloud-display-text',
      config: { mode: 'text', pageId: '2' },
      msg: { payload: 'Hello' },
      request: (device: string) => `POST ${DEVICES_PATH}/${device}/display/text`,
      checkRequest: (request) => expect(request.body).to.deep.equal({ text: 'Hello', pageId: '2' }),
      payload: () => ({ totalPages: 1, pushedPages: 1, pageId: '2' }),
      failure: 'push text failed: HTTP 404: device not found (code 404)',
    },
    {
      type: 'device-cloud-display-image',
      config: { fit: 'none', pageId: '1' },
      msg: { payload: png.data },
      request: (device: string) => `POST ${DEVICES_PATH}/${device}/display/image`,
      checkRequest: (request) => {
        const files = imageParts(request);
        expect(files).to.have.length(1);
        expect(files[0].data.equals(png.data), 'the image bytes').to.equal(true);
      },
      payload: () => ({ totalPages: 1, pushedPages: 1, pageId: '1' }),
      failure: /^push image[s]? failed: HTTP 404: device not found \(code 404\)$/,
    },
    {
      type: 'device-cloud-page-delete',
      config: { pageId: '3' },
      msg: {},
      request: (device: string) => `DELETE ${DEVICES_PATH}/${device}/display/pages/3`,
      checkRequest: (request) => expect(request.rawBody.length).to.equal(0),
      payload: (device: string) => ({ deviceId: device, pageId: '3', deleted: true }),
      failure: 'delete page failed: HTTP 404: device not found (code 404)',
    },
    {
      type: 'device-cloud-sync-interval',
      config: { syncInterval: '30' },
      msg: {},
      request: (device: string) => `PUT ${DEVICES_PATH}/${device}/sync-interval`,
      checkRequest: (request) => expect(request.body).to.deep.equal({ syncInterval: 30 }),
      payload: (device: string) => ({ deviceId: device, syncInterval: 30 }),
      failure: 'set sync interval failed: HTTP 404: device not found (code 404)',
    },
  ];
}

describe('fan-out: one message to several devices', function () {
  const h = Harness.forSuite();
  let png: ImageOfFormat;
  before(async () => {
    const found = (await imagesOfEveryFormat()).find((image) => image.format === 'png');
    if (!found) throw new Error('no PNG among the fixtures');
    png = found;
  });

  /** The simulator's account with a third device. */
  function withThreeDevices() {
    h.sim.state.devices.push({ deviceId: STUDY, alias: 'Study', board: 'esp32-c3' });
  }

  // A list of subjects needs the PNG, which `before` makes: the table is built lazily per test.
  const types = [
    'device-cloud-display-text',
    'device-cloud-display-image',
    'device-cloud-page-delete',
    'device-cloud-sync-interval',
  ];

  it('"all" on an account with more devices than its queue holds: every device gets its push, none fails as "queue full"', async () => {
    const many = Array.from({ length: 30 }, (_, i) => `AA:BB:CC:00:00:${String(i).padStart(2, '0')}`);
    h.sim.state.devices.push(...many.map((deviceId) => ({ deviceId, alias: deviceId, board: 'esp32-c3' })));
    await h.load(
      { type: 'device-cloud-display-text', mode: 'text', pageId: '2' },
      { account: { maxInFlight: '1', queueLimit: '2' }, extra: COMPLETE_NODES },
    );
    const result = await runMessage(h, { payload: 'Hello', deviceId: 'all' });
    expect(result.errors.map(errorText), 'errors').to.deep.equal([]);
    expect(result.outputs.map((m) => m.deviceId)).to.deep.equal([KITCHEN, HALLWAY, ...many]);
    expect(requestsOf(h)).to.have.length(1 + 2 + many.length);
  });

  for (const type of types) {
    describe(type, function () {
      let subject: Subject;
      beforeEach(async () => {
        const found = subjects(png).find((candidate) => candidate.type === type);
        if (!found) throw new Error(`no subject ${type}`);
        subject = found;
        await h.load({ type, ...subject.config }, { extra: COMPLETE_NODES });
      });

      /** Each device got its request, in any order, and nothing else was asked. */
      function expectRequestsTo(devices: string[], { listed = false } = {}): void {
        const expected = devices.map(subject.request);
        const received = requestsOf(h);
        if (listed) expect(received[0], 'the devices are listed first').to.equal(`GET ${DEVICES_PATH}`);
        expect(received.slice(listed ? 1 : 0)).to.have.members(expected);
        expect(received).to.have.length(expected.length + (listed ? 1 : 0));
        for (const request of h.requests.slice(listed ? 1 : 0)) {
          subject.checkRequest(request);
          expect(request.headers['x-api-key']).to.equal(h.sim.apiKey);
        }
      }

      /** One copy of the message per device, in the order given, each with its device and result; no error. */
      function expectCopiesFor(result: MessageResult, devices: string[]): void {
        expect(result.errors.map(errorText), 'errors').to.deep.equal([]);
        expect(result.completions, 'the message ended well once').to.equal(1);
        expect(result.outputs.map((m) => m.deviceId)).to.deep.equal(devices);
        for (const [index, output] of result.outputs.entries()) {
          expect(output.payload, `payload of ${devices[index]}`).to.deep.equal(subject.payload(devices[index]));
        }
      }

      it('sends to each device of a list and sends on one copy per device, other properties kept', async () => {
        const result = await runMessage(h, messageWith({ ...subject.msg, deviceId: [KITCHEN, HALLWAY] }));
        expectRequestsTo([KITCHEN, HALLWAY]);
        expectCopiesFor(result, [KITCHEN, HALLWAY]);
        for (const output of result.outputs) expectKept(output);
        expect(result.outputs[0], 'copies, not one message twice').to.not.equal(result.outputs[1]);
        expect(result.outputs[0].custom, 'deep copies').to.not.equal(result.outputs[1].custom);
        expect(h.lastStatus).to.include({ fill: 'green', shape: 'dot', text: STATUS.devices });
      });

      it('takes a list in any accepted spelling and sends to a device listed twice once', async () => {
        const result = await runMessage(h, {
          ...subject.msg,
          deviceId: [KITCHEN, 'aa-bb-cc-dd-ee-02', 'aabbccddee01', HALLWAY],
        });
        expectRequestsTo([KITCHEN, HALLWAY]);
        expectCopiesFor(result, [KITCHEN, HALLWAY]);
      });

      it('"all" lists the account\'s devices with GET /devices, then sends to each of them', async () => {
        withThreeDevices();
        const result = await runMessage(h, messageWith({ ...subject.msg, deviceId: 'all' }));
        expectRequestsTo([KITCHEN, HALLWAY, STUDY], { listed: true });
        expectCopiesFor(result, [KITCHEN, HALLWAY, STUDY]);
        for (const output of result.outputs) expectKept(output);
        expect(h.lastStatus).to.include({ fill: 'green', shape: 'dot', text: STATUS.devices });
      });

      it('"all" on an account without devices sends nothing on, ends without an error, and says so', async () => {
        h.sim.state.devices.length = 0;
        const result = await runMessage(h, { ...subject.msg, deviceId: 'all' });
        expect(requestsOf(h)).to.deep.equal([`GET ${DEVICES_PATH}`]);
        expect(result).to.include({ completions: 1 });
        expect(result.outputs).to.deep.equal([]);
        expect(result.errors).to.deep.equal([]);
        expect(h.lastStatus).to.include({ fill: 'yellow', shape: 'ring', text: STATUS.noDevices });
      });

      it('sends on the successes and ends in one error naming the device that failed, with msg.failedDevices', async () => {
        const result = await runMessage(
          h,
          messageWith({ ...subject.msg, deviceId: [KITCHEN, UNKNOWN_DEVICE, HALLWAY] }),
        );
        expectRequestsTo([KITCHEN, UNKNOWN_DEVICE, HALLWAY]);
        expect(result.outputs.map((m) => m.deviceId)).to.deep.equal([KITCHEN, HALLWAY]);
        expect(result.outputs[0].payload).to.deep.equal(subject.payload(KITCHEN));
        expect(result.outputs[1].payload).to.deep.equal(subject.payload(HALLWAY));
        expect(result.completions, 'the message did not end well').to.equal(0);

        expect(result.errors, 'one error').to.have.length(1);
        const [caught] = result.errors;
        const message = errorText(caught);
        expect(message.startsWith(`1 of 3 devices failed: ${UNKNOWN_DEVICE}: `), message).to.equal(true);
        const reason = message.slice(`1 of 3 devices failed: ${UNKNOWN_DEVICE}: `.length);
        if (subject.failure instanceof RegExp) expect(reason).to.match(subject.failure);
        else expect(reason).to.equal(subject.failure);
        expect(caught.failedDevices).to.deep.equal([{ deviceId: UNKNOWN_DEVICE, error: reason }]);
        expect(caught.deviceId, 'the message that failed keeps the list').to.deep.equal([
          KITCHEN,
          UNKNOWN_DEVICE,
          HALLWAY,
        ]);
        expectKept(caught);
        expect(h.lastStatus).to.include({ fill: 'red', shape: 'ring', text: STATUS.devicesFailed });
      });

      it('names every failed device in the one error when all of them fail, and sends nothing on', async () => {
        const result = await runMessage(h, { ...subject.msg, deviceId: [UNKNOWN_DEVICE, OTHER_UNKNOWN] });
        expect(result.outputs).to.deep.equal([]);
        expect(result.completions).to.equal(0);
        expect(result.errors).to.have.length(1);
        const [caught] = result.errors;
        expect(errorText(caught)).to.match(
          new RegExp(
            `^2 of 2 devices failed: ${UNKNOWN_DEVICE}: [^;]*device not found[^;]*; ${OTHER_UNKNOWN}: [^;]*device not found`,
          ),
        );
        expect((caught.failedDevices as { deviceId: string }[]).map((failed) => failed.deviceId)).to.deep.equal([
          UNKNOWN_DEVICE,
          OTHER_UNKNOWN,
        ]);
        expect(h.lastStatus).to.include({ fill: 'red', shape: 'ring', text: STATUS.devicesFailed });
      });

      it('takes a list of 100 items (here one device 100 times) and sends a copy for the one device', async () => {
        const result = await runMessage(h, { ...subject.msg, deviceId: new Array(100).fill(KITCHEN) });
        expectRequestsTo([KITCHEN]);
        expectCopiesFor(result, [KITCHEN]);
      });

      describe('refuses, with one error naming the field and no request at all', function () {
        const refusals: [string, unknown, RegExp][] = [
          [
            'an invalid item of the list',
            [KITCHEN, 'kitchen', HALLWAY],
            /^deviceId\[1\]: must be a MAC address of six hex pairs/,
          ],
          ['an item that is not a string', [KITCHEN, 42], /^deviceId\[1\]: must be a MAC address/],
          ['"all" as an item of the list', [KITCHEN, 'all'], /^deviceId\[1\]: must be a MAC address/],
          ['an empty list', [], /^deviceId: must list 1 to 100 devices/],
          ['a list of 101 items', new Array(101).fill(KITCHEN), /^deviceId: must list 1 to 100 devices/],
          ['"All"', 'All', /^deviceId: must be a MAC address of six hex pairs/],
          ['"ALL"', 'ALL', /^deviceId: must be a MAC address of six hex pairs/],
          ['" all"', ' all', /^deviceId: must be a MAC address of six hex pairs/],
        ];
        for (const [what, deviceId, pattern] of refusals) {
          it(what, async () => {
            const result = await runMessage(h, { ...subject.msg, deviceId });
            expect(result.outputs, 'messages sent on').to.deep.equal([]);
            expect(result.completions).to.equal(0);
            expect(result.errors.map(errorText)).to.have.length(1);
            expect(errorText(result.errors[0])).to.match(pattern);
            expect(requestsOf(h), 'requests sent').to.deep.equal([]);
            expect(result.errors[0].failedDevices, 'no device was tried').to.equal(undefined);
            expect(h.lastStatus).to.include({ fill: 'red', shape: 'ring' });
          });
        }
      });
    });
  }

  describe('the dialog\'s device set to "all"', function () {
    const TYPE = 'device-cloud-display-text';
    for (const deviceIdType of ['str', 'device']) {
      it(`reads every device of the account (type ${deviceIdType}), over msg.deviceId`, async () => {
        await h.load(
          { type: TYPE, mode: 'text', pageId: '1', deviceId: 'all', deviceIdType },
          { extra: COMPLETE_NODES },
        );
        const result = await runMessage(h, { payload: 'to everyone', deviceId: KITCHEN });
        expect(requestsOf(h)[0]).to.equal(`GET ${DEVICES_PATH}`);
        expect(requestsOf(h).slice(1)).to.have.members(
          [KITCHEN, HALLWAY].map((device: string) => `POST ${DEVICES_PATH}/${device}/display/text`),
        );
        expect(result.errors).to.deep.equal([]);
        expect(result.outputs.map((m) => m.deviceId)).to.deep.equal([KITCHEN, HALLWAY]);
        expect(h.sim.state.pages.get(KITCHEN)?.[0]).to.include({ kind: 'text', text: 'to everyone' });
        expect(h.sim.state.pages.get(HALLWAY)?.[0]).to.include({ kind: 'text', text: 'to everyone' });
      });
    }

    it('a list read from flow context', async () => {
      await h.load({ type: TYPE, mode: 'text', deviceId: 'displays', deviceIdType: 'flow' }, { extra: COMPLETE_NODES });
      h.node.context().flow.set('displays', [HALLWAY, KITCHEN]);
      const result = await runMessage(h, { payload: 'from context' });
      expect(requestsOf(h)).to.have.members(
        [HALLWAY, KITCHEN].map((device: string) => `POST ${DEVICES_PATH}/${device}/display/text`),
      );
      expect(result.outputs.map((m) => m.deviceId)).to.deep.equal([HALLWAY, KITCHEN]);
    });
  });

  it('one device id, as before: the message itself goes on with the result and its deviceId as given', async () => {
    await h.load({ type: 'device-cloud-sync-interval', syncInterval: '10' }, { extra: COMPLETE_NODES });
    const msg = messageWith({ deviceId: 'aa-bb-cc-dd-ee-02' });
    const result = await runMessage(h, msg);
    expect(requestsOf(h)).to.deep.equal([`PUT ${DEVICES_PATH}/${HALLWAY}/sync-interval`]);
    expect(result.outputs).to.have.length(1);
    expect(result.outputs[0].deviceId).to.equal('aa-bb-cc-dd-ee-02');
    expect(result.outputs[0].payload).to.deep.equal({ deviceId: HALLWAY, syncInterval: 10 });
    expect(h.lastStatus).to.include({ fill: 'green', shape: 'dot', text: 'device-cloud-sync-interval.status.set' });
  });

  it('a service failure of the listing itself ends the message in its error, with nothing sent', async () => {
    await h.load(
      { type: 'device-cloud-page-delete', pageId: 'all' },
      { extra: COMPLETE_NODES, account: { retries: 0 } },
    );
    h.sim.misbehave({ kind: 'status', status: 500, method: 'GET', path: '/devices', times: 5 });
    const result = await runMessage(h, { deviceId: 'all' });
    expect(result.outputs).to.deep.equal([]);
    expect(result.errors).to.have.length(1);
    expect(errorText(result.errors[0])).to.match(/list devices failed: HTTP 500/);
    expect(
      requestsOf(h).every((line) => line === `GET ${DEVICES_PATH}`),
      requestsOf(h).join(', '),
    ).to.equal(true);
  });
});
