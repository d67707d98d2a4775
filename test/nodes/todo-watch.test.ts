// The to-do watch in a real Node-RED runtime against the simulator: what comes
// out when to-dos change through the service's API, what a failed poll does.

import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import { Harness, NODE_ID, ACCOUNT_ID, root, nodeOf } from '../support/harness';
import { NODE_MODULES } from '../support/package-files';
import { runtimeRequire } from '../support/runtime';
import type { FlowNode, NodeMessage, CaughtMessage, TestNode, NodeModule } from '../support/node-red';
import type { LoadOptions } from '../support/harness';
import { until, within } from '../support/until';
import { LIST_READINGS, underEachReading } from '../support/readings';
import type { RecordedRequest } from '../../dist/simulator/server';
import type { TodoCreated, TodoListItem } from '../../dist/lib';
import { dueFields, twoDigits } from '../support/dates';
import { completeNodes } from '../support/flow-fragments';
import { KITCHEN, HALLWAY } from '../fixtures/service';

const MINUTE = 60_000;
/**
 * The status texts as the runtime asks for them; the test helper's RED._ gives
 * keys back untranslated, so the numbers in them are checked in the lib's tests.
 */
const WATCHING = 'device-cloud-todo-watch.status.watching';
const FAILED = 'device-cloud-todo-watch.status.failed';
/** Long enough that no regular poll comes during a test: polls are asked for with messages. */
const HOUR = 3600;

/** A Complete node on the watch: an input message is done when the poll it asked for has ended. */
const COMPLETE: FlowNode[] = completeNodes({ scope: [NODE_ID], heardBy: 'polled' });

/** Waits up to 10 s for `what`. */
const waitFor = (condition: () => boolean, what: string): Promise<void> =>
  until(condition, { what, timeoutMs: 10_000 });

