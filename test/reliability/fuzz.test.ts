// Thousands of random messages (seeded, reproducible) through every action
// node in a real Node-RED runtime, with random faults of the service on the
// way: every message ends in exactly one outcome, nothing is left without
// one, and nothing escapes as an unhandled rejection or exception. A message
// sent to several devices (a list or "all") ends once too: at most one copy per
// device, and at most one error.
//
// FUZZ_SEED=<n> repeats a run; FUZZ_MESSAGES=<n> changes its size.

import { expect } from 'chai';
import vm from 'node:vm';
import type { Fault } from '../../dist/simulator/server';
import { PNG } from '../fixtures/images';
import { HALLWAY, KITCHEN } from '../fixtures/service';
import { Harness, helper, nodeOf } from '../support/harness';
import type { FlowNode, NodeMessage } from '../support/node-red';
import { Outcomes } from '../support/outcomes';
import { NODE_MODULES, NODE_TYPES } from '../support/package-files';
import { runtimeUtil } from '../support/runtime';
import { seededRandom } from '../support/seeded-random';
import { until } from '../support/until';

const { hooks } = runtimeUtil();

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) >>> 0 : (Date.now() ^ (process.pid << 16)) >>> 0;
const MESSAGES = Number(process.env.FUZZ_MESSAGES ?? 3000);
const BATCH = 30;
const registered = new Set(NODE_TYPES);

class Random {
  readonly next: () => number;

  constructor(seed: number) {
    this.next = seededRandom(seed);
  }
  int(below: number): number {
    return Math.floor(this.next() * below);
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)];
  }
  string(length: number, alphabet = 'abcXYZ019 _-:.é日🙂'): string {
    const symbols = [...alphabet];
    let text = '';
    for (let i = 0; i < length; i++) text += symbols[this.int(symbols.length)];
    return text;
  }
}

const OTHER_REALM = vm.createContext({});

/** Any value a message could carry, odd ones on purpose. */
function anyValue(r: Random, depth = 0): unknown {
  const kinds: (() => unknown)[] = [
    () => null,
    () => undefined,
    () => r.chance(0.5),
    () => r.int(2000) - 1000,
    () => r.pick([0, -0, 1, 5, 6, 10, 12, 48, 49, 720, 2 ** 53 + 1, Number.MAX_VALUE, 1e-9]),
    () => r.next() * 100 - 50,
    () => r.pick([NaN, Infinity, -Infinity]),
    () => '',
    () =>
      r.pick([' ', '\t\n', '0', '1', '-1', '1.5', '1e3', '0x10', 'true', 'false', 'null', 'NaN', 'Infinity', 'all']),
    () => r.string(r.int(30)),
    () => r.pick(['\u0000\u0007\r\n', '\ud800', '<script>', '${x}', '%s%n', "'; DROP TABLE", '../../etc/passwd']),
    () => r.pick(['a'.repeat(5001), 'b'.repeat(10_001), '日'.repeat(5001), 'x'.repeat(r.int(300_000))]),
    () => r.pick(['__proto__', 'constructor', 'prototype']),
    () => Buffer.alloc(r.int(3)),
    () => Buffer.from(r.string(r.int(64))),
    () => Buffer.concat([PNG.subarray(0, 8), Buffer.from(r.string(20))]),
    () => (r.chance(0.5) ? new Date(1_700_000_000_000 + r.int(1e10)) : new Date(NaN)),
    () => (r.chance(0.2) ? BigInt(r.int(100)) : r.int(10)),
    () => (depth < 3 ? Array.from({ length: r.int(4) }, () => anyValue(r, depth + 1)) : []),
    () => (depth < 3 ? anyObject(r, depth + 1) : {}),
    () =>
      JSON.parse(
        '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"prototype":{"polluted":true}}',
      ) as unknown,
    () => vm.runInContext('({ title: "from another realm", id: 1 })', OTHER_REALM) as unknown,
  ];
  return r.pick(kinds)();
}

function anyObject(r: Random, depth: number): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  const names = [
    'title',
    'description',
    'id',
    'priority',
    'status',
    'deviceId',
    'pageId',
    'body',
    'dueDate',
    'due',
    'dueTime',
    'repeatType',
    'repeatDay',
    'repeatMonth',
    'repeatWeekday',
    'text',
    'fontSize',
    'x',
    r.string(5),
  ];
  for (let i = r.int(5); i > 0; i--) object[r.pick(names)] = anyValue(r, depth);
  return object;
}

