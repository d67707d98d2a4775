import { expect } from 'chai';
import { Harness, outputOf, caughtOf } from '../support/harness';

describe('device-cloud-devices', function () {
  const h = Harness.forSuite();

  it('lists the devices with GET /open/v1/devices and the X-API-Key header', async () => {
    await h.load({ type: 'device-cloud-devices' });
    const output = outputOf(await h.send({ payload: 'go', topic: 'keep me', res: { keep: true } }));

    expect(h.requests).to.have.length(1);
    const [request] = h.requests;
    expect(request.method).to.equal('GET');
    expect(request.path).to.equal('/open/v1/devices');
    expect(request.headers['x-api-key']).to.equal(h.sim.apiKey);
    expect(request.headers.authorization).to.equal(undefined);

    expect(output.payload).to.deep.equal([
      { deviceId: 'AA:BB:CC:DD:EE:01', alias: 'Kitchen', board: 'esp32-c3' },
      { deviceId: 'AA:BB:CC:DD:EE:02', alias: 'Hallway', board: 'esp32-s3' },
    ]);
    expect(output.topic).to.equal('keep me');
    expect(output.res).to.deep.equal({ keep: true });
    expect(h.lastStatus).to.include({ fill: 'green', shape: 'dot' });
  });

  it('sends Authorization: Bearer when the account says so', async () => {
    await h.load({ type: 'device-cloud-devices' }, { account: { authHeader: 'bearer' } });
    await h.send({});
    expect(h.requests[0].headers.authorization).to.equal(`Bearer ${h.sim.apiKey}`);
    expect(h.requests[0].headers['x-api-key']).to.equal(undefined);
  });

  it('uses a base URL that already ends in /open/v1 as it is', async () => {
    await h.load({ type: 'device-cloud-devices' }, { account: { baseUrl: `${h.sim.url}/open/v1/` } });
    await h.send({});
    expect(h.requests[0].path).to.equal('/open/v1/devices');
  });

  it('reports a wrong key once to a Catch node, with the service message, code and status', async () => {
    await h.load({ type: 'device-cloud-devices' }, { apiKey: 'wrong-key' });
    const error = caughtOf(await h.send({ payload: 1 }));
    expect(error.error.message).to.match(/list devices failed: HTTP 401: invalid or expired API key \(code 401\)/);
    expect(error.error.code).to.equal(401);
    expect(error.payload).to.equal(1);
    expect(h.lastStatus).to.include({ fill: 'red', shape: 'ring' });
  });

  it('refuses to run without an API key and sends nothing', async () => {
    await h.load({ type: 'device-cloud-devices' }, { apiKey: '' });
    const error = caughtOf(await h.send({}));
    expect(error.error.message).to.match(/apiKey: is missing/);
    expect(h.requests).to.have.length(0);
  });
});
