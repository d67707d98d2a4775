'use strict';
/**
 * npm start: builds the package, starts the simulator (or uses the real service
 * when DEVICE_CLOUD_BASE_URL and DEVICE_CLOUD_API_KEY are set), prepares a
 * Node-RED user directory holding this package and the example flows, and runs
 * Node-RED until Ctrl+C or SIGTERM.
 *
 * Environment:
 *   PORT                     the editor's port (1880)
 *   SIM_PORT                 the simulator's port (8080)
 *   DEVICE_CLOUD_BASE_URL    with DEVICE_CLOUD_API_KEY: use this service instead of the simulator
 *   DEVICE_CLOUD_API_KEY
 *   DEVICE_CLOUD_USER_DIR    the Node-RED user directory (.node-red-user in the repository)
 *   DEVICE_CLOUD_SKIP_BUILD  1: use dist/ as it is
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const path = require('node:path');
const { execFileSync, spawn } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const PACKAGE_NAME = require(path.join(ROOT, 'package.json')).name;
const EXAMPLES_DIR = path.join(ROOT, 'examples');
const ACCOUNT_TYPE = 'device-cloud-account';
const SHARED_ACCOUNT_ID = 'dc00acc000000001';
/** Encrypts flows_cred.json of this demo directory only; a real installation chooses its own. */
const CREDENTIAL_SECRET = 'device-cloud-demo-directory';
/** The tab order a newcomer meets: the screens first, then the devices, then the to-dos. */
const TAB_ORDER = [
  'display-text',
  'display-image',
  'display-image-svg-dashboard',
  'display-text-all-devices',
  'page-delete',
  'devices',
  'sync-interval',
  'todo-create',
  'todo-list',
  'todo-update',
  'todo-complete',
  'todo-delete',
  'todo-watch',
];
const STOP_GRACE_MS = 10_000;

class StartError extends Error {}

function portFrom(env, name, fallback) {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 65535) {
    throw new StartError(`${name} must be a port number from 1 to 65535, not "${text}"`);
  }
  return Number(text);
}

/** What to run, from the environment. */
function optionsFrom(env) {
  const baseUrl = env.DEVICE_CLOUD_BASE_URL || '';
  const apiKey = env.DEVICE_CLOUD_API_KEY || '';
  if (Boolean(baseUrl) !== Boolean(apiKey)) {
    throw new StartError(
      'set both DEVICE_CLOUD_BASE_URL and DEVICE_CLOUD_API_KEY to use the real service, or neither to use the simulator',
    );
  }
  return {
    editorPort: portFrom(env, 'PORT', 1880),
    simulatorPort: portFrom(env, 'SIM_PORT', 8080),
    userDir: path.resolve(env.DEVICE_CLOUD_USER_DIR || path.join(ROOT, '.node-red-user')),
    skipBuild: env.DEVICE_CLOUD_SKIP_BUILD === '1' || env.DEVICE_CLOUD_SKIP_BUILD === 'true',
    service: baseUrl ? { baseUrl, apiKey } : null,
  };
}

function build() {
  console.log('Building the package (node scripts/build.js)…');
  try {
    execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build.js')], { cwd: ROOT, stdio: 'inherit' });
  } catch {
    throw new StartError('the build failed (see above)');
  }
}

