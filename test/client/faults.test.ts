/**
 * Every fault the simulator can play against every operation of the client,
 * through the package's public entry, over real HTTP. A call ends in success
 * after retrying or in one clear error; the service received the request as
 * often as the repeat rules allow, the same request each time, and ends in
 * the state the outcome tells. How the three node factories turn the client's
 * outcome into a message's one outcome is in test/reliability/faults.test.ts.
 */
import { expect } from 'chai';
import { DeviceCloudClient, type ErrorKind } from '../../dist/lib';
import {
  startSimulator,
  type Fault,
  type PageSlots,
  type SimTextPage,
  type SimTodo,
  type Simulator,
} from '../../dist/simulator/server';
import { PNG } from '../fixtures/images';
import { HALLWAY, KITCHEN } from '../fixtures/service';
import { failureOf } from '../support/clients';

/** The account default: three retries after the first attempt. */
const ATTEMPTS = 4;
/**
 * The client's timeout where the service does not answer. undici's timers tick
 * every half second, so a timeout takes about a second whatever is set: the
 * cases of a hanging service run at once, each on a simulator of its own.
 */
const HANG_TIMEOUT_MS = 150;

/**
 * How an operation may be repeated after a failure:
 * `always`: repeating it leaves the same result (reads, PUT, DELETE, page pushes);
 * `unsent`: only when the service certainly did not get it (a 429);
 * `reread`: the to-do complete workflow, which reads the state again before toggling again.
 */
type Repeat = 'always' | 'unsent' | 'reread';

interface Operation {
  name: string;
  repeat: Repeat;
  /** The operation's name in the error text: "<failsAs> failed: ...". */
  failsAs: string;
  /** The requests the faults aim at. */
  target: { method: string; path?: RegExp };
  seed?: (sim: Simulator) => SimTodo | undefined;
  call: (client: DeviceCloudClient, todo: SimTodo | undefined) => Promise<unknown>;
  /** Whether the service shows the call's change; absent for reads. */
  effect?: (sim: Simulator, todo: SimTodo | undefined) => boolean;
  /** Checks what a successful call returned. */
  result: (value: unknown, todo: SimTodo | undefined) => void;
}

const seedTodo = (sim: Simulator): SimTodo => sim.addTodo({ title: 'seeded' });
const pagesOf = (sim: Simulator): PageSlots => sim.state.pages.get(KITCHEN) ?? [null, null, null, null, null];
const idOf = (todo: SimTodo | undefined): number => {
  if (!todo) throw new Error('the operation needs a seeded to-do');
  return todo.id;
};
const statusOf = (sim: Simulator, todo: SimTodo | undefined): number | undefined =>
  sim.state.todos.get(idOf(todo))?.status;
const textPage = (text: string): SimTextPage => ({
  kind: 'text',
  text,
  fontSize: 20,
  pushedAt: Date.now(),
  persistent: true,
});

