/**
 * A fault of the service as a node shows it, once per factory behind the nodes:
 * the action factory, the device-action factory sending to several devices,
 * and the to-do watch. Each message ends once: one error at the Catch node
 * with the client's error and the message's own properties, and a red status.
 * What each fault does to each client operation is in test/client/faults.test.ts.
 */
import { expect } from 'chai';
import { messageWith } from '../fixtures/messages';
import { FAST_RETRIES, HALLWAY, KITCHEN } from '../fixtures/service';
import { expectKept } from '../support/expectations';
import { Harness, NODE_ID, nodeOf } from '../support/harness';
import { sendAndCollect, type MessageResult } from '../support/message-run';
import type { CaughtMessage, FlowNode, NodeMessage } from '../support/node-red';
import { until } from '../support/until';
import { completeNodes } from '../support/flow-fragments';

const ACCOUNT = { ...FAST_RETRIES, retries: '3' };
/** The status texts as the test runtime gives them (it loads no catalog): the keys. */
const CATALOG = '@device-cloud/node-red-device-cloud/device-cloud';
const TODOS = '/open/v1/todos';

/** A Complete node on the node under test: it hears of each message that ended without an error. */
const COMPLETE: FlowNode[] = completeNodes({ scope: [NODE_ID], heardBy: 'completed' });

