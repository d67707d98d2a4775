import { expect } from 'chai';
import { Harness, outputOf, caughtOf } from '../support/harness';
import { expectKept, servicePath } from '../support/expectations';
import { messageWith, valueSources, fromFunctionNode } from '../fixtures/messages';
import { sendFromSource } from '../support/harness';
import type { NodeMessage } from '../support/node-red';

const TYPE = 'device-cloud-todo-update';

describe(TYPE, function () {
  const h = Harness.forSuite();

  beforeEach(() => {
    h.sim.addTodo({ title: 'Buy milk' });
    h.sim.addTodo({ title: 'Fix the lamp', status: 1, priority: 1 });
  });

  it('sends PUT /todos/{id} with the fields of msg.payload and puts the updated to-do in msg.payload', async () => {
    await h.load({ type: TYPE, todoId: '', todoIdType: 'str' });
    const payload = {
      title: 'Buy oat milk',
      description: 'the barista one',
      dueDate: '2026-03-01',
      dueTime: '09:15',
      priority: 'urgent',
    };
    const output = outputOf(await h.send(messageWith({ todoId: 1, payload })));

    h.expectRequest(h.onlyRequest(), { method: 'PUT', path: '/open/v1/todos/1', body: { ...payload, priority: 2 } });
    expect(output.payload).to.deep.equal({ id: 1, title: 'Buy oat milk', status: 0, priority: 2 });
    expect(h.sim.state.todos.get(1)).to.include({ ...payload, priority: 2 });
    expectKept(output);
    h.expectSuccessStatus();
  });

  it('takes the id from msg.payload.id and does not send it in the body', async () => {
    await h.load({ type: TYPE });
    const output = outputOf(await h.send({ payload: { id: 2, title: 'Fix the hall lamp' } }));
    h.expectRequest(h.onlyRequest(), { method: 'PUT', path: '/open/v1/todos/2', body: { title: 'Fix the hall lamp' } });
    expect(output.payload).to.deep.equal({ id: 2, title: 'Fix the hall lamp', status: 1, priority: 1 });
  });

  it('takes a payload a function node built (another realm)', async () => {
    await h.load({ type: TYPE });
    await h.send({ payload: fromFunctionNode('{ id: 1, title: "From a function", priority: 1 }') });
    h.expectRequest(h.onlyRequest(), {
      method: 'PUT',
      path: '/open/v1/todos/1',
      body: { title: 'From a function', priority: 1 },
    });
  });

  it('takes msg.todoId over msg.payload.id', async () => {
    await h.load({ type: TYPE });
    await h.send({ todoId: 2, payload: { id: 1, priority: 0 } });
    expect(servicePath(h.onlyRequest())).to.equal('/open/v1/todos/2');
    expect(h.requests[0].body).to.deep.equal({ priority: 0 });
  });

  it('accepts the id as a numeric string', async () => {
    await h.load({ type: TYPE });
    await h.send({ todoId: '2', payload: { description: '' } });
    h.expectRequest(h.onlyRequest(), { method: 'PUT', path: '/open/v1/todos/2', body: { description: '' } });
  });

  it('sends one field alone', async () => {
    await h.load({ type: TYPE });
    await h.send({ todoId: 1, payload: { dueTime: '23:59' } });
    expect(h.onlyRequest().body).to.deep.equal({ dueTime: '23:59' });
    expect(h.sim.state.todos.get(1)?.dueTime).to.equal('23:59');
  });

  it('sends a title of 12,000 characters, and refuses a body over 1 MB of JSON without a request', async () => {
    await h.load({ type: TYPE });
    const title = '长'.repeat(12_000);
    outputOf(await h.send({ todoId: 1, payload: { title } }));
    h.expectRequest(h.onlyRequest(), { method: 'PUT', path: '/open/v1/todos/1', body: { title } });
    expect(h.sim.state.todos.get(1)?.title).to.equal(title);
    h.sim.clearRequests();
    h.expectRefused(
      await h.send({ todoId: 1, payload: { description: '长'.repeat(350_000) } }),
      /payload: makes a request body of 1050018 bytes of JSON; at most 1048576 bytes \(1 MB\)/,
    );
  });

  it('splits a due moment into dueDate and dueTime', async () => {
    await h.load({ type: TYPE });
    await h.send({ todoId: 1, payload: { due: '2026-07-04T08:00' } });
    expect(h.onlyRequest().body).to.deep.equal({ dueDate: '2026-07-04', dueTime: '08:00' });
  });

  describe('where the id comes from', () => {
    for (const source of valueSources('todoId', { dialog: 2, message: 1 })) {
      it(source.name, async () => {
        await h.load({ type: TYPE, ...source.config });
        await sendFromSource(h, source, { payload: { priority: 2 } });
        expect(servicePath(h.onlyRequest())).to.equal(`/open/v1/todos/${source.wins === 'dialog' ? 2 : 1}`);
      });
    }
  });

  describe('refuses, with one error and no request', () => {
    const cases: [string, NodeMessage, RegExp][] = [
      [
        'a status field, pointing to the complete node',
        { todoId: 1, payload: { status: 1 } },
        /status: cannot be changed by an update; use the device-cloud-todo-complete node/,
      ],
      [
        'a status field among others',
        { todoId: 1, payload: { title: 't', status: 0 } },
        /status: cannot be changed by an update; use the device-cloud-todo-complete node/,
      ],
      ['no id anywhere', { payload: { title: 't' } }, /todoId: is required: set msg.todoId, or msg.payload.id/],
      ['id 0', { todoId: 0, payload: { title: 't' } }, /todoId: must be a positive whole number \(got 0\)/],
      ['a negative id', { todoId: -3, payload: { title: 't' } }, /todoId: must be a positive whole number/],
      ['a fractional id', { todoId: 1.5, payload: { title: 't' } }, /todoId: must be a positive whole number/],
      [
        'an id in words',
        { todoId: 'first', payload: { title: 't' } },
        /todoId: must be a positive whole number \(got "first"\)/,
      ],
      [
        'an id in msg.payload.id that is no number',
        { payload: { id: 'x', title: 't' } },
        /todoId: must be a positive whole number/,
      ],
      ['a string payload', { todoId: 1, payload: 'new title' }, /payload: must be an object with the fields to change/],
      ['no payload', { todoId: 1 }, /payload: must be an object with the fields to change/],
      ['nothing to change', { todoId: 1, payload: {} }, /payload: must hold at least one field to change/],
      ['only the id', { payload: { id: 1 } }, /payload: must hold at least one field to change/],
      ['an unknown field', { todoId: 1, payload: { colour: 'red' } }, /payload\.colour: is not a known field/],
      [
        'a __proto__ key',
        { todoId: 1, payload: JSON.parse('{"title":"t","__proto__":{"x":1}}') },
        /payload\.__proto__: is not allowed/,
      ],
      ['an empty title', { todoId: 1, payload: { title: '' } }, /title: must not be empty/],
      ['a blank title', { todoId: 1, payload: { title: '  ' } }, /title: must not be empty or blank/],
      [
        'a date that does not exist',
        { todoId: 1, payload: { dueDate: '2026-02-30' } },
        /dueDate: must be a date written yyyy-MM-dd that exists/,
      ],
      [
        'a time that does not exist',
        { todoId: 1, payload: { dueTime: '25:00' } },
        /dueTime: must be a time written HH:mm/,
      ],
      [
        'a priority out of range',
        { todoId: 1, payload: { priority: 5 } },
        /priority: must be 0, 1, 2 or "normal", "important", "urgent"/,
      ],
      [
        'a weekday out of range',
        { todoId: 1, payload: { repeatWeekday: 9 } },
        /repeatWeekday: must be a whole number from 0 to 6/,
      ],
      [
        'a weekday with a daily repeat',
        { todoId: 1, payload: { repeatType: 'daily', repeatWeekday: 2 } },
        /repeatWeekday: goes with repeatType weekly, not daily/,
      ],
    ];
    for (const [what, msg, pattern] of cases) {
      it(what, async () => {
        await h.load({ type: TYPE });
        h.expectRefused(await h.send(msg), pattern);
        expect(h.sim.state.todos.get(1)?.title).to.equal('Buy milk');
      });
    }

    it('a dialog id that is no number', async () => {
      await h.load({ type: TYPE, todoId: 'abc', todoIdType: 'str' });
      h.expectRefused(
        await h.send({ todoId: 1, payload: { title: 't' } }),
        /todoId: must be a positive whole number \(got "abc"\)/,
      );
    });
  });

  it('passes a service error (an id that does not exist) to the Catch node with its msg and code', async () => {
    await h.load({ type: TYPE });
    const outcome = await h.send(messageWith({ todoId: 99, payload: { title: 't' } }));
    h.expectServiceError(outcome, {
      pattern: /update to-do failed: HTTP 404: todo not found \(code 404\)/,
      code: 404,
    });
    expect(caughtOf(outcome).payload).to.deep.equal({ title: 't' });
    expect(h.requests).to.have.length(1);
  });
});
