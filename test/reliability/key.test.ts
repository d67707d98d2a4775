// The API key never shows: not in a message, a status, a log line, an error
// (its stack and cause included), the flow, or the admin endpoint's answer.
// And a warning when it would cross the network in clear text.

import { expect } from 'chai';
import { EventEmitter } from 'node:events';
import util from 'node:util';
import type { Fault } from '../../dist/simulator/server';
import { PNG } from '../fixtures/images';
import { FAST_RETRIES, KITCHEN } from '../fixtures/service';
import { ACCOUNT_ID, Harness, type LoadOptions, type NodeConfig } from '../support/harness';
import type { NodeMessage } from '../support/node-red';
import { runtimeUtil } from '../support/runtime';
import { freePort } from '../support/sockets';
import type { Outcome } from '../support/harness';

const { log, events } = runtimeUtil();

const KEY = 'dc-7f3a9c21-Distinctive-KEY-e5b0';
const PLAIN_HTTP_WARNING = 'device-cloud-account.warn.plainHttp';

/** Everything about a value as text: every own property, hidden ones, stacks and causes included. */
function dump(value: unknown): string {
  const inspected = util.inspect(value, {
    depth: 30,
    showHidden: true,
    maxArrayLength: Infinity,
    maxStringLength: Infinity,
    breakLength: Infinity,
  });
  let json = '';
  try {
    json = JSON.stringify(value, (_key, item: unknown) =>
      item instanceof Error ? { ...item, message: item.message, stack: item.stack, cause: item.cause } : item,
    );
  } catch {
    json = '';
  }
  return `${inspected}\n${json}`;
}

