// Operations on one target land in the order they came, through the nodes, against the
// simulator's faults: the service ends in the newest operation's state, and every message ends once.
// A page push still waiting when a newer push to its page comes is not sent: it goes on with
// msg.payload = {superseded: true, deviceId, pageId}.

import { expect } from 'chai';
import sharp from 'sharp';
import type { Fault, RecordedRequest } from '../../dist/simulator/server';
import { Endings, shown, until, type FlowNode, Harness, type Message, type NodeConfig } from './order-support';
import { nodeOf } from '../support/harness';
import { KITCHEN, HALLWAY } from '../fixtures/service';

const SUPERSEDED_STATUS = {
  fill: 'green',
  shape: 'ring',
  text: '@device-cloud/node-red-device-cloud/device-cloud:common.status.superseded',
};
/** A hanging request gives up after 2 s; an answered one never takes that long, however busy the machine. */
const ACCOUNT = { retryBaseDelay: '400', timeout: '2' };
/**
 * The first retry waits 1 to 2 s: a newer push comes meanwhile however busy the machine, and it costs no
 * time, since the newer push ends the older one's wait.
 */
const WAITS_FOR_A_NEWER_PUSH = { ...ACCOUNT, retryBaseDelay: '2000' };

const FAULTS: { label: string; fault: Fault }[] = [
  { label: 'HTTP 500', fault: { kind: 'status', status: 500 } },
  { label: 'HTTP 500 after doing it', fault: { kind: 'status', status: 500, afterEffect: true } },
  { label: 'HTTP 502', fault: { kind: 'status', status: 502 } },
  { label: 'HTTP 429 with Retry-After', fault: { kind: 'retry-after', status: 429, retryAfter: '1' } },
  { label: 'a connection reset', fault: { kind: 'reset' } },
  { label: 'no answer until the timeout', fault: { kind: 'hang' } },
];

/** Two different pictures, for the older and the newer image push. */
const pictures = new Map<string, Buffer>();

interface PushKind {
  label: string;
  node: NodeConfig;
  msg: (content: string) => Message;
  /** What page 2 shows after this push. */
  shows: (content: string) => string;
  /** Which push a request carried. */
  carried: (request: RecordedRequest) => string | undefined;
}

const PUSHES: PushKind[] = [
  {
    label: 'text',
    node: { type: 'device-cloud-display-text', mode: 'text', deviceId: KITCHEN, pageId: '2' },
    msg: (content) => ({ payload: content }),
    shows: (content) => content,
    carried: (request) => (request.body as { text?: string } | undefined)?.text,
  },
  {
    label: 'title-and-body',
    node: { type: 'device-cloud-display-text', mode: 'structured', deviceId: KITCHEN, pageId: '2' },
    msg: (content) => ({ payload: { title: content, body: 'forecast' } }),
    shows: (content) => `${content} / forecast`,
    carried: (request) => (request.body as { title?: string } | undefined)?.title,
  },
  {
    label: 'image',
    node: { type: 'device-cloud-display-image', fit: 'none', deviceId: KITCHEN, pageId: '2' },
    msg: (content) => ({ payload: pictures.get(content) }),
    shows: (content) => pictures.get(content)?.toString('hex') ?? '',
    carried: (request) => {
      const data = request.parts?.find((part) => part.name === 'images')?.data;
      return [...pictures].find(([, picture]) => data?.equals(picture))?.[0];
    },
  },
];

const textOf = (request: RecordedRequest): string | undefined => (request.body as { text?: string } | undefined)?.text;
const titleOf = (request: RecordedRequest): string | undefined =>
  (request.body as { title?: string } | undefined)?.title;
const asSent = (request: RecordedRequest): string =>
  `${request.method} ${decodeURIComponent(request.path).replace('/open/v1', '')}${request.fault ? ` (${request.fault})` : ''}`;