/** Values the nodes take, some good and some nearly so, for the fields they read. */
const GOOD: Record<string, readonly unknown[]> = {
  deviceId: [
    KITCHEN,
    HALLWAY,
    'aa-bb-cc-dd-ee-01',
    'aabbccddee02',
    ' AA:BB:CC:DD:EE:01 ',
    'AA:BB:CC:DD:EE:99',
    'all',
    'ALL',
    [KITCHEN, HALLWAY],
    [KITCHEN, 'AA:BB:CC:DD:EE:99'],
    [KITCHEN, KITCHEN],
    [KITCHEN, 7],
    [],
  ],
  fit: ['contain', 'cover', 'fill', 'none', 'CONTAIN', 'stretch'],
  width: [400, '300', 1, 4096, 0, 4097, 12.5],
  height: [300, '400', 1, 0, -3],
  skipUnchanged: [true, false, 'true', 'yes', 1],
  pageId: [1, 2, 3, 4, 5, '1', '5', 'all', 0, 6, '3 '],
  status: [0, 1, '0', '1', 'pending', 'completed', 'all', 2],
  action: ['complete', 'reopen', 'toggle', 'COMPLETE', 'done'],
  mode: ['text', 'structured', 'TEXT'],
  fontSize: [12, 20, 48, '24', 11, 49],
  dither: [true, false, 'true', 'false', 1],
  title: ['Title', '', ' ', 't'.repeat(200), 't'.repeat(201)],
  priority: [0, 1, 2, 'normal', 'important', 'urgent', 3, 'URGENT'],
  repeatType: ['none', 'daily', 'weekly', 'monthly', 'yearly', 'hourly'],
  syncInterval: [0, 10, 30, 60, 180, 720, '30', 15],
  source: ['fuzz', 'shopping', ' ', '', 7],
  dryRun: [true, false, 'true', 'maybe'],
  removed: ['delete', 'complete', 'keep', 'archive'],
};

function fieldValue(r: Random, name: string, todoIds: number[]): unknown {
  if (name === 'todoId' || name === 'id') {
    return r.chance(0.7) && todoIds.length > 0 ? r.pick([...todoIds, String(r.pick(todoIds))]) : anyValue(r);
  }
  return GOOD[name] && r.chance(0.6) ? r.pick(GOOD[name]) : anyValue(r);
}

function todoFields(r: Random, todoIds: number[]): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (r.chance(0.8)) fields.title = r.chance(0.7) ? `fuzz ${r.string(8)}` : anyValue(r);
  for (const name of ['description', 'priority', 'repeatType', 'deviceId', 'dueDate', 'dueTime', 'repeatDay', 'due']) {
    if (r.chance(0.25)) fields[name] = fieldValue(r, name, todoIds);
  }
  if (r.chance(0.05)) fields.status = 1;
  return fields;
}

/** A list for the to-do sync: items with keys (some repeated, some odd), titles and to-do fields. */
function syncList(r: Random): unknown {
  return Array.from({ length: r.int(6) }, () => {
    const item: Record<string, unknown> = { key: r.chance(0.85) ? `key ${r.int(8)}` : anyValue(r) };
    if (r.chance(0.9)) item.title = r.chance(0.8) ? `fuzz ${r.string(6)}` : anyValue(r);
    for (const name of ['description', 'priority', 'repeatType', 'dueDate', 'dueTime', 'repeatDay']) {
      if (r.chance(0.2)) item[name] = fieldValue(r, name, []);
    }
    if (r.chance(0.3)) item.completed = r.pick([true, false, 'true', null, 1]);
    return item;
  });
}

function imagePayload(r: Random): unknown {
  return r.pick<() => unknown>([
    () => PNG,
    () => [PNG, PNG],
    () => PNG.toString('base64'),
    () => `data:image/png;base64,${PNG.toString('base64')}`,
    () => [],
    () => Array.from({ length: 6 }, () => PNG),
    () => anyValue(r),
  ])();
}

/** The payload a node of this type might be given: often a fitting one, sometimes anything. */
function payloadFor(r: Random, type: string, todoIds: number[]): unknown {
  if (r.chance(0.3)) return anyValue(r);
  switch (type) {
    case 'device-cloud-sync-interval':
      return r.pick(GOOD.syncInterval);
    case 'device-cloud-todo-create':
      return r.chance(0.2) ? `fuzz ${r.string(10)}` : todoFields(r, todoIds);
    case 'device-cloud-todo-update':
      return { ...todoFields(r, todoIds), ...(r.chance(0.3) ? { id: fieldValue(r, 'id', todoIds) } : {}) };
    case 'device-cloud-todo-complete':
    case 'device-cloud-todo-delete':
      return r.chance(0.5) ? fieldValue(r, 'todoId', todoIds) : { id: fieldValue(r, 'id', todoIds) };
    case 'device-cloud-display-text':
      return r.chance(0.5)
        ? `fuzz ${r.string(r.int(40))}`
        : { title: fieldValue(r, 'title', todoIds), body: anyValue(r) };
    case 'device-cloud-display-image':
      return imagePayload(r);
    case 'device-cloud-todo-sync':
      return syncList(r);
    default:
      return anyValue(r);
  }
}