const OPERATIONS: Operation[] = [
  {
    name: 'listDevices',
    repeat: 'always',
    failsAs: 'list devices',
    target: { method: 'GET' },
    call: (client) => client.listDevices(),
    result: (devices) => expect(devices).to.have.deep.members([...devicesOfTheSimulator()]),
  },
  {
    name: 'setSyncInterval',
    repeat: 'always',
    failsAs: 'set sync interval',
    target: { method: 'PUT' },
    call: (client) => client.setSyncInterval(KITCHEN, 60),
    effect: (sim) => sim.state.syncIntervals.get(KITCHEN) === 60,
    result: (value) => expect(value).to.deep.equal({ deviceId: KITCHEN, syncInterval: 60 }),
  },
  {
    name: 'listTodos',
    repeat: 'always',
    failsAs: 'list to-dos',
    target: { method: 'GET' },
    seed: seedTodo,
    call: (client) => client.listTodos({ status: 'pending' }),
    result: (items, todo) => expect(items).to.have.length(1).and.nested.property('[0].id', idOf(todo)),
  },
  {
    name: 'findTodo',
    repeat: 'always',
    failsAs: 'list to-dos',
    target: { method: 'GET' },
    seed: seedTodo,
    call: (client, todo) => client.findTodo(idOf(todo)),
    result: (item, todo) => expect(item).to.include({ id: idOf(todo), title: 'seeded' }),
  },
  {
    name: 'createTodo',
    repeat: 'unsent',
    failsAs: 'create to-do',
    target: { method: 'POST' },
    call: (client) => client.createTodo({ title: 'Buy milk', priority: 'urgent' }),
    effect: (sim) => [...sim.state.todos.values()].some((todo) => todo.title === 'Buy milk'),
    result: (created) => expect(created).to.include({ title: 'Buy milk', priority: 2, status: 0 }),
  },
  {
    name: 'updateTodo',
    repeat: 'always',
    failsAs: 'update to-do',
    target: { method: 'PUT' },
    seed: seedTodo,
    call: (client, todo) => client.updateTodo(idOf(todo), { title: 'changed' }),
    effect: (sim, todo) => sim.state.todos.get(idOf(todo))?.title === 'changed',
    result: (updated, todo) => expect(updated).to.include({ id: idOf(todo), title: 'changed' }),
  },
  {
    name: 'toggleTodo',
    repeat: 'unsent',
    failsAs: 'mark complete / incomplete',
    target: { method: 'PUT' },
    seed: seedTodo,
    call: (client, todo) => client.toggleTodo(idOf(todo)),
    effect: (sim, todo) => statusOf(sim, todo) === 1,
    result: (value) => expect(value).to.equal(undefined),
  },
  {
    name: 'setTodoCompleted (complete)',
    repeat: 'reread',
    failsAs: 'mark complete / incomplete',
    target: { method: 'PUT' },
    seed: seedTodo,
    call: (client, todo) => client.setTodoCompleted(idOf(todo), true),
    effect: (sim, todo) => statusOf(sim, todo) === 1,
    result: (state, todo) => expect(state).to.deep.equal({ id: idOf(todo), status: 1, completed: true, changed: true }),
  },
  {
    name: 'setTodoCompleted (toggle)',
    repeat: 'reread',
    failsAs: 'mark complete / incomplete',
    target: { method: 'PUT' },
    seed: (sim) => sim.addTodo({ title: 'done already', status: 1 }),
    call: (client, todo) => client.setTodoCompleted(idOf(todo), 'toggle'),
    effect: (sim, todo) => statusOf(sim, todo) === 0,
    result: (state, todo) =>
      expect(state).to.deep.equal({ id: idOf(todo), status: 0, completed: false, changed: true }),
  },
  {
    name: 'deleteTodo',
    repeat: 'always',
    failsAs: 'delete to-do',
    target: { method: 'DELETE' },
    seed: seedTodo,
    call: (client, todo) => client.deleteTodo(idOf(todo)),
    effect: (sim, todo) => !sim.state.todos.has(idOf(todo)),
    result: (value, todo) => expect(value).to.deep.equal({ id: idOf(todo), deleted: true }),
  },
  {
    name: 'pushText',
    repeat: 'always',
    failsAs: 'push text',
    target: { method: 'POST' },
    call: (client) => client.pushText(KITCHEN, { text: 'Hello', pageId: '2' }),
    effect: (sim) => pagesOf(sim)[1]?.kind === 'text',
    result: (value) => expect(value).to.deep.equal({ totalPages: 1, pushedPages: 1, pageId: '2' }),
  },
  {
    name: 'pushStructuredText',
    repeat: 'always',
    failsAs: 'push title and body',
    target: { method: 'POST' },
    call: (client) => client.pushStructuredText(KITCHEN, { title: 'Today', body: 'Sunny', pageId: '1' }),
    effect: (sim) => pagesOf(sim)[0]?.kind === 'structured',
    result: (value) => expect(value).to.deep.equal({ totalPages: 1, pushedPages: 1, pageId: '1' }),
  },
  {
    name: 'pushImages',
    repeat: 'always',
    failsAs: 'push images',
    target: { method: 'POST' },
    call: (client) => client.pushImages(KITCHEN, { images: [{ data: PNG, format: 'png' }], pageId: '3' }),
    effect: (sim) => pagesOf(sim)[2]?.kind === 'image',
    result: (value) => expect(value).to.deep.equal({ totalPages: 1, pushedPages: 1, pageId: '3' }),
  },
  {
    name: 'deletePage (one)',
    repeat: 'always',
    failsAs: 'delete page',
    target: { method: 'DELETE' },
    seed: (sim) => {
      sim.state.pages.set(KITCHEN, [textPage('one'), null, null, textPage('four'), null]);
      return undefined;
    },
    call: (client) => client.deletePage(KITCHEN, '4'),
    effect: (sim) => pagesOf(sim)[3] === null && pagesOf(sim)[0] !== null,
    result: (value) => expect(value).to.deep.equal({ deviceId: KITCHEN, pageId: '4', deleted: true }),
  },
  {
    name: 'deletePage (all)',
    repeat: 'always',
    failsAs: 'delete all pages',
    target: { method: 'DELETE' },
    seed: (sim) => {
      sim.state.pages.set(KITCHEN, [textPage('one'), null, null, textPage('four'), null]);
      return undefined;
    },
    call: (client) => client.deletePage(KITCHEN, 'all'),
    effect: (sim) => pagesOf(sim).every((page) => page === null),
    result: (value) => expect(value).to.deep.equal({ deviceId: KITCHEN, pageId: 'all', deleted: true }),
  },
];

