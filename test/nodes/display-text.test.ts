import { expect } from 'chai';
import { Harness, outputOf, caughtOf } from '../support/harness';
import { KITCHEN, HALLWAY, UNKNOWN_DEVICE } from '../fixtures/service';
import { expectKept, servicePath } from '../support/expectations';
import { messageWith, valueSources, fromFunctionNode } from '../fixtures/messages';
import { sendFromSource } from '../support/harness';
import type { NodeMessage } from '../support/node-red';
import type { SimPage } from '../../dist/simulator/server';

const TYPE = 'device-cloud-display-text';
const EMOJI = '\u{1F600}';

const textPath = (device: string) => `/open/v1/devices/${device}/display/text`;
const structuredPath = (device: string) => `/open/v1/devices/${device}/display/structured-text`;

describe(TYPE, function () {
  const h = Harness.forSuite();

  const pageOf = (device: string, page: number): SimPage | null => h.sim.state.pages.get(device)?.[page - 1] ?? null;

  /** Sends through a node with `config`; returns the JSON body the service received. */
  async function bodySent(config: Record<string, unknown>, msg: NodeMessage): Promise<unknown> {
    await h.load({ type: TYPE, deviceId: KITCHEN, ...config });
    outputOf(await h.send(msg));
    return h.onlyRequest().body;
  }

  describe('text mode', () => {
    it('sends POST .../display/text with text, fontSize and pageId, and puts the push result in msg.payload', async () => {
      await h.load({
        type: TYPE,
        mode: 'text',
        deviceId: 'aa-bb-cc-dd-ee-01',
        deviceIdType: 'str',
        pageId: '2',
        fontSize: '24',
        fontSizeType: 'num',
      });
      const output = outputOf(await h.send(messageWith({ payload: 'Hello\nworld' })));

      h.expectRequest(h.onlyRequest(), {
        method: 'POST',
        path: textPath(KITCHEN),
        body: { text: 'Hello\nworld', fontSize: 24, pageId: '2' },
      });
      expect(output.payload).to.deep.equal({ totalPages: 1, pushedPages: 1, pageId: '2' });
      expect(pageOf(KITCHEN, 2)).to.include({ kind: 'text', text: 'Hello\nworld', fontSize: 24, persistent: true });
      expectKept(output);
      h.expectSuccessStatus();
    });

    it('sends the text alone when neither font size nor page is given', async () => {
      await h.load({ type: TYPE, mode: 'text', deviceId: KITCHEN });
      const output = outputOf(await h.send({ payload: 'Just this' }));
      h.expectRequest(h.onlyRequest(), { method: 'POST', path: textPath(KITCHEN), body: { text: 'Just this' } });
      expect(output.payload).to.deep.equal({ totalPages: 1, pushedPages: 1 });
      expect(h.sim.state.temporaryScreens.get(KITCHEN)).to.include({ kind: 'text', fontSize: 20, persistent: false });
      expect(h.sim.state.pages.get(KITCHEN), 'no page replaced').to.equal(undefined);
    });

    it('is the mode when the config has none', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN });
      await h.send({ payload: 'plain' });
      expect(servicePath(h.onlyRequest())).to.equal(textPath(KITCHEN));
    });

    it('writes a number payload out as text', async () => {
      expect(await bodySent({ mode: 'text' }, { payload: 21.5 })).to.deep.equal({ text: '21.5' });
    });

    it('passes the push result on as the service answers it, not counting the pages already held', async () => {
      h.sim.state.pages.set(KITCHEN, [
        null,
        null,
        null,
        { kind: 'text', text: 'old', fontSize: 20, pushedAt: 0, persistent: true },
        null,
      ]);
      await h.load({ type: TYPE, mode: 'text', deviceId: KITCHEN, pageId: '5' });
      const output = outputOf(await h.send({ payload: 'new' }));
      expect(output.payload).to.deep.equal({ totalPages: 1, pushedPages: 1, pageId: '5' });
    });

    it('sends exactly 5000 characters', async () => {
      const text = 'a'.repeat(5000);
      expect(await bodySent({ mode: 'text' }, { payload: text })).to.deep.equal({ text });
    });

    for (const size of [12, 48]) {
      it(`sends font size ${size}`, async () => {
        expect(await bodySent({ mode: 'text' }, { payload: 't', fontSize: size })).to.deep.equal({
          text: 't',
          fontSize: size,
        });
      });
    }

    describe('where the font size comes from', () => {
      for (const source of valueSources('fontSize', { dialog: 30, message: 16 })) {
        it(source.name, async () => {
          await h.load({ type: TYPE, mode: 'text', deviceId: KITCHEN, ...source.config });
          await sendFromSource(h, source, { payload: 't' });
          expect(h.onlyRequest().body).to.deep.equal({ text: 't', fontSize: source.wins === 'dialog' ? 30 : 16 });
        });
      }
    });
  });

  describe('structured mode', () => {
    it('sends POST .../display/structured-text with {title, body} and the page', async () => {
      await h.load({ type: TYPE, mode: 'structured', deviceId: 'AA-BB-CC-DD-EE-02', pageId: '3' });
      const output = outputOf(await h.send(messageWith({ payload: { title: 'Weather', body: 'Sunny\n21 °C' } })));

      h.expectRequest(h.onlyRequest(), {
        method: 'POST',
        path: structuredPath(HALLWAY),
        body: { title: 'Weather', body: 'Sunny\n21 °C', pageId: '3' },
      });
      expect(output.payload).to.deep.equal({ totalPages: 1, pushedPages: 1, pageId: '3' });
      expect(pageOf(HALLWAY, 3)).to.include({
        kind: 'structured',
        title: 'Weather',
        body: 'Sunny\n21 °C',
        persistent: true,
      });
      expectKept(output);
      h.expectSuccessStatus();
    });

    it('takes a string payload as the body and msg.title as the title', async () => {
      const body = await bodySent({ mode: 'structured' }, { payload: 'Sunny', title: 'Weather' });
      expect(body).to.deep.equal({ title: 'Weather', body: 'Sunny' });
    });

    it("keeps the payload's title over msg.title", async () => {
      const body = await bodySent(
        { mode: 'structured' },
        { payload: { title: 'From payload', body: 'b' }, title: 'From msg' },
      );
      expect(body).to.deep.equal({ title: 'From payload', body: 'b' });
    });

    it("takes the dialog title over the payload's and msg.title", async () => {
      const body = await bodySent(
        { mode: 'structured', title: 'From dialog', titleType: 'str' },
        { payload: { title: 'From payload', body: 'b' }, title: 'From msg' },
      );
      expect(body).to.deep.equal({ title: 'From dialog', body: 'b' });
    });

    it('takes {title, body} a function node built (another realm)', async () => {
      const payload = fromFunctionNode('{ title: "Weather", body: ["Sunny", "21 °C"].join("\\n") }');
      expect(await bodySent({ mode: 'structured' }, { payload })).to.deep.equal({
        title: 'Weather',
        body: 'Sunny\n21 °C',
      });
    });

    it('sends a title alone', async () => {
      expect(await bodySent({ mode: 'structured' }, { payload: { title: 'Only a title' } })).to.deep.equal({
        title: 'Only a title',
      });
    });

    it('sends a body alone', async () => {
      expect(await bodySent({ mode: 'structured' }, { payload: { body: 'Only a body' } })).to.deep.equal({
        body: 'Only a body',
      });
    });

    it('sends the body alone beside a blank title, and the title alone beside a blank body', async () => {
      expect(await bodySent({ mode: 'structured' }, { payload: { title: ' \t ', body: 'The body' } })).to.deep.equal({
        body: 'The body',
      });
      await h.reset();
      expect(await bodySent({ mode: 'structured' }, { payload: 'The body', title: '   ' })).to.deep.equal({
        body: 'The body',
      });
      await h.reset();
      expect(await bodySent({ mode: 'structured' }, { payload: { title: 'The title', body: '\n\n' } })).to.deep.equal({
        title: 'The title',
      });
      expect(h.sim.state.temporaryScreens.get(KITCHEN)).to.include({
        kind: 'structured',
        title: 'The title',
        body: '',
      });
    });

    it('sends exactly 200 characters of title and 5000 of body', async () => {
      const content = { title: 't'.repeat(200), body: 'b'.repeat(5000) };
      expect(await bodySent({ mode: 'structured' }, { payload: content })).to.deep.equal(content);
    });

    describe('where the title comes from', () => {
      for (const source of valueSources('title', { dialog: 'Dialog title', message: 'msg title' })) {
        it(source.name, async () => {
          await h.load({ type: TYPE, mode: 'structured', deviceId: KITCHEN, ...source.config });
          await sendFromSource(h, source, { payload: 'the body' });
          const title = source.wins === 'dialog' ? 'Dialog title' : 'msg title';
          expect(h.onlyRequest().body).to.deep.equal({ title, body: 'the body' });
        });
      }
    });
  });

  describe('the page', () => {
    const cases: [string, Record<string, unknown>, NodeMessage, string][] = [
      ['the dialog page over msg.pageId', { pageId: '3' }, { pageId: 4 }, '3'],
      ['msg.pageId when the dialog page is empty', { pageId: '' }, { pageId: 4 }, '4'],
      ['msg.pageId when the config has no pageId', {}, { pageId: '5' }, '5'],
      ['msg.pageId given as a number', {}, { pageId: 1 }, '1'],
    ];
    for (const [what, config, msg, sent] of cases) {
      it(`takes ${what}`, async () => {
        const body = await bodySent({ mode: 'text', ...config }, { payload: 't', ...msg });
        expect(body).to.deep.equal({ text: 't', pageId: sent });
      });
    }
  });

  describe('where the device comes from', () => {
    for (const source of valueSources('deviceId', { dialog: 'aa-bb-cc-dd-ee-02', message: KITCHEN })) {
      it(source.name, async () => {
        await h.load({ type: TYPE, mode: 'text', ...source.config });
        await sendFromSource(h, source, { payload: 't' });
        expect(servicePath(h.onlyRequest())).to.equal(textPath(source.wins === 'dialog' ? HALLWAY : KITCHEN));
      });
    }
  });

  describe('refuses, with one error and no request', () => {
    const textCases: [string, NodeMessage, RegExp][] = [
      [
        'text over 5000 characters',
        { payload: 'a'.repeat(5001) },
        /text: must be at most 5000 characters \(got a string of 5001 characters\)/,
      ],
      ['5001 emoji (each one character)', { payload: EMOJI.repeat(5001) }, /text: must be at most 5000 characters/],
      ['an empty text', { payload: '' }, /text: must not be empty/],
      ['a blank text', { payload: ' \n ' }, /text: must not be empty or blank/],
      ['no text', {}, /payload: is required: the text to show/],
      ['an object in text mode', { payload: { text: 'x' } }, /payload: must be a string \(got an object\)/],
      ['font size 11', { payload: 't', fontSize: 11 }, /fontSize: must be a whole number from 12 to 48 \(got 11\)/],
      ['font size 49', { payload: 't', fontSize: 49 }, /fontSize: must be a whole number from 12 to 48 \(got 49\)/],
      ['a fractional font size', { payload: 't', fontSize: 20.5 }, /fontSize: must be a whole number from 12 to 48/],
      [
        'a font size in words',
        { payload: 't', fontSize: 'big' },
        /fontSize: must be a whole number from 12 to 48 \(got "big"\)/,
      ],
      ['page 0', { payload: 't', pageId: 0 }, /pageId: must be a page number from 1 to 5 \(got 0\)/],
      ['page 6', { payload: 't', pageId: '6' }, /pageId: must be a page number from 1 to 5 \(got "6"\)/],
      ['page "all"', { payload: 't', pageId: 'all' }, /pageId: must be a page number from 1 to 5/],
      ['no device', { payload: 't', deviceId: undefined }, /deviceId: is required/],
      [
        'a device that is no MAC address',
        { payload: 't', deviceId: 'AA:BB:CC:DD:EE:0G' },
        /deviceId: must be a MAC address of six hex pairs/,
      ],
    ];
    for (const [what, msg, pattern] of textCases) {
      it(`text mode: ${what}`, async () => {
        await h.load({ type: TYPE, mode: 'text' });
        h.expectRefused(await h.send({ deviceId: KITCHEN, ...msg }), pattern);
        expect(h.sim.state.pages.size).to.equal(0);
      });
    }

    const structuredCases: [string, NodeMessage, RegExp][] = [
      [
        'a title over 200 characters',
        { payload: { title: 't'.repeat(201), body: 'b' } },
        /title: must be at most 200 characters/,
      ],
      ['201 emoji of title', { payload: { title: EMOJI.repeat(201) } }, /title: must be at most 200 characters/],
      [
        'a body over 5000 characters',
        { payload: { title: 't', body: 'b'.repeat(5001) } },
        /body: must be at most 5000 characters/,
      ],
      [
        'a body string over 5000 characters',
        { payload: 'b'.repeat(5001), title: 't' },
        /body: must be at most 5000 characters/,
      ],
      ['neither title nor body', { payload: {} }, /title: or body is required/],
      ['an empty title and body', { payload: { title: '', body: '' } }, /title: or body is required/],
      [
        'a blank title and a blank body',
        { payload: { title: '  ', body: '\n\t' } },
        /title: or body is required: at least one of them must hold text \(both are missing, empty or blank\)/,
      ],
      ['a blank body and no title', { payload: ' \n ' }, /title: or body is required/],
      ['no payload and no title', {}, /title: or body is required/],
      [
        'an unknown payload key',
        { payload: { title: 't', text: 'x' } },
        /payload\.text: is not a known field; use title, body/,
      ],
      [
        'a __proto__ key',
        { payload: JSON.parse('{"title":"t","__proto__":{"x":1}}') },
        /payload\.__proto__: is not allowed/,
      ],
      ['a title that is an object', { payload: { title: { text: 'x' } } }, /title: must be a string/],
      ['an array payload', { payload: ['a', 'b'] }, /payload: must be a string \(got an array of 2\)/],
      ['page 9', { payload: { title: 't' }, pageId: 9 }, /pageId: must be a page number from 1 to 5/],
    ];
    for (const [what, msg, pattern] of structuredCases) {
      it(`structured mode: ${what}`, async () => {
        await h.load({ type: TYPE, mode: 'structured' });
        h.expectRefused(await h.send({ deviceId: KITCHEN, ...msg }), pattern);
      });
    }

    it('a mode that is neither text nor structured', async () => {
      await h.load({ type: TYPE, deviceId: KITCHEN });
      h.expectRefused(
        await h.send({ payload: 't', mode: 'fancy' }),
        /mode: must be text or structured \(got "fancy"\)/,
      );
    });

    it('a dialog font size out of range', async () => {
      await h.load({ type: TYPE, mode: 'text', deviceId: KITCHEN, fontSize: '64', fontSizeType: 'num' });
      h.expectRefused(
        await h.send({ payload: 't', fontSize: 20 }),
        /fontSize: must be a whole number from 12 to 48 \(got "64"\)/,
      );
    });
  });

  it('passes a service error (an unknown device) to the Catch node with its msg and code', async () => {
    await h.load({ type: TYPE, mode: 'structured', deviceId: UNKNOWN_DEVICE });
    const outcome = await h.send(messageWith({ payload: { title: 't' } }));
    h.expectServiceError(outcome, {
      pattern: /push title and body failed: HTTP 404: device not found \(code 404\)/,
      code: 404,
    });
    expect(caughtOf(outcome).payload).to.deep.equal({ title: 't' });
    expect(h.requests).to.have.length(1);
  });
});