const MSG_FIELDS = [
  'deviceId',
  'todoId',
  'pageId',
  'status',
  'action',
  'mode',
  'fontSize',
  'dither',
  'title',
  'syncInterval',
  'fit',
  'width',
  'height',
  'skipUnchanged',
  'source',
  'dryRun',
  'removed',
];
/** The nodes that may send one copy of a message per device. */
const FAN_OUT = new Set([
  'device-cloud-sync-interval',
  'device-cloud-display-text',
  'device-cloud-display-image',
  'device-cloud-page-delete',
]);

function randomMessage(r: Random, type: string, id: string, todoIds: number[]): NodeMessage {
  const msg: NodeMessage = { payload: payloadFor(r, type, todoIds) };
  for (const name of MSG_FIELDS) if (r.chance(0.35)) msg[name] = fieldValue(r, name, todoIds);
  if (r.chance(0.2)) msg.topic = anyValue(r);
  if (r.chance(0.1)) msg[r.pick(['constructor', 'prototype', 'req', 'res', r.string(6)])] = anyValue(r);
  if (r.chance(0.05)) delete msg.payload;
  msg._msgid = id;
  return msg;
}

/** The action nodes: a valid dialog, a dialog left to the message, and one with random config values. */
const VALID_CONFIGS: Record<string, Record<string, unknown>> = {
  'device-cloud-devices': {},
  'device-cloud-sync-interval': { deviceId: KITCHEN, deviceIdType: 'str', syncInterval: '30' },
  'device-cloud-todo-list': { statusFilter: 'pending', deviceId: '', deviceIdType: 'str' },
  'device-cloud-todo-create': {
    title: 'Fuzz',
    titleType: 'str',
    priority: 'important',
    repeatType: 'none',
    deviceId: KITCHEN,
    deviceIdType: 'str',
  },
  'device-cloud-todo-update': { todoId: '', todoIdType: 'str' },
  'device-cloud-todo-complete': { action: 'toggle', todoId: '', todoIdType: 'str' },
  'device-cloud-todo-delete': { todoId: '', todoIdType: 'str' },
  'device-cloud-display-text': {
    mode: 'text',
    deviceId: KITCHEN,
    deviceIdType: 'str',
    pageId: '2',
    fontSize: '20',
    fontSizeType: 'str',
  },
  'device-cloud-display-image': { deviceId: KITCHEN, deviceIdType: 'str', pageId: '3', dither: 'false' },
  'device-cloud-page-delete': { deviceId: KITCHEN, deviceIdType: 'str', pageId: '4' },
  'device-cloud-todo-sync': { source: 'fuzz', deviceId: KITCHEN, deviceIdType: 'str', removed: 'delete' },
};
const STRUCTURED = {
  mode: 'structured',
  deviceId: HALLWAY,
  deviceIdType: 'str',
  pageId: '',
  title: 'T',
  titleType: 'str',
};
const CONFIG_KEYS = [
  'deviceId',
  'todoId',
  'pageId',
  'status',
  'action',
  'mode',
  'fontSize',
  'title',
  'description',
  'priority',
  'repeatType',
  'dither',
  'syncInterval',
  'fit',
  'width',
  'height',
  'skipUnchanged',
  'source',
  'removed',
];
const TYPED_INPUT_TYPES = [
  'str',
  'msg',
  'flow',
  'global',
  'env',
  'jsonata',
  'num',
  'json',
  'bool',
  'date',
  'bin',
  'bogus',
];

/** A config as a hand-written flow might hold it: JSON values of any kind, and any TypedInput type. */
function randomConfig(r: Random): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const key of CONFIG_KEYS) {
    if (!r.chance(0.6)) continue;
    config[key] = r.pick([
      null,
      true,
      0,
      -1,
      3.5,
      '',
      'all',
      'msg',
      'payload',
      '$now()',
      '$$.payload',
      '{',
      'ENV_NOT_SET',
      KITCHEN,
      '1',
      [],
      {},
      { a: 1 },
      'x'.repeat(500),
    ]);
    if (r.chance(0.6)) config[`${key}Type`] = r.pick(TYPED_INPUT_TYPES);
  }
  return config;
}

