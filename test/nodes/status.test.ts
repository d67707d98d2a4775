// The status under an action node shows the outcome of the last message, with
// that message's own values, however many messages went before with other values.

import { expect } from 'chai';
import { Harness } from '../support/harness';
import { until } from '../support/until';
import { rememberingTranslator } from '../../dist/runtime/status';
import type { NodeMessage, NodeStatus } from '../support/node-red';
import type { Translator } from '../../dist/runtime/status';
import { KITCHEN } from '../fixtures/service';

// The test runtime has no catalogs loaded: RED._ gives the key back.
const PUSHED = 'device-cloud-display-text.status.pushed';
const INVALID = '@device-cloud/node-red-device-cloud/device-cloud:common.error.validation';

/** Translates as Node-RED's i18n does (`__name__` takes a value), and counts what it was asked. */
function countingTranslator(catalog: Record<string, string>): Translator & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    _(key, values = {}) {
      asked.push(key);
      return catalog[key].replace(/__(\w+)__/g, (_match, name: string) => String(values[name]));
    },
  };
}

describe('rememberingTranslator', () => {
  const catalog = { created: 'created #__id__', pushed: 'pushed, page __page__', requesting: 'requesting' };

  it('gives each key and values their own text, also after more texts than it keeps', () => {
    const texts = rememberingTranslator(countingTranslator(catalog));
    for (let round = 0; round < 2; round++) {
      for (let id = 1; id <= 100; id++) {
        expect(texts._('created', { id })).to.equal(`created #${id}`);
        expect(texts._('pushed', { page: String((id % 5) + 1) })).to.equal(`pushed, page ${(id % 5) + 1}`);
        expect(texts._('requesting')).to.equal('requesting');
      }
    }
  });

  it('asks Node-RED once for a text it has given before', () => {
    const translator = countingTranslator(catalog);
    const texts = rememberingTranslator(translator);
    for (let i = 0; i < 50; i++) {
      texts._('requesting');
      texts._('pushed', { page: '1' });
      texts._('pushed', { page: '2' });
    }
    expect(translator.asked).to.deep.equal(['requesting', 'pushed', 'pushed']);
  });
});

describe('status of an action node, message after message', function () {
  this.timeout(30_000);
  const h = Harness.forSuite();

  it('turns red with the field at fault, and green again after a good message', async () => {
    await h.load({ type: 'device-cloud-display-text' });
    const GREEN = { fill: 'green', shape: 'dot', text: PUSHED };
    const RED = { fill: 'red', shape: 'ring', text: INVALID };
    const steps: [NodeMessage, NodeStatus][] = [
      [{ pageId: '1' }, GREEN],
      [{ pageId: '9' }, RED],
      [{ pageId: '1' }, GREEN],
      [{ pageId: '2' }, GREEN],
      [{ pageId: '1', deviceId: 'not a device' }, RED],
      [{ pageId: '9' }, RED],
      [{ pageId: '1' }, GREEN],
    ];
    for (const [msg, status] of steps) {
      const seen = h.statuses.length;
      await h.send({ payload: 'hello', deviceId: KITCHEN, ...msg });
      expect(h.lastStatus, JSON.stringify(msg)).to.deep.equal(status);
      // Each message shows "requesting" first, then its outcome.
      expect(h.statuses.slice(seen).map((shown) => shown.fill)).to.deep.equal(['blue', status.fill]);
    }
  });

  it('shows the last outcome after a burst of messages', async () => {
    await h.load({ type: 'device-cloud-display-text', deviceId: KITCHEN });
    const ended: NodeMessage[] = [];
    h.out.on('input', (msg) => ended.push(msg));
    // No page: pushes to one page would supersede each other while they wait; these all go out, in turn.
    for (let i = 0; i < 20; i++) h.node.receive({ payload: `message ${i}` });
    await until(() => ended.length === 20);
    expect(h.lastStatus).to.deep.equal({ fill: 'green', shape: 'dot', text: PUSHED });
    expect(h.requests).to.have.length(20);
  });
});
