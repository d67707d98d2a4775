import { expect } from 'chai';
import { Harness, outputOf, caughtOf } from '../support/harness';
import { KITCHEN, HALLWAY, UNKNOWN_DEVICE } from '../fixtures/service';
import { expectKept, servicePath } from '../support/expectations';
import { messageWith, valueSources } from '../fixtures/messages';
import { loadAgain, sendFromSource } from '../support/harness';
import type { NodeMessage } from '../support/node-red';

const TYPE = 'device-cloud-sync-interval';

describe(TYPE, function () {
  const h = Harness.forSuite();

  const pathOf = (device: string) => `/open/v1/devices/${device}/sync-interval`;

  it('sends PUT /devices/{deviceId}/sync-interval with the minutes from msg.payload', async () => {
    await h.load({ type: TYPE, deviceId: 'aa-bb-cc-dd-ee-01', deviceIdType: 'str', syncInterval: '' });
    const output = outputOf(await h.send(messageWith({ payload: 30 })));

    h.expectRequest(h.onlyRequest(), { method: 'PUT', path: pathOf(KITCHEN), body: { syncInterval: 30 } });
    expect(output.payload).to.deep.equal({ deviceId: KITCHEN, syncInterval: 30 });
    expectKept(output);
    h.expectSuccessStatus();
    expect(h.sim.state.syncIntervals.get(KITCHEN)).to.equal(30);
  });

  for (const minutes of [0, 10, 30, 60, 180, 720]) {
    it(`sets ${minutes} minutes from the dialog and from msg.payload`, async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN, syncInterval: String(minutes) });
      const fromDialog = await h.send({ payload: 'ignored' });
      expect(h.onlyRequest().body).to.deep.equal({ syncInterval: minutes });
      expect(outputOf(fromDialog).payload).to.deep.equal({ deviceId: KITCHEN, syncInterval: minutes });

      await loadAgain(h, { type: TYPE, deviceId: KITCHEN, syncInterval: '' });
      const fromMessage = await h.send({ payload: minutes });
      expect(h.onlyRequest().body).to.deep.equal({ syncInterval: minutes });
      expect(outputOf(fromMessage).payload).to.deep.equal({ deviceId: KITCHEN, syncInterval: minutes });
      expect(h.sim.state.syncIntervals.get(KITCHEN)).to.equal(minutes);
    });
  }

  it('shows 0 minutes as off in the status, other minutes not', async () => {
    await h.load({ type: TYPE, deviceId: KITCHEN, syncInterval: '0' });
    await h.send({});
    h.expectSuccessStatus();
    expect(h.lastStatus?.text).to.match(/off/i);

    await loadAgain(h, { type: TYPE, deviceId: KITCHEN, syncInterval: '60' });
    await h.send({});
    h.expectSuccessStatus();
    expect(h.lastStatus?.text).not.to.match(/off/i);
  });

  it('accepts the minutes as a numeric string and sends them as a number', async () => {
    await h.load({ type: TYPE, deviceId: KITCHEN });
    await h.send({ payload: '60' });
    expect(h.onlyRequest().body).to.deep.equal({ syncInterval: 60 });
  });

  it('takes the dialog minutes over msg.payload, and msg.payload when the config has no syncInterval', async () => {
    await h.load({ type: TYPE, deviceId: KITCHEN, syncInterval: '180' });
    await h.send({ payload: 10 });
    expect(h.onlyRequest().body).to.deep.equal({ syncInterval: 180 });

    await loadAgain(h, { type: TYPE, deviceId: KITCHEN });
    await h.send({ payload: 720 });
    expect(h.onlyRequest().body).to.deep.equal({ syncInterval: 720 });
  });

  for (const written of ['aa:bb:cc:dd:ee:02', 'AA-BB-CC-DD-EE-02', 'aa-bb-cc-dd-ee-02', ' AA:BB:CC:DD:EE:02 ']) {
    it(`sends msg.deviceId ${JSON.stringify(written)} upper-case with ':'`, async () => {
      await h.load({ type: TYPE, syncInterval: '10' });
      const output = outputOf(await h.send({ deviceId: written }));
      expect(servicePath(h.onlyRequest())).to.equal(pathOf(HALLWAY));
      expect(output.payload).to.have.property('deviceId', HALLWAY);
    });
  }

  describe('where the device comes from', () => {
    for (const source of valueSources('deviceId', { dialog: 'aa-bb-cc-dd-ee-02', message: KITCHEN })) {
      it(source.name, async () => {
        await h.load({ type: TYPE, syncInterval: '30', ...source.config });
        await sendFromSource(h, source, { payload: 'ignored' });
        expect(servicePath(h.onlyRequest())).to.equal(pathOf(source.wins === 'dialog' ? HALLWAY : KITCHEN));
      });
    }
  });

  describe('refuses, with one error and no request', () => {
    const cases: [string, NodeMessage, RegExp][] = [
      [
        'minutes not in the allowed set',
        { payload: 15 },
        /syncInterval: must be one of 0, 10, 30, 60, 180, 720 \(minutes\) \(got 15\)/,
      ],
      ['negative minutes', { payload: -10 }, /syncInterval: must be one of 0, 10, 30, 60, 180, 720/],
      ['fractional minutes', { payload: 10.5 }, /syncInterval: must be one of/],
      ['words for minutes', { payload: 'hourly' }, /syncInterval: must be one of/],
      ['no minutes at all', {}, /syncInterval: must be one of .* \(got nothing\)/],
      ['no device', { deviceId: undefined, payload: 10 }, /deviceId: is required/],
      [
        'a MAC address of five pairs',
        { deviceId: 'AA:BB:CC:DD:EE', payload: 10 },
        /deviceId: must be a MAC address of six hex pairs/,
      ],
      [
        'a MAC address with mixed separators',
        { deviceId: 'AA:BB-CC:DD:EE:01', payload: 10 },
        /deviceId: must be a MAC address/,
      ],
      [
        'a MAC address that is not hex',
        { deviceId: 'GG:BB:CC:DD:EE:01', payload: 10 },
        /deviceId: must be a MAC address/,
      ],
      [
        'a device name instead of its id',
        { deviceId: 'Kitchen', payload: 10 },
        /deviceId: must be a MAC address .*\(got "Kitchen"\)/,
      ],
      ['a number as device id', { deviceId: 42, payload: 10 }, /deviceId: must be a MAC address/],
    ];
    for (const [what, msg, pattern] of cases) {
      it(what, async () => {
        await h.load({ type: TYPE });
        const outcome = await h.send({ deviceId: KITCHEN, ...msg });
        h.expectRefused(outcome, pattern);
        expect(h.sim.state.syncIntervals.size).to.equal(0);
      });
    }

    it('a dialog interval that is not allowed', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN, syncInterval: '5' });
      h.expectRefused(await h.send({ payload: 10 }), /syncInterval: must be one of .* \(got "5"\)/);
    });
  });

  it('passes a service error to the Catch node with its msg and code', async () => {
    await h.load({ type: TYPE, deviceId: UNKNOWN_DEVICE, syncInterval: '10' });
    const outcome = await h.send(messageWith({ payload: 'kept' }));
    h.expectServiceError(outcome, {
      pattern: /set sync interval failed: HTTP 404: device not found \(code 404\)/,
      code: 404,
    });
    expect(caughtOf(outcome).payload).to.equal('kept');
    expect(caughtOf(outcome).topic).to.equal('kept topic');
    expect(h.requests).to.have.length(1);
  });
});
