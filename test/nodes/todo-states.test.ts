// Every to-do, whichever way the service lists them: wherever every to-do is needed, the
// nodes ask for pending (status=0) and completed (status=1) to-dos apart and merge them by id, so
// nothing rests on an unfiltered GET /todos holding completed to-dos, which the real service may not do.
// Each test runs against both readings of the simulator's unfiltered list.

import { expect } from 'chai';
import type { RecordedRequest } from '../../dist/simulator/server';
import { Endings, Harness, type Message } from '../reliability/order-support';
import { LIST_READINGS, underEachReading } from '../support/readings';
import { KITCHEN } from '../fixtures/service';

const HOUR_IN_SECONDS = 3600;

const isList = (request: RecordedRequest) => request.method === 'GET' && request.path === '/open/v1/todos';
const listQueries = (h: Harness) => h.requests.filter(isList).map((request) => request.query);

describe('to-dos in both states', function () {
  this.timeout(20_000);
  const h = Harness.forSuite();
  let endings: Endings | undefined;

  afterEach(() => {
    endings?.detach();
    endings = undefined;
  });

  async function load(node: Record<string, unknown> & { type: string }): Promise<Endings> {
    await h.load(node);
    endings = new Endings(h, ['subject']);
    return endings;
  }

  async function run(ended: Endings, id: string, msg: Message = {}): Promise<unknown> {
    h.node.receive({ _msgid: id, ...msg });
    await ended.settled([id]);
    return ended.payloadOf(id);
  }

  /** A message into the watch: it asks for a poll and ends, without an error, once the poll is done. */
  async function poll(ended: Endings, id: string): Promise<void> {
    h.node.receive({ _msgid: id });
    await ended.settled([id]);
    expect(ended.completionsOf(id)).to.deep.equal([undefined]);
  }

  underEachReading(
    LIST_READINGS,
    () => h.sim,
    () => {
      it('todo-list without a filter asks for each state and returns the completed to-dos too', async () => {
        const ended = await load({ type: 'device-cloud-todo-list', statusFilter: 'all', deviceId: KITCHEN });
        const pending = h.sim.addTodo({ title: 'Buy milk', deviceId: KITCHEN });
        const done = h.sim.addTodo({ title: 'Fix the lamp', deviceId: KITCHEN, status: 1 });
        const items = (await run(ended, 'list')) as { id: number; completed: boolean }[];
        expect(listQueries(h)).to.deep.equal([
          { status: '0', deviceId: KITCHEN },
          { status: '1', deviceId: KITCHEN },
        ]);
        expect(items.map((item) => [item.id, item.completed])).to.deep.equal([
          [pending.id, false],
          [done.id, true],
        ]);
      });

      it('the watch reports a to-do completed between two polls as completed, never deleted', async () => {
        const ended = await load({ type: 'device-cloud-todo-watch', interval: HOUR_IN_SECONDS });
        const todo = h.sim.addTodo({ title: 'water the plants' });
        const events: Message[] = [];
        h.out.on('input', (msg) => events.push(msg));
        await poll(ended, 'baseline');
        // Completed by another client of the service (the app), between two polls.
        const answer = await fetch(`${h.sim.url}/open/v1/todos/${todo.id}/complete`, {
          method: 'PUT',
          headers: { 'x-api-key': h.sim.apiKey },
        });
        expect(answer.status).to.equal(200);
        await poll(ended, 'next poll');
        expect(events.map((msg) => [msg.topic, msg.todoId])).to.deep.equal([['completed', todo.id]]);
        expect((events[0].payload as { completed: boolean }).completed).to.equal(true);
        // Each poll (the first one at start, and the two asked for) asks for both states.
        const queries = listQueries(h);
        expect(queries.length % 2).to.equal(0);
        expect(queries.length).to.be.at.least(4);
        queries.forEach((query, index) => expect(query).to.deep.equal({ status: String(index % 2) }));
      });

      // Reopen looks among the completed first, then confirms among the pending; complete looks among the
      // pending first, then among the completed, where it finds the to-do already done.
      for (const [action, after, queries] of [
        ['reopen', 0, ['1', '0']],
        ['complete', 1, ['0', '1']],
      ] as const) {
        it(`${action} finds a completed to-do among the completed ones`, async () => {
          const ended = await load({ type: 'device-cloud-todo-complete', action });
          const todo = h.sim.addTodo({ title: 'Fix the lamp', status: 1 });
          const state = await run(ended, action, { todoId: todo.id });
          expect(state).to.deep.equal({ id: todo.id, status: after, completed: after === 1 });
          expect(h.sim.state.todos.get(todo.id)?.status).to.equal(after);
          expect(listQueries(h)).to.deep.equal(queries.map((status) => ({ status })));
          expect(h.requests.filter((request) => request.method === 'PUT')).to.have.length(action === 'reopen' ? 1 : 0);
        });
      }
    },
  );
});
