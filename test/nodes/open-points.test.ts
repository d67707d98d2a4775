// Where the specification leaves the service open, the nodes stay right under every reading: each test
// runs once per combination of the simulator's switches (an update that applies or ignores repeat and
// device fields, a complete call that toggles or only marks, errors as HTTP 4xx or as HTTP 200 with a
// code, an update that ignores or applies status). A change the service did not make never passes as
// a success: it ends at the Catch node naming the field or the state, with the to-do in msg.todo.

import { expect } from 'chai';
import type { ServiceReadings } from '../../dist/simulator/server';
import { messageWith } from '../fixtures/messages';
import { HALLWAY, KITCHEN, UNKNOWN_DEVICE } from '../fixtures/service';
import { expectKept } from '../support/expectations';
import { caughtOf, Harness, outputOf, type NodeConfig } from '../support/harness';
import type { CaughtMessage, NodeMessage } from '../support/node-red';
import { everyCombination, OPEN_POINTS, underEachReading, type Reading } from '../support/readings';

const PENDING = 1;
const COMPLETED = 2;

describe('the open points of the service, under every combination of readings', function () {
  const h = Harness.forSuite();

  beforeEach(() => {
    h.sim.addTodo({ id: PENDING, title: 'Water the plants', deviceId: KITCHEN });
    h.sim.addTodo({ id: COMPLETED, title: 'Fix the lamp', status: 1 });
  });

  const lines = () => h.requests.map((request) => `${request.method} ${request.path}`);
  const todo = (id: number) => h.sim.state.todos.get(id);
  const listQuery = (status: 0 | 1) => `GET /open/v1/todos?status=${status}`;
  const linesWithQueries = () =>
    h.requests.map(({ method, path, query }) => `${method} ${path}${query.status ? `?status=${query.status}` : ''}`);

  /** The Catch node's message for a change not made: the error names it, and msg.todo is the to-do as listed. */
  function expectUnconfirmed(caught: CaughtMessage, pattern: RegExp, listed: Record<string, unknown>): void {
    expect(caught.error.message).to.match(pattern);
    expect(caught.error.code, 'no service code: the service said success').to.equal(undefined);
    expect(caught.todo, 'msg.todo').to.deep.include(listed);
    expect(h.lastStatus).to.include({ fill: 'red', shape: 'ring' });
    // The test runtime has no catalogs loaded: the status is the key of "not done: <field>".
    expect(h.lastStatus?.text).to.equal('@device-cloud/node-red-device-cloud/device-cloud:common.error.unconfirmed');
  }

  underEachReading(
    everyCombination(OPEN_POINTS),
    () => h.sim,
    ({ readings }: Reading) => {
      const is = (key: keyof ServiceReadings) => readings[key] === true;

      describe('device-cloud-todo-update', () => {
        const TYPE = 'device-cloud-todo-update';
        const moved = { deviceId: HALLWAY, repeatType: 'weekly', repeatWeekday: 3 };

        it('an update of repeat and device fields: confirmed by one read, or an error naming each field', async () => {
          await h.load({ type: TYPE });
          const outcome = await h.send(
            messageWith({ todoId: PENDING, payload: { title: 'Water the herbs', ...moved } }),
          );
          expect(linesWithQueries()).to.deep.equal([`PUT /open/v1/todos/${PENDING}`, listQuery(0)]);
          expect(h.requests[0].body).to.deep.equal({ title: 'Water the herbs', ...moved });
          if (!is('updateIgnoresUncertainFields')) {
            const output = outputOf(outcome);
            expect(output.payload).to.deep.equal({ id: PENDING, title: 'Water the herbs', status: 0, priority: 0 });
            expect(todo(PENDING)).to.include({ title: 'Water the herbs', ...moved });
            expectKept(output);
            h.expectSuccessStatus();
            return;
          }
          const caught = caughtOf(outcome);
          expectUnconfirmed(
            caught,
            new RegExp(
              `update to-do ${PENDING} not applied: repeatType sent "weekly", the service lists "none"; ` +
                'repeatWeekday sent 3, the service lists none; ' +
                `deviceId sent "${HALLWAY}", the service lists "${KITCHEN}"\\. The service answered success`,
            ),
            { id: PENDING, title: 'Water the herbs', deviceId: KITCHEN, repeatType: 'none' },
          );
          expect(caught.topic, 'the message travels to the Catch node').to.equal('kept topic');
          expect(todo(PENDING)).to.include({ title: 'Water the herbs', deviceId: KITCHEN, repeatType: 'none' });
        });

        it('a to-do made personal: confirmed, or an error saying it is still on its device', async () => {
          await h.load({ type: TYPE });
          const outcome = await h.send({ todoId: PENDING, payload: { deviceId: '' } });
          if (!is('updateIgnoresUncertainFields')) {
            outputOf(outcome);
            expect(todo(PENDING)?.deviceId).to.equal('');
            return;
          }
          expectUnconfirmed(
            caughtOf(outcome),
            new RegExp(`deviceId sent none \\(a personal to-do\\), the service lists "${KITCHEN}"`),
            { id: PENDING, deviceId: KITCHEN },
          );
        });

        it('an update of a completed to-do looks for it among the completed first', async () => {
          await h.load({ type: TYPE });
          const outcome = await h.send({ todoId: COMPLETED, payload: { repeatType: 'daily' } });
          expect(linesWithQueries()).to.deep.equal([`PUT /open/v1/todos/${COMPLETED}`, listQuery(1)]);
          if (is('updateIgnoresUncertainFields')) caughtOf(outcome);
          else expect(outputOf(outcome).payload).to.include({ id: COMPLETED, status: 1 });
        });

        it('an update of the fields every service takes: one request, no read', async () => {
          await h.load({ type: TYPE });
          const fields = { title: 'Water the herbs', description: 'twice', dueDate: '2026-05-01', priority: 2 };
          const output = outputOf(await h.send({ todoId: PENDING, payload: fields }));
          expect(lines()).to.deep.equal([`PUT /open/v1/todos/${PENDING}`]);
          expect(output.payload).to.deep.equal({ id: PENDING, title: 'Water the herbs', status: 0, priority: 2 });
          expect(todo(PENDING)).to.include(fields);
        });

        it('a status in msg.payload is still refused, pointing to the complete node', async () => {
          await h.load({ type: TYPE });
          h.expectRefused(
            await h.send({ todoId: COMPLETED, payload: { status: 0 } }),
            /status: cannot be changed by an update; use the device-cloud-todo-complete node/,
          );
          expect(todo(COMPLETED)?.status).to.equal(1);
        });
      });

      describe('device-cloud-todo-complete', () => {
        const TYPE = 'device-cloud-todo-complete';
        const complete = `PUT /open/v1/todos/${PENDING}/complete`;

        it('complete on a pending to-do: read, PUT .../complete, read to confirm; ends completed', async () => {
          await h.load({ type: TYPE, action: 'complete' });
          const output = outputOf(await h.send(messageWith({ todoId: PENDING })));
          expect(linesWithQueries()).to.deep.equal([listQuery(0), complete, listQuery(1)]);
          expect(output.payload).to.deep.equal({ id: PENDING, status: 1, completed: true });
          expect(todo(PENDING)?.status).to.equal(1);
          expectKept(output);
        });

        it('complete sent again (a retry) finds the to-do done and sends nothing: it is never toggled back', async () => {
          await h.load({ type: TYPE, action: 'complete' });
          outputOf(await h.send({ todoId: PENDING }));
          h.sim.clearRequests();
          const output = outputOf(await h.send({ todoId: PENDING }));
          expect(linesWithQueries()).to.deep.equal([listQuery(0), listQuery(1)]);
          expect(output.payload).to.deep.equal({ id: PENDING, status: 1, completed: true });
          expect(todo(PENDING)?.status).to.equal(1);
        });

        it('reopen on a pending to-do sends nothing', async () => {
          await h.load({ type: TYPE, action: 'reopen' });
          const output = outputOf(await h.send({ todoId: PENDING }));
          expect(linesWithQueries()).to.deep.equal([listQuery(1), listQuery(0)]);
          expect(output.payload).to.deep.equal({ id: PENDING, status: 0, completed: false });
        });

        for (const action of ['reopen', 'toggle']) {
          it(`${action} on a completed to-do: reopened by the complete call, else by an update with status 0, else an error`, async () => {
            await h.load({ type: TYPE, action });
            const outcome = await h.send(messageWith({ todoId: COMPLETED }));
            const lookUp = action === 'reopen' ? [listQuery(1)] : [listQuery(0), listQuery(1)];
            const call = `PUT /open/v1/todos/${COMPLETED}/complete`;
            if (!is('completeOnlyMarks')) {
              expect(linesWithQueries()).to.deep.equal([...lookUp, call, listQuery(0)]);
              expect(outputOf(outcome).payload).to.deep.equal({ id: COMPLETED, status: 0, completed: false });
              expect(todo(COMPLETED)?.status).to.equal(0);
              return;
            }
            // The confirming read finds it still completed; the update carrying status 0 is the last resort.
            const update = `PUT /open/v1/todos/${COMPLETED}`;
            expect(linesWithQueries()).to.deep.equal([...lookUp, call, listQuery(0), listQuery(1), update]);
            expect(h.requests[h.requests.length - 1].body).to.deep.equal({ status: 0 });
            if (is('updateAppliesStatus')) {
              const output = outputOf(outcome);
              expect(output.payload).to.deep.equal({ id: COMPLETED, status: 0, completed: false });
              expect(todo(COMPLETED)?.status).to.equal(0);
              expectKept(output);
              return;
            }
            expectUnconfirmed(
              caughtOf(outcome),
              new RegExp(
                `reopen to-do ${COMPLETED} not done: wanted status 0 \\(pending\\), the service lists 1 \\(completed\\) ` +
                  `after PUT /todos/${COMPLETED}/complete and an update carrying status 0\\.`,
              ),
              { id: COMPLETED, status: 1, completed: true, title: 'Fix the lamp' },
            );
            expect(todo(COMPLETED)?.status).to.equal(1);
          });
        }
      });

      describe("each node's service error reaches the Catch node with the service's msg and code", () => {
        const cases: [string, NodeConfig, NodeMessage, RegExp, number][] = [
          [
            'todo-update',
            { type: 'device-cloud-todo-update' },
            { todoId: 99, payload: { title: 'x' } },
            /update to-do failed: (HTTP 404: )?todo not found \(code 404\)$/,
            404,
          ],
          [
            'todo-update with a repeat field',
            { type: 'device-cloud-todo-update' },
            { todoId: 99, payload: { repeatType: 'daily' } },
            /update to-do failed: (HTTP 404: )?todo not found \(code 404\)$/,
            404,
          ],
          [
            'todo-create',
            { type: 'device-cloud-todo-create' },
            { payload: { title: 'x', deviceId: UNKNOWN_DEVICE } },
            /create to-do failed: (HTTP 404: )?device not found \(code 404\)$/,
            404,
          ],
          [
            'todo-delete',
            { type: 'device-cloud-todo-delete' },
            { todoId: 99 },
            /delete to-do failed: (HTTP 404: )?todo not found \(code 404\)$/,
            404,
          ],
          [
            'sync-interval',
            { type: 'device-cloud-sync-interval', deviceId: UNKNOWN_DEVICE },
            { payload: 30 },
            /set sync interval failed: (HTTP 404: )?device not found \(code 404\)$/,
            404,
          ],
          [
            'display-text',
            { type: 'device-cloud-display-text', deviceId: UNKNOWN_DEVICE, pageId: '2' },
            { payload: 'hello' },
            /push text failed: (HTTP 404: )?device not found \(code 404\)$/,
            404,
          ],
          [
            'page-delete',
            { type: 'device-cloud-page-delete', deviceId: UNKNOWN_DEVICE, pageId: '2' },
            {},
            /delete page failed: (HTTP 404: )?device not found \(code 404\)$/,
            404,
          ],
        ];
        for (const [name, config, msg, pattern, code] of cases) {
          it(name, async () => {
            await h.load(config);
            const caught = caughtOf(await h.send(messageWith(msg)));
            expect(caught.error.message).to.match(pattern);
            expect(caught.error.message.includes('HTTP 404'), 'the HTTP status named when there is one').to.equal(
              !is('errorsAsHttp200'),
            );
            expect(caught.error.code).to.equal(code);
            expect(caught.topic).to.equal('kept topic');
            expect(h.lastStatus).to.include({ fill: 'red', shape: 'ring' });
          });
        }

        for (const type of ['device-cloud-devices', 'device-cloud-todo-list', 'device-cloud-todo-complete']) {
          it(`${type.replace('device-cloud-', '')} with a key the service refuses`, async () => {
            await h.load({ type, action: 'complete' }, { apiKey: 'not-the-key' });
            const caught = caughtOf(await h.send(messageWith({ todoId: PENDING })));
            expect(caught.error.message).to.match(/failed: (HTTP 401: )?invalid or expired API key \(code 401\)$/);
            expect(caught.error.code).to.equal(401);
            expect(todo(PENDING)?.status).to.equal(0);
          });
        }
      });
    },
  );
});
