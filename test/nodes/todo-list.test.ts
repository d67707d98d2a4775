import { expect } from 'chai';
import { Harness, outputOf, caughtOf } from '../support/harness';
import { KITCHEN, HALLWAY } from '../fixtures/service';
import { expectKept } from '../support/expectations';
import { messageWith, valueSources } from '../fixtures/messages';
import { sendFromSource } from '../support/harness';
import type { SimTodo } from '../../dist/simulator/server';
import type { TodoListItem } from '../../dist/lib';
import type { NodeMessage } from '../support/node-red';
import { LIST_READINGS, underEachReading } from '../support/readings';

const TYPE = 'device-cloud-todo-list';

describe(TYPE, function () {
  const h = Harness.forSuite();
  let todos: SimTodo[];

  beforeEach(() => {
    todos = [
      h.sim.addTodo({ title: 'Buy milk', deviceId: KITCHEN, dueDate: '2026-12-24', dueTime: '18:30', priority: 2 }),
      h.sim.addTodo({ title: 'Fix the lamp', deviceId: HALLWAY, status: 1, description: 'bulb' }),
      h.sim.addTodo({ title: 'Call mum', repeatType: 'weekly', repeatWeekday: 0 }),
    ];
  });

  /** A to-do as GET /todos lists it: the repeat fields only when set. */
  function listItem(todo: SimTodo): TodoListItem {
    const deviceName =
      new Map([
        [KITCHEN, 'Kitchen'],
        [HALLWAY, 'Hallway'],
      ]).get(todo.deviceId) ?? '';
    return {
      id: todo.id,
      title: todo.title,
      description: todo.description,
      dueDate: todo.dueDate,
      dueTime: todo.dueTime,
      repeatType: todo.repeatType,
      status: todo.status,
      priority: todo.priority,
      completed: todo.status === 1,
      deviceId: todo.deviceId,
      deviceName,
      createDate: todo.createDate,
      updateDate: todo.updateDate,
      ...(todo.repeatWeekday !== null && { repeatWeekday: todo.repeatWeekday }),
      ...(todo.repeatMonth !== null && { repeatMonth: todo.repeatMonth }),
      ...(todo.repeatDay !== null && { repeatDay: todo.repeatDay }),
    };
  }

  const listedIds = (output: NodeMessage): number[] => (output.payload as TodoListItem[]).map((item) => item.id);
  /** Without a status filter the node asks for each state (status=0, then status=1) and merges the two lists. */
  const bothStates = (filter: Record<string, string> = {}): Record<string, string>[] => [
    { status: '0', ...filter },
    { status: '1', ...filter },
  ];
  const queries = (): Record<string, string>[] => h.requests.map((request) => request.query);

  underEachReading(
    LIST_READINGS,
    () => h.sim,
    () => {
      it('sends GET /todos for each state and puts the list items, pending first, in msg.payload', async () => {
        await h.load({ type: TYPE, statusFilter: '', deviceId: '', deviceIdType: 'str' });
        const output = outputOf(await h.send(messageWith({ payload: 'anything' })));

        expect(h.requests).to.have.length(2);
        bothStates().forEach((query, index) => {
          h.expectRequest(h.requests[index], { method: 'GET', path: '/open/v1/todos', query });
        });
        expect(output.payload).to.deep.equal([todos[0], todos[2], todos[1]].map(listItem));
        expectKept(output);
        h.expectSuccessStatus();
      });

      describe('the status filter', () => {
        const fromMessage: [unknown, string, number[]][] = [
          [0, '0', [1, 3]],
          [1, '1', [2]],
          ['0', '0', [1, 3]],
          ['1', '1', [2]],
          ['pending', '0', [1, 3]],
          ['completed', '1', [2]],
        ];
        for (const [status, sent, ids] of fromMessage) {
          it(`sends status=${sent} for msg.status ${JSON.stringify(status)}`, async () => {
            await h.load({ type: TYPE, statusFilter: '' });
            const output = outputOf(await h.send({ status }));
            h.expectRequest(h.onlyRequest(), { method: 'GET', path: '/open/v1/todos', query: { status: sent } });
            expect(listedIds(output)).to.deep.equal(ids);
          });
        }

        it('takes msg.status when the config has no statusFilter', async () => {
          await h.load({ type: TYPE });
          await h.send({ status: 'completed' });
          expect(h.onlyRequest().query).to.deep.equal({ status: '1' });
        });

        it('takes the dialog statusFilter over msg.status', async () => {
          await h.load({ type: TYPE, statusFilter: 'pending' });
          const output = outputOf(await h.send({ status: 'completed' }));
          expect(h.onlyRequest().query).to.deep.equal({ status: '0' });
          expect(listedIds(output)).to.deep.equal([1, 3]);
        });

        it('lists both states for the dialog "all", whatever msg.status says', async () => {
          await h.load({ type: TYPE, statusFilter: 'all' });
          const output = outputOf(await h.send({ status: 1 }));
          expect(queries()).to.deep.equal(bothStates());
          expect(listedIds(output)).to.deep.equal([1, 3, 2]);
        });

        it('sends the dialog "completed" as status=1', async () => {
          await h.load({ type: TYPE, statusFilter: 'completed' });
          await h.send({});
          expect(h.onlyRequest().query).to.deep.equal({ status: '1' });
        });

        it('refuses a statusFilter that is none of its choices (a hand-edited flow), naming it, with no request', async () => {
          await h.load({ type: TYPE, statusFilter: 'done' });
          const error = caughtOf(await h.send({}));
          expect(error.error.message).to.match(
            /statusFilter: must be all, pending, completed, or empty to take msg.status \(got "done"\)/,
          );
          expect(h.requests).to.have.length(0);
        });

        describe('a flow saved by version 0.1, with the filter in `status`', () => {
          it('keeps its filter', async () => {
            await h.load({ type: TYPE, status: 'pending' });
            const output = outputOf(await h.send({ status: 'completed' }));
            expect(h.onlyRequest().query).to.deep.equal({ status: '0' });
            expect(listedIds(output)).to.deep.equal([1, 3]);
          });

          it('keeps "all"', async () => {
            await h.load({ type: TYPE, status: 'all' });
            await h.send({ status: 1 });
            expect(queries()).to.deep.equal(bothStates());
          });

          it('takes statusFilter over it once both are there', async () => {
            await h.load({ type: TYPE, status: 'pending', statusFilter: 'completed' });
            await h.send({});
            expect(h.onlyRequest().query).to.deep.equal({ status: '1' });
          });

          it('ignores the run-time status object the editor saved over it, and takes msg.status', async () => {
            await h.load({ type: TYPE, status: { text: '3 to-dos', fill: 'green', shape: 'dot' } });
            const output = outputOf(await h.send({ status: 'completed' }));
            expect(listedIds(output)).to.deep.equal([2]);
            expect(h.onlyRequest().query).to.deep.equal({ status: '1' });
          });
        });
      });

      describe('the device filter', () => {
        it('sends msg.deviceId upper-case with ":" and lists only that device', async () => {
          await h.load({ type: TYPE, statusFilter: '' });
          const output = outputOf(await h.send({ deviceId: 'aa-bb-cc-dd-ee-02' }));
          expect(queries()).to.deep.equal(bothStates({ deviceId: HALLWAY }));
          h.expectRequest(h.requests[1], {
            method: 'GET',
            path: '/open/v1/todos',
            query: bothStates({ deviceId: HALLWAY })[1],
          });
          expect(output.payload).to.deep.equal([listItem(todos[1])]);
        });

        it('combines both filters', async () => {
          await h.load({ type: TYPE, statusFilter: 'pending', deviceId: KITCHEN });
          const output = outputOf(await h.send({}));
          expect(h.onlyRequest().query).to.deep.equal({ status: '0', deviceId: KITCHEN });
          expect(listedIds(output)).to.deep.equal([1]);
        });

        for (const source of valueSources('deviceId', { dialog: 'aa:bb:cc:dd:ee:02', message: KITCHEN })) {
          it(source.name, async () => {
            await h.load({ type: TYPE, statusFilter: '', ...source.config });
            await sendFromSource(h, source, {});
            expect(queries()).to.deep.equal(bothStates({ deviceId: source.wins === 'dialog' ? HALLWAY : KITCHEN }));
          });
        }
      });

      describe('refuses, with one error and no request', () => {
        const cases: [string, NodeMessage, RegExp][] = [
          [
            'a status that is neither 0/1 nor pending/completed',
            { status: 'done' },
            /status: must be 0 or "pending", 1 or "completed" \(got "done"\)/,
          ],
          ['status 2', { status: 2 }, /status: must be 0 or "pending", 1 or "completed" \(got 2\)/],
          [
            'a device that is no MAC address',
            { deviceId: 'kitchen' },
            /deviceId: must be a MAC address of six hex pairs/,
          ],
          ['a MAC address of seven pairs', { deviceId: 'AA:BB:CC:DD:EE:01:02' }, /deviceId: must be a MAC address/],
        ];
        for (const [what, msg, pattern] of cases) {
          it(what, async () => {
            await h.load({ type: TYPE, statusFilter: '' });
            h.expectRefused(await h.send(msg), pattern);
          });
        }
      });

      it('passes a service error to the Catch node with its msg and code', async () => {
        h.sim.misbehave({ kind: 'code', method: 'GET', path: '/todos', code: 1001, msg: 'list unavailable' });
        await h.load({ type: TYPE });
        const outcome = await h.send(messageWith({ payload: 'kept' }));
        h.expectServiceError(outcome, { pattern: /list to-dos failed: list unavailable \(code 1001\)/, code: 1001 });
        expect(caughtOf(outcome).payload).to.equal('kept');
        expect(h.requests).to.have.length(1);
      });
    },
  );
});
