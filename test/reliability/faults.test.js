'use strict';
// Every action node against each of the simulator's misbehaviours: each
// message ends in success after retrying or in one clear error, never in two
// outcomes and never stuck (Harness.send rejects on none or two).

const { expect } = require('chai');
const { Harness } = require('../support/harness');
const { FAST_RETRIES, NODE_CASES } = require('./support');

const ACCOUNT = { ...FAST_RETRIES, timeout: '0.3', retries: '3' };

/** Faults a node recovers from when repeating is safe; `effect`: the service did the work before failing. */
const PASSING_FAULTS = [
  { kind: 'status', status: 503 },
  { kind: 'status', status: 500, afterEffect: true },
  { kind: 'status', status: 502, times: 3 },
  { kind: 'status', status: 408 },
  { kind: 'status', status: 425 },
  { kind: 'retry-after', status: 429, retryAfter: '0' },
  { kind: 'retry-after', status: 503, retryAfter: new Date(Date.now() - 60_000).toUTCString() },
  { kind: 'reset' },
  { kind: 'reset', afterEffect: true },
];

const describeFault = (fault) => JSON.stringify(fault);

describe('faults through the nodes', function () {
  this.timeout(20_000);
  let h;

  before(async () => {
    h = await Harness.start();
  });
  after(() => h.stop());
  afterEach(() => h.reset());

  async function run(nodeCase, fault) {
    await h.load({ type: nodeCase.type, ...nodeCase.config }, { account: ACCOUNT });
    const seed = nodeCase.seed ? nodeCase.seed(h.sim) : undefined;
    if (fault) h.sim.misbehave({ ...nodeCase.target, ...fault });
    const outcome = await h.send(nodeCase.message(seed));
    return { seed, outcome, hits: h.requests.filter((request) => request.method === nodeCase.target.method).length };
  }

  for (const nodeCase of NODE_CASES) {
    describe(nodeCase.label ?? nodeCase.type, function () {
      it('works without a fault (one request of its kind)', async () => {
        const { seed, outcome, hits } = await run(nodeCase);
        expect(outcome.error?.error, 'error').to.equal(undefined);
        expect(nodeCase.done(h.sim, seed, outcome.output)).to.equal(true);
        expect(hits).to.equal(1);
      });

      for (const fault of PASSING_FAULTS) {
        const ambiguous = fault.kind !== 'retry-after' || fault.status !== 429;
        if (nodeCase.repeat === 'unsent' && ambiguous) {
          it(`ends in one error after ${describeFault(fault)}, never repeating the create`, async () => {
            const { outcome, hits } = await run(nodeCase, fault);
            expect(outcome.error, 'an error').to.not.equal(undefined);
            expect(outcome.error.error.message).to.match(/not repeated, because the service may have carried it out/);
            expect(hits).to.equal(1);
            expect(h.sim.state.todos.size).to.equal(fault.afterEffect ? 1 : 0);
            expect(h.lastStatus).to.include({ fill: 'red', shape: 'ring' });
          });
          continue;
        }
        it(`succeeds after ${describeFault(fault)}`, async () => {
          const { seed, outcome, hits } = await run(nodeCase, fault);
          expect(outcome.error?.error, 'error').to.equal(undefined);
          expect(nodeCase.done(h.sim, seed, outcome.output)).to.equal(true);
          const failures = fault.times ?? 1;
          if (nodeCase.repeat === 'toggle') {
            // The toggle is repeated only when the read after the failure shows it did not arrive.
            expect(hits).to.equal(fault.afterEffect ? 1 : failures + 1);
          } else {
            expect(hits).to.equal(failures + 1);
          }
          expect(h.lastStatus).to.include({ fill: 'green' });
        });
      }

      it('ends in one error when the answer is not JSON, without repeating', async () => {
        const { outcome, hits } = await run(nodeCase, { kind: 'not-json' });
        expect(outcome.error.error.message).to.match(
          /failed: the answer is not the service's JSON \(HTTP 200, text\/html/,
        );
        expect(hits).to.equal(1);
      });

      it('ends in one error with the service code and message on a non-zero code', async () => {
        const { outcome, hits } = await run(nodeCase, { kind: 'code', code: 1001, msg: 'device offline' });
        expect(outcome.error.error.message).to.match(/failed: device offline \(code 1001\)/);
        expect(outcome.error.error.code).to.equal(1001);
        expect(hits).to.equal(1);
      });

      it('ends in one error on HTTP 400, without repeating', async () => {
        const { outcome, hits } = await run(nodeCase, { kind: 'status', status: 400 });
        expect(outcome.error.error.message).to.match(/failed: HTTP 400: simulated 400 \(code 400\)/);
        expect(hits).to.equal(1);
      });

      it('ends in one error when the service keeps failing, within the retries set', async () => {
        const { outcome, hits } = await run(nodeCase, { kind: 'status', status: 503, times: 50 });
        expect(outcome.error.error.message).to.match(/HTTP 503/);
        if (nodeCase.repeat === 'always') {
          expect(outcome.error.error.message).to.match(/gave up after 4 attempts$/);
          expect(hits).to.equal(4);
        } else {
          expect(hits).to.be.at.most(4);
        }
        if (nodeCase.repeat === 'unsent') expect(h.sim.state.todos.size).to.equal(0);
      });
    });
  }

  describe('a request that gets no answer', function () {
    const byType = (type) => NODE_CASES.find((nodeCase) => nodeCase.type === type);

    it('a read times out, is repeated and succeeds', async () => {
      const { outcome, hits } = await run(byType('device-cloud-devices'), { kind: 'hang' });
      expect(outcome.output.payload).to.have.length(2);
      expect(hits).to.equal(2);
    });

    it('a create that timed out after the service made the to-do ends in one error and one to-do', async () => {
      const { outcome, hits } = await run(byType('device-cloud-todo-create'), { kind: 'hang', afterEffect: true });
      expect(outcome.error.error.message).to.match(
        /^DeviceCloudError: create to-do failed: no answer within 300 ms; not repeated/,
      );
      expect(hits).to.equal(1);
      expect(h.sim.state.todos.size).to.equal(1);
    });

    it('a complete whose toggle timed out after taking effect reads again and does not toggle back', async () => {
      const nodeCase = byType('device-cloud-todo-complete');
      const { seed, outcome, hits } = await run(nodeCase, { kind: 'hang', afterEffect: true });
      expect(outcome.output.payload).to.deep.equal({ id: seed.id, status: 1, completed: true });
      expect(hits).to.equal(1);
      expect(h.sim.state.todos.get(seed.id).status).to.equal(1);
    });
  });

  describe('a create answered with a 5xx after the service made the to-do', function () {
    it('leaves one to-do, not two, and says the create may have happened', async () => {
      const create = NODE_CASES.find((nodeCase) => nodeCase.type === 'device-cloud-todo-create');
      const { outcome } = await run(create, { kind: 'status', status: 503, afterEffect: true, times: 5 });
      expect([...h.sim.state.todos.values()].map((todo) => todo.title)).to.deep.equal(['Buy milk']);
      expect(h.requests.filter((request) => request.method === 'POST')).to.have.length(1);
      expect(outcome.error.error.message).to.equal(
        'DeviceCloudError: create to-do failed: HTTP 503: simulated 503 (code 503); ' +
          'not repeated, because the service may have carried it out: check before sending it again',
      );
      expect(outcome.error.error.code).to.equal(503);
    });

    it('is repeated after a 429, which the service sends before doing anything', async () => {
      const create = NODE_CASES.find((nodeCase) => nodeCase.type === 'device-cloud-todo-create');
      const { outcome, hits } = await run(create, { kind: 'retry-after', status: 429, retryAfter: '0', times: 2 });
      expect(outcome.output.payload).to.include({ title: 'Buy milk', priority: 2 });
      expect(hits).to.equal(3);
      expect(h.sim.state.todos.size).to.equal(1);
    });
  });

  describe('toggle action of the complete node after an ambiguous failure', function () {
    it('toggles once in all, whatever the failed toggle did', async () => {
      for (const afterEffect of [true, false]) {
        await h.load({ type: 'device-cloud-todo-complete', action: 'toggle' }, { account: ACCOUNT });
        const todo = h.sim.addTodo({ title: 'toggle me', status: 1 });
        h.sim.misbehave({ kind: 'reset', method: 'PUT', afterEffect });
        const { output } = await h.send({ todoId: todo.id });
        expect(output.payload, `afterEffect ${afterEffect}`).to.deep.equal({
          id: todo.id,
          status: 0,
          completed: false,
        });
        expect(h.sim.state.todos.get(todo.id).status).to.equal(0);
        await h.reset();
      }
    });
  });
});
