// The order of operations per target in the account's client, on its own against the simulator:
// the library's answer for a superseded push, the time and queue bounds of waiting for a turn,
// and targets that run side by side.

import { expect } from 'chai';
import { DeviceCloudClient, ServiceClient, validate, type LimiterOptions, type RetryOptions } from '../../dist/lib';
import { startSimulator, type Simulator } from '../../dist/simulator/server';
import { KITCHEN } from '../fixtures/service';
import { failureOf } from '../support/clients';
import { until } from '../support/until';

describe('the order of operations per target, in the client', function () {
  let sim: Simulator;
  const clients: { close(): Promise<void> }[] = [];

  before(async () => {
    sim = await startSimulator();
  });
  after(() => sim.close());
  beforeEach(() => sim.reset());
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  function clientOf(
    options: { timeoutMs?: number; retry?: Partial<RetryOptions>; pacing?: Partial<LimiterOptions> } = {},
  ): ServiceClient {
    const client = new ServiceClient({ baseUrl: sim.url, apiKey: sim.apiKey, ...options });
    clients.push(client);
    return client;
  }

  const kitchen = validate.deviceId(KITCHEN);
  const page = (n: number) => validate.pageId(n);
  const text = (value: string) => ({ text: validate.displayText(value), pageId: page(2) });

  it('the public client answers {superseded} for a push a newer one replaced while it waited', async () => {
    const client = new DeviceCloudClient({ baseUrl: sim.url, apiKey: sim.apiKey, retry: { baseDelayMs: 400 } });
    clients.push(client);
    sim.misbehave({ kind: 'status', status: 503, method: 'POST' });
    const older = client.pushText(KITCHEN, { text: 'older', pageId: 2 });
    await until(() => sim.requests.length === 1);
    const newer = await client.pushText(KITCHEN, { text: 'newer', pageId: 2 });
    expect(await older).to.deep.equal({ superseded: true, deviceId: KITCHEN, pageId: '2' });
    expect(newer).to.include({ pageId: '2' });
    expect(sim.state.pages.get(KITCHEN)?.[1]).to.include({ text: 'newer' });
    expect(sim.requests).to.have.length(2);
  });

  it('an operation waiting longer than a call may take for its turn ends in a timeout and is not sent', async () => {
    const client = clientOf({ timeoutMs: 1000, retry: { maxAttempts: 1, maxTotalMs: 300 } });
    sim.misbehave({ kind: 'hang', method: 'POST' });
    const hanging = failureOf(client.display.pushText(kitchen, text('held')));
    await until(() => sim.requests.length === 1);
    const started = Date.now();
    const error = await failureOf(client.display.deletePage(kitchen, page(2)));
    // A lower bound only: it cannot give up before the time a call may take. That it gave up then, rather than
    // after the hanging request's own timeout, the error says (it was not sent).
    expect(Date.now() - started).to.be.at.least(250);
    expect(error).to.include({ kind: 'timeout', operation: 'delete page', notSent: true });
    expect(error.message).to.match(
      /^delete page failed: an earlier request to page 2 of AA:BB:CC:DD:EE:01 had not ended after [\d.]+ s/,
    );
    expect((await hanging).kind).to.equal('timeout');
    expect(sim.requests).to.have.length(1);
  });

  it('an operation waiting for its turn holds a place in the queue', async () => {
    const client = clientOf({ timeoutMs: 2000, retry: { maxAttempts: 1 }, pacing: { maxInFlight: 2, maxQueue: 1 } });
    sim.misbehave({ kind: 'hang', method: 'POST' });
    const hanging = failureOf(client.display.pushText(kitchen, text('held')));
    await until(() => sim.requests.length === 1);
    const waiting = client.display.deletePage(kitchen, page(2));
    await until(() => client.pacing.queued === 1);
    const refused = await failureOf(client.display.deletePage(kitchen, 'all'));
    expect(refused.kind).to.equal('busy');
    expect(refused.message).to.equal('too many requests waiting (1 queued, 1 in flight); message refused');
    // Another device's page is another target: it goes out beside the hanging request.
    await client.display.pushText(validate.deviceId('AA:BB:CC:DD:EE:02'), text('beside'));
    await client.close();
    expect((await hanging).kind).to.equal('aborted');
    expect((await failureOf(waiting)).kind).to.equal('aborted');
    expect(sim.requests.map((request) => request.method)).to.deep.equal(['POST', 'POST']);
  });

  it('pushes to different pages of a device go side by side; a whole-device operation waits for both', async () => {
    sim.misbehave({ kind: 'hang', method: 'POST', times: 2 });
    // The hanging pushes give up after 1 s; the answered operation never takes that long.
    const client = clientOf({ timeoutMs: 1000, retry: { maxAttempts: 1 }, pacing: { maxInFlight: 3 } });
    const pages = [1, 2].map((n) =>
      failureOf(client.display.pushText(kitchen, { text: validate.displayText(`page ${n}`), pageId: page(n) })),
    );
    await until(() => sim.requests.length === 2);
    expect(client.pacing.peakInFlight).to.equal(2);
    const sync = client.devices.setSyncInterval(kitchen, validate.syncInterval(30));
    await until(() => client.pacing.queued === 1);
    expect(sim.requests).to.have.length(2);
    for (const failure of await Promise.all(pages)) expect(failure.kind).to.equal('timeout');
    expect(await sync).to.deep.equal({ deviceId: KITCHEN, syncInterval: 30 });
    expect(sim.requests.map((request) => request.method)).to.deep.equal(['POST', 'POST', 'PUT']);
  });
});
