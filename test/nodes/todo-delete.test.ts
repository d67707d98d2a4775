import { expect } from 'chai';
import { Harness, outputOf, caughtOf } from '../support/harness';
import { expectKept, servicePath } from '../support/expectations';
import { messageWith, valueSources } from '../fixtures/messages';
import { sendFromSource } from '../support/harness';
import type { NodeMessage } from '../support/node-red';

const TYPE = 'device-cloud-todo-delete';

describe(TYPE, function () {
  const h = Harness.forSuite();

  beforeEach(() => {
    h.sim.addTodo({ id: 3, title: 'Buy milk' });
    h.sim.addTodo({ id: 4, title: 'Fix the lamp', status: 1 });
  });

  it('sends DELETE /todos/{id} and puts {id, deleted: true} in msg.payload', async () => {
    await h.load({ type: TYPE, todoId: '', todoIdType: 'str' });
    const output = outputOf(await h.send(messageWith({ todoId: 3, payload: 'replaced' })));

    h.expectRequest(h.onlyRequest(), { method: 'DELETE', path: '/open/v1/todos/3' });
    expect(output.payload).to.deep.equal({ id: 3, deleted: true });
    expect(h.sim.state.todos.has(3)).to.equal(false);
    expect(h.sim.state.todos.has(4)).to.equal(true);
    expectKept(output);
    h.expectSuccessStatus();
  });

  describe('where the id comes from', () => {
    const messages: [string, NodeMessage][] = [
      ['msg.todoId', { todoId: 4, payload: 3 }],
      ['msg.todoId as a numeric string', { todoId: '4' }],
      ['msg.payload as a number', { payload: 4 }],
      ['msg.payload as a numeric string', { payload: '4' }],
      ['msg.payload.id (a list item)', { payload: { id: 4, title: 'Fix the lamp', completed: true } }],
    ];
    for (const [where, msg] of messages) {
      it(`from ${where}`, async () => {
        await h.load({ type: TYPE });
        const output = outputOf(await h.send(msg));
        h.expectRequest(h.onlyRequest(), { method: 'DELETE', path: '/open/v1/todos/4' });
        expect(output.payload).to.deep.equal({ id: 4, deleted: true });
        expect(h.sim.state.todos.has(4)).to.equal(false);
      });
    }

    for (const source of valueSources('todoId', { dialog: 4, message: 3 })) {
      it(source.name, async () => {
        await h.load({ type: TYPE, ...source.config });
        await sendFromSource(h, source, {});
        expect(servicePath(h.onlyRequest())).to.equal(`/open/v1/todos/${source.wins === 'dialog' ? 4 : 3}`);
      });
    }
  });

  describe('refuses, with one error and no request', () => {
    const cases: [string, NodeMessage, RegExp][] = [
      ['no id anywhere', {}, /todoId: is required: set msg.todoId, or msg.payload.id/],
      ['an empty msg.todoId', { todoId: '' }, /todoId: is required/],
      ['id 0', { todoId: 0 }, /todoId: must be a positive whole number \(got 0\)/],
      ['a negative id', { payload: -4 }, /todoId: must be a positive whole number \(got -4\)/],
      ['a fractional id', { payload: 4.2 }, /todoId: must be a positive whole number/],
      ['an id in words', { todoId: 'four' }, /todoId: must be a positive whole number \(got "four"\)/],
      ['a payload object without an id', { payload: { title: 'Buy milk' } }, /todoId: is required/],
      ['an id that is an object', { todoId: { id: 4 } }, /todoId: must be a positive whole number \(got an object\)/],
    ];
    for (const [what, msg, pattern] of cases) {
      it(what, async () => {
        await h.load({ type: TYPE });
        h.expectRefused(await h.send(msg), pattern);
        expect(h.sim.state.todos.size).to.equal(2);
      });
    }
  });

  it('passes a service error (an id that does not exist) to the Catch node with its msg and code', async () => {
    await h.load({ type: TYPE });
    const outcome = await h.send(messageWith({ todoId: 99 }));
    h.expectServiceError(outcome, {
      pattern: /delete to-do failed: HTTP 404: todo not found \(code 404\)/,
      code: 404,
    });
    expect(caughtOf(outcome).topic).to.equal('kept topic');
    expect(h.requests).to.have.length(1);
    expect(h.sim.state.todos.size).to.equal(2);
  });
});
