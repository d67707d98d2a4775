import { expect } from 'chai';
import { Harness, outputOf, caughtOf } from '../support/harness';
import { expectKept, servicePath } from '../support/expectations';
import { messageWith, valueSources } from '../fixtures/messages';
import { sendFromSource } from '../support/harness';
import type { NodeMessage } from '../support/node-red';
import { LIST_READINGS, underEachReading } from '../support/readings';

const TYPE = 'device-cloud-todo-complete';
const PENDING = 1;
const COMPLETED = 2;

describe(TYPE, function () {
  const h = Harness.forSuite();

  beforeEach(() => {
    h.sim.addTodo({ id: PENDING, title: 'Buy milk', status: 0 });
    h.sim.addTodo({ id: COMPLETED, title: 'Fix the lamp', status: 1 });
  });

  const requestLines = () => h.requests.map((request) => `${request.method} ${servicePath(request)}`);
  const statusOf = (id: number) => h.sim.state.todos.get(id)?.status;

  /**
   * The look-up before the call asks first for the to-dos in the state the to-do must leave (pending for
   * complete and toggle, completed for reopen), then for the others while not found; the call carries no
   * body; the look-up after it asks first for the state wanted.
   */
  function expectedRequests(action: string, id: number, calls: boolean): [string, Record<string, string>][] {
    const first = action === 'reopen' ? '1' : '0';
    const before = (id === COMPLETED) === (first === '1') ? [first] : [first, first === '0' ? '1' : '0'];
    const list = (status: string): [string, Record<string, string>] => ['GET /open/v1/todos', { status }];
    if (!calls) return before.map(list);
    const wanted = id === COMPLETED ? '0' : '1';
    return [...before.map(list), [`PUT /open/v1/todos/${id}/complete`, {}], list(wanted)];
  }

  function expectRequests(expected: [string, Record<string, string>][]): void {
    expect(requestLines()).to.deep.equal(expected.map(([line]) => line));
    expected.forEach(([line, query], index) => {
      const [method, path] = line.split(' ');
      h.expectRequest(h.requests[index], { method, path, query });
    });
  }

  underEachReading(
    LIST_READINGS,
    () => h.sim,
    () => {
      const transitions: [string, number, boolean, 0 | 1][] = [
        // action, to-do, whether the service must be called, the state after
        ['complete', PENDING, true, 1],
        ['complete', COMPLETED, false, 1],
        ['reopen', COMPLETED, true, 0],
        ['reopen', PENDING, false, 0],
        ['toggle', PENDING, true, 1],
        ['toggle', COMPLETED, true, 0],
      ];
      for (const [action, id, calls, after] of transitions) {
        const was = id === PENDING ? 'pending' : 'completed';
        const does = calls ? 'reads, PUT .../complete, reads again to confirm' : 'reads only';
        it(`${action} on a ${was} to-do: ${does}; ends with status ${after}`, async () => {
          await h.load({ type: TYPE, action, todoId: '', todoIdType: 'str' });
          const output = outputOf(await h.send(messageWith({ todoId: id })));

          expectRequests(expectedRequests(action, id, calls));
          expect(output.payload).to.deep.equal({ id, status: after, completed: after === 1 });
          expect(statusOf(id)).to.equal(after);
          expectKept(output);
          h.expectSuccessStatus();
        });
      }

      describe('which action', () => {
        it('completes when the config has no action and the message none', async () => {
          await h.load({ type: TYPE });
          const output = outputOf(await h.send({ todoId: PENDING }));
          expect(output.payload).to.deep.equal({ id: PENDING, status: 1, completed: true });
          expect(statusOf(PENDING)).to.equal(1);
        });

        it('takes msg.action when the dialog action is empty', async () => {
          await h.load({ type: TYPE, action: '' });
          const output = outputOf(await h.send({ todoId: COMPLETED, action: 'reopen' }));
          expect(output.payload).to.deep.equal({ id: COMPLETED, status: 0, completed: false });
        });

        it('takes msg.action when the config has no action', async () => {
          await h.load({ type: TYPE });
          await h.send({ todoId: PENDING, action: 'toggle' });
          expect(statusOf(PENDING)).to.equal(1);
        });

        it('takes the dialog action over msg.action', async () => {
          await h.load({ type: TYPE, action: 'complete' });
          const output = outputOf(await h.send({ todoId: COMPLETED, action: 'reopen' }));
          expectRequests(expectedRequests('complete', COMPLETED, false));
          expect(output.payload).to.deep.equal({ id: COMPLETED, status: 1, completed: true });
        });
      });

      describe('where the id comes from', () => {
        const messages: [string, NodeMessage][] = [
          ['msg.todoId', { todoId: PENDING, payload: COMPLETED }],
          ['msg.payload as a number', { payload: PENDING }],
          ['msg.payload as a numeric string', { payload: String(PENDING) }],
          ['msg.payload.id', { payload: { id: PENDING, title: 'Buy milk' } }],
        ];
        for (const [where, msg] of messages) {
          it(`from ${where}`, async () => {
            await h.load({ type: TYPE, action: 'complete' });
            await h.send(msg);
            expectRequests(expectedRequests('complete', PENDING, true));
          });
        }

        for (const source of valueSources('todoId', { dialog: PENDING, message: COMPLETED })) {
          it(source.name, async () => {
            await h.load({ type: TYPE, action: 'toggle', ...source.config });
            await sendFromSource(h, source, {});
            const id = source.wins === 'dialog' ? PENDING : COMPLETED;
            expectRequests(expectedRequests('toggle', id, true));
          });
        }
      });

      it('reports an id that does not exist once, and sends no PUT', async () => {
        await h.load({ type: TYPE, action: 'toggle' });
        const outcome = await h.send(messageWith({ todoId: 99 }));
        expect(outcome.output).to.equal(undefined);
        expect(caughtOf(outcome).error.message).to.match(/to-do 99 not found/);
        expect(caughtOf(outcome).topic).to.equal('kept topic');
        expect(
          h.requests.every((request) => request.method === 'GET'),
          requestLines().join(', '),
        ).to.equal(true);
        expect(h.requests.length).to.be.at.least(1);
        expect(h.lastStatus).to.include({ fill: 'red', shape: 'ring' });
        expect(statusOf(PENDING)).to.equal(0);
        expect(statusOf(COMPLETED)).to.equal(1);
      });

      describe('refuses, with one error and no request', () => {
        const cases: [string, NodeMessage, RegExp][] = [
          [
            'an unknown action',
            { todoId: PENDING, action: 'finish' },
            /action: must be complete, reopen or toggle \(got "finish"\)/,
          ],
          [
            'an action that is no string',
            { todoId: PENDING, action: true },
            /action: must be complete, reopen or toggle/,
          ],
          ['no id anywhere', {}, /todoId: is required/],
          ['id 0', { todoId: 0 }, /todoId: must be a positive whole number \(got 0\)/],
          ['an id in words', { payload: 'first' }, /todoId: must be a positive whole number \(got "first"\)/],
          ['a negative id in msg.payload.id', { payload: { id: -1 } }, /todoId: must be a positive whole number/],
        ];
        for (const [what, msg, pattern] of cases) {
          it(what, async () => {
            await h.load({ type: TYPE });
            h.expectRefused(await h.send(msg), pattern);
            expect(statusOf(PENDING)).to.equal(0);
          });
        }
      });

      it('passes a service error to the Catch node with its msg and code', async () => {
        h.sim.misbehave({
          kind: 'code',
          method: 'PUT',
          path: `/todos/${PENDING}/complete`,
          code: 2002,
          msg: 'todo locked',
        });
        await h.load({ type: TYPE, action: 'complete' });
        const outcome = await h.send(messageWith({ todoId: PENDING }));
        expect(caughtOf(outcome).error.message).to.match(
          /mark complete \/ incomplete failed: todo locked \(code 2002\)/,
        );
        expect(caughtOf(outcome).error.code).to.equal(2002);
        expect(requestLines()).to.deep.equal(['GET /open/v1/todos', `PUT /open/v1/todos/${PENDING}/complete`]);
        expect(statusOf(PENDING)).to.equal(0);
        expect(h.lastStatus).to.include({ fill: 'red', shape: 'ring' });
      });
    },
  );
});