function devicesOfTheSimulator(): { deviceId: string; alias: string; board: string }[] {
  return [
    { deviceId: KITCHEN, alias: 'Kitchen', board: 'esp32-c3' },
    { deviceId: HALLWAY, alias: 'Hallway', board: 'esp32-s3' },
  ];
}

/** What a fault does to an operation: how often the targeted request arrives, and how the call ends. */
type Expected =
  | { succeeds: true; hits: number }
  | {
      succeeds: false;
      hits: number;
      /** The error's text after "<operation> failed: ", to its end. */
      says: RegExp;
      kind: ErrorKind;
      code?: number;
      statusCode?: number;
    };

interface FaultCase {
  label: string;
  /** Aimed at the operation's request; none for the case without a fault. */
  fault?: Fault;
  /** The client's timeout (default 10 s). */
  timeoutMs?: number;
  /** The outcome for each way of repeating. */
  outcome: Record<Repeat, Expected>;
}

const succeeds = (hits: number): Expected => ({ succeeds: true, hits });

/** An HTTP error: the simulator's envelope carries the status as its code. */
function httpError(hits: number, status: number, says: RegExp): Expected {
  return { succeeds: false, hits, says, kind: 'http', code: status, statusCode: status };
}

/** The same outcome whatever the operation. */
const forEvery = (expected: Expected): Record<Repeat, Expected> => ({
  always: expected,
  unsent: expected,
  reread: expected,
});

const NOT_REPEATED = '; not repeated, because the service may have carried it out: check before sending it again';

/**
 * A failure that may have reached the service, `failures` times in a row:
 * repeated where that is safe, never for a create or a toggle, which end in
 * the first error with a note saying why.
 */
function ambiguous(failures: number, firstError: Omit<Extract<Expected, { succeeds: false }>, 'succeeds' | 'hits'>) {
  const notRepeated: Expected = {
    succeeds: false,
    hits: 1,
    ...firstError,
    says: new RegExp(firstError.says.source + NOT_REPEATED),
  };
  return { always: succeeds(failures + 1), unsent: notRepeated, reread: succeeds(failures + 1) };
}

const http = (status: number): Omit<Extract<Expected, { succeeds: false }>, 'succeeds' | 'hits'> => ({
  says: new RegExp(`HTTP ${status}: simulated ${status} \\(code ${status}\\)`),
  kind: 'http',
  code: status,
  statusCode: status,
});
const RESET = { says: /(UND_ERR_SOCKET )?other side closed/, kind: 'network' } as const;
const NO_ANSWER = { says: new RegExp(`no answer within ${HANG_TIMEOUT_MS} ms`), kind: 'timeout' } as const;