describe('order per target, through the nodes', function () {
  this.timeout(20_000);
  const h = Harness.forSuite();
  let endings: Endings | undefined;

  before(async () => {
    for (const [content, colour] of [
      ['older', { r: 255, g: 255, b: 255 }],
      ['newer', { r: 0, g: 0, b: 0 }],
    ] as const) {
      pictures.set(
        content,
        await sharp({ create: { width: 4, height: 3, channels: 3, background: colour } })
          .png()
          .toBuffer(),
      );
    }
  });
  afterEach(() => {
    endings?.detach();
    endings = undefined;
  });

  async function load(
    node: NodeConfig,
    extra: FlowNode[] = [],
    account: Record<string, unknown> = ACCOUNT,
  ): Promise<Endings> {
    await h.load(node, { account, extra });
    endings = new Endings(h, ['subject', ...extra.map((other) => String(other.id))]);
    return endings;
  }

  /** Another node of the flow on the same account, wired to the same output. */
  function beside(id: string, node: NodeConfig): FlowNode {
    return { id, z: 'flow', x: 100, y: 400, account: 'account', wires: [['out']], ...node };
  }

  function pacing(): { queued: number; inFlight: number } {
    const account = h.helper.getNode('account') as unknown as {
      client(): { pacing: { queued: number; inFlight: number } };
    };
    return account.client().pacing;
  }

  /** Operations of the account waiting for their turn or for a place in flight. */
  function waiting(): number {
    return pacing().queued;
  }

  /** The one request sent met its fault and the push waits for its retry: nothing of the account's is on the wire. */
  async function untilWaitingForRetry(): Promise<void> {
    await until(() => h.requests.length === 1 && pacing().inFlight === 0, {
      what: 'the older push to meet its fault and wait for its retry',
      got: () => ({ requests: h.requests.length, ...pacing() }),
    });
  }

  function send(id: string, msg: Message, nodeId = 'subject'): void {
    const node = nodeId === 'subject' ? h.node : nodeOf(nodeId);
    node.receive({ _msgid: id, ...msg });
  }

  for (const push of PUSHES) {
    describe(`${push.label} pushes to one page`, function () {
      for (const { label, fault } of FAULTS) {
        it(`after ${label} on the older push, the page shows the newer one; the older is superseded`, async () => {
          const ended = await load(push.node, [], WAITS_FOR_A_NEWER_PUSH);
          h.sim.misbehave({ ...fault, method: 'POST' });
          send('older', push.msg('older'));
          await untilWaitingForRetry();
          send('newer', push.msg('newer'));
          await ended.settled(['older', 'newer']);

          expect(shown(h.sim, KITCHEN, 2)).to.equal(push.shows('newer'));
          expect(ended.payloadOf('older')).to.deep.equal({ superseded: true, deviceId: KITCHEN, pageId: '2' });
          expect(ended.payloadOf('newer')).to.include({ pageId: '2' });
          // The older push was not repeated after the newer one came.
          expect(h.requests.map(push.carried)).to.deep.equal(['older', 'newer']);
          expect(h.statuses).to.deep.include(SUPERSEDED_STATUS);
        });
      }
    });
  }

  it('ten text pushes to one page at once: the page shows the last, each message ends once, none is repeated', async () => {
    const ended = await load(PUSHES[0].node, [], { ...ACCOUNT, maxInFlight: '3' });
    const ids = Array.from({ length: 10 }, (_, index) => `push ${index}`);
    for (const id of ids) send(id, { payload: id });
    await ended.settled(ids);
    expect(shown(h.sim, KITCHEN, 2)).to.equal('push 9');
    expect(ended.payloadOf('push 9')).to.include({ pageId: '2' });
    const sent = h.requests.map(textOf);
    expect(sent[sent.length - 1]).to.equal('push 9');
    expect(new Set(sent).size).to.equal(sent.length);
    for (const id of ids.filter((id) => !sent.includes(id))) {
      expect(ended.payloadOf(id), id).to.deep.equal({ superseded: true, deviceId: KITCHEN, pageId: '2' });
    }
  });

  describe('a page delete between two pushes', function () {
    const deleter = beside('deleter', { type: 'device-cloud-page-delete', deviceId: KITCHEN, pageId: '2' });

    it('push, then delete: the push is repeated first, and the page ends empty', async () => {
      const ended = await load(PUSHES[0].node, [deleter]);
      h.sim.misbehave({ kind: 'status', status: 503, method: 'POST' });
      send('push', { payload: 'older' });
      await until(() => h.requests.length === 1);
      send('delete', {}, 'deleter');
      await ended.settled(['push', 'delete']);
      expect(shown(h.sim, KITCHEN, 2)).to.equal(undefined);
      expect(ended.payloadOf('push')).to.include({ pageId: '2' });
      expect(ended.payloadOf('delete')).to.deep.equal({ deviceId: KITCHEN, pageId: '2', deleted: true });
      expect(h.requests.map(asSent)).to.deep.equal([
        `POST /devices/${KITCHEN}/display/text (status)`,
        `POST /devices/${KITCHEN}/display/text`,
        `DELETE /devices/${KITCHEN}/display/pages/2`,
      ]);
    });

    it('push, delete, push: the first push is superseded, and the page shows the second', async () => {
      const ended = await load(PUSHES[0].node, [deleter]);
      h.sim.misbehave({ kind: 'status', status: 500, method: 'POST' });
      send('first', { payload: 'older' });
      await until(() => h.requests.length === 1);
      send('delete', {}, 'deleter');
      await until(() => waiting() === 1);
      send('second', { payload: 'newer' });
      await ended.settled(['first', 'delete', 'second']);
      expect(shown(h.sim, KITCHEN, 2)).to.equal('newer');
      expect(ended.payloadOf('first')).to.deep.equal({ superseded: true, deviceId: KITCHEN, pageId: '2' });
      expect(ended.payloadOf('delete')).to.include({ deleted: true });
      expect(h.requests.map(asSent)).to.deep.equal([
        `POST /devices/${KITCHEN}/display/text (status)`,
        `DELETE /devices/${KITCHEN}/display/pages/2`,
        `POST /devices/${KITCHEN}/display/text`,
      ]);
    });
  });

  describe('delete-all against page pushes', function () {
    const deleteAll = beside('deleter', { type: 'device-cloud-page-delete', deviceId: KITCHEN, pageId: 'all' });

    it('waits for the pushes before it, and the push after it waits for it', async () => {
      const ended = await load({ ...PUSHES[0].node, pageId: '' }, [deleteAll]);
      h.sim.misbehave({ kind: 'status', status: 500, method: 'POST', path: /display\/text/ });
      send('page 1', { payload: 'older', pageId: '1' });
      await until(() => h.requests.length === 1);
      send('page 2', { payload: 'two', pageId: '2' });
      await until(() => h.requests.length === 2);
      // Messages to two nodes reach the account in the order their nodes are done reading them: one at a time here.
      send('delete all', {}, 'deleter');
      await until(() => waiting() === 1);
      send('page 1 again', { payload: 'newer', pageId: '1' });
      await ended.settled(['page 1', 'page 2', 'delete all', 'page 1 again']);
      expect(shown(h.sim, KITCHEN, 1)).to.equal('newer');
      expect(shown(h.sim, KITCHEN, 2)).to.equal(undefined);
      expect(ended.payloadOf('page 1')).to.deep.equal({ superseded: true, deviceId: KITCHEN, pageId: '1' });
      expect(ended.payloadOf('page 2')).to.include({ pageId: '2' });
      expect(ended.payloadOf('delete all')).to.deep.equal({ deviceId: KITCHEN, pageId: 'all', deleted: true });
      const sent = h.requests.map(asSent);
      expect(sent.indexOf(`DELETE /devices/${KITCHEN}/display/pages`)).to.equal(2);
      expect(sent[3]).to.equal(`POST /devices/${KITCHEN}/display/text`);
      expect(textOf(h.requests[3])).to.equal('newer');
    });

    it('a failed delete-all is repeated before the page push that came after it', async () => {
      const ended = await load({ ...PUSHES[0].node, pageId: '' }, [deleteAll]);
      h.sim.misbehave({ kind: 'reset', method: 'DELETE' });
      send('delete all', {}, 'deleter');
      await until(() => h.requests.length === 1);
      send('push', { payload: 'after', pageId: '3' });
      await ended.settled(['delete all', 'push']);
      expect(shown(h.sim, KITCHEN, 3)).to.equal('after');
      expect(h.requests.map((request) => request.method)).to.deep.equal(['DELETE', 'DELETE', 'POST']);
    });
  });

  describe('one to-do', function () {
    const completer = beside('completer', { type: 'device-cloud-todo-complete', action: '', todoId: '' });
    const deleter = beside('deleter', { type: 'device-cloud-todo-delete', todoId: '' });
    const updater: NodeConfig = { type: 'device-cloud-todo-update', todoId: '' };

    for (const { label, fault } of FAULTS.filter((entry) => entry.fault.kind !== 'retry-after')) {
      it(`two updates after ${label} on the first: the to-do keeps the newer title`, async () => {
        const ended = await load(updater);
        const { id } = h.sim.addTodo({ title: 'first' });
        h.sim.misbehave({ ...fault, method: 'PUT' });
        send('older', { todoId: id, payload: { title: 'older' } });
        await until(() => h.requests.length === 1);
        send('newer', { todoId: id, payload: { title: 'newer' } });
        await ended.settled(['older', 'newer']);
        expect(h.sim.state.todos.get(id)?.title).to.equal('newer');
        expect(ended.payloadOf('older')).to.include({ id, title: 'older' });
        expect(ended.payloadOf('newer')).to.include({ id, title: 'newer' });
        // Updates are never superseded, only ordered: the older one is repeated, before the newer one.
        expect(h.requests.map(titleOf)).to.deep.equal(['older', 'older', 'newer']);
      });
    }

    it('complete, then reopen: the toggle that failed is made again first, and the to-do ends pending', async () => {
      const ended = await load(updater, [completer]);
      const { id } = h.sim.addTodo({ title: 'water the plants' });
      h.sim.misbehave({ kind: 'status', status: 502, method: 'PUT' });
      send('complete', { todoId: id, action: 'complete' }, 'completer');
      await until(() => h.requests.some((request) => request.method === 'PUT'));
      send('reopen', { todoId: id, action: 'reopen' }, 'completer');
      await ended.settled(['complete', 'reopen']);
      expect(h.sim.state.todos.get(id)?.status).to.equal(0);
      expect(ended.payloadOf('complete')).to.deep.equal({ id, status: 1, completed: true });
      expect(ended.payloadOf('reopen')).to.deep.equal({ id, status: 0, completed: false });
      expect(h.requests.filter((request) => request.method === 'PUT')).to.have.length(3);
    });

    it('update, then delete: the update is repeated first, and the to-do ends deleted', async () => {
      const ended = await load(updater, [deleter]);
      const { id } = h.sim.addTodo({ title: 'first' });
      h.sim.misbehave({ kind: 'reset', method: 'PUT' });
      send('update', { todoId: id, payload: { title: 'changed' } });
      await until(() => h.requests.length === 1);
      send('delete', { todoId: id }, 'deleter');
      await ended.settled(['update', 'delete']);
      expect(h.sim.state.todos.has(id)).to.equal(false);
      expect(ended.payloadOf('update')).to.include({ id, title: 'changed' });
      expect(ended.payloadOf('delete')).to.deep.equal({ id, deleted: true });
      expect(h.requests.map((request) => request.method)).to.deep.equal(['PUT', 'PUT', 'DELETE']);
    });
  });

  it('fan-out: a push to several devices supersedes a waiting push to one of them', async () => {
    const ended = await load({ ...PUSHES[0].node, deviceId: '', pageId: '1' });
    h.sim.misbehave({ kind: 'status', status: 503, method: 'POST' });
    send('kitchen only', { payload: 'older', deviceId: KITCHEN });
    await until(() => h.requests.length === 1);
    send('both', { payload: 'newer', deviceId: [KITCHEN, HALLWAY] });
    await ended.settled(['kitchen only', 'both']);
    expect(shown(h.sim, KITCHEN, 1)).to.equal('newer');
    expect(shown(h.sim, HALLWAY, 1)).to.equal('newer');
    expect(ended.payloadOf('kitchen only')).to.deep.equal({ superseded: true, deviceId: KITCHEN, pageId: '1' });
    expect(ended.outputsOf('both').map((msg) => msg.deviceId)).to.deep.equal([KITCHEN, HALLWAY]);
    expect(h.requests.map(textOf)).to.deep.equal(['older', 'newer', 'newer']);
  });

  it('skip unchanged: a push equal to what the page shows is sent when a different push is still waiting', async () => {
    const ended = await load({ ...PUSHES[0].node, skipUnchanged: true });
    send('shown', { payload: 'A' });
    await ended.settled(['shown']);
    h.sim.misbehave({ kind: 'status', status: 500, method: 'POST' });
    send('different', { payload: 'B' });
    await until(() => h.requests.length === 2);
    send('same again', { payload: 'A' });
    await ended.settled(['different', 'same again']);
    expect(shown(h.sim, KITCHEN, 2)).to.equal('A');
    expect(ended.payloadOf('different')).to.deep.equal({ superseded: true, deviceId: KITCHEN, pageId: '2' });
    expect(ended.payloadOf('same again')).to.include({ pageId: '2' }).and.not.have.property('skipped');
    // What the page shows now is remembered again: the same push once more is skipped.
    send('same once more', { payload: 'A' });
    await ended.settled(['same once more']);
    expect(ended.payloadOf('same once more')).to.deep.equal({ skipped: true, deviceId: KITCHEN, pageId: '2' });
  });

  it('an outage: the same page pushed again and again leaves one push waiting, and the newest goes out once it is over', async () => {
    const ended = await load(PUSHES[0].node, [], { ...ACCOUNT, retryBaseDelay: '100', retries: '10' });
    h.sim.misbehave({ kind: 'status', status: 503, method: 'POST', times: 1000 });
    const ids = Array.from({ length: 8 }, (_, index) => `reading ${index}`);
    for (const [index, id] of ids.entries()) {
      send(id, { payload: id });
      // The next reading comes once this one has taken over from the one before: one push waits at a time.
      const before = ids[index - 1];
      if (before) await until(() => ended.completionsOf(before).length > 0, { what: `${before} to give way to ${id}` });
    }
    const duringOutage = h.requests.length;
    h.sim.clearFaults();
    await ended.settled(ids);
    expect(shown(h.sim, KITCHEN, 2)).to.equal('reading 7');
    expect(h.requests.slice(duringOutage).map(textOf)).to.deep.equal(['reading 7']);
    for (const id of ids.slice(0, -1)) {
      expect(ended.payloadOf(id), id).to.deep.equal({ superseded: true, deviceId: KITCHEN, pageId: '2' });
    }
  });

  it('a page held by a hanging request holds no message for another page', async () => {
    const ended = await load({ ...PUSHES[0].node, pageId: '' }, [], { ...ACCOUNT, timeout: '2', retries: '0' });
    h.sim.misbehave({ kind: 'hang', method: 'POST' });
    send('hanging', { payload: 'one', pageId: '1' });
    await until(() => h.requests.length === 1);
    send('other page', { payload: 'two', pageId: '2' });
    await ended.settled(['other page'], 1000);
    expect(ended.completionsOf('hanging')).to.have.length(0);
    expect(shown(h.sim, KITCHEN, 2)).to.equal('two');
  });

  it('a redeploy ends the request on the wire and the push waiting behind it with the aborted error', async () => {
    const ended = await load(PUSHES[0].node, [], { ...ACCOUNT, timeout: '5' });
    h.sim.misbehave({ kind: 'hang', method: 'POST' });
    send('on the wire', { payload: 'one' });
    await until(() => h.requests.length === 1);
    send('waiting', { payload: 'two' });
    send('newest', { payload: 'three' });
    await ended.settled(['waiting']);
    expect(ended.payloadOf('waiting')).to.deep.equal({ superseded: true, deviceId: KITCHEN, pageId: '2' });
    await h.helper.unload();
    for (const id of ['on the wire', 'newest']) {
      const completions = ended.completionsOf(id);
      expect(completions, id).to.have.length(1);
      expect(completions[0]?.kind, id).to.equal('aborted');
    }
    expect(h.requests).to.have.length(1);
  });
});