describe('device-cloud-todo-watch', function () {
  const h = Harness.forSuite();
  let outputs: NodeMessage[];
  let caught: CaughtMessage[];

  /** Loads a watch and records what it sends and what a Catch node gets. */
  async function load(config: Record<string, unknown> = {}, options: LoadOptions = {}): Promise<TestNode> {
    await h.load(
      { type: 'device-cloud-todo-watch', interval: HOUR, ...config },
      { ...options, extra: [...COMPLETE, ...(options.extra ?? [])] },
    );
    outputs = [];
    caught = [];
    h.out.on('input', (msg) => outputs.push(msg));
    h.caught.on('input', (msg) => caught.push(msg as CaughtMessage));
    return h.node;
  }

  /** Sends a message in and resolves when the poll it asked for has ended: the Complete node's copy arrives last. */
  function pollNow(msg: NodeMessage = { payload: 'poll' }): Promise<void> {
    const polled = new Promise<void>((resolve) => {
      nodeOf('polled').once('input', () => resolve());
      h.node.receive(msg);
    });
    return within(polled, 'the end of the poll the message asked for', { got: () => topics() });
  }

  function topics(): string[] {
    return outputs.map((msg) => `${String(msg.topic)} ${String(msg.todoId)}`);
  }

  function todoPolls(): RecordedRequest[] {
    // Each poll asks for both states, status=0 and then status=1: its first request stands for it.
    return h.requests.filter(
      (request) => request.method === 'GET' && request.path === '/open/v1/todos' && request.query.status === '0',
    );
  }

  /** A call to the simulator's API, as another client (the app, a device) would make it. */
  async function api(method: string, path: string, body?: Record<string, unknown>): Promise<unknown> {
    const response = await fetch(`${h.sim.url}/open/v1${path}`, {
      method,
      headers: { 'x-api-key': h.sim.apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const envelope = (await response.json()) as { code: number; data?: unknown };
    expect(envelope.code, `${method} ${path}`).to.equal(0);
    return envelope.data;
  }

  underEachReading(
    LIST_READINGS,
    () => h.sim,
    () => {
      describe('baseline', function () {
        it('sends nothing for the to-dos already there, overdue ones included, and shows a green status', async () => {
          h.sim.addTodo({ title: 'water the plants' });
          h.sim.addTodo({ title: 'overdue', ...dueFields(Date.now() - 10 * MINUTE) });
          h.sim.addTodo({ title: 'done', status: 1 });
          await load();
          await pollNow();
          await pollNow();

          expect(outputs).to.deep.equal([]);
          expect(caught).to.deep.equal([]);
          const polls = todoPolls();
          expect(polls.length).to.be.at.least(1);
          for (const request of polls) {
            expect(request.query, 'pending first, no device filter').to.deep.equal({ status: '0' });
            expect(request.headers['x-api-key']).to.equal(h.sim.apiKey);
          }
          expect(h.lastStatus).to.deep.equal({ fill: 'green', shape: 'dot', text: WATCHING });
        });

        it('reports the to-dos already there as created when asked, without due for the overdue one', async () => {
          const first = h.sim.addTodo({ title: 'water the plants' });
          h.sim.addTodo({ title: 'overdue', ...dueFields(Date.now() - 10 * MINUTE) });
          await load({ emitExisting: true });
          await pollNow();
          await pollNow();

          expect(topics()).to.deep.equal([`created ${first.id}`, `created ${first.id + 1}`]);
          expect(outputs[0].payload).to.include({
            id: first.id,
            title: 'water the plants',
            status: 0,
            completed: false,
          });
          expect(outputs[0]).to.not.have.property('previous');
        });
      });

      describe('events', function () {
        it('sends created, updated, completed, reopened and deleted, each once, with the to-do and the version before', async () => {
          const existing = h.sim.addTodo({ title: 'take out the bins', deviceId: KITCHEN });
          await load();
          await pollNow();

          const created = (await api('POST', '/todos', {
            title: 'buy milk',
            priority: 1,
            deviceId: HALLWAY,
          })) as TodoCreated;
          await pollNow();
          await api('PUT', `/todos/${existing.id}`, { title: 'take out the bins tonight' });
          await pollNow();
          await api('PUT', `/todos/${existing.id}/complete`);
          await pollNow();
          await api('PUT', `/todos/${existing.id}/complete`);
          await pollNow();
          await api('DELETE', `/todos/${created.id}`);
          await pollNow();
          await pollNow();

          expect(topics()).to.deep.equal([
            `created ${created.id}`,
            `updated ${existing.id}`,
            `completed ${existing.id}`,
            `reopened ${existing.id}`,
            `deleted ${created.id}`,
          ]);
          const [create, update, complete, reopen, remove] = outputs;
          expect(create.payload).to.include({
            id: created.id,
            title: 'buy milk',
            priority: 1,
            deviceId: HALLWAY,
            deviceName: 'Hallway',
          });
          expect(create).to.not.have.property('previous');
          expect(update.payload).to.have.property('title', 'take out the bins tonight');
          expect(update.previous).to.have.property('title', 'take out the bins');
          expect(complete.payload).to.include({ status: 1, completed: true });
          expect(complete.previous).to.include({ status: 0, completed: false });
          expect(reopen.payload).to.include({ status: 0, completed: false });
          expect(reopen.previous).to.include({ status: 1, completed: true });
          expect(remove.payload).to.include({ id: created.id, title: 'buy milk' });
          expect(remove.previous).to.deep.equal(remove.payload);
          for (const msg of outputs) expect(msg.payload).to.have.property('id', msg.todoId);
        });

        it('sends one completed message when the title changed together with the state', async () => {
          const todo = h.sim.addTodo({ title: 'call mum' });
          await load();
          await pollNow();
          await api('PUT', `/todos/${todo.id}`, { title: 'called mum' });
          await api('PUT', `/todos/${todo.id}/complete`);
          await pollNow();

          expect(topics()).to.deep.equal([`completed ${todo.id}`]);
          expect(outputs[0].payload).to.have.property('title', 'called mum');
          expect(outputs[0].previous).to.have.property('title', 'call mum');
        });

        it('sends copies: a flow that edits a message does not make the next poll see a change', async () => {
          h.sim.addTodo({ title: 'a' });
          await load();
          await pollNow();
          h.sim.addTodo({ title: 'b' });
          await pollNow();
          expect(topics()).to.have.length(1);
          const payload = outputs[0].payload as TodoListItem;
          payload.title = 'changed downstream';
          payload.status = 1;
          await pollNow();
          expect(topics()).to.have.length(1);
        });

        it('watches one device when a device is set, sending deviceId in the query', async () => {
          h.sim.addTodo({ title: 'kitchen', deviceId: KITCHEN });
          await load({ deviceId: 'aa-bb-cc-dd-ee-02', deviceIdType: 'str' });
          await pollNow();
          h.sim.addTodo({ title: 'kitchen again', deviceId: KITCHEN });
          const hallway = h.sim.addTodo({ title: 'hallway', deviceId: HALLWAY });
          await pollNow();

          expect(topics()).to.deep.equal([`created ${hallway.id}`]);
          for (const request of todoPolls()) expect(request.query).to.deep.equal({ status: '0', deviceId: HALLWAY });
        });

        it('polls by itself at the interval, below the dialog minimum in a hand-written flow', async () => {
          await load({ interval: 0.05 });
          await waitFor(() => todoPolls().length >= 1, 'the baseline poll');
          const todo = h.sim.addTodo({ title: 'seen without a message' });
          await waitFor(() => outputs.length > 0, 'a created message');
          expect(topics()).to.deep.equal([`created ${todo.id}`]);
        });
      });

      describe('due', function () {
        it('sends due at once for a to-do that appears already overdue, once', async () => {
          await load();
          await pollNow();
          const todo = h.sim.addTodo({ title: 'pay the bill', ...dueFields(Date.now() - 2 * MINUTE) });
          await pollNow();
          await pollNow();
          await pollNow();

          expect(topics()).to.deep.equal([`created ${todo.id}`, `due ${todo.id}`]);
          expect(outputs[1].payload).to.include({ id: todo.id, title: 'pay the bill', status: 0 });
          expect(outputs[1]).to.not.have.property('previous');
        });

        it('sends no due for a to-do overdue at the baseline, nor for a completed one', async () => {
          h.sim.addTodo({ title: 'overdue', ...dueFields(Date.now() - 2 * MINUTE) });
          await load();
          await pollNow();
          h.sim.addTodo({ title: 'done late', status: 1, ...dueFields(Date.now() - 2 * MINUTE) });
          await pollNow();
          await pollNow();
          expect(outputs.map((msg) => msg.topic)).to.deep.equal(['created']);
        });

        it('sends due again for a new due moment set on the to-do', async () => {
          await load();
          await pollNow();
          const todo = h.sim.addTodo({ title: 'stretch', ...dueFields(Date.now() - 5 * MINUTE) });
          await pollNow();
          await api('PUT', `/todos/${todo.id}`, dueFields(Date.now() - MINUTE));
          await pollNow();
          await pollNow();
          expect(topics()).to.deep.equal([
            `created ${todo.id}`,
            `due ${todo.id}`,
            `updated ${todo.id}`,
            `due ${todo.id}`,
          ]);
        });

        it('sends due when the moment comes, with no message in and an hour between regular polls', async () => {
          // The service keeps minutes; the watch also reads HH:mm:ss, which keeps this wait short.
          const moment = Math.ceil((Date.now() + 2500) / 1000) * 1000;
          const at = new Date(moment);
          const dueTime = `${dueFields(moment).dueTime}:${twoDigits(at.getSeconds())}`;
          const todo = h.sim.addTodo({ title: 'feed the cat', dueDate: dueFields(moment).dueDate, dueTime });
          await load({ interval: HOUR });
          await pollNow();
          expect(outputs).to.deep.equal([]);
          const pollsBefore = todoPolls().length;

          await waitFor(() => outputs.length > 0, 'the due message');
          const arrived = Date.now();
          expect(topics()).to.deep.equal([`due ${todo.id}`]);
          expect(arrived).to.be.at.least(moment);
          expect(todoPolls().length, 'one poll, at the due moment').to.equal(pollsBefore + 1);
        });
      });
    },
  );
  describe('failed polls', function () {
    it('reports a failed poll once to a Catch node, invents nothing, and resumes', async () => {
      const kept = h.sim.addTodo({ title: 'kept' });
      await load({}, { account: { retries: 0 } });
      await pollNow();

      h.sim.misbehave({ kind: 'status', status: 503, method: 'GET', path: '/todos' });
      await pollNow();
      expect(outputs).to.deep.equal([]);
      expect(caught).to.have.length(1);
      expect(caught[0].topic).to.equal('poll-failed');
      expect(caught[0].error.message).to.match(/list to-dos failed: HTTP 503: simulated 503/);
      expect(caught[0].error.source).to.include({ id: NODE_ID, type: 'device-cloud-todo-watch' });
      expect(caught[0].error.message).to.include(caught[0].payload);
      expect(h.lastStatus).to.deep.equal({ fill: 'red', shape: 'ring', text: FAILED });

      h.sim.misbehave({ kind: 'not-json', method: 'GET', path: '/todos' });
      await pollNow();
      h.sim.misbehave({ kind: 'code', code: 1001, msg: 'busy', method: 'GET', path: '/todos' });
      await pollNow();
      expect(outputs).to.deep.equal([]);
      expect(caught).to.have.length(3);
      expect(caught[2].error.code).to.equal(1001);
      expect(caught[2].error.message).to.match(/busy \(code 1001\)/);

      await api('PUT', `/todos/${kept.id}/complete`);
      await pollNow();
      expect(topics()).to.deep.equal([`completed ${kept.id}`]);
      expect(caught).to.have.length(3);
      expect(h.lastStatus).to.include({ fill: 'green', shape: 'dot' });
    });

    it('keeps polling after failures, waiting longer after each one in a row, and sends no false deleted', async () => {
      h.sim.addTodo({ title: 'a' });
      h.sim.addTodo({ title: 'b' });
      await load({ interval: 0.05 }, { account: { retries: 0 } });
      await waitFor(() => h.statuses.some((status) => status.fill === 'green'), 'the baseline');
      h.sim.clearRequests();
      h.sim.misbehave({ kind: 'status', status: 500, method: 'GET', path: '/todos', times: 3 });
      const mark = h.statuses.length;
      const recovered = () => {
        const since = h.statuses.slice(mark);
        const firstRed = since.findIndex((status) => status.fill === 'red');
        return firstRed >= 0 && since.slice(firstRed).some((status) => status.fill === 'green');
      };
      await waitFor(recovered, 'a successful poll after the failures');

      expect(outputs).to.deep.equal([]);
      expect(caught).to.have.length(3);
      for (const msg of caught) expect(msg.error.message).to.match(/HTTP 500/);
      expect(h.lastStatus).to.deep.equal({ fill: 'green', shape: 'dot', text: WATCHING });
      const at = todoPolls().map((request) => request.at);
      // Waits of 2, 4 and 8 intervals after the 1st, 2nd and 3rd failure (less a little for timer granularity).
      expect(at[1] - at[0]).to.be.at.least(2 * 50 - 5);
      expect(at[2] - at[1]).to.be.at.least(4 * 50 - 5);
      expect(at[3] - at[2]).to.be.at.least(8 * 50 - 5);
    });

    it('runs one poll at a time: messages during a poll ask for one more, not one each', async () => {
      await load();
      await pollNow();
      const before = todoPolls().length;
      let done = 0;
      nodeOf('polled').on('input', () => done++);
      for (let i = 0; i < 5; i++) h.node.receive({ payload: i });
      await waitFor(() => done === 5, 'all five messages done');
      expect(todoPolls().length - before).to.equal(2);
    });

    it('reports a missing API key as a failed poll', async () => {
      await load({}, { apiKey: '' });
      await pollNow();
      expect(caught.length).to.be.at.least(1);
      expect(caught[caught.length - 1].error.message).to.match(/apiKey: is missing/);
      expect(todoPolls()).to.have.length(0);
      expect(h.lastStatus).to.include({ fill: 'red', shape: 'ring' });
    });

    it('refuses a bad device filter before any request', async () => {
      await load({ deviceId: 'kitchen', deviceIdType: 'str' });
      await pollNow();
      expect(caught[caught.length - 1].error.message).to.match(/deviceId: must be a MAC address/);
      expect(todoPolls()).to.have.length(0);
    });

    it('without an account, shows it and reports every message to a Catch node', async () => {
      await load({ account: '' });
      const failed = new Promise<CaughtMessage>((resolve) =>
        h.caught.once('input', (msg) => resolve(msg as CaughtMessage)),
      );
      h.node.receive({ payload: 'poll' });
      const msg = await within(failed, 'the error at the Catch node');
      expect(msg.error.message).to.match(/account: no Device Cloud account/);
      expect(h.requests).to.have.length(0);
    });
  });

  describe('lifetime', function () {
    it('keeps its baseline through a deploy of other flows, and starts a new one when restarted', async () => {
      const other = [
        { id: 'other', type: 'tab', label: 'other' },
        { id: 'other-node', z: 'other', type: 'helper', x: 100, y: 100, name: 'v1' },
      ];
      await load({}, { extra: other });
      await pollNow();
      const watch = h.node;
      const flows = h.helper._redNodes.getFlows().flows;
      const credentials = { [ACCOUNT_ID]: { apiKey: h.sim.apiKey } };

      const added = h.sim.addTodo({ title: 'added before the deploy' });
      const changed = flows.map((node) => (node.id === 'other-node' ? { ...node, name: 'v2' } : node));
      await h.helper.setFlows(changed, 'flows', credentials);
      expect(h.helper.getNode(NODE_ID), 'the same watch').to.equal(watch);
      await pollNow();
      expect(topics()).to.deep.equal([`created ${added.id}`]);

      const restarted = changed.map((node) => (node.id === NODE_ID ? { ...node, name: 'renamed' } : node));
      h.sim.addTodo({ title: 'added before the restart' });
      await h.helper.setFlows(restarted, 'nodes', credentials);
      h.node = nodeOf(NODE_ID);
      expect(h.node).to.not.equal(watch);
      await pollNow();
      expect(topics(), 'nothing new from the new baseline').to.deep.equal([`created ${added.id}`]);
    });

    it('abandons a hanging poll on close without reporting an error', async () => {
      await load({}, { account: { retries: 0, timeout: 60 } });
      await pollNow();
      h.sim.misbehave({ kind: 'hang', method: 'GET', path: '/todos' });
      h.node.receive({ payload: 'poll' });
      await waitFor(() => h.requests.some((request) => request.fault === 'hang'), 'the hanging poll');
      const reported: unknown[][] = [];
      h.node.error = (...args: unknown[]) => {
        reported.push(args);
      };
      await h.helper.unload();
      expect(reported).to.deep.equal([]);
      expect(caught).to.deep.equal([]);
    });
  });

  describe('the example flow', function () {
    /** A core node of the Node-RED the suite runs on. */
    function coreNode(file: string): NodeModule {
      return runtimeRequire(`@node-red/nodes/core/${file}`) as NodeModule;
    }

    it('turns the light off for a completed to-do and builds a notification for a due one', async () => {
      const example = JSON.parse(fs.readFileSync(path.join(root, 'examples', 'todo-watch.json'), 'utf8')) as FlowNode[];
      const nodeNamed = (name: string): FlowNode => {
        const found = example.find((node) => node.name === name);
        if (!found) throw new Error(`the example has no node named ${name}`);
        return found;
      };
      const account = example.find((node) => node.type === 'device-cloud-account');
      if (!account) throw new Error('the example has no account');
      expect(account).to.have.property('baseUrl', 'http://127.0.0.1:8080');
      expect(account).to.not.have.property('credentials');
      expect(example.map((node) => node.type)).to.include.members(['comment', 'switch', 'change', 'template', 'debug']);

      const chore = h.sim.addTodo({ title: 'empty the dishwasher', deviceId: KITCHEN });
      const watchId = example.find((node) => node.type === 'device-cloud-todo-watch')?.id;
      if (!watchId) throw new Error('the example has no to-do watch');
      // In the test the account points at the simulator, helper nodes listen where the debug nodes are,
      // and a Complete node tells when a poll asked for has ended.
      const flow: FlowNode[] = [
        { id: 'flow', type: 'tab', label: 'example' },
        ...example.map((node) => {
          if (node.type === 'device-cloud-account') return { ...node, baseUrl: h.sim.url };
          if (node.type === 'debug') return { id: node.id, z: 'flow', type: 'helper', name: node.name };
          return { ...node, z: 'flow' };
        }),
        {
          id: 'watch-complete',
          z: 'flow',
          type: 'complete',
          scope: [watchId],
          uncaught: false,
          wires: [['watch-polled']],
        },
        { id: 'watch-polled', z: 'flow', type: 'helper' },
      ];
      const packageNodes = NODE_MODULES;
      const core = [
        'common/20-inject.js',
        'common/90-comment.js',
        'function/10-switch.js',
        'function/15-change.js',
        'function/80-template.js',
      ];
      await h.helper.load([...packageNodes, ...core.map(coreNode)], flow, { [account.id]: { apiKey: h.sim.apiKey } });
      const watch = nodeOf(watchId);
      const received: { to: string; msg: NodeMessage }[] = [];
      nodeOf(nodeNamed('reminder light').id).on('input', (msg) => received.push({ to: 'light', msg }));
      nodeOf(nodeNamed('notification').id).on('input', (msg) => received.push({ to: 'notification', msg }));
      const poll = (): Promise<void> =>
        within(
          new Promise((resolve) => {
            nodeOf('watch-polled').once('input', () => resolve());
            watch.receive({ payload: 'poll' });
          }),
          'the end of the poll asked for',
        );

      await poll();
      await api('PUT', `/todos/${chore.id}/complete`);
      await poll();
      const reminder = h.sim.addTodo({ title: 'take the pills', deviceId: KITCHEN, ...dueFields(Date.now() - MINUTE) });
      await poll();
      await waitFor(() => received.length >= 2, 'the light and the notification');

      expect(received.map(({ to }) => to)).to.deep.equal(['light', 'notification']);
      expect(received[0].msg).to.include({ topic: 'reminder-light', payload: 'off', todoId: chore.id });
      expect(received[1].msg.payload).to.equal('Due now: take the pills (Kitchen)');
      expect(received[1].msg.todoId).to.equal(reminder.id);
    });
  });
});
