'use strict';
/**
 * The flows under examples/ (Node-RED's Import > Examples): they are valid
 * flow files, keep no key, and work: each one runs in a real Node-RED runtime
 * against the simulator, every inject node pressed once, top to bottom.
 */
const fs = require('node:fs');
const path = require('node:path');
const { EventEmitter } = require('node:events');
const { expect } = require('chai');
const { Harness, root } = require('./support/harness');
const { runtimeResolve } = require('./support/runtime');

const EXAMPLES_DIR = path.join(root, 'examples');
const ACCOUNT_TYPE = 'device-cloud-account';
const { NODE_TYPES: OUR_TYPES, NODE_MODULES: OUR_MODULES } = require('./support/package-files');
/** Quiet time after an inject's first result, so that late results and errors still count. */
const SETTLE_MS = 60;
/** How long a press may go without any result before the test says so (below mocha's timeout). */
const NOTHING_MS = 10_000;

/** Node-RED's core nodes, type -> module file, read from the runtime the suite runs on. */
function coreNodeFiles() {
  const nodesPackage = runtimeResolve('@node-red/nodes/package.json');
  const coreDir = path.join(path.dirname(nodesPackage), 'core');
  const files = new Map();
  for (const group of fs.readdirSync(coreDir)) {
    const groupDir = path.join(coreDir, group);
    if (!fs.statSync(groupDir).isDirectory()) continue;
    for (const name of fs.readdirSync(groupDir).filter((file) => file.endsWith('.js'))) {
      const file = path.join(groupDir, name);
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/registerType\(\s*["']([^"']+)["']/g)) {
        files.set(match[1], file);
      }
    }
  }
  return files;
}

const CORE_FILES = coreNodeFiles();

const examples = fs
  .readdirSync(EXAMPLES_DIR)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => {
    const text = fs.readFileSync(path.join(EXAMPLES_DIR, name), 'utf8');
    try {
      return { name, text, nodes: JSON.parse(text) };
    } catch (error) {
      throw new Error(`examples/${name} is not valid JSON: ${error.message}`);
    }
  });

/** Every key of a JSON value, at any depth. */
function keysDeep(value, keys = []) {
  if (Array.isArray(value)) value.forEach((item) => keysDeep(item, keys));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      keys.push(key);
      keysDeep(inner, keys);
    }
  }
  return keys;
}

/** Nodes that start messages of their own rather than carry on the one they got. */
const MESSAGE_SOURCES = new Set(['device-cloud-todo-watch']);
const isOurs = (node) => OUR_TYPES.includes(node.type);
const isAction = (node) => isOurs(node) && node.type !== ACCOUNT_TYPE;
const wiresOf = (node) => (Array.isArray(node.wires) ? node.wires.flat() : []);

