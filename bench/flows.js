'use strict';
/**
 * The flows the benchmark runs, one tab per way of pushing text, each built
 * the same way: the node that pushes, wired to an inactive debug node (the
 * end of the line), and a catch node for failures. A `FlowDriver` hands a
 * message to the first node with `node.receive()` and resolves when the debug
 * node or the catch node gets it.
 */
const { performance } = require('node:perf_hooks');
const { API_KEY, DEVICE_ID } = require('./common');

const ACCOUNT_ID = 'bench-account';

const VARIANTS = {
  ours: { label: 'display-text node (ours)' },
  httpKeepAlive: { label: 'core http request, keep-alive on' },
  http: { label: 'core http request, default settings' },
  functionUndici: { label: 'function node, plain undici call' },
  hop: { label: 'one Node-RED hop, no HTTP (junction node)' },
};

function sinks(prefix) {
  return [
    {
      id: `${prefix}-out`,
      z: prefix,
      type: 'debug',
      active: false,
      tosidebar: false,
      console: 'false',
      tostatus: false,
      complete: 'true',
      wires: [],
    },
    { id: `${prefix}-catch`, z: prefix, type: 'catch', scope: null, uncaught: false, wires: [] },
  ];
}

/** Our account and display-text node; `account` overrides the account's settings. */
function oursFlow(simUrl, account = {}) {
  const tab = 'ours';
  return [
    { id: tab, type: 'tab', label: 'ours' },
    { id: ACCOUNT_ID, type: 'device-cloud-account', name: 'bench', baseUrl: simUrl, ...account },
    {
      id: `${tab}-node`,
      z: tab,
      type: 'device-cloud-display-text',
      name: '',
      account: ACCOUNT_ID,
      mode: 'text',
      deviceId: DEVICE_ID,
      deviceIdType: 'str',
      pageId: '',
      fontSize: '',
      fontSizeType: 'msg',
      wires: [[`${tab}-out`]],
    },
    ...sinks(tab),
  ];
}

/** What a user builds instead: the core http request node POSTing {text} as JSON with the key header. */
function httpRequestFlow(tab, simUrl, keepAlive) {
  return [
    { id: tab, type: 'tab', label: tab },
    {
      id: `${tab}-node`,
      z: tab,
      type: 'http request',
      name: '',
      method: 'POST',
      ret: 'obj',
      paytoqs: 'ignore',
      url: `${simUrl}/open/v1/devices/${encodeURIComponent(DEVICE_ID)}/display/text`,
      tls: '',
      persist: keepAlive,
      proxy: '',
      insecureHTTPParser: false,
      authType: '',
      senderr: false,
      headers: [{ keyType: 'other', keyValue: 'X-API-Key', valueType: 'other', valueValue: API_KEY }],
      wires: [[`${tab}-out`]],
    },
    ...sinks(tab),
  ];
}

/**
 * What a user writes by hand with the best client: a function node making the same POST with an undici Pool
 * (one kept-alive connection; undici from the settings' functionGlobalContext), in the same runtime.
 */
const FUNCTION_UNDICI = `
let pool = context.get('pool');
if (!pool) {
  pool = new (global.get('undici').Pool)(env.get('SIM_URL'), { connections: 1 });
  context.set('pool', pool);
}
const response = await pool.request({
  method: 'POST',
  path: '/open/v1/devices/${encodeURIComponent(DEVICE_ID)}/display/text',
  headers: { 'content-type': 'application/json', 'x-api-key': '${API_KEY}' },
  body: JSON.stringify({ text: msg.payload }),
});
msg.payload = await response.body.json();
msg.statusCode = response.statusCode;
return msg;
`;

function functionUndiciFlow(simUrl) {
  const tab = 'functionUndici';
  return [
    { id: tab, type: 'tab', label: tab, env: [{ name: 'SIM_URL', value: simUrl, type: 'str' }] },
    { id: `${tab}-node`, z: tab, type: 'function', func: FUNCTION_UNDICI, outputs: 1, wires: [[`${tab}-out`]] },
    ...sinks(tab),
  ];
}

/** Node-RED's own share: a message through a node that passes it on, to the same end node. */
function hopFlow() {
  const tab = 'hop';
  return [
    { id: tab, type: 'tab', label: tab },
    { id: `${tab}-node`, z: tab, type: 'junction', wires: [[`${tab}-out`]] },
    ...sinks(tab),
  ];
}