function assertPortFree(port, variable) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () => reject(new StartError(`port ${port} is in use: set ${variable} to a free port`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/** The service the flows talk to: the real one, or the simulator started here. */
async function startService(options) {
  if (options.service) return { ...options.service, name: 'Device Cloud', simulator: null };
  const serverFile = path.join(ROOT, 'dist', 'simulator', 'server.js');
  if (!fs.existsSync(serverFile))
    throw new StartError('dist/ is missing: run npm run build (or npm start without DEVICE_CLOUD_SKIP_BUILD)');
  const { startSimulator } = require(serverFile);
  let simulator;
  try {
    simulator = await startSimulator({
      port: options.simulatorPort,
      host: '127.0.0.1',
      log: (line) => console.log(`[simulator] ${line}`),
    });
  } catch (error) {
    if (error.code === 'EADDRINUSE')
      throw new StartError(`port ${options.simulatorPort} is in use: set SIM_PORT to a free port`);
    throw error;
  }
  return { baseUrl: simulator.url, apiKey: simulator.apiKey, name: 'Device Cloud simulator', simulator };
}

// --- the user directory ------------------------------------------------------

/** Installs the working tree into the user directory the way `npm install <repo>` does: a link in node_modules. */
function linkPackage(userDir) {
  const link = path.join(userDir, 'node_modules', ...PACKAGE_NAME.split('/'));
  fs.mkdirSync(path.dirname(link), { recursive: true });
  let existing = null;
  try {
    existing = fs.lstatSync(link);
  } catch {
    // not there yet
  }
  if (existing && existing.isSymbolicLink() && path.resolve(path.dirname(link), fs.readlinkSync(link)) === ROOT) return;
  if (existing) fs.rmSync(link, { recursive: true, force: true });
  fs.symlinkSync(ROOT, link, 'junction');
}

function writeUserPackageJson(userDir) {
  const file = path.join(userDir, 'package.json');
  if (fs.existsSync(file)) return;
  const manifest = {
    name: 'device-cloud-demo',
    description: 'Node-RED user directory made by npm start in the node-red-device-cloud repository',
    version: '0.0.0',
    private: true,
    dependencies: { [PACKAGE_NAME]: `file:${path.relative(userDir, ROOT).split(path.sep).join('/') || '.'}` },
  };
  fs.writeFileSync(file, `${JSON.stringify(manifest, null, 4)}\n`);
}

/** settings.js is written on every start: change this script, not the file. */
function writeSettings(userDir, editorPort) {
  const settings = {
    uiHost: '127.0.0.1',
    uiPort: editorPort,
    flowFile: 'flows.json',
    flowFilePretty: true,
    credentialSecret: CREDENTIAL_SECRET,
    logging: { console: { level: 'info', metrics: false, audit: false } },
    telemetry: { enabled: false },
    editorTheme: { tours: false },
  };
  const text = [
    '// Written by scripts/start.js on every start (npm start): change that script, not this file.',
    '// No adminAuth: the editor listens on 127.0.0.1 only.',
    `module.exports = ${JSON.stringify(settings, null, 4)};`,
    '',
  ].join('\n');
  const file = path.join(userDir, 'settings.js');
  fs.writeFileSync(file, text);
  return file;
}

// --- the first flows -----------------------------------------------------------

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

function tabIdOf(name) {
  return crypto.createHash('sha256').update(`device-cloud example tab ${name}`).digest('hex').slice(0, 16);
}

/** Every example on its own tab, all Device Cloud nodes on one shared account. */
function exampleFlows(service) {
  const flows = [];
  for (const example of readExamples()) {
    const tab = { id: tabIdOf(example.name), type: 'tab', label: example.name, disabled: false, info: '' };
    flows.push(tab);
    for (const node of example.nodes) {
      if (node.type === ACCOUNT_TYPE || node.type === 'tab') continue;
      const placed = { ...node, z: tab.id };
      if (typeof placed.account === 'string') placed.account = SHARED_ACCOUNT_ID;
      flows.push(placed);
    }
  }
  flows.push({
    id: SHARED_ACCOUNT_ID,
    type: ACCOUNT_TYPE,
    name: service.name,
    baseUrl: service.baseUrl,
    authHeader: 'x-api-key',
  });
  return flows;
}

/** flows_cred.json as Node-RED writes it with a credentialSecret: aes-256-ctr, key sha256(secret). */
function encryptCredentials(secret, credentials) {
  const key = crypto.createHash('sha256').update(secret).digest();
  const iv = crypto.randomBytes(16);
  const cipher = crypto.createCipheriv('aes-256-ctr', key, iv);
  const encrypted = cipher.update(JSON.stringify(credentials), 'utf8', 'base64') + cipher.final('base64');
  return { $: iv.toString('hex') + encrypted };
}

/** On the first start, the example flows and the key; later, the flows the user made stay as they are. */
function prepareFlows(userDir, service) {
  const flowFile = path.join(userDir, 'flows.json');
  if (fs.existsSync(flowFile)) {
    warnWhenAccountElsewhere(flowFile, service);
    return false;
  }
  fs.writeFileSync(flowFile, `${JSON.stringify(exampleFlows(service), null, 4)}\n`);
  const credentials = encryptCredentials(CREDENTIAL_SECRET, { [SHARED_ACCOUNT_ID]: { apiKey: service.apiKey } });
  fs.writeFileSync(path.join(userDir, 'flows_cred.json'), `${JSON.stringify(credentials, null, 4)}\n`, { mode: 0o600 });
  return true;
}

function warnWhenAccountElsewhere(flowFile, service) {
  let flows;
  try {
    flows = JSON.parse(fs.readFileSync(flowFile, 'utf8'));
  } catch {
    return; // Node-RED will say what is wrong with it
  }
  const elsewhere = (Array.isArray(flows) ? flows : []).filter(
    (node) => node.type === ACCOUNT_TYPE && node.baseUrl !== service.baseUrl,
  );
  for (const account of elsewhere) {
    console.warn(
      `Note: the account "${account.name || account.id}" in ${flowFile} points at ${account.baseUrl}, not ${service.baseUrl}. ` +
        'Change it in the editor, or delete flows.json and flows_cred.json to start again from the examples.',
    );
  }
}

// --- Node-RED ------------------------------------------------------------------

function startNodeRed(userDir, settingsFile) {
  const redJs = path.join(path.dirname(require.resolve('node-red/package.json', { paths: [ROOT] })), 'red.js');
  const env = { ...process.env };
  delete env.DEVICE_CLOUD_API_KEY; // the key reaches Node-RED through the encrypted credentials only
  return spawn(process.execPath, [redJs, '--userDir', userDir, '--settings', settingsFile], {
    cwd: ROOT,
    env,
    stdio: 'inherit',
  });
}

function answersWith200(url) {
  return new Promise((resolve) => {
    const request = http.get(url, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.setTimeout(2000, () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

const running = (child) => child.exitCode === null && child.signalCode === null;

/** Resolves true once the editor answers, false when Node-RED ended first. */
async function waitForEditor(url, child) {
  while (running(child)) {
    if (await answersWith200(url)) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

function printBanner(editorUrl, service, userDir, firstStart) {
  const relative = path.relative(process.cwd(), userDir);
  const shownDir = relative === '' ? '.' : relative.startsWith('..') ? userDir : relative;
  const lines = [
    '',
    'Device Cloud for Node-RED is running',
    `  Node-RED editor:  ${editorUrl}`,
    service.simulator
      ? `  Device screens:   ${service.baseUrl}/   (the simulator)`
      : `  Service:          ${service.baseUrl}   (DEVICE_CLOUD_BASE_URL)`,
    `  User directory:   ${shownDir}${firstStart ? '   (new: one tab per example flow)' : ''}`,
    '  Press the button of an inject node to run an example. Stop with Ctrl+C.',
    '',
  ];
  console.log(lines.join('\n'));
}

// --- running and stopping ----------------------------------------------------------

async function main() {
  const options = optionsFrom(process.env);
  if (!options.skipBuild) build();
  await assertPortFree(options.editorPort, 'PORT');
  const service = await startService(options);
  const closeSimulator = () => (service.simulator ? service.simulator.close() : Promise.resolve());

  let child;
  try {
    fs.mkdirSync(options.userDir, { recursive: true });
    linkPackage(options.userDir);
    writeUserPackageJson(options.userDir);
    const settingsFile = writeSettings(options.userDir, options.editorPort);
    const firstStart = prepareFlows(options.userDir, service);
    child = startNodeRed(options.userDir, settingsFile);
    const editorUrl = `http://127.0.0.1:${options.editorPort}/`;
    waitForEditor(editorUrl, child).then((ready) => {
      if (ready) printBanner(editorUrl, service, options.userDir, firstStart);
    });
  } catch (error) {
    await closeSimulator();
    throw error;
  }
  stopTogether(child, closeSimulator);
}

/** Ctrl+C or SIGTERM stops Node-RED, then the simulator; when Node-RED ends by itself, so does everything. */
function stopTogether(child, closeSimulator) {
  let stopping = false;
  const stop = (signal) => {
    if (stopping) {
      child.kill('SIGKILL');
      return;
    }
    stopping = true;
    console.log(`\n${signal}: stopping Node-RED and the simulator…`);
    if (running(child)) child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code, signal) => {
    closeSimulator().then(() => {
      if (stopping) {
        console.log('Stopped.');
        process.exit(0);
      }
      console.error(`Node-RED ended by itself (${signal || `exit code ${code}`}).`);
      process.exit(code || 1);
    });
  });
}

main().catch((error) => {
  console.error(`npm start: ${error instanceof StartError ? error.message : error.stack}`);
  process.exit(1);
});