describe('a fault of the service, as each node factory ends the message', function () {
  const h = Harness.forSuite();

  function run(msg: NodeMessage): Promise<MessageResult> {
    return sendAndCollect({
      node: h.node,
      msg,
      out: h.out,
      caught: h.caught,
      completed: nodeOf('completed'),
      traffic: h.traffic,
    });
  }

  const requestsReceived = (): string[] => h.requests.map((request) => `${request.method} ${request.path}`);

  describe('the action factory (to-do create)', function () {
    it('ends the message once with the error of a create that may have happened, and leaves one to-do', async () => {
      await h.load({ type: 'device-cloud-todo-create' }, { account: ACCOUNT, extra: COMPLETE });
      h.sim.misbehave({ kind: 'status', status: 503, afterEffect: true, times: 5, method: 'POST' });
      const result = await run(messageWith({ payload: { title: 'Buy milk', priority: 'urgent' } }));

      expect(result.outputs, 'messages sent on').to.deep.equal([]);
      expect(result.completions, 'ended without an error').to.equal(0);
      expect(result.errors, 'errors at the Catch node').to.have.length(1);
      const [caught] = result.errors;
      expect(caught.error.message).to.equal(
        'DeviceCloudError: create to-do failed: HTTP 503: simulated 503 (code 503); ' +
          'not repeated, because the service may have carried it out: check before sending it again',
      );
      expect(caught.error.code, 'msg.error.code').to.equal(503);
      expect(caught.error.source).to.include({ id: NODE_ID, type: 'device-cloud-todo-create' });
      expectKept(caught);
      expect(result.status).to.deep.equal({ fill: 'red', shape: 'ring', text: `${CATALOG}:common.error.http` });
      expect(requestsReceived()).to.deep.equal([`POST ${TODOS}`]);
      expect([...h.sim.state.todos.values()].map((todo) => todo.title)).to.deep.equal(['Buy milk']);
    });

    it('sends the message on once when a repeat succeeds, with a green status', async () => {
      await h.load({ type: 'device-cloud-todo-create' }, { account: ACCOUNT, extra: COMPLETE });
      h.sim.misbehave({ kind: 'retry-after', status: 429, retryAfter: '0', times: 2, method: 'POST' });
      const result = await run(messageWith({ payload: { title: 'Buy milk', priority: 'urgent' } }));

      expect(result.errors, 'errors at the Catch node').to.deep.equal([]);
      expect(result.completions, 'ended').to.equal(1);
      expect(result.outputs).to.have.length(1);
      expect(result.outputs[0].payload).to.include({ title: 'Buy milk', priority: 2 });
      expectKept(result.outputs[0]);
      expect(result.status).to.include({ fill: 'green', shape: 'dot' });
      expect(requestsReceived()).to.deep.equal([`POST ${TODOS}`, `POST ${TODOS}`, `POST ${TODOS}`]);
      expect(h.sim.state.todos.size).to.equal(1);
    });
  });

  describe('the device-action factory, sending to two devices', function () {
    it('sends the copy of the device that worked and ends the message once with the error of the other', async () => {
      await h.load(
        { type: 'device-cloud-display-text', mode: 'text', pageId: '1', deviceId: '', deviceIdType: 'str' },
        { account: ACCOUNT, extra: COMPLETE },
      );
      const kitchenText = `/open/v1/devices/${KITCHEN}/display/text`;
      h.sim.misbehave({ kind: 'status', status: 503, times: 50, method: 'POST', path: kitchenText });
      const result = await run(messageWith({ payload: 'Hello', deviceId: [KITCHEN, HALLWAY] }));

      expect(result.outputs.map((copy) => copy.deviceId)).to.deep.equal([HALLWAY]);
      expect(result.outputs[0].payload).to.deep.equal({ totalPages: 1, pushedPages: 1, pageId: '1' });
      expectKept(result.outputs[0]);
      expect(result.completions, 'ended without an error').to.equal(0);
      expect(result.errors, 'errors at the Catch node').to.have.length(1);
      const [caught] = result.errors;
      const kitchenFailure = 'push text failed: HTTP 503: simulated 503 (code 503); gave up after 4 attempts';
      expect(caught.error.message).to.equal(`DeviceCloudError: 1 of 2 devices failed: ${KITCHEN}: ${kitchenFailure}`);
      expect(caught.failedDevices).to.deep.equal([{ deviceId: KITCHEN, error: kitchenFailure }]);
      expectKept(caught);
      expect(result.status).to.deep.equal({
        fill: 'red',
        shape: 'ring',
        text: `${CATALOG}:common.status.devicesFailed`,
      });
      const sent = requestsReceived();
      expect(sent.filter((request) => request === `POST ${kitchenText}`)).to.have.length(4);
      expect(sent.filter((request) => request !== `POST ${kitchenText}`)).to.deep.equal([
        `POST /open/v1/devices/${HALLWAY}/display/text`,
      ]);
      expect(h.sim.state.pages.get(HALLWAY)?.[0]).to.include({ kind: 'text', text: 'Hello' });
      expect(h.sim.state.pages.get(KITCHEN)?.[0] ?? null).to.equal(null);
    });
  });

  describe('the to-do watch', function () {
    it('ends the message that asked for a poll once, and reports the failed poll once to the Catch node', async () => {
      await h.load({ type: 'device-cloud-todo-watch', interval: '3600' }, { account: ACCOUNT, extra: COMPLETE });
      const caught: CaughtMessage[] = [];
      const completed: NodeMessage[] = [];
      const outputs: NodeMessage[] = [];
      h.caught.on('input', (msg) => caught.push(msg as CaughtMessage));
      nodeOf('completed').on('input', (msg) => completed.push(msg));
      await until(() => h.statuses.some((status) => status.fill === 'green'), { what: 'the first poll' });
      h.out.on('input', (msg) => outputs.push(msg));
      h.sim.clearRequests();

      h.sim.misbehave({ kind: 'reset', times: 4, method: 'GET', path: '/todos' });
      h.sim.addTodo({ title: 'not seen while the service fails' });
      h.node.receive({ _msgid: 'poll-please', payload: 'poll' });
      await until(() => completed.length > 0, { what: 'the end of the message' });

      expect(completed.map((msg) => msg._msgid)).to.deep.equal(['poll-please']);
      expect(caught, 'errors at the Catch node').to.have.length(1);
      expect(caught[0].topic).to.equal('poll-failed');
      expect(caught[0].error.message).to.match(
        /^DeviceCloudError: list to-dos failed: (UND_ERR_SOCKET )?other side closed; gave up after 4 attempts$/,
      );
      expect(caught[0].error.source).to.include({ id: NODE_ID, type: 'device-cloud-todo-watch' });
      expect(outputs, 'events sent').to.deep.equal([]);
      expect(h.lastStatus).to.deep.equal({
        fill: 'red',
        shape: 'ring',
        text: 'device-cloud-todo-watch.status.failed',
      });
      expect(requestsReceived()).to.deep.equal(Array(4).fill(`GET ${TODOS}`));
    });
  });
});