const FAULTS: FaultCase[] = [
  { label: 'no fault', outcome: forEvery(succeeds(1)) },
  { label: 'HTTP 503 once', fault: { kind: 'status', status: 503 }, outcome: ambiguous(1, http(503)) },
  {
    label: 'HTTP 500 once, after doing the work',
    fault: { kind: 'status', status: 500, afterEffect: true },
    // The complete workflow reads the state after the failure, sees the call arrived, and does not send it again.
    outcome: { ...ambiguous(1, http(500)), reread: succeeds(1) },
  },
  { label: 'HTTP 502 three times', fault: { kind: 'status', status: 502, times: 3 }, outcome: ambiguous(3, http(502)) },
  { label: 'HTTP 408', fault: { kind: 'status', status: 408 }, outcome: ambiguous(1, http(408)) },
  { label: 'HTTP 425', fault: { kind: 'status', status: 425 }, outcome: ambiguous(1, http(425)) },
  {
    label: 'HTTP 503 with a Retry-After date in the past',
    fault: { kind: 'retry-after', status: 503, retryAfter: new Date(Date.now() - 60_000).toUTCString() },
    outcome: ambiguous(1, http(503)),
  },
  {
    // A 429 comes before the service does anything: even a create is repeated.
    label: 'HTTP 429 with Retry-After: 0',
    fault: { kind: 'retry-after', status: 429, retryAfter: '0' },
    outcome: forEvery(succeeds(2)),
  },
  { label: 'HTTP 429 twice', fault: { kind: 'status', status: 429, times: 2 }, outcome: forEvery(succeeds(3)) },
  {
    label: 'HTTP 429 with a Retry-After longer than a wait may be',
    fault: { kind: 'retry-after', status: 429, retryAfter: '3600' },
    outcome: forEvery(
      httpError(
        1,
        429,
        /HTTP 429: simulated 429 \(code 429\); the service asked to retry after 3600 s, longer than the 10 s this account waits/,
      ),
    ),
  },
  { label: 'a connection reset', fault: { kind: 'reset' }, outcome: ambiguous(1, RESET) },
  {
    label: 'a connection reset after doing the work',
    fault: { kind: 'reset', afterEffect: true },
    outcome: { ...ambiguous(1, RESET), reread: succeeds(1) },
  },
  { label: 'no answer', fault: { kind: 'hang' }, timeoutMs: HANG_TIMEOUT_MS, outcome: ambiguous(1, NO_ANSWER) },
  {
    label: 'no answer after doing the work',
    fault: { kind: 'hang', afterEffect: true },
    timeoutMs: HANG_TIMEOUT_MS,
    outcome: { ...ambiguous(1, NO_ANSWER), reread: succeeds(1) },
  },
  {
    label: 'an answer that is not JSON',
    fault: { kind: 'not-json' },
    outcome: forEvery({
      succeeds: false,
      hits: 1,
      says: /the answer is not the service's JSON \(HTTP 200, text\/html[^)]*\)/,
      kind: 'parse',
      statusCode: 200,
    }),
  },
  {
    label: 'a non-zero code in the envelope',
    fault: { kind: 'code', code: 1001, msg: 'device offline' },
    outcome: forEvery({
      succeeds: false,
      hits: 1,
      says: /device offline \(code 1001\)/,
      kind: 'service',
      code: 1001,
      statusCode: 200,
    }),
  },
  { label: 'HTTP 400', fault: { kind: 'status', status: 400 }, outcome: forEvery(httpError(1, 400, http(400).says)) },
  {
    label: 'HTTP 503 that does not stop',
    fault: { kind: 'status', status: 503, times: 50 },
    outcome: {
      always: httpError(ATTEMPTS, 503, /HTTP 503: simulated 503 \(code 503\); gave up after 4 attempts/),
      unsent: httpError(1, 503, new RegExp(http(503).says.source + NOT_REPEATED)),
      // Each round reads the state and calls complete once; the last call's error ends it, saying what was tried.
      reread: httpError(
        ATTEMPTS,
        503,
        new RegExp(
          `${http(503).says.source}; gave up after ${ATTEMPTS} rounds of reading the to-do and calling complete; ` +
            'sending the message again is safe: the state is read before any call',
        ),
      ),
    },
  },
];