function nodesOf(r: Random): FlowNode[] {
  const nodes: FlowNode[] = [];
  for (const [type, valid] of Object.entries(VALID_CONFIGS)) {
    nodes.push({ id: `${type}-dialog`, type, ...valid });
    nodes.push({ id: `${type}-msg`, type });
    nodes.push({ id: `${type}-random`, type, ...randomConfig(r) });
  }
  nodes.push({ id: 'display-text-structured', type: 'device-cloud-display-text', ...STRUCTURED });
  return nodes;
}

/** Faults of the service, queued now and then between batches. */
function randomFault(r: Random): Fault {
  const fault = r.pick<() => Fault>([
    () => ({ kind: 'status', status: r.pick([500, 502, 503, 504, 408, 425, 400, 404, 409]) }),
    () => ({ kind: 'retry-after', status: r.pick([429, 503]), retryAfter: r.pick(['0', '1', '3600', 'soon']) }),
    () => ({ kind: 'reset' }),
    () => ({ kind: 'not-json' }),
    () => ({ kind: 'code', code: r.int(5000) + 1, msg: r.string(12) }),
    () => ({ kind: r.chance(0.3) ? 'hang' : 'reset' }),
  ])();
  fault.times = 1 + r.int(3);
  if (r.chance(0.5)) fault.afterEffect = true;
  if (r.chance(0.5)) fault.method = r.pick(['GET', 'POST', 'PUT', 'DELETE']);
  return fault;
}