function benchFlows(simUrl, { account, variants = Object.keys(VARIANTS) } = {}) {
  const flows = [];
  if (variants.includes('ours')) flows.push(...oursFlow(simUrl, account));
  if (variants.includes('httpKeepAlive')) flows.push(...httpRequestFlow('httpKeepAlive', simUrl, true));
  if (variants.includes('http')) flows.push(...httpRequestFlow('http', simUrl, false));
  if (variants.includes('functionUndici')) flows.push(...functionUndiciFlow(simUrl));
  if (variants.includes('hop')) flows.push(...hopFlow());
  return { flows, credentials: { [ACCOUNT_ID]: { apiKey: API_KEY } } };
}

/** How each variant's answer says the push was done. */
const SUCCEEDED = {
  ours: (msg) => msg.payload && typeof msg.payload.totalPages === 'number',
  httpKeepAlive: (msg) => msg.statusCode === 200 && msg.payload && msg.payload.code === 0,
  http: (msg) => msg.statusCode === 200 && msg.payload && msg.payload.code === 0,
  functionUndici: (msg) => msg.statusCode === 200 && msg.payload && msg.payload.code === 0,
  hop: (msg) => typeof msg.payload === 'string',
};

/** The message each variant is given: the text alone for ours, the JSON body for the http request node. */
const MESSAGE = {
  ours: (text) => ({ payload: text }),
  httpKeepAlive: (text) => ({ payload: { text } }),
  http: (text) => ({ payload: { text } }),
  functionUndici: (text) => ({ payload: text }),
  hop: (text) => ({ payload: text }),
};

let messageCount = 0;

class FlowDriver {
  constructor(nodeRed, variant) {
    this.variant = variant;
    this.first = nodeRed.node(`${variant}-node`);
    this.waiting = new Map();
    this.failures = 0;
    this.lastError = undefined;
    nodeRed.node(`${variant}-out`).on('input', (msg, _send, done) => {
      this.settle(
        msg,
        SUCCEEDED[variant](msg) ? undefined : `unexpected answer ${JSON.stringify(msg.payload).slice(0, 200)}`,
      );
      done();
    });
    nodeRed.node(`${variant}-catch`).on('input', (msg, _send, done) => {
      this.settle(msg, msg.error ? msg.error.message : 'caught');
      done();
    });
  }

  settle(msg, error) {
    const resolve = this.waiting.get(msg._msgid);
    if (!resolve) return;
    this.waiting.delete(msg._msgid);
    if (error) {
      this.failures++;
      this.lastError = error;
    }
    resolve(performance.now());
  }

  /** Sends one message; resolves with its latency in ms, from the hand-over to the end node. */
  push(text) {
    const msg = MESSAGE[this.variant](text);
    msg._msgid = `${this.variant}-${++messageCount}`;
    return new Promise((resolve) => {
      const started = performance.now();
      this.waiting.set(msg._msgid, (ended) => resolve(ended - started));
      this.first.receive(msg);
    });
  }
}

/** A plain undici loop: the same POST on one kept-alive connection, nothing else. The floor. */
class UndiciDriver {
  constructor(simUrl) {
    const { Pool } = require('undici');
    this.pool = new Pool(simUrl, { connections: 1 });
    this.path = `/open/v1/devices/${encodeURIComponent(DEVICE_ID)}/display/text`;
    this.failures = 0;
    this.lastError = undefined;
  }

  async push(text) {
    const started = performance.now();
    const { statusCode, body } = await this.pool.request({
      method: 'POST',
      path: this.path,
      headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
      body: JSON.stringify({ text }),
    });
    const answer = await body.json();
    const ended = performance.now();
    if (statusCode !== 200 || answer.code !== 0) {
      this.failures++;
      this.lastError = `HTTP ${statusCode} ${JSON.stringify(answer).slice(0, 200)}`;
    }
    return ended - started;
  }

  close() {
    return this.pool.close();
  }
}

/** A text like the ones flows push: a reading and a time, a little different each time. */
function sampleText(i) {
  return `Kitchen ${(19 + (i % 50) / 10).toFixed(1)} °C, humidity ${40 + (i % 20)} %, updated #${i}`;
}

module.exports = { ACCOUNT_ID, VARIANTS, benchFlows, FlowDriver, UndiciDriver, sampleText, sinks };
