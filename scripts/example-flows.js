'use strict';
/**
 * The example flows as npm start (scripts/start.js) deploys them and offers
 * them under Import > Examples; the browser tests build their workspace with
 * the same functions.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const EXAMPLES_DIR = path.resolve(__dirname, '..', 'examples');
const ACCOUNT_TYPE = 'device-cloud-account';
/** What the example files say; `npx device-cloud-simulator` serves there. */
const EXAMPLES_SIMULATOR_URL = 'http://127.0.0.1:8080';
/** Node-RED's default address, where the examples' stand-in servers (http in nodes) are. */
const EXAMPLES_NODE_RED_URL = 'http://127.0.0.1:1880';
/**
 * The tab order a newcomer meets: the journeys of the README's "What people build" first, in its order, then the
 * screens, the devices and the to-dos.
 */
const TAB_ORDER = [
  'photo-frame',
  'sync-interval',
  'show-this-now',
  'morning-brief',
  'screen-from-another-server',
  'display-text',
  'display-image',
  'render-dashboard',
  'render-weather',
  'render-todo-list',
  'render-big-value',
  'render-notice',
  'render-wifi-card',
  'render-calendar-home-assistant',
  'render-weather-home-assistant',
  'trmnl-recipe',
  'display-text-all-devices',
  'page-delete',
  'devices',
  'todo-create',
  'todo-list',
  'todo-update',
  'todo-complete',
  'todo-delete',
  'todo-watch',
  'todo-sync-list',
  'todo-sync-home-assistant',
  'todo-sync-caldav',
];

function readExamples() {
  const names = fs
    .readdirSync(EXAMPLES_DIR)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length));
  const rank = (name) => (TAB_ORDER.includes(name) ? TAB_ORDER.indexOf(name) : TAB_ORDER.length);
  names.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return names.map((name) => ({
    name,
    nodes: JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, `${name}.json`), 'utf8')),
  }));
}

/**
 * The examples as this start offers them: their one shared account has the
 * service's name and address, and with the simulator every mention of its
 * address (the comments' texts too) is the running simulator's. Given the
 * address of the Node-RED they run in, every mention of Node-RED's default
 * address (a stand-in server of an example is Node-RED itself) is that one.
 */
function examplesFor(service, examples, nodeRedUrl = EXAMPLES_NODE_RED_URL) {
  const simulatorUrl = service.simulator ? service.baseUrl : null;
  const rewriteText = (text) => {
    const here = text.split(EXAMPLES_NODE_RED_URL).join(nodeRedUrl);
    return simulatorUrl ? here.split(EXAMPLES_SIMULATOR_URL).join(simulatorUrl) : here;
  };
  const rewrite = (value) => {
    if (typeof value === 'string') return rewriteText(value);
    if (Array.isArray(value)) return value.map(rewrite);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewrite(v)]));
    return value;
  };
  return examples.map(({ name, nodes }) => ({
    name,
    nodes: nodes.map((node) =>
      node.type === ACCOUNT_TYPE ? { ...node, name: service.name, baseUrl: service.baseUrl } : rewrite(node),
    ),
  }));
}

/** The account every example uses: one id in all files, so that importing an example finds the deployed one. */
function sharedAccountOf(examples) {
  const accounts = examples.flatMap((example) => example.nodes.filter((node) => node.type === ACCOUNT_TYPE));
  const ids = new Set(accounts.map((account) => account.id));
  if (ids.size !== 1) throw new Error(`the examples must share one account, not ${[...ids].join(', ')}`);
  return accounts[0];
}

function tabIdOf(name) {
  return crypto.createHash('sha256').update(`device-cloud example tab ${name}`).digest('hex').slice(0, 16);
}

/** Every example on its own tab, all Device Cloud nodes on their shared account. */
function exampleFlows(examples) {
  const flows = [];
  for (const example of examples) {
    const tab = { id: tabIdOf(example.name), type: 'tab', label: example.name, disabled: false, info: '' };
    flows.push(tab);
    for (const node of example.nodes) {
      if (node.type !== ACCOUNT_TYPE && node.type !== 'tab') flows.push({ ...node, z: tab.id });
    }
  }
  flows.push(sharedAccountOf(examples));
  return flows;
}

module.exports = {
  readExamples,
  examplesFor,
  sharedAccountOf,
  exampleFlows,
  EXAMPLES_SIMULATOR_URL,
  EXAMPLES_NODE_RED_URL,
};
