// A seeded burst through one display node: 200 text pushes over 20 pages of 4 devices, with the
// simulator failing requests at random on the way. Afterwards every page shows its last push, every
// message ended exactly once, each page got its pushes in the order they came, and no push went out
// twice. BURST_SEED=<n> repeats a run.

import { expect } from 'chai';
import type { Fault, RecordedRequest } from '../../dist/simulator/server';
import { seededRandom } from '../support/seeded-random';
import { Endings, shown, turns, Harness } from './order-support';

const DEVICES = ['AA:BB:CC:DD:EE:01', 'AA:BB:CC:DD:EE:02', 'AA:BB:CC:DD:EE:03', 'AA:BB:CC:DD:EE:04'];
const PUSHES = 200;
const FAULT_CHANCE = 0.15;
const FAULTS: Fault[] = [
  { kind: 'status', status: 500 },
  { kind: 'status', status: 502, afterEffect: true },
  { kind: 'status', status: 503 },
  { kind: 'retry-after', status: 429, retryAfter: '0' },
  { kind: 'reset' },
  { kind: 'reset', afterEffect: true },
  { kind: 'hang' },
];

const seed = Number(process.env.BURST_SEED) || Math.floor(Math.random() * 2 ** 31);

describe(`a seeded burst of pushes with random faults (BURST_SEED=${seed})`, function () {
  this.timeout(60_000);
  const h = Harness.forSuite();
  let endings: Endings | undefined;

  afterEach(() => {
    endings?.detach();
  });

  it('leaves every page with its last push, each message ended once, in order, none sent twice', async () => {
    const random = seededRandom(seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    await h.load(
      { type: 'device-cloud-display-text', mode: 'text', deviceId: '', pageId: '' },
      // A hang gives up after 1 s; an answered push never takes that long, so none is sent twice for being slow.
      { account: { retries: '10', retryBaseDelay: '5', timeout: '1', maxInFlight: '3' } },
    );
    h.sim.state.devices.push(...DEVICES.slice(2).map((deviceId) => ({ deviceId, alias: deviceId, board: 'esp32-c3' })));
    endings = new Endings(h, ['subject']);

    const target = new Map<string, { deviceId: string; pageId: string }>();
    const lastOfPage = new Map<string, string>();
    let faults = 0;
    for (let index = 0; index < PUSHES; index++) {
      const id = `push ${index}`;
      const deviceId = pick(DEVICES);
      const pageId = String(1 + Math.floor(random() * 5));
      target.set(id, { deviceId, pageId });
      lastOfPage.set(`${deviceId} ${pageId}`, id);
      if (random() < FAULT_CHANCE) {
        // It hits the next push request to arrive, whichever page that is for.
        h.sim.misbehave({ ...pick(FAULTS), method: 'POST' });
        faults++;
      }
      h.node.receive({ _msgid: id, payload: id, deviceId, pageId });
      // A few turns of the event loop, or none, before the next: some pushes come while others are on the wire.
      await turns(Math.floor(random() * 4));
    }
    const ids = [...target.keys()];
    await endings.settled(ids, 45_000);

    for (const [page, id] of lastOfPage) {
      const [deviceId, pageId] = page.split(' ');
      expect(shown(h.sim, deviceId, Number(pageId)), page).to.equal(id);
    }
    for (const id of ids) {
      const { deviceId, pageId } = target.get(id) ?? { deviceId: '', pageId: '' };
      const payload = endings.payloadOf(id);
      if (lastOfPage.get(`${deviceId} ${pageId}`) === id) expect(payload, id).to.include({ pageId });
      else expect(payload, id).to.satisfy((value: Record<string, unknown>) => value.pageId === pageId);
      if ((payload as { superseded?: boolean }).superseded) {
        expect(payload, id).to.deep.equal({ superseded: true, deviceId, pageId });
      }
    }

    const textOf = (request: RecordedRequest) => (request.body as { text: string }).text;
    const answered = h.requests.filter((request) => request.fault === undefined);
    const sentTexts = answered.map(textOf);
    expect(new Set(sentTexts).size, 'no push answered twice').to.equal(sentTexts.length);
    const faulted = h.requests.length - answered.length;
    expect(faulted, 'faults met').to.be.at.most(faults);
    expect(h.requests.length, 'requests <= pushes + retries').to.be.at.most(PUSHES + faulted);
    // Each page got its pushes (their attempts included) in the order the messages came.
    for (const page of lastOfPage.keys()) {
      const numbers = h.requests
        .filter(
          (request) =>
            `${decodeURIComponent(request.path).split('/')[4]} ${String((request.body as { pageId: string }).pageId)}` ===
            page,
        )
        .map((request) => Number(textOf(request).split(' ')[1]));
      expect(numbers, page).to.deep.equal([...numbers].sort((a, b) => a - b));
    }
  });
});
