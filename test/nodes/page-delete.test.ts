import { expect } from 'chai';
import { Harness, outputOf, caughtOf } from '../support/harness';
import { KITCHEN, HALLWAY, UNKNOWN_DEVICE } from '../fixtures/service';
import { expectKept, servicePath } from '../support/expectations';
import { messageWith, valueSources } from '../fixtures/messages';
import { loadAgain, sendFromSource } from '../support/harness';
import type { NodeMessage } from '../support/node-red';
import type { SimPage } from '../../dist/simulator/server';

const TYPE = 'device-cloud-page-delete';

const pagesPath = (device: string) => `/open/v1/devices/${device}/display/pages`;

describe(TYPE, function () {
  const h = Harness.forSuite();

  const textPage = (text: string): SimPage => ({ kind: 'text', text, fontSize: 20, pushedAt: 0, persistent: true });

  beforeEach(() => {
    for (const device of [KITCHEN, HALLWAY]) {
      h.sim.state.pages.set(device, ['one', 'two', 'three', 'four', 'five'].map(textPage));
    }
  });

  /** Which pages of the device still hold something, as page numbers. */
  const filledPages = (device: string): number[] =>
    (h.sim.state.pages.get(device) ?? []).flatMap((page, index) => (page ? [index + 1] : []));

  it('sends DELETE .../display/pages/{pageId} and puts {deviceId, pageId, deleted: true} in msg.payload', async () => {
    await h.load({ type: TYPE, deviceId: 'aa-bb-cc-dd-ee-01', deviceIdType: 'str', pageId: '3' });
    const output = outputOf(await h.send(messageWith({ payload: 'replaced' })));

    h.expectRequest(h.onlyRequest(), { method: 'DELETE', path: `${pagesPath(KITCHEN)}/3` });
    expect(output.payload).to.deep.equal({ deviceId: KITCHEN, pageId: '3', deleted: true });
    expect(filledPages(KITCHEN)).to.deep.equal([1, 2, 4, 5]);
    expect(filledPages(HALLWAY)).to.deep.equal([1, 2, 3, 4, 5]);
    expectKept(output);
    h.expectSuccessStatus();
  });

  for (const page of [1, 2, 3, 4, 5]) {
    it(`deletes page ${page} given as a number in msg.pageId`, async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN, pageId: '' });
      const output = outputOf(await h.send({ pageId: page }));
      h.expectRequest(h.onlyRequest(), { method: 'DELETE', path: `${pagesPath(KITCHEN)}/${page}` });
      expect(output.payload).to.deep.equal({ deviceId: KITCHEN, pageId: String(page), deleted: true });
      expect(filledPages(KITCHEN)).not.to.include(page);
      expect(filledPages(KITCHEN)).to.have.length(4);
    });
  }

  it('takes the dialog page over msg.pageId, and msg.pageId when the config has no pageId', async () => {
    await h.load({ type: TYPE, deviceId: KITCHEN, pageId: '2' });
    await h.send({ pageId: 5 });
    expect(servicePath(h.onlyRequest())).to.equal(`${pagesPath(KITCHEN)}/2`);

    await loadAgain(h, { type: TYPE, deviceId: KITCHEN });
    await h.send({ pageId: '5' });
    expect(servicePath(h.onlyRequest())).to.equal(`${pagesPath(KITCHEN)}/5`);
  });

  describe('every page', () => {
    it('deletes all pages with DELETE .../display/pages for the dialog "all"', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN, pageId: 'all' });
      const output = outputOf(await h.send(messageWith({ pageId: 2 })));
      h.expectRequest(h.onlyRequest(), { method: 'DELETE', path: pagesPath(KITCHEN) });
      expect(output.payload).to.deep.equal({ deviceId: KITCHEN, pageId: 'all', deleted: true });
      expect(filledPages(KITCHEN)).to.deep.equal([]);
      expect(filledPages(HALLWAY)).to.deep.equal([1, 2, 3, 4, 5]);
      expectKept(output);
      h.expectSuccessStatus();
    });

    it('deletes all pages for msg.pageId "all" when the dialog page is empty', async () => {
      await h.load({ type: TYPE, deviceId: 'aa-bb-cc-dd-ee-02', pageId: '' });
      const output = outputOf(await h.send({ pageId: 'all' }));
      h.expectRequest(h.onlyRequest(), { method: 'DELETE', path: pagesPath(HALLWAY) });
      expect(output.payload).to.deep.equal({ deviceId: HALLWAY, pageId: 'all', deleted: true });
      expect(filledPages(HALLWAY)).to.deep.equal([]);
    });

    it('deletes nothing for a missing page: that is an error, never "all"', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN, pageId: '' });
      h.expectRefused(await h.send({}), /pageId: is required: a page from 1 to 5, or "all" to delete every page/);
      expect(filledPages(KITCHEN)).to.deep.equal([1, 2, 3, 4, 5]);
    });
  });

  describe('where the device comes from', () => {
    for (const source of valueSources('deviceId', { dialog: 'aa-bb-cc-dd-ee-02', message: KITCHEN })) {
      it(source.name, async () => {
        await h.load({ type: TYPE, pageId: '1', ...source.config });
        await sendFromSource(h, source, {});
        expect(servicePath(h.onlyRequest())).to.equal(`${pagesPath(source.wins === 'dialog' ? HALLWAY : KITCHEN)}/1`);
      });
    }
  });

  describe('refuses, with one error and no request', () => {
    const cases: [string, NodeMessage, RegExp][] = [
      ['no page in the config nor the message', {}, /pageId: is required/],
      ['an empty msg.pageId', { pageId: '' }, /pageId: is required/],
      ['page 0', { pageId: 0 }, /pageId: must be a page number from 1 to 5 \(got 0\)/],
      ['page 6', { pageId: '6' }, /pageId: must be a page number from 1 to 5 \(got "6"\)/],
      ['a fractional page', { pageId: 1.5 }, /pageId: must be a page number from 1 to 5/],
      ['a page in words', { pageId: 'every' }, /pageId: must be a page number from 1 to 5 \(got "every"\)/],
      ['"ALL" in capitals', { pageId: 'ALL' }, /pageId: must be a page number from 1 to 5/],
      ['no device', { pageId: 1, deviceId: undefined }, /deviceId: is required/],
      [
        'a device that is no MAC address',
        { pageId: 1, deviceId: 'AA:BB:CC:DD:EE:1' },
        /deviceId: must be a MAC address/,
      ],
    ];
    for (const [what, msg, pattern] of cases) {
      it(what, async () => {
        await h.load({ type: TYPE });
        h.expectRefused(await h.send({ deviceId: KITCHEN, ...msg }), pattern);
        expect(filledPages(KITCHEN)).to.deep.equal([1, 2, 3, 4, 5]);
      });
    }
  });

  it('passes a service error (an unknown device) to the Catch node with its msg and code', async () => {
    await h.load({ type: TYPE, deviceId: UNKNOWN_DEVICE, pageId: 'all' });
    const outcome = await h.send(messageWith({}));
    h.expectServiceError(outcome, {
      pattern: /delete all pages failed: HTTP 404: device not found \(code 404\)/,
      code: 404,
    });
    expect(caughtOf(outcome).topic).to.equal('kept topic');
    expect(h.requests).to.have.length(1);
  });
});