describe('examples', function () {
  it('are there, one flow file per node at least', () => {
    expect(examples.length).to.be.at.least(OUR_TYPES.length - 1);
  });

  it('together use every node of the package (the account aside)', () => {
    const used = new Set(examples.flatMap((example) => example.nodes.map((node) => node.type)));
    const missing = OUR_TYPES.filter((type) => type !== ACCOUNT_TYPE && !used.has(type));
    expect(missing, 'node types without an example').to.deep.equal([]);
  });

  it('have node ids unique across all files (npm start puts them in one flow)', () => {
    const owners = new Map();
    const clashes = [];
    for (const example of examples) {
      for (const node of example.nodes) {
        if (owners.has(node.id)) clashes.push(`${node.id} in ${owners.get(node.id)} and ${example.name}`);
        owners.set(node.id, example.name);
      }
    }
    expect(clashes).to.deep.equal([]);
  });

  for (const example of examples) {
    describe(example.name, function () {
      const byId = new Map(example.nodes.map((node) => [node.id, node]));
      const accounts = example.nodes.filter((node) => node.type === ACCOUNT_TYPE);

      it('is an importable flow: an array of nodes with id and type, wired to nodes of the file', () => {
        expect(example.nodes).to.be.an('array').that.is.not.empty;
        for (const node of example.nodes) {
          expect(node.id, JSON.stringify(node)).to.be.a('string').that.is.not.empty;
          expect(node.type, node.id).to.be.a('string').that.is.not.empty;
          for (const target of wiresOf(node)) expect(byId.has(target), `${node.id} wired to ${target}`).to.equal(true);
        }
        expect(byId.size, 'ids are unique').to.equal(example.nodes.length);
      });

      it('uses only node types of Node-RED core and of this package', () => {
        const unknown = example.nodes
          .map((node) => node.type)
          .filter((type) => type !== 'tab' && !CORE_FILES.has(type) && !OUR_TYPES.includes(type));
        expect(unknown).to.deep.equal([]);
      });

      it('explains itself in a comment node and has inject, debug and catch nodes', () => {
        const comment = example.nodes.find((node) => node.type === 'comment');
        expect(comment, 'a comment node').to.exist;
        expect(comment.info, 'the comment says what the example shows').to.match(/\w+/);
        for (const type of ['inject', 'debug', 'catch']) {
          expect(
            example.nodes.some((node) => node.type === type),
            `a ${type} node`,
          ).to.equal(true);
        }
        const catchNode = example.nodes.find((node) => node.type === 'catch');
        expect(wiresOf(catchNode).map((id) => byId.get(id).type)).to.include('debug');
      });

      it('keeps no key: no credentials or apiKey, not even the simulator key', () => {
        const keys = keysDeep(example.nodes);
        expect(keys).to.not.include('credentials');
        expect(keys).to.not.include('apiKey');
        expect(example.text).to.not.match(/sim-key/);
      });

      it('points every Device Cloud node at an account of the file, on the simulator', () => {
        expect(accounts).to.have.length(1);
        expect(accounts[0].baseUrl).to.equal('http://127.0.0.1:8080');
        const ours = example.nodes.filter(isAction);
        expect(ours).to.not.be.empty;
        for (const node of ours) expect(node.account, node.id).to.equal(accounts[0].id);
      });

      describe('against the simulator', function () {
        this.timeout(4 * NOTHING_MS);
        let h;
        before(async () => {
          h = await Harness.start();
        });
        after(() => h.stop());

        it('works: every inject, pressed top to bottom, reaches its debug nodes and no Catch fires', async () => {
          const run = await ExampleRun.load(h, example.nodes);
          for (const inject of run.injects) await run.press(inject);
          if (run.watches.length) await run.changeTodosAndPoll();

          expect(run.caughtErrors(), 'messages a Catch node got').to.deep.equal([]);
          for (const id of run.expectedDebugs) {
            expect(run.received.get(id), `debug "${byId.get(id).name}" got a message`).to.not.be.empty;
          }
          expect(h.sim.requests.length, 'requests the simulator received').to.be.at.least(run.injects.length);
          await h.helper.unload();
        });
      });
    });
  }
});

/**
 * One example loaded into the runtime, with the test's view of it: what each
 * debug node received, and a Complete node on each to-do watch to know when a
 * poll asked for has ended.
 */
class ExampleRun {
  static async load(h, nodes) {
    const run = new ExampleRun(h, nodes);
    const flow = run.runnableFlow();
    const account = nodes.find((node) => node.type === ACCOUNT_TYPE);
    await h.helper.load([...OUR_MODULES, ...coreModulesFor(flow)], flow, { [account.id]: { apiKey: h.sim.apiKey } });
    run.watchDebugs();
    return run;
  }

  constructor(h, nodes) {
    this.h = h;
    this.nodes = nodes;
    this.byId = new Map(nodes.map((node) => [node.id, node]));
    this.catchDebugs = new Set(nodes.filter((node) => node.type === 'catch').flatMap(wiresOf));
    this.watches = nodes.filter((node) => MESSAGE_SOURCES.has(node.type)).map((node) => node.id);
    this.injects = nodes.filter((node) => node.type === 'inject').sort((a, b) => a.y - b.y || a.x - b.x);
    this.received = new Map();
    this.events = new EventEmitter();
    this.expectedDebugs = new Set();
    this.presses = 0;
  }

  /** One tab; debug nodes become test helper nodes; the account points at the simulator. */
  runnableFlow() {
    const tab = { id: 'example-tab', type: 'tab', label: 'example' };
    const flow = [tab];
    for (const node of this.nodes) {
      if (node.type === ACCOUNT_TYPE) {
        flow.push({ ...node, baseUrl: this.h.sim.url });
      } else if (node.type === 'debug') {
        flow.push({
          id: node.id,
          type: 'helper',
          name: node.name,
          z: tab.id,
          x: node.x ?? 0,
          y: node.y ?? 0,
          wires: [],
        });
      } else {
        flow.push({ ...node, z: tab.id, x: node.x ?? 0, y: node.y ?? 0 });
      }
    }
    for (const id of this.watches) {
      flow.push(
        {
          id: `polled-${id}`,
          type: 'complete',
          scope: [id],
          uncaught: false,
          z: tab.id,
          x: 0,
          y: 0,
          wires: [[`polled-${id}-out`]],
        },
        { id: `polled-${id}-out`, type: 'helper', z: tab.id, x: 0, y: 0, wires: [] },
      );
    }
    return flow;
  }