/** One cell of the matrix: the operation against a simulator in its initial state, with the fault queued. */
async function runCell(sim: Simulator, operation: Operation, { fault, timeoutMs, outcome }: FaultCase): Promise<void> {
  const expected = outcome[operation.repeat];
  const todo = operation.seed?.(sim);
  const changedBefore = operation.effect?.(sim, todo);
  const { method, path } = operation.target;
  if (fault) sim.misbehave({ method, ...(path ? { path } : {}), ...fault });
  const client = new DeviceCloudClient({
    baseUrl: sim.url,
    apiKey: sim.apiKey,
    retry: { baseDelayMs: 2 },
    ...(timeoutMs ? { timeoutMs } : {}),
  });
  try {
    const call = operation.call(client, todo);
    if (expected.succeeds) {
      operation.result(await call, todo);
    } else {
      const error = await failureOf(call);
      expect(error.message).to.match(new RegExp(`^${operation.failsAs} failed: ${expected.says.source}$`));
      expect(error.kind, 'kind').to.equal(expected.kind);
      expect(error.code, 'code').to.equal(expected.code);
      expect(error.statusCode, 'statusCode').to.equal(expected.statusCode);
    }
  } finally {
    await client.close();
  }

  const hits = sim.requests.filter((request) => request.method === method && (!path || path.test(request.path)));
  expect(
    hits.map((request) => `${request.method} ${request.path}`),
    'requests received',
  ).to.have.length(expected.hits);
  for (const repeated of hits.slice(1)) {
    expect(repeated.path, 'a repeat goes to the same path').to.equal(hits[0].path);
    expect(repeated.rawBody.equals(hits[0].rawBody), 'a repeat sends the same body').to.equal(true);
  }
  if (operation.effect) {
    expect(changedBefore, 'the change is not there before the call').to.equal(false);
    const changed = expected.succeeds || fault?.afterEffect === true;
    expect(
      operation.effect(sim, todo),
      changed ? 'the service made the change' : 'the service changed nothing',
    ).to.equal(changed);
  }
}

function titleOf(operation: Operation, { outcome }: FaultCase): string {
  const expected = outcome[operation.repeat];
  const received = `the request received ${expected.hits} time${expected.hits === 1 ? '' : 's'}`;
  return `${operation.name}: ${expected.succeeds ? 'succeeds' : 'ends in one error'}, ${received}`;
}

/** Runs `work` against a simulator of its own; resolves with the failure, or undefined. */
async function onOwnSimulator(work: (sim: Simulator) => Promise<void>): Promise<Error | undefined> {
  const sim = await startSimulator();
  try {
    await work(sim);
    return undefined;
  } catch (failure) {
    return failure instanceof Error ? failure : new Error(String(failure));
  } finally {
    await sim.close();
  }
}

describe('faults x operations: each fault of the service against each client operation', function () {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator();
  });
  after(() => sim.close());
  beforeEach(() => sim.reset());

  for (const faultCase of FAULTS) {
    describe(faultCase.label, function () {
      // A hanging request costs a second whatever the timeout: the cells run at once and each test takes its result.
      let concurrent: Map<string, Promise<Error | undefined>> | undefined;
      if (faultCase.fault?.kind === 'hang') {
        before(() => {
          concurrent = new Map(
            OPERATIONS.map((operation) => [
              operation.name,
              onOwnSimulator((own) => runCell(own, operation, faultCase)),
            ]),
          );
        });
      }

      for (const operation of OPERATIONS) {
        it(titleOf(operation, faultCase), async () => {
          if (!concurrent) return runCell(sim, operation, faultCase);
          const failure = await concurrent.get(operation.name);
          if (failure) throw failure;
        });
      }
    });
  }
});