describe(`fuzz: random messages through every action node (FUZZ_SEED=${SEED}) @slow`, function () {
  this.timeout(240_000);
  let h: Harness;
  const problems: string[] = [];
  const onProblem = (kind: string) => (reason: unknown) =>
    problems.push(`${kind}: ${reason instanceof Error ? reason.stack : String(reason)}`);
  const onRejection = onProblem('unhandledRejection');
  const onException = onProblem('uncaughtException');

  before(async () => {
    console.log(`      fuzz seed ${SEED} (FUZZ_SEED=${SEED} repeats this run), ${MESSAGES} messages`);
    h = await Harness.start();
    process.on('unhandledRejection', onRejection);
    process.on('uncaughtException', onException);
  });
  after(async () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
    await helper.unload();
    await h.stop();
  });

  it('ends every message in exactly one outcome, with nothing unhandled', async () => {
    const r = new Random(SEED);
    const actionNodes = nodesOf(r);
    const watched = registered.has('device-cloud-todo-watch');
    const flow: FlowNode[] = [
      { id: 'flow', type: 'tab', label: 'fuzz' },
      {
        id: 'account',
        type: 'device-cloud-account',
        baseUrl: h.sim.url,
        timeout: '0.3',
        retries: '2',
        retryBaseDelay: '1',
        maxInFlight: '4',
        queueLimit: '100000',
      },
      ...actionNodes.map((node, index) => ({
        z: 'flow',
        x: 100,
        y: 40 * index,
        account: 'account',
        wires: [['out']],
        ...node,
      })),
      { id: 'out', z: 'flow', x: 300, y: 0, type: 'helper' },
      { id: 'catch', z: 'flow', x: 300, y: 40, type: 'catch', scope: null, uncaught: false, wires: [['caught']] },
      { id: 'caught', z: 'flow', x: 500, y: 40, type: 'helper' },
    ];
    if (watched) {
      // The watch sends events, not the message it got: its outcome is done() (a Complete node) or an error.
      flow.push(
        {
          id: 'watch',
          z: 'flow',
          x: 100,
          y: 600,
          type: 'device-cloud-todo-watch',
          account: 'account',
          interval: '3600',
          wires: [[]],
        },
        {
          id: 'complete',
          z: 'flow',
          x: 300,
          y: 600,
          type: 'complete',
          scope: ['watch'],
          uncaught: false,
          wires: [['completed']],
        },
        { id: 'completed', z: 'flow', x: 500, y: 600, type: 'helper' },
      );
    }
    await helper.load(NODE_MODULES, flow, { account: { apiKey: h.sim.apiKey } });
    const targets = [
      ...actionNodes.map((node) => ({ id: node.id, type: node.type })),
      ...(watched ? [{ id: 'watch', type: 'watch' }] : []),
    ];
    const outputs = [nodeOf('out'), ...(watched ? [nodeOf('completed')] : [])];
    const outcomes = new Outcomes(outputs, [nodeOf('caught')]);
    /** The node each message went to, by message id. */
    const sentTo = new Map<string, { id: string; type: string }>();
    // Node-RED reports every done(), with or without an error: a message ends when its node calls done once.
    const completions = new Map<string, number>();
    hooks.add('onComplete.fuzz', (event) => {
      const id = String(event.msg._msgid);
      // Only the node the message was sent to: the Catch and helper nodes end their copies too.
      if (sentTo.get(id)?.id === event.node.id) completions.set(id, (completions.get(id) ?? 0) + 1);
    });

    // One fan-out before any fault, so that every seed shows copies per device; the random ones may all meet faults.
    const fanOut = { id: 'device-cloud-display-text-msg', type: 'device-cloud-display-text' };
    sentTo.set('fuzz-fan-out', fanOut);
    nodeOf(fanOut.id).receive({ _msgid: 'fuzz-fan-out', deviceId: [KITCHEN, HALLWAY], payload: 'Fan-out', pageId: 1 });
    await outcomes.settled(['fuzz-fan-out']);

    for (let sent = 0; sent < MESSAGES;) {
      if (r.chance(0.3)) h.sim.misbehave(randomFault(r));
      const todoIds = [...h.sim.state.todos.keys()];
      const batch: string[] = [];
      for (let i = 0; i < BATCH && sent < MESSAGES; i++, sent++) {
        const target = r.pick(targets);
        const id = `fuzz-${sent}`;
        sentTo.set(id, target);
        batch.push(id);
        nodeOf(target.id).receive(randomMessage(r, target.type, id, todoIds));
      }
      await outcomes.settled(batch, 20_000);
      await until(() => batch.every((id) => completions.has(id)), {
        what: 'every message of the batch to end',
        timeoutMs: 20_000,
      });
      if (h.sim.state.todos.size > 200) h.sim.state.todos.clear();
    }
    // Every message has ended: once its copies have arrived too, a second outcome of any would be there.
    await h.settled({ what: 'the copies of every message to arrive', messages: [...sentTo.keys()], timeoutMs: 20_000 });
    outcomes.detach();
    hooks.remove('*.fuzz');

    const wrong = [...sentTo.keys()]
      .map((id) => {
        const seen = outcomes.of(id);
        const errors = seen.filter((outcome) => outcome.error).length;
        const devices = seen.flatMap((outcome) => (outcome.output ? [outcome.output.deviceId] : []));
        return {
          id,
          node: sentTo.get(id)?.id,
          type: sentTo.get(id)?.type,
          completions: completions.get(id) ?? 0,
          errors,
          outputs: devices.length,
          devices,
        };
      })
      .filter(({ type, completions: ended, errors, outputs, devices }) => {
        if (ended !== 1 || errors > 1) return true;
        if (!FAN_OUT.has(String(type))) return errors + outputs !== 1;
        // A list or "all": a copy per device that succeeded, each device once, and one error for those that failed.
        return errors + outputs === 0 || new Set(devices).size !== outputs;
      });
    expect(wrong, `messages without exactly one outcome (FUZZ_SEED=${SEED})`).to.deep.equal([]);
    expect(problems, `FUZZ_SEED=${SEED}`).to.deep.equal([]);

    const all = [...sentTo.keys()].flatMap((id) => outcomes.of(id));
    // The fan-out was exercised: some message went to several devices.
    const fannedOut = [...sentTo.keys()].filter((id) => outcomes.of(id).filter((outcome) => outcome.output).length > 1);
    expect(fannedOut.length, 'messages sent to several devices').to.be.above(0);
    const errorTexts = all.flatMap((outcome) => (outcome.error ? [String(outcome.error.error.message)] : []));
    // A fault of ours shows as "internal error": none may occur, whatever the input.
    const internal = errorTexts.filter((text) => /internal error/.test(text));
    expect(internal, `FUZZ_SEED=${SEED}`).to.deep.equal([]);
    // Input the rules refuse never reaches the service: its own 400s (not the simulated ones) do not occur.
    const refusedByService = errorTexts.filter((text) => /HTTP 400: (?!simulated)/.test(text));
    expect(refusedByService, `FUZZ_SEED=${SEED}`).to.deep.equal([]);
    // Both kinds of outcome happened, so the run tested something.
    expect(all.filter((outcome) => outcome.output).length, 'successes').to.be.above(MESSAGES / 50);
    expect(errorTexts.length, 'errors').to.be.above(MESSAGES / 10);
    expect(({} as { polluted?: unknown }).polluted, 'Object.prototype polluted').to.equal(undefined);
  });
});
