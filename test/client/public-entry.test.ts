// The package's public entry as a library user requires it: the validating client, the typed
// client of the nodes with the rules that make its values, and how one account's queue treats
// a group of calls (a fan-out) against single calls.

import { expect } from 'chai';
import * as entry from '../../dist/lib';
import { DeviceCloudError } from '../../dist/lib/errors';
import { startSimulator, type Simulator } from '../../dist/simulator/server';
import { HALLWAY, KITCHEN } from '../fixtures/service';
import { failureOf } from '../support/clients';
import { until } from '../support/until';

describe('the public entry', function () {
  let sim: Simulator;
  const closing: { close(): Promise<void> }[] = [];

  before(async () => {
    sim = await startSimulator();
  });
  after(() => sim.close());
  beforeEach(() => sim.reset());
  afterEach(async () => {
    await Promise.all(closing.splice(0).map((client) => client.close()));
  });

  function typedClient(pacing: Partial<entry.LimiterOptions> = {}, timeoutMs = 10_000): entry.ServiceClient {
    const client = new entry.ServiceClient({
      baseUrl: sim.url,
      apiKey: sim.apiKey,
      timeoutMs,
      retry: { maxAttempts: 1 },
      pacing,
    });
    closing.push(client);
    return client;
  }

  it('gives the validating client, the typed client, the rules and the error type', () => {
    expect(entry.DeviceCloudClient).to.be.a('function');
    expect(entry.ServiceClient).to.be.a('function');
    expect(entry.DeviceCloudError).to.equal(DeviceCloudError);
    expect(entry.validate.deviceId('aa-bb-cc-dd-ee-01')).to.equal(KITCHEN);
    expect(entry.SYNC_INTERVALS).to.deep.equal([0, 10, 30, 60, 180, 720]);
  });

  it('the typed client sends the values its rules made, as the service wants them', async () => {
    const { validate } = entry;
    const client = typedClient();
    const result = await client.display.pushText(validate.deviceId('aa:bb:cc:dd:ee:01'), {
      text: validate.displayText('Hello'),
      fontSize: validate.fontSize('24'),
      pageId: validate.pageId(2),
    });
    expect(result).to.include({ pageId: '2' });
    expect(decodeURIComponent(sim.requests[0].path)).to.equal(`/open/v1/devices/${KITCHEN}/display/text`);
    expect(sim.requests[0].body).to.deep.equal({ text: 'Hello', fontSize: 24, pageId: '2' });
    expect(sim.state.pages.get(KITCHEN)?.[1]).to.include({ kind: 'text', text: 'Hello', fontSize: 24 });
  });

  it('the validating client refuses a push that is no object and a wanted state it does not know, sending nothing', async () => {
    const client = new entry.DeviceCloudClient({ baseUrl: sim.url, apiKey: sim.apiKey });
    closing.push(client);
    const { id } = sim.addTodo({ title: 'x' });
    const refusals = await Promise.all([
      failureOf(client.pushText(KITCHEN, 'Hello' as unknown as entry.TextPushInput)),
      failureOf(client.pushImages(KITCHEN, { images: [] })),
      failureOf(client.pushStructuredText(KITCHEN, { pageId: 1 })),
      failureOf(client.setTodoCompleted(id, 'yes' as unknown as boolean)),
    ]);
    expect(refusals.map((error) => [error.kind, error.field])).to.deep.equal([
      ['validation', 'push'],
      ['validation', 'images'],
      ['validation', 'title'],
      ['validation', 'wanted'],
    ]);
    expect(sim.requests).to.have.length(0);
  });

  it('calls of one group take one place in the queue and take turns with single calls', async () => {
    // The first request hangs until the timeout: everything else waits behind it.
    sim.misbehave({ kind: 'hang', times: 1 });
    const client = typedClient({ maxInFlight: 1, maxQueue: 2 }, 300);
    const group = {};
    const devices = [KITCHEN, 'AA:BB:CC:DD:EE:03', 'AA:BB:CC:DD:EE:04', 'AA:BB:CC:DD:EE:05'];
    const ten = entry.validate.syncInterval(10);
    // Settled either way: the first times out, the unknown devices answer 404; the order is what counts here.
    const grouped = devices.map((device) =>
      client.devices.setSyncInterval(entry.validate.deviceId(device), ten, { group }).then(
        () => undefined,
        () => undefined,
      ),
    );
    const hallway = entry.validate.deviceId(HALLWAY);
    const single = client.devices.setSyncInterval(hallway, entry.validate.syncInterval(30));
    await until(() => client.pacing.inFlight === 1 && client.pacing.queued === 2);
    const refused = await failureOf(client.devices.list());
    expect(refused.kind).to.equal('busy');
    await Promise.all([...grouped, single]);
    const order = sim.requests.map((request) => decodeURIComponent(request.path).split('/')[4]);
    expect(order).to.deep.equal([devices[0], devices[1], HALLWAY, devices[2], devices[3]]);
  });
});
