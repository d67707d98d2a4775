'use strict';
/**
 * Helpers for the reliability tests: many messages in flight at once, each
 * outcome recorded against its message id, and waiting for a condition.
 */

const KITCHEN = 'AA:BB:CC:DD:EE:01';
const HALLWAY = 'AA:BB:CC:DD:EE:02';
/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Account settings that keep retry waits short in tests. */
const FAST_RETRIES = { retryBaseDelay: 1 };

/**
 * Every outcome of every message, by msg._msgid: `{output}` from the helper
 * node(s) wired to the action nodes, `{error}` from the helper node(s) behind
 * the Catch node.
 */
class Outcomes {
  constructor(outputs, errors) {
    this.byId = new Map();
    this.listeners = [];
    for (const node of outputs) this.listen(node, 'output');
    for (const node of errors) this.listen(node, 'error');
  }

  listen(node, kind) {
    const listener = (msg) => {
      const list = this.byId.get(msg._msgid) ?? [];
      list.push({ [kind]: msg });
      this.byId.set(msg._msgid, list);
    };
    node.on('input', listener);
    this.listeners.push([node, listener]);
  }

  of(id) {
    return this.byId.get(id) ?? [];
  }

  /** Resolves when each id has an outcome; rejects naming the ids still without one. */
  async settled(ids, timeoutMs = 10_000) {
    try {
      await until(() => ids.every((id) => this.of(id).length > 0), timeoutMs);
    } catch {
      const stuck = ids.filter((id) => this.of(id).length === 0);
      throw new Error(`${stuck.length} message(s) without an outcome: ${stuck.slice(0, 10).join(', ')}`);
    }
  }

  detach() {
    for (const [node, listener] of this.listeners) node.removeListener('input', listener);
    this.listeners = [];
  }
}

function until(condition, timeoutMs = 5000) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const poll = () => {
      if (condition()) resolve();
      else if (Date.now() - started > timeoutMs) reject(new Error('condition not met in time'));
      else setTimeout(poll, 5);
    };
    poll();
  });
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

module.exports = { KITCHEN, HALLWAY, PNG, FAST_RETRIES, Outcomes, until, pause };

/**
 * One working use of each action node against a fresh simulator: the node's
 * config, what to seed, the message, which request a fault should hit, and
 * whether the wanted effect is there afterwards.
 * `repeat`: 'always' (safe to repeat), 'unsent' (create) or 'toggle' (complete).
 */
const seedTodo = (sim) => sim.addTodo({ title: 'seeded' });
const pagesOf = (sim) => sim.state.pages.get(KITCHEN) ?? [];

const NODE_CASES = [
  {
    type: 'device-cloud-devices',
    repeat: 'always',
    message: () => ({}),
    target: { method: 'GET' },
    done: (_sim, _seed, output) => output.payload.length === 2,
  },
  {
    type: 'device-cloud-sync-interval',
    repeat: 'always',
    config: { deviceId: KITCHEN, deviceIdType: 'str', syncInterval: '' },
    message: () => ({ payload: 60 }),
    target: { method: 'PUT' },
    done: (sim) => sim.state.syncIntervals.get(KITCHEN) === 60,
  },
  {
    type: 'device-cloud-todo-list',
    repeat: 'always',
    // One request of its kind: without a status filter the node makes two (status=0, then status=1).
    config: { statusFilter: 'pending' },
    seed: seedTodo,
    message: () => ({}),
    target: { method: 'GET' },
    done: (_sim, _seed, output) => output.payload.length === 1,
  },
  {
    type: 'device-cloud-todo-create',
    repeat: 'unsent',
    message: () => ({ payload: { title: 'Buy milk', priority: 'urgent' } }),
    target: { method: 'POST' },
    done: (sim) => sim.state.todos.size === 1,
  },
  {
    type: 'device-cloud-todo-update',
    repeat: 'always',
    seed: seedTodo,
    message: (todo) => ({ todoId: todo.id, payload: { title: 'changed' } }),
    target: { method: 'PUT' },
    done: (sim, todo) => sim.state.todos.get(todo.id).title === 'changed',
  },
  {
    type: 'device-cloud-todo-complete',
    repeat: 'toggle',
    config: { action: 'complete' },
    seed: seedTodo,
    message: (todo) => ({ payload: todo.id }),
    target: { method: 'PUT' },
    done: (sim, todo) => sim.state.todos.get(todo.id).status === 1,
  },
  {
    type: 'device-cloud-todo-delete',
    repeat: 'always',
    seed: seedTodo,
    message: (todo) => ({ payload: todo.id }),
    target: { method: 'DELETE' },
    done: (sim, todo) => !sim.state.todos.has(todo.id),
  },
  {
    type: 'device-cloud-display-text',
    repeat: 'always',
    config: { mode: 'text', deviceId: KITCHEN, deviceIdType: 'str', pageId: '2' },
    message: () => ({ payload: 'Hello' }),
    target: { method: 'POST' },
    done: (sim) => pagesOf(sim)[1]?.text === 'Hello',
  },
  {
    type: 'device-cloud-display-text',
    label: 'device-cloud-display-text (structured)',
    repeat: 'always',
    config: { mode: 'structured', deviceId: KITCHEN, deviceIdType: 'str', pageId: '1' },
    message: () => ({ payload: { title: 'Today', body: 'Sunny' } }),
    target: { method: 'POST' },
    done: (sim) => pagesOf(sim)[0]?.title === 'Today',
  },
  {
    type: 'device-cloud-display-image',
    repeat: 'always',
    config: { deviceId: KITCHEN, deviceIdType: 'str', pageId: '3', dither: '' },
    message: () => ({ payload: PNG }),
    target: { method: 'POST' },
    done: (sim) => pagesOf(sim)[2]?.kind === 'image',
  },
  {
    type: 'device-cloud-page-delete',
    repeat: 'always',
    config: { deviceId: KITCHEN, deviceIdType: 'str', pageId: '4' },
    seed: (sim) => {
      const page = { kind: 'text', text: 'old', fontSize: 20, pushedAt: Date.now(), persistent: true };
      sim.state.pages.set(KITCHEN, [null, null, null, page, null]);
    },
    message: () => ({}),
    target: { method: 'DELETE' },
    done: (sim) => pagesOf(sim)[3] === null,
  },
];

module.exports.NODE_CASES = NODE_CASES;
