import { expect } from 'chai';
import { Harness, ACCOUNT_ID, NODE_ID, outputOf } from '../support/harness';
import type { AdminRequest, AdminResponse } from '../support/node-red';

/** The error answer of the admin endpoint. */
interface ErrorAnswer {
  error: string;
  code?: number;
  statusCode?: number;
}
const bodyOf = (response: AdminResponse): ErrorAnswer => response.body as ErrorAnswer;

/** What the editor's device picker asks for: the devices of a deployed account. */
describe('admin endpoint: the devices of an account', function () {
  const h = Harness.forSuite();

  const devicesOf = (id: string): AdminRequest =>
    h.helper.request().get(`/device-cloud/accounts/${encodeURIComponent(id)}/devices`);

  it('lists the devices of a deployed account through the account (its key, its base URL)', async () => {
    await h.load({ type: 'device-cloud-devices' });
    const res = await devicesOf(ACCOUNT_ID).expect(200).expect('Content-Type', /json/);

    expect(res.body).to.deep.equal([
      { deviceId: 'AA:BB:CC:DD:EE:01', alias: 'Kitchen', board: 'esp32-c3' },
      { deviceId: 'AA:BB:CC:DD:EE:02', alias: 'Hallway', board: 'esp32-s3' },
    ]);
    expect(h.requests).to.have.length(1);
    expect(h.requests[0].method).to.equal('GET');
    expect(h.requests[0].path).to.equal('/open/v1/devices');
    expect(h.requests[0].headers['x-api-key']).to.equal(h.sim.apiKey);
  });

  it('answers 404 with an error for an id that is no deployed account, and asks the service nothing', async () => {
    await h.load({ type: 'device-cloud-devices' });
    const unknown = await devicesOf('no-such-account').expect(404);
    expect(bodyOf(unknown).error).to.match(/deploy/);

    // The node under test is deployed, but it is not an account.
    const notAnAccount = await devicesOf(NODE_ID).expect(404);
    expect(bodyOf(notAnAccount).error).to.be.a('string');
    expect(h.requests).to.have.length(0);
  });

  it('answers 502 with the service error for a wrong key, and the key appears nowhere in the answer', async () => {
    const wrongKey = 'wrong-key-0123456789abcdef';
    await h.load({ type: 'device-cloud-devices' }, { apiKey: wrongKey });
    const res = await devicesOf(ACCOUNT_ID).expect(502);

    const body = bodyOf(res);
    expect(body.error).to.match(/list devices failed: HTTP 401: invalid or expired API key \(code 401\)/);
    expect(body.code).to.equal(401);
    expect(body.statusCode).to.equal(401);
    expect(res.text).not.to.include(wrongKey);
    expect(JSON.stringify(res.headers)).not.to.include(wrongKey);
    // The request did go out with that key: the 401 is the service's answer, not ours.
    expect(h.requests[0].headers['x-api-key']).to.equal(wrongKey);
  });

  it('answers 502 naming the missing key when the account has none, without a request', async () => {
    await h.load({ type: 'device-cloud-devices' }, { apiKey: '' });
    const res = await devicesOf(ACCOUNT_ID).expect(502);
    expect(bodyOf(res).error).to.match(/apiKey: is missing/);
    expect(h.requests).to.have.length(0);
  });

  describe('what the picker saves, as the runtime reads it', function () {
    it('sends a device picked from the list (TypedInput type "device") as a literal MAC address', async () => {
      await h.load({
        type: 'device-cloud-sync-interval',
        deviceId: 'AA:BB:CC:DD:EE:02',
        deviceIdType: 'device',
        syncInterval: '30',
      });
      const output = outputOf(await h.send({ deviceId: 'AA:BB:CC:DD:EE:01', payload: 'ignored' }));
      expect(h.requests).to.have.length(1);
      expect(decodeURIComponent(h.requests[0].path)).to.equal('/open/v1/devices/AA:BB:CC:DD:EE:02/sync-interval');
      expect(output.payload).to.deep.equal({ deviceId: 'AA:BB:CC:DD:EE:02', syncInterval: 30 });
    });

    it('takes msg.deviceId when the picker is left on its "from msg.deviceId" choice', async () => {
      await h.load({ type: 'device-cloud-sync-interval', deviceId: '', deviceIdType: 'device', syncInterval: '' });
      const output = outputOf(await h.send({ deviceId: 'aa-bb-cc-dd-ee-01', payload: 10 }));
      expect(decodeURIComponent(h.requests[0].path)).to.equal('/open/v1/devices/AA:BB:CC:DD:EE:01/sync-interval');
      expect(output.payload).to.deep.equal({ deviceId: 'AA:BB:CC:DD:EE:01', syncInterval: 10 });
    });
  });
});
