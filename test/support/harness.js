'use strict';
/**
 * Runs our nodes inside a real Node-RED runtime (node-red-node-test-helper)
 * against the project's simulator on 127.0.0.1, and tells what a user would
 * see: the request the service got, the message that came out, the error a
 * Catch node received.
 */
const path = require('node:path');
const helper = require('node-red-node-test-helper');
const { startSimulator } = require('../../dist/simulator/server');
const { runtimeEntry } = require('./runtime');

const root = path.resolve(__dirname, '../..');
// NODE_RED_RUNTIME points the suite at another Node-RED (the CI's Node-RED 5 run).
helper.init(runtimeEntry());

const { NODE_MODULES: nodeModules } = require('./package-files');

const ACCOUNT_ID = 'account';
const NODE_ID = 'subject';

/** A flow: the account, the node under test wired to `out`, a Catch node wired to `caught`. */
function flowFor(node, accountConfig, sim, extra = []) {
  return [
    { id: 'flow', type: 'tab', label: 'test' },
    {
      id: ACCOUNT_ID,
      type: 'device-cloud-account',
      name: 'test account',
      baseUrl: sim.url,
      ...accountConfig,
    },
    { id: NODE_ID, z: 'flow', x: 100, y: 100, name: 'under test', account: ACCOUNT_ID, wires: [['out']], ...node },
    { id: 'out', z: 'flow', x: 300, y: 100, type: 'helper' },
    { id: 'catch', z: 'flow', x: 100, y: 200, type: 'catch', scope: null, uncaught: false, wires: [['caught']] },
    { id: 'caught', z: 'flow', x: 300, y: 200, type: 'helper' },
    ...extra,
  ];
}

class Harness {
  /** Starts the simulator and the Node-RED test server; call from `before`. */
  static async start(simOptions) {
    const harness = new Harness();
    harness.sim = await startSimulator(simOptions);
    await new Promise((resolve) => helper.startServer(resolve));
    return harness;
  }

  /** Call from `after`: the suite must exit by itself. */
  async stop() {
    await helper.unload();
    await new Promise((resolve) => helper.stopServer(resolve));
    await this.sim.close();
  }

  /** Call from `afterEach`. */
  async reset() {
    await helper.unload();
    this.sim.reset();
  }

  get helper() {
    return helper;
  }

  /**
   * Loads the node under test with an account pointing at the simulator.
   * @param node the node's config (type and properties)
   * @param options.account overrides of the account config; options.apiKey the credential
   */
  async load(node, options = {}) {
    const flow = flowFor(node, options.account, this.sim, options.extra);
    const apiKey = options.apiKey === undefined ? this.sim.apiKey : options.apiKey;
    await helper.load(nodeModules, flow, { [ACCOUNT_ID]: { apiKey } });
    this.node = helper.getNode(NODE_ID);
    this.out = helper.getNode('out');
    this.caught = helper.getNode('caught');
    this.statuses = [];
    this.node.on('call:status', (call) => this.statuses.push(call.args[0]));
    this.sim.clearRequests();
    return this.node;
  }

  /**
   * Sends a message into the node under test and resolves with its one
   * outcome: `{ output }` (the message sent on) or `{ error }` (the message a
   * Catch node got). Fails when no outcome comes, or when a second one follows.
   */
  send(msg, { settleMs = 40, timeoutMs = 10_000 } = {}) {
    return new Promise((resolve, reject) => {
      const outcomes = [];
      const onOutput = (m) => record({ output: m });
      const onError = (m) => record({ error: m });
      let settle;
      const timer = setTimeout(() => finish(new Error(`no outcome within ${timeoutMs} ms`)), timeoutMs);
      const finish = (failure) => {
        clearTimeout(timer);
        clearTimeout(settle);
        this.out.removeListener('input', onOutput);
        this.caught.removeListener('input', onError);
        if (failure) return reject(failure);
        if (outcomes.length !== 1) {
          return reject(new Error(`expected one outcome, got ${outcomes.length}: ${JSON.stringify(outcomes)}`));
        }
        resolve(outcomes[0]);
      };
      const record = (outcome) => {
        outcomes.push(outcome);
        if (outcomes.length === 1) settle = setTimeout(() => finish(), settleMs);
      };
      this.out.on('input', onOutput);
      this.caught.on('input', onError);
      this.node.receive(msg);
    });
  }

  /** The requests the simulator received since the node was loaded. */
  get requests() {
    return this.sim.requests;
  }

  get lastStatus() {
    return this.statuses[this.statuses.length - 1];
  }
}

module.exports = { Harness, helper, ACCOUNT_ID, NODE_ID, root };