  watchDebugs() {
    const listen = (id) => {
      this.received.set(id, []);
      this.h.helper.getNode(id).on('input', (msg) => {
        this.received.get(id).push(msg);
        this.events.emit('message', id, msg);
      });
    };
    this.nodes.filter((node) => node.type === 'debug').forEach((node) => listen(node.id));
    this.watches.forEach((id) => listen(`polled-${id}-out`));
  }

  /** The nodes a message from `start` reaches along the wires; a to-do watch starts messages of its own. */
  reachableFrom(start) {
    const seen = new Set();
    const queue = [...wiresOf(start)];
    while (queue.length) {
      const id = queue.shift();
      const node = this.byId.get(id);
      if (seen.has(id) || !node) continue;
      seen.add(id);
      if (!MESSAGE_SOURCES.has(node.type)) queue.push(...wiresOf(node));
    }
    return [...seen].map((id) => this.byId.get(id));
  }

  /**
   * Presses an inject node with a marker on its message, and resolves once a
   * debug node it reaches got the marked message (or the poll it asked a watch
   * for has ended) and the flow has gone quiet, so that later results and
   * errors of the same press still count; rejects when a Catch node got it.
   */
  press(inject) {
    const reached = this.reachableFrom(inject);
    const debugs = reached
      .filter((node) => node.type === 'debug' && !this.catchDebugs.has(node.id))
      .map((node) => node.id);
    const polls = reached.filter((node) => MESSAGE_SOURCES.has(node.type)).map((node) => `polled-${node.id}-out`);
    debugs.forEach((id) => this.expectedDebugs.add(id));
    const ends = debugs.length ? debugs : polls;
    const mark = ++this.presses;
    return new Promise((resolve, reject) => {
      if (!ends.length) reject(new Error(`"${inject.name}" is wired to no debug node`));
      let settle;
      const finish = (error) => {
        clearTimeout(settle);
        clearTimeout(nothing);
        this.events.removeListener('message', onMessage);
        if (error) reject(error);
        else resolve();
      };
      const onMessage = (id, msg) => {
        if (msg._exampleRun !== mark) return;
        if (this.catchDebugs.has(id)) {
          finish(new Error(`"${inject.name}": a Catch node got: ${msg.error && msg.error.message}`));
        } else if (ends.includes(id)) {
          clearTimeout(settle);
          settle = setTimeout(() => finish(), SETTLE_MS);
        }
      };
      const nothing = setTimeout(() => finish(new Error(`"${inject.name}": no debug node got a message`)), NOTHING_MS);
      this.events.on('message', onMessage);
      this.h.helper.getNode(inject.id).receive({ _exampleRun: mark });
    });
  }

  /**
   * A to-do watch speaks of changes made elsewhere (the app, a device): make
   * some through the service's API, poll, and expect a debug node after the
   * watch to hear of them.
   */
  async changeTodosAndPoll() {
    const pollers = this.injects.filter((inject) =>
      this.reachableFrom(inject).some((node) => MESSAGE_SOURCES.has(node.type)),
    );
    expect(pollers, 'an inject node that asks the watch to poll').to.not.be.empty;
    const afterWatches = new Set(
      this.watches.flatMap((id) => this.reachableFrom(this.byId.get(id)).map((node) => node.id)),
    );
    const heardBefore = this.debugMessagesAfter(afterWatches);
    const created = await this.api('POST', '/todos', { title: 'Feed the cat', deviceId: 'AA:BB:CC:DD:EE:01' });
    for (const inject of pollers) await this.press(inject);
    await this.api('PUT', `/todos/${created.id}/complete`);
    for (const inject of pollers) await this.press(inject);
    expect(this.debugMessagesAfter(afterWatches), 'messages the watch sent on to a debug node').to.be.above(
      heardBefore,
    );
  }

  debugMessagesAfter(ids) {
    return [...ids]
      .filter((id) => this.byId.get(id).type === 'debug' && !this.catchDebugs.has(id))
      .reduce((count, id) => count + this.received.get(id).length, 0);
  }

  /** A call to the simulator's API, as another client of the service would make it. */
  async api(method, apiPath, body) {
    const response = await fetch(`${this.h.sim.url}/open/v1${apiPath}`, {
      method,
      headers: { 'x-api-key': this.h.sim.apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const envelope = await response.json();
    expect(envelope.code, `${method} ${apiPath}`).to.equal(0);
    return envelope.data;
  }

  caughtErrors() {
    return [...this.catchDebugs].flatMap((id) => this.received.get(id).map((msg) => msg.error && msg.error.message));
  }
}

/** The core node modules a flow needs (catch is loaded by the test helper itself). */
function coreModulesFor(flow) {
  const types = new Set(flow.map((node) => node.type).filter((type) => CORE_FILES.has(type) && type !== 'catch'));
  return [...new Set([...types].map((type) => CORE_FILES.get(type)))].map((file) => require(file));
}
