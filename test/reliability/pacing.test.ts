// Pacing through the nodes: requests in flight, the queue and its bound, the
// optional spacing. Every message ends in exactly one outcome.

import { expect } from 'chai';
import { Harness, outputOf } from '../support/harness';
import { FAST_RETRIES, KITCHEN } from '../fixtures/service';
import { Outcomes } from '../support/outcomes';
import { until } from '../support/until';
import type { NodeMessage } from '../support/node-red';
import type { AccountUnderTest, NodeConfig } from '../support/harness';

describe('pacing through the nodes', function () {
  this.timeout(20_000);
  const h = Harness.forSuite();
  let outcomes: Outcomes | undefined;

  afterEach(() => outcomes?.detach());

  async function load(node: NodeConfig, account: Record<string, unknown>): Promise<AccountUnderTest> {
    await h.load(node, { account: { ...FAST_RETRIES, ...account } });
    outcomes = new Outcomes([h.out], [h.caught]);
    return h.account;
  }

  /** What the messages sent to the node under test led to. */
  function outcomesOf(): Outcomes {
    if (!outcomes) throw new Error('no flow loaded');
    return outcomes;
  }

  /** Sends messages with the given ids at once; the runtime delivers them in order. */
  function sendAll(ids: string[], msg: (id: string) => NodeMessage = () => ({})): void {
    for (const id of ids) h.node.receive({ _msgid: id, ...msg(id) });
  }

  const ids = (count: number, prefix = 'm'): string[] =>
    Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`);

  const errorText = (id: string): string | undefined => outcomesOf().errorText(id);

  it('has no artificial delay and a small bound on requests in flight by default', async () => {
    const account = await load({ type: 'device-cloud-devices' }, {});
    const client = account.client();
    expect(client.limits).to.deep.equal({ maxInFlight: 3, maxQueue: 200, minSpacingMs: 0 });
    expect(client.timeoutMs).to.equal(10_000);
    expect(client.retry).to.deep.equal({ maxAttempts: 4, baseDelayMs: 1, maxDelayMs: 10_000, maxTotalMs: 30_000 });
    h.sim.misbehave({ kind: 'hang', times: 10 });
    const messages = ids(5);
    sendAll(messages);
    // Three requests reach the service without waiting for each other; two wait in the queue.
    await until(() => h.requests.length === 3 && account.client().pacing.queued === 2);
    expect(account.client().pacing).to.include({ inFlight: 3, queued: 2 });
    await h.helper.unload();
    for (const id of messages) expect(outcomesOf().of(id), id).to.have.length.at.most(1);
  });

  it('queues what exceeds maxInFlight and sends it when a place frees up', async () => {
    const account = await load(
      { type: 'device-cloud-todo-list', statusFilter: 'pending' },
      // The hanging two give up after 1 s; the answered ones never take that long, however busy the machine.
      { maxInFlight: '2', timeout: '1', retries: '0' },
    );
    h.sim.misbehave({ kind: 'hang', times: 2 });
    const messages = ids(6);
    sendAll(messages);
    await until(() => h.requests.length === 2);
    expect(account.client().pacing).to.include({ inFlight: 2, queued: 4 });
    await outcomesOf().settled(messages);
    const failed = messages.filter((id: string) => errorText(id) !== undefined);
    expect(failed).to.deep.equal(['m1', 'm2']);
    for (const id of failed) expect(errorText(id)).to.match(/list to-dos failed: no answer within 1000 ms$/);
    expect(h.requests).to.have.length(6);
    expect(account.client().pacing.peakInFlight).to.equal(2);
    for (const id of messages) expect(outcomesOf().of(id), id).to.have.length(1);
  });

  it('refuses a message at once with a clear error when the queue is full', async () => {
    const account = await load({ type: 'device-cloud-devices' }, { maxInFlight: '1', queueLimit: '2' });
    h.sim.misbehave({ kind: 'hang', times: 10 });
    const messages = ids(5);
    sendAll(messages);
    await outcomesOf().settled(['m4', 'm5']);
    for (const id of ['m4', 'm5']) {
      expect(errorText(id)).to.equal(
        'DeviceCloudError: too many requests waiting (2 queued, 1 in flight); message refused',
      );
    }
    expect(h.lastStatus).to.deep.equal({
      fill: 'red',
      shape: 'ring',
      text: '@device-cloud/node-red-device-cloud/device-cloud:common.error.busy',
    });
    expect(account.client().pacing).to.include({ inFlight: 1, queued: 2 });
    await until(() => h.requests.length === 1);
    for (const id of ['m1', 'm2', 'm3']) expect(outcomesOf().of(id), id).to.have.length(0);
  });

  it('with a queue limit of 0 refuses whatever finds no free place', async () => {
    await load({ type: 'device-cloud-devices' }, { maxInFlight: '1', queueLimit: '0' });
    h.sim.misbehave({ kind: 'hang', times: 10 });
    sendAll(['a', 'b']);
    await outcomesOf().settled(['b']);
    expect(errorText('b')).to.match(/too many requests waiting \(0 queued, 1 in flight\)/);
    expect(outcomesOf().of('a')).to.have.length(0);
  });

  it('spaces the starts of requests by minSpacing when set', async () => {
    await load(
      { type: 'device-cloud-display-text', deviceId: KITCHEN, deviceIdType: 'str', pageId: '' },
      { minSpacing: '300' },
    );
    const messages = ids(4);
    sendAll(messages, (id: string) => ({ payload: `text ${id}`, pageId: String(messages.indexOf(id) + 1) }));
    await outcomesOf().settled(messages);
    for (const id of messages) expect(outcomesOf().of(id)[0].output, id).to.not.equal(undefined);
    const starts = h.requests.map((request) => request.at);
    // Lower bounds only, with room for the way from client to simulator (the first also opens the connection,
    // and a busy machine adds its own delays): spacing delays, never hurries.
    for (let index = 1; index < starts.length; index++) {
      expect(starts[index] - starts[index - 1]).to.be.at.least(200);
    }
  });

  it('uses the defaults, with a warning, for settings that are no numbers in range', async () => {
    const account = await load(
      { type: 'device-cloud-devices' },
      {
        maxInFlight: 'lots',
        queueLimit: '-1',
        retries: '2.5',
        timeout: 'NaN',
        minSpacing: [],
        authHeader: { bearer: 1 },
      },
    );
    const warnings = h.helper
      .log()
      .args.map(([entry]) => entry)
      .filter((entry) => entry.level === h.helper.log().WARN && entry.id === 'account')
      .map((entry) => String(entry.msg));
    expect(warnings).to.include.members([
      'maxInFlight: must be a whole number from 1 to 32; using the default 3',
      'queueLimit: must be a whole number from 0 to 100000; using the default 200',
      'retries: must be a whole number from 0 to 10; using the default 3',
      'timeout: must be a number from 0.1 to 300; using the default 10',
      'minSpacing: must be a number from 0 to 600000; using the default 0',
      'authHeader: must be x-api-key or bearer; sending the key as X-API-Key',
    ]);
    const client = account.client();
    expect(client.timeoutMs).to.equal(10_000);
    expect(client.retry.maxAttempts).to.equal(4);
    const output = outputOf(await h.send({}));
    expect(output.payload).to.have.length(2);
    expect(h.requests[0].headers['x-api-key']).to.equal(h.sim.apiKey);
  });
});
