// Redeploy and shutdown with requests queued, in flight and waiting to be
// retried: each message ends once with a clear error, the pool closes, and
// nothing of ours keeps the process alive.

import { expect } from 'chai';
import { EventEmitter } from 'node:events';
import { startSimulator, type Simulator } from '../../dist/simulator/server';
import type { CloseCommand, CloseReport, CloseScenario } from '../fixtures/close-child';
import { FAST_RETRIES } from '../fixtures/service';
import { forkFixture } from '../support/child';
import { Harness } from '../support/harness';
import type { LogEntry } from '../support/node-red';
import { runtimeUtil } from '../support/runtime';
import { openSockets } from '../support/sockets';
import { until, within } from '../support/until';

const { hooks, log } = runtimeUtil();

const CLOSED = 'the node was closed (redeploy or shutdown); request abandoned';

describe('closing with requests under way', function () {
  this.timeout(20_000);

  describe('in this runtime', function () {
    const h = Harness.forSuite();
    let completions: { id: unknown; error: (Error & { kind?: string }) | undefined }[];

    beforeEach(() => {
      completions = [];
      // Node-RED calls onComplete for every done(), with or without an error, even while the flow stops.
      hooks.add('onComplete.closeTest', (event) => {
        if (event.node.id === 'subject') completions.push({ id: event.msg._msgid, error: event.error });
      });
    });
    afterEach(() => {
      hooks.remove('*.closeTest');
    });

    it('ends every queued and in-flight message once with an "aborted" error and closes the pool', async () => {
      const baseline = openSockets();
      await h.load({ type: 'device-cloud-devices' }, { account: { ...FAST_RETRIES, maxInFlight: '2' } });
      const account = h.account;
      const client = account.client();
      h.sim.misbehave({ kind: 'hang', times: 10 });
      const ids = ['a', 'b', 'c', 'd', 'e'];
      for (const id of ids) h.node.receive({ _msgid: id });
      await until(() => h.requests.length === 2 && client.pacing.queued === 3);

      const warnings: string[] = [];
      const logLines = new EventEmitter().on('log', (entry: LogEntry) => {
        if (entry.level === log.WARN && entry.id === 'subject') warnings.push(String(entry.msg));
      });
      log.addHandler(logLines);
      await h.helper.unload();
      log.removeHandler(logLines);

      // Catch nodes stop with the flow, so a warning tells what was abandoned.
      expect(warnings).to.deep.equal([`5 message(s) abandoned: ${CLOSED}`]);
      // The node's close waits for its messages to end, so they have all ended by now.
      expect(completions.map((completion) => completion.id).sort()).to.deep.equal(ids);
      for (const { error } of completions) {
        expect(error).to.be.an('error');
        expect(error?.message).to.equal(CLOSED);
        expect(error?.kind).to.equal('aborted');
      }
      expect(client.closed).to.equal(true);
      expect(client.pacing).to.include({ inFlight: 0, queued: 0 });
      expect(() => account.client()).to.throw(/the account was closed/);
      expect(h.requests).to.have.length(2);
      // Both ends of the two connections close: the pool's, and so the simulator's.
      await until(() => openSockets() === baseline);
    });

    it('ends a message waiting to be retried at once', async () => {
      await h.load({ type: 'device-cloud-devices' }, {});
      h.sim.misbehave({ kind: 'retry-after', status: 503, retryAfter: '8' });
      h.node.receive({ _msgid: 'retrying' });
      await until(() => h.requests.length === 1);
      await h.helper.unload();
      expect(completions).to.have.length(1);
      expect(completions[0].error?.message).to.equal(CLOSED);
      expect(h.requests).to.have.length(1);
    });
  });

  describe('in a process of its own, which must exit by itself afterwards', function () {
    let sim: Simulator;
    before(async () => {
      sim = await startSimulator();
    });
    after(() => sim.close());
    beforeEach(() => sim.reset());

    /**
     * Runs test/fixtures/close-child.ts with a scenario, sending each batch of messages once the
     * condition before it holds; resolves with the child's report once it has exited.
     */
    async function runChild(scenario: CloseScenario, conditions: (() => boolean)[]): Promise<CloseReport> {
      const child = forkFixture('close-child.ts', [sim.url, scenario]);
      const messages: ('ready' | CloseReport)[] = [];
      child.process.on('message', (message: 'ready' | CloseReport) => messages.push(message));
      const send = (command: CloseCommand): boolean => child.process.send(command);
      const report = (): CloseReport | undefined =>
        messages.find((message): message is CloseReport => typeof message === 'object');
      try {
        await until(() => messages.includes('ready'), { what: 'the child to start', timeoutMs: 10_000 });
        for (const [batch, condition] of conditions.entries()) {
          send({ send: batch });
          await until(condition, { what: `the requests of batch ${batch}` });
        }
        send('close');
        await until(() => report() !== undefined, { what: "the child's report" });
        const outcome = await within(child.exited, 'the child to exit by itself', { got: () => child.stderr() });
        expect(outcome, `the child's exit: ${child.stderr()}`).to.deep.equal({ code: 0, signal: null });
        return report() as CloseReport;
      } finally {
        if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill();
      }
    }

    it('with requests in flight, queued and waiting on Retry-After', async () => {
      sim.misbehave({ kind: 'retry-after', method: 'GET', path: '/todos', status: 503, retryAfter: '5' });
      sim.misbehave({ kind: 'hang', method: 'GET', path: '/devices', times: 10 });
      const requestsTo = (path: string) => sim.requests.filter((request) => request.path === path).length;
      const report = await runChild('busy', [
        () => requestsTo('/open/v1/todos') === 1,
        () => requestsTo('/open/v1/devices') === 2,
      ]);
      const byId = Object.fromEntries(report.completions.map((completion) => [completion.id, completion]));
      expect(Object.keys(byId).sort()).to.deep.equal([
        'in-flight-1',
        'in-flight-2',
        'queued-1',
        'queued-2',
        'waiting-retry',
      ]);
      expect(report.completions).to.have.length(5);
      for (const completion of report.completions) expect(completion.error).to.equal(CLOSED);
      expect(report.resources).to.not.include('TCPSocketWrap');
      expect(report.resources).to.not.include('Timeout');
      expect(sim.requests).to.have.length(3);
    });

    it('with a request held back by the minimum spacing', async () => {
      const report = await runChild('spacing', [() => sim.requests.length === 1]);
      expect(report.completions).to.deep.equal([
        { id: 'first', node: 'devices', error: null },
        { id: 'spaced', node: 'devices', error: CLOSED },
      ]);
      expect(report.resources).to.not.include('Timeout');
      expect(sim.requests).to.have.length(1);
    });
  });
});
