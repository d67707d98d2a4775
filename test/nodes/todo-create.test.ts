import { expect } from 'chai';
import { Harness, outputOf, caughtOf } from '../support/harness';
import { KITCHEN, HALLWAY, UNKNOWN_DEVICE } from '../fixtures/service';
import { expectKept } from '../support/expectations';
import { messageWith, valueSources, fromFunctionNode } from '../fixtures/messages';
import { sendFromSource } from '../support/harness';
import type { NodeMessage } from '../support/node-red';
import { dueFields } from '../support/dates';

const TYPE = 'device-cloud-todo-create';

describe(TYPE, function () {
  const h = Harness.forSuite();

  /** Sends `msg` through a node with `config` and returns the JSON body POST /todos received. */
  async function bodySent(msg: NodeMessage, config: Record<string, unknown> = {}): Promise<unknown> {
    await h.load({ type: TYPE, ...config });
    outputOf(await h.send(msg));
    const request = h.onlyRequest();
    h.expectRequest(request, { method: 'POST', path: '/open/v1/todos', body: request.body });
    return request.body;
  }

  it('sends POST /todos with the fields of msg.payload and puts the created to-do in msg.payload', async () => {
    await h.load({ type: TYPE });
    const payload = {
      title: 'Buy milk',
      description: 'two litres',
      dueDate: '2026-12-24',
      dueTime: '18:30',
      repeatType: 'none',
      priority: 'important',
      deviceId: 'aa-bb-cc-dd-ee-01',
    };
    const output = outputOf(await h.send(messageWith({ payload })));

    h.expectRequest(h.onlyRequest(), {
      method: 'POST',
      path: '/open/v1/todos',
      body: { ...payload, priority: 1, deviceId: KITCHEN },
    });
    const stored = h.sim.state.todos.get(1);
    expect(stored).to.include({
      title: 'Buy milk',
      description: 'two litres',
      dueDate: '2026-12-24',
      dueTime: '18:30',
    });
    expect(output.payload).to.deep.equal({
      id: 1,
      title: 'Buy milk',
      status: 0,
      priority: 1,
      deviceId: KITCHEN,
      createDate: stored?.createDate,
    });
    expectKept(output);
    h.expectSuccessStatus();
  });

  describe('lengths: none on the title or description; the request at most 1 MB of JSON', () => {
    it('sends a title of 12,000 characters as it is', async () => {
      const title = 'A long title. '.repeat(857) + 'x'.repeat(2);
      expect(title).to.have.length(12_000);
      expect(await bodySent({ payload: title })).to.deep.equal({ title });
      expect([...h.sim.state.todos.values()][0].title).to.equal(title);
    });

    it('refuses a description that makes the request over 1 MB, naming its size, and sends nothing', async () => {
      await h.load({ type: TYPE });
      const description = 'x'.repeat(1024 * 1024);
      h.expectRefused(
        await h.send({ payload: { title: 'a whole file', description } }),
        /payload: makes a request body of 1048617 bytes of JSON; at most 1048576 bytes \(1 MB\) go in one request/,
      );
    });
  });

  it('takes a string payload as the title', async () => {
    await h.load({ type: TYPE });
    const output = outputOf(await h.send({ payload: 'Water the plants' }));
    h.expectRequest(h.onlyRequest(), { method: 'POST', path: '/open/v1/todos', body: { title: 'Water the plants' } });
    expect(output.payload).to.include({ id: 1, title: 'Water the plants', status: 0, priority: 0, deviceId: '' });
  });

  it('takes a payload a function node built, its Date included (another realm)', async () => {
    const payload = fromFunctionNode(
      '{ title: "From a function", due: new Date(Date.UTC(2026, 11, 31, 23, 45)), priority: "urgent" }',
    );
    expect(await bodySent({ payload })).to.deep.equal({
      title: 'From a function',
      ...dueFields(new Date(Date.UTC(2026, 11, 31, 23, 45))),
      priority: 2,
    });
  });

  describe('priority', () => {
    const cases = [
      ['normal', 0],
      ['important', 1],
      ['urgent', 2],
      ['Urgent', 2],
      [0, 0],
      [1, 1],
      [2, 2],
      ['2', 2],
    ];
    for (const [given, sent] of cases) {
      it(`sends ${JSON.stringify(given)} as ${sent}`, async () => {
        expect(await bodySent({ payload: { title: 't', priority: given } })).to.deep.equal({
          title: 't',
          priority: sent,
        });
      });
    }

    it('takes the dialog priority over the payload', async () => {
      expect(await bodySent({ payload: { title: 't', priority: 0 } }, { priority: 'urgent' })).to.deep.equal({
        title: 't',
        priority: 2,
      });
    });
  });

  describe('due: a moment split into dueDate and dueTime in the host time zone', () => {
    const instant = new Date(Date.UTC(2026, 11, 31, 23, 45));

    it('from a Date', async () => {
      expect(await bodySent({ payload: { title: 't', due: instant } })).to.deep.equal({
        title: 't',
        ...dueFields(instant),
      });
    });

    it('from an ISO string with an offset', async () => {
      const body = await bodySent({ payload: { title: 't', due: '2026-12-31T23:45:00.000Z' } });
      expect(body).to.deep.equal({ title: 't', ...dueFields(instant) });
    });

    it('from an ISO string without an offset (local time)', async () => {
      const body = await bodySent({ payload: { title: 't', due: '2026-06-01T07:05' } });
      expect(body).to.deep.equal({ title: 't', dueDate: '2026-06-01', dueTime: '07:05' });
    });

    it('from a date alone, without a time', async () => {
      expect(await bodySent({ payload: { title: 't', due: '2026-02-28' } })).to.deep.equal({
        title: 't',
        dueDate: '2026-02-28',
      });
    });
  });

  describe('repeat fields', () => {
    const cases = [
      [{ repeatType: 'daily' }, { repeatType: 'daily' }],
      [
        { repeatType: 'weekly', repeatWeekday: 0 },
        { repeatType: 'weekly', repeatWeekday: 0 },
      ],
      [
        { repeatType: 'weekly', repeatWeekday: '6' },
        { repeatType: 'weekly', repeatWeekday: 6 },
      ],
      [
        { repeatType: 'monthly', repeatDay: 31 },
        { repeatType: 'monthly', repeatDay: 31 },
      ],
      [
        { repeatType: 'yearly', repeatMonth: 2, repeatDay: 29 },
        { repeatType: 'yearly', repeatMonth: 2, repeatDay: 29 },
      ],
      [
        { repeatType: 'yearly', repeatMonth: 12 },
        { repeatType: 'yearly', repeatMonth: 12 },
      ],
    ];
    for (const [given, sent] of cases) {
      it(`sends ${JSON.stringify(given)}`, async () => {
        expect(await bodySent({ payload: { title: 't', ...given } })).to.deep.equal({ title: 't', ...sent });
        expect(h.sim.state.todos.get(1)).to.include(sent);
      });
    }

    it('takes the dialog repeat type over the payload, keeping its repeat fields', async () => {
      const body = await bodySent(
        { payload: { title: 't', repeatType: 'daily', repeatWeekday: 3 } },
        { repeatType: 'weekly' },
      );
      expect(body).to.deep.equal({ title: 't', repeatType: 'weekly', repeatWeekday: 3 });
    });
  });

  describe('the device', () => {
    it('takes msg.deviceId when the payload has none', async () => {
      const body = await bodySent({ payload: { title: 't' }, deviceId: 'aa-bb-cc-dd-ee-02' });
      expect(body).to.deep.equal({ title: 't', deviceId: HALLWAY });
    });

    it('takes msg.deviceId for a string payload', async () => {
      expect(await bodySent({ payload: 't', deviceId: KITCHEN })).to.deep.equal({ title: 't', deviceId: KITCHEN });
    });

    it("keeps the payload's device over msg.deviceId", async () => {
      const body = await bodySent({ payload: { title: 't', deviceId: 'AA-BB-CC-DD-EE-01' }, deviceId: HALLWAY });
      expect(body).to.deep.equal({ title: 't', deviceId: KITCHEN });
    });

    it('keeps a personal to-do (deviceId "") personal whatever msg.deviceId says', async () => {
      const body = await bodySent({ payload: { title: 't', deviceId: '' }, deviceId: HALLWAY });
      expect(body).to.deep.equal({ title: 't', deviceId: '' });
    });

    it('sends no device when there is none', async () => {
      expect(await bodySent({ payload: { title: 't' } }, { deviceId: '', deviceIdType: 'str' })).to.deep.equal({
        title: 't',
      });
    });

    it("takes the dialog device over the payload's", async () => {
      const body = await bodySent(
        { payload: { title: 't', deviceId: KITCHEN } },
        { deviceId: 'aa:bb:cc:dd:ee:02', deviceIdType: 'str' },
      );
      expect(body).to.deep.equal({ title: 't', deviceId: HALLWAY });
    });

    for (const source of valueSources('deviceId', { dialog: 'aa-bb-cc-dd-ee-02', message: KITCHEN })) {
      it(source.name, async () => {
        await h.load({ type: TYPE, ...source.config });
        await sendFromSource(h, source, { payload: { title: 't' } });
        expect(h.onlyRequest().body).to.deep.equal({
          title: 't',
          deviceId: source.wins === 'dialog' ? HALLWAY : KITCHEN,
        });
      });
    }
  });

  describe('dialog values over msg.payload', () => {
    it('takes every dialog value over the same payload field', async () => {
      const config = {
        title: 'Dialog title',
        titleType: 'str',
        description: 'Dialog description',
        descriptionType: 'str',
        priority: 'urgent',
        repeatType: 'weekly',
        deviceId: 'aa-bb-cc-dd-ee-02',
        deviceIdType: 'str',
      };
      const payload = {
        title: 'msg title',
        description: 'msg description',
        priority: 0,
        repeatType: 'daily',
        repeatWeekday: 3,
        deviceId: KITCHEN,
        dueDate: '2026-01-31',
      };
      expect(await bodySent({ payload }, config)).to.deep.equal({
        title: 'Dialog title',
        description: 'Dialog description',
        priority: 2,
        repeatType: 'weekly',
        repeatWeekday: 3,
        deviceId: HALLWAY,
        dueDate: '2026-01-31',
      });
    });

    it('takes every payload field when the dialog fields are empty', async () => {
      const config = {
        title: '',
        titleType: 'str',
        description: '',
        descriptionType: 'str',
        priority: '',
        repeatType: '',
      };
      const payload = {
        title: 'msg title',
        description: 'msg description',
        priority: 'important',
        repeatType: 'monthly',
      };
      expect(await bodySent({ payload }, config)).to.deep.equal({ ...payload, priority: 1 });
    });

    for (const source of valueSources('title', {
      dialog: 'Dialog title',
      message: 'msg title',
      msgProperty: 'payload.title',
    })) {
      it(`title: ${source.name}`, async () => {
        await h.load({ type: TYPE, ...source.config });
        await sendFromSource(h, source, {});
        expect(h.onlyRequest().body).to.deep.equal({ title: source.wins === 'dialog' ? 'Dialog title' : 'msg title' });
      });
    }

    it('description: type flow reads flow context', async () => {
      await h.load({ type: TYPE, description: 'note', descriptionType: 'flow' });
      h.node.context().flow.set('note', 'from the flow');
      await h.send({ payload: { title: 't', description: 'from the message' } });
      expect(h.onlyRequest().body).to.deep.equal({ title: 't', description: 'from the flow' });
    });
  });

  describe('refuses, with one error and no request', () => {
    const cases: [string, NodeMessage, RegExp][] = [
      ['no title', { payload: { description: 'd' } }, /title: is required to create a to-do/],
      ['no payload at all', {}, /title: is required to create a to-do/],
      ['an empty title', { payload: '' }, /title: must not be empty/],
      ['a title that is not a string', { payload: { title: 42 } }, /title: must be a string/],
      [
        'a number as payload',
        { payload: 42 },
        /payload: must be the to-do fields as an object, or the title as a string/,
      ],
      ['an array as payload', { payload: ['t'] }, /payload: must be the to-do fields as an object/],
      [
        'an unknown field',
        { payload: { title: 't', colour: 'red' } },
        /payload\.colour: is not a known field; use title, description/,
      ],
      ['a status field', { payload: { title: 't', status: 1 } }, /payload\.status: is not a known field/],
      [
        'a __proto__ key',
        { payload: JSON.parse('{"title":"t","__proto__":{"polluted":true}}') },
        /payload\.__proto__: is not allowed \(a prototype-polluting key\)/,
      ],
      ['a constructor key', { payload: { title: 't', constructor: 'x' } }, /payload\.constructor: is not allowed/],
      [
        'a date that does not exist',
        { payload: { title: 't', dueDate: '2026-02-30' } },
        /dueDate: must be a date written yyyy-MM-dd that exists.*\(got "2026-02-30"\)/,
      ],
      [
        '29 February of a common year',
        { payload: { title: 't', dueDate: '2027-02-29' } },
        /dueDate: must be a date written yyyy-MM-dd that exists/,
      ],
      ['month 13', { payload: { title: 't', dueDate: '2026-13-01' } }, /dueDate: must be a date written yyyy-MM-dd/],
      [
        'a date in another shape',
        { payload: { title: 't', dueDate: '24.12.2026' } },
        /dueDate: must be a date written yyyy-MM-dd/,
      ],
      [
        'a date without leading zeros',
        { payload: { title: 't', dueDate: '2026-2-3' } },
        /dueDate: must be a date written yyyy-MM-dd/,
      ],
      [
        'hour 24',
        { payload: { title: 't', dueTime: '24:00' } },
        /dueTime: must be a time written HH:mm \(00:00 to 23:59\) \(got "24:00"\)/,
      ],
      ['minute 60', { payload: { title: 't', dueTime: '12:60' } }, /dueTime: must be a time written HH:mm/],
      [
        'a time without a leading zero',
        { payload: { title: 't', dueTime: '7:30' } },
        /dueTime: must be a time written HH:mm/,
      ],
      [
        'a time with seconds',
        { payload: { title: 't', dueTime: '07:30:00' } },
        /dueTime: must be a time written HH:mm/,
      ],
      [
        'a due moment on a day that does not exist',
        { payload: { title: 't', due: '2026-02-30T10:00' } },
        /due: must be a date written yyyy-MM-dd that exists/,
      ],
      [
        'a due moment at hour 25',
        { payload: { title: 't', due: '2026-02-03T25:00' } },
        /due: must be a Date or an ISO 8601 date-time/,
      ],
      [
        'a due moment in words',
        { payload: { title: 't', due: 'tomorrow' } },
        /due: must be a Date or an ISO 8601 date-time/,
      ],
      [
        'an invalid Date',
        { payload: { title: 't', due: new Date('nonsense') } },
        /due: must be a Date or an ISO 8601 date-time/,
      ],
      [
        'due together with dueDate',
        { payload: { title: 't', due: '2026-01-01T10:00', dueDate: '2026-01-01' } },
        /due: give either due or dueDate\/dueTime, not both/,
      ],
      [
        'an unknown repeat type',
        { payload: { title: 't', repeatType: 'hourly' } },
        /repeatType: must be one of none, daily, weekly, monthly, yearly/,
      ],
      [
        'weekday 7',
        { payload: { title: 't', repeatType: 'weekly', repeatWeekday: 7 } },
        /repeatWeekday: must be a whole number from 0 to 6 \(got 7\)/,
      ],
      [
        'weekday -1',
        { payload: { title: 't', repeatType: 'weekly', repeatWeekday: -1 } },
        /repeatWeekday: must be a whole number from 0 to 6/,
      ],
      [
        'month 0',
        { payload: { title: 't', repeatType: 'yearly', repeatMonth: 0 } },
        /repeatMonth: must be a whole number from 1 to 12/,
      ],
      [
        'month 13 to repeat in',
        { payload: { title: 't', repeatType: 'yearly', repeatMonth: 13 } },
        /repeatMonth: must be a whole number from 1 to 12/,
      ],
      [
        'day 0',
        { payload: { title: 't', repeatType: 'monthly', repeatDay: 0 } },
        /repeatDay: must be a whole number from 1 to 31/,
      ],
      [
        'day 32',
        { payload: { title: 't', repeatType: 'monthly', repeatDay: 32 } },
        /repeatDay: must be a whole number from 1 to 31/,
      ],
      [
        'a fractional day',
        { payload: { title: 't', repeatType: 'monthly', repeatDay: 1.5 } },
        /repeatDay: must be a whole number from 1 to 31/,
      ],
      [
        'a weekday with a monthly repeat',
        { payload: { title: 't', repeatType: 'monthly', repeatWeekday: 1 } },
        /repeatWeekday: goes with repeatType weekly, not monthly/,
      ],
      [
        'a month with a monthly repeat',
        { payload: { title: 't', repeatType: 'monthly', repeatMonth: 1 } },
        /repeatMonth: goes with repeatType yearly, not monthly/,
      ],
      [
        'a day with a weekly repeat',
        { payload: { title: 't', repeatType: 'weekly', repeatDay: 1 } },
        /repeatDay: goes with repeatType monthly or yearly, not weekly/,
      ],
      [
        'a weekday without a repeat type',
        { payload: { title: 't', repeatWeekday: 1 } },
        /repeatWeekday: goes with repeatType weekly, not none/,
      ],
      [
        'a day that month lacks',
        { payload: { title: 't', repeatType: 'yearly', repeatMonth: 2, repeatDay: 30 } },
        /repeatDay: does not exist in month 2/,
      ],
      [
        '31 April',
        { payload: { title: 't', repeatType: 'yearly', repeatMonth: 4, repeatDay: 31 } },
        /repeatDay: does not exist in month 4/,
      ],
      [
        'priority 3',
        { payload: { title: 't', priority: 3 } },
        /priority: must be 0, 1, 2 or "normal", "important", "urgent" \(got 3\)/,
      ],
      [
        'priority -1',
        { payload: { title: 't', priority: -1 } },
        /priority: must be 0, 1, 2 or "normal", "important", "urgent"/,
      ],
      [
        'an unknown priority name',
        { payload: { title: 't', priority: 'high' } },
        /priority: must be 0, 1, 2 or "normal", "important", "urgent" \(got "high"\)/,
      ],
      [
        'a device that is no MAC address',
        { payload: { title: 't', deviceId: 'Kitchen' } },
        /deviceId: must be a MAC address of six hex pairs/,
      ],
      [
        'msg.deviceId that is no MAC address',
        { payload: 't', deviceId: 'AA:BB:CC' },
        /deviceId: must be a MAC address/,
      ],
    ];
    for (const [what, msg, pattern] of cases) {
      it(what, async () => {
        await h.load({ type: TYPE });
        h.expectRefused(await h.send(msg), pattern);
        expect(h.sim.state.todos.size).to.equal(0);
      });
    }

    it('a flow-context name that a hand-edited flow turned into a number', async () => {
      await h.load({ type: TYPE, description: 42, descriptionType: 'flow' });
      h.expectRefused(
        await h.send({ payload: 't' }),
        /description: must name a flow value as text in the node's settings \(got 42\)/,
      );
      expect(h.sim.state.todos.size).to.equal(0);
    });

    it('a JSONata expression that does not parse', async () => {
      await h.load({ type: TYPE, description: '$uppercase(', descriptionType: 'jsonata' });
      h.expectRefused(
        await h.send({ payload: 't' }),
        /description: could not read the jsonata value "\$uppercase\(": /,
      );
      expect(h.sim.state.todos.size).to.equal(0);
    });

    it('a dialog priority that is no known name', async () => {
      await h.load({ type: TYPE, priority: 'highest' });
      h.expectRefused(
        await h.send({ payload: 't' }),
        /priority: must be 0, 1, 2 or "normal", "important", "urgent" \(got "highest"\)/,
      );
    });
  });

  it('passes a service error to the Catch node with its msg and code', async () => {
    await h.load({ type: TYPE });
    const outcome = await h.send(messageWith({ payload: { title: 't', deviceId: UNKNOWN_DEVICE } }));
    h.expectServiceError(outcome, {
      pattern: /create to-do failed: HTTP 404: device not found \(code 404\)/,
      code: 404,
    });
    expect(caughtOf(outcome).topic).to.equal('kept topic');
    expect(h.requests).to.have.length(1);
    expect(h.sim.state.todos.size).to.equal(0);
  });
});