describe('the API key', function () {
  this.timeout(30_000);
  let h: Harness;
  /** Every text the run produced that a user, a log or a flow could see. */
  const seen: string[] = [];
  const logLines = new EventEmitter();
  const onStatus = (event: unknown): number => seen.push(`status ${dump(event)}`);

  before(async () => {
    h = await Harness.start({ apiKey: KEY });
    logLines.on('log', (entry: unknown) => seen.push(`log ${dump(entry)}`));
    log.addHandler(logLines);
    events.on('node-status', onStatus);
  });
  after(async () => {
    log.removeHandler(logLines);
    events.off('node-status', onStatus);
    await h.stop();
  });
  let loaded = false;
  let keySent = false;

  /** Keeps what the helper's log spy and the harness saw of the last flow, then unloads it. */
  async function unload() {
    if (!loaded) return;
    for (const call of h.helper.log().args) seen.push(`log spy ${dump(call)}`);
    for (const status of h.statuses) seen.push(`harness status ${dump(status)}`);
    keySent ||= h.sim.requests.some((request) => request.headers['x-api-key'] === KEY);
    loaded = false;
    await h.reset();
  }

  async function load(node: NodeConfig, options?: LoadOptions): Promise<void> {
    await unload();
    await h.load(node, options);
    loaded = true;
  }

  afterEach(unload);

  /** Loads a node, optionally queues a fault, sends one message and keeps everything it produced. */
  async function run(
    node: NodeConfig,
    msg: NodeMessage,
    { account = {}, apiKey = KEY, fault }: { account?: Record<string, unknown>; apiKey?: string; fault?: Fault } = {},
  ): Promise<Outcome> {
    await load(node, { account: { ...FAST_RETRIES, timeout: '0.2', retries: '1', ...account }, apiKey });
    if (fault) h.sim.misbehave(fault);
    const outcome = await h.send(msg);
    seen.push(`outcome ${dump(outcome)}`);
    if (outcome.error) {
      seen.push(`error message ${outcome.error.error.message}`);
      seen.push(`error stack ${outcome.error.error.stack}`);
    }
    // What Node-RED keeps of the flow: the account's config, without its credentials.
    const flows = h.helper._redNodes.getFlows();
    seen.push(`flows ${dump(flows)}`);
    const accountNode = h.helper.getNode(ACCOUNT_ID);
    if (accountNode) {
      const { credentials, ...rest } = accountNode;
      seen.push(`account node ${dump(rest)}`);
      expect(credentials).to.deep.equal({ apiKey });
    }
    return outcome;
  }

  it('never shows, whatever the operations and their failures', async () => {
    const wrongKey = `${KEY}-wrong`;
    const refusedPort = await freePort();
    const outcomes = [
      await run({ type: 'device-cloud-devices' }, {}),
      await run({ type: 'device-cloud-devices' }, {}, { account: { authHeader: 'bearer' } }),
      await run({ type: 'device-cloud-todo-create' }, { payload: { title: 'key test' } }),
      await run({ type: 'device-cloud-display-image', deviceId: KITCHEN, deviceIdType: 'str' }, { payload: PNG }),
      await run({ type: 'device-cloud-devices' }, {}, { apiKey: wrongKey }),
      // Several devices (the harness takes one outcome, so all of them fail): the combined error.
      await run(
        { type: 'device-cloud-display-text', pageId: '1' },
        { payload: 'x', deviceId: ['AA:BB:CC:DD:EE:98', 'AA:BB:CC:DD:EE:99'] },
      ),
      await run({ type: 'device-cloud-page-delete', pageId: 'all' }, { deviceId: 'all' }, { apiKey: wrongKey }),
      await run(
        { type: 'device-cloud-todo-create' },
        { payload: 'x' },
        { apiKey: wrongKey, account: { authHeader: 'bearer' } },
      ),
      await run({ type: 'device-cloud-devices' }, {}, { account: { baseUrl: `http://127.0.0.1:${refusedPort}` } }),
      await run(
        { type: 'device-cloud-todo-create' },
        { payload: 'x' },
        { account: { baseUrl: `http://127.0.0.1:${refusedPort}` } },
      ),
      await run({ type: 'device-cloud-devices' }, {}, { fault: { kind: 'hang', times: 2 } }),
      await run({ type: 'device-cloud-todo-create' }, { payload: 'x' }, { fault: { kind: 'reset' } }),
      await run({ type: 'device-cloud-devices' }, {}, { fault: { kind: 'not-json' } }),
      await run({ type: 'device-cloud-devices' }, {}, { fault: { kind: 'code', msg: 'nope' } }),
      await run({ type: 'device-cloud-devices' }, {}, { fault: { kind: 'status', status: 503, times: 5 } }),
      await run({ type: 'device-cloud-todo-delete' }, { payload: 'not an id' }),
      await run({ type: 'device-cloud-devices' }, {}, { apiKey: `${KEY}\nX-Injected: 1` }),
      await run({ type: 'device-cloud-devices' }, {}, { account: { baseUrl: 'ftp://cloud.example.com' } }),
      await run({ type: 'device-cloud-devices' }, {}, { account: { baseUrl: 'http://192.0.2.10:9' } }),
    ];

    // The failures happened as meant, so the search below looked at real error paths.
    const errors = outcomes.flatMap((outcome) => (outcome.error ? [outcome.error.error.message] : []));
    expect(errors.some((text) => /HTTP 401/.test(text))).to.equal(true);
    expect(errors.some((text) => /ECONNREFUSED/.test(text))).to.equal(true);
    expect(errors.some((text) => /no answer within 200 ms/.test(text))).to.equal(true);
    expect(errors.some((text) => /other side closed|ECONNRESET/.test(text))).to.equal(true);
    expect(errors.some((text) => /apiKey: holds characters/.test(text))).to.equal(true);
    expect(errors.some((text) => /2 of 2 devices failed: AA:BB:CC:DD:EE:98: /.test(text))).to.equal(true);
    expect(outcomes.filter((outcome) => outcome.output)).to.have.length.at.least(4);

    // The admin endpoint behind the editor's device picker, for an account with a wrong key.
    await load({ type: 'device-cloud-devices' }, { apiKey: wrongKey });
    const answer = await h.helper.request().get(`/device-cloud/accounts/${ACCOUNT_ID}/devices`);
    seen.push(`admin ${answer.status} ${answer.text}`);
    expect(answer.text).to.match(/HTTP 401/);

    await unload();
    // The simulator did receive the key: it was there to leak.
    expect(keySent).to.equal(true);
    for (const source of [
      'status ',
      'log ',
      'log spy ',
      'harness status ',
      'outcome ',
      'flows ',
      'account node ',
      'admin ',
    ]) {
      expect(
        seen.some((text) => text.startsWith(source)),
        `nothing captured from "${source}"`,
      ).to.equal(true);
    }
    const leaks = seen.filter((text) => text.includes(KEY) || text.includes('Distinctive-KEY'));
    expect(leaks, leaks.join('\n\n').slice(0, 3000)).to.deep.equal([]);
  });

  describe('sent in clear text', function () {
    function plainHttpWarnings() {
      return h.helper
        .log()
        .args.map(([entry]) => entry)
        .filter(
          (entry) => entry.level === h.helper.log().WARN && entry.id === ACCOUNT_ID && entry.msg === PLAIN_HTTP_WARNING,
        );
    }

    for (const baseUrl of ['http://cloud.example.com', 'http://192.168.1.20:8080/open/v1']) {
      it(`warns for ${baseUrl}`, async () => {
        await load({ type: 'device-cloud-devices' }, { account: { baseUrl } });
        expect(plainHttpWarnings()).to.have.length(1);
      });
    }

    for (const baseUrl of [
      'https://cloud.example.com',
      'http://localhost:8080',
      'http://127.0.0.1:1',
      'http://[::1]:8080',
    ]) {
      it(`does not warn for ${baseUrl}`, async () => {
        await load({ type: 'device-cloud-devices' }, { account: { baseUrl } });
        expect(plainHttpWarnings()).to.have.length(0);
      });
    }
  });
});
