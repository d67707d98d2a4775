'use strict';
/**
 * npm start: builds the package, starts the simulator (or uses the real service
 * when DEVICE_CLOUD_BASE_URL and DEVICE_CLOUD_API_KEY are set), prepares a
 * Node-RED user directory holding this package and the example flows, and runs
 * Node-RED until Ctrl+C or SIGTERM. The simulator keeps its devices, pages and
 * to-dos in the user directory (simulator.json) across restarts.
 *
 * Wherever the simulator's address appears it is the one this start uses: in
 * the flows it deploys, and in the examples its Node-RED offers under Import >
 * Examples (the package is installed as a folder linking to the working tree,
 * with its own examples/ written for the service of this start).
 *
 * Option: --fresh (npm start -- --fresh, or DEVICE_CLOUD_FRESH=1): the simulator
 * starts empty, and the sidebar's record of pushed pages with it; the flows stay.
 *
 * Environment:
 *   PORT                     the editor's port (1880)
 *   SIM_PORT                 the simulator's port (8080)
 *   DEVICE_CLOUD_BASE_URL    with DEVICE_CLOUD_API_KEY: use this service instead of the simulator
 *   DEVICE_CLOUD_API_KEY
 *   DEVICE_CLOUD_USER_DIR    the Node-RED user directory (.node-red-user in the repository)
 *   DEVICE_CLOUD_SKIP_BUILD  1: use dist/ as it is
 *   DEVICE_CLOUD_FRESH       1: as --fresh
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const path = require('node:path');
const { execFileSync, spawn } = require('node:child_process');
const { readExamples, examplesFor, exampleFlows, sharedAccountOf } = require('./example-flows');

const ROOT = path.resolve(__dirname, '..');
const PACKAGE_NAME = require(path.join(ROOT, 'package.json')).name;
const ACCOUNT_TYPE = 'device-cloud-account';
const CALDAV_TYPE = 'device-cloud-caldav';
/** Encrypts flows_cred.json of this demo directory only; a real installation chooses its own. */
const CREDENTIAL_SECRET = 'device-cloud-demo-directory';
const STOP_GRACE_MS = 10_000;
/** The simulator's state in the user directory. */
const SIMULATOR_STATE = 'simulator.json';
/** The process that started this one, as it was at the start: it may end during the build. */
const STARTED_BY = process.ppid;
/** How often npm start looks whether the process that started it is still there. */
const ORPHAN_CHECK_MS = 500;

class StartError extends Error {}

function portFrom(env, name, fallback) {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 65535) {
    throw new StartError(`${name} must be a port number from 1 to 65535, not "${text}"`);
  }
  return Number(text);
}

const switchedOn = (text) => text === '1' || text === 'true';

/** What to run, from the command line and the environment. */
function optionsFrom(args, env) {
  for (const arg of args) {
    if (arg !== '--fresh')
      throw new StartError(`unknown option ${arg}: npm start takes --fresh (npm start -- --fresh)`);
  }
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
    skipBuild: switchedOn(env.DEVICE_CLOUD_SKIP_BUILD),
    fresh: args.includes('--fresh') || switchedOn(env.DEVICE_CLOUD_FRESH),
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
  const { startSimulator, EXAMPLE_DEVICES, TASK_LIST_PATH } = require(serverFile);
  const stateFile = path.join(options.userDir, SIMULATOR_STATE);
  if (options.fresh) {
    // The sidebar's record of pushed pages goes with the simulator's pages, so that the two agree.
    const { RECORD_FOLDER } = require(path.join(ROOT, 'dist', 'runtime', 'page-record.js'));
    fs.rmSync(stateFile, { force: true });
    fs.rmSync(path.join(options.userDir, RECORD_FOLDER), { recursive: true, force: true });
    console.log('--fresh: the simulator starts empty (its task list the sample tasks again), and the sidebar with it.');
  }
  let simulator;
  try {
    simulator = await startSimulator({
      port: options.simulatorPort,
      host: '127.0.0.1',
      devices: [...EXAMPLE_DEVICES],
      stateFile,
      log: (line) => console.log(`[simulator] ${line}`),
    });
  } catch (error) {
    if (error.code === 'EADDRINUSE')
      throw new StartError(`port ${options.simulatorPort} is in use: set SIM_PORT to a free port`);
    throw error;
  }
  return {
    baseUrl: simulator.url,
    apiKey: simulator.apiKey,
    name: 'Device Cloud simulator',
    simulator,
    stateFile,
    taskListPath: TASK_LIST_PATH,
  };
}

// --- the user directory ------------------------------------------------------

/**
 * What the packed package holds, as package.json's `files` names it (folders and files), but the examples, which
 * this start writes for its service. Its patterns that leave files out (source maps, type declarations) are not
 * followed: those files are harmless beside the code they describe.
 */
function packedParts() {
  const { files } = require(path.join(ROOT, 'package.json'));
  return files.filter((entry) => !entry.startsWith('!') && entry !== 'examples');
}

/**
 * Installs the package into the user directory as the packed package is laid out, each part a link to the working
 * tree (so a build shows at the next start), with package.json and the example flows written for this start's
 * service. Made anew at every start, so that a part package.json no longer names is gone.
 */
function installPackage(userDir, examples) {
  const folder = path.join(userDir, 'node_modules', ...PACKAGE_NAME.split('/'));
  fs.mkdirSync(path.dirname(folder), { recursive: true });
  // A link (an earlier npm start linked the whole tree) is removed itself, never what it points to.
  if (isLink(folder)) fs.rmSync(folder);
  else fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder);
  for (const part of packedParts()) {
    if (!fs.existsSync(path.join(ROOT, part))) continue; // npm pack leaves out what is not there, too
    const link = path.join(folder, ...part.split('/'));
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(path.join(ROOT, part), link, fs.statSync(path.join(ROOT, part)).isDirectory() ? 'junction' : 'file');
  }
  fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(folder, 'package.json'));
  const examplesDir = path.join(folder, 'examples');
  fs.rmSync(examplesDir, { recursive: true, force: true });
  fs.mkdirSync(examplesDir);
  for (const example of examples) {
    fs.writeFileSync(path.join(examplesDir, `${example.name}.json`), `${JSON.stringify(example.nodes, null, 4)}\n`);
  }
}

function isLink(file) {
  try {
    return fs.lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
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

/** flows_cred.json as Node-RED writes it with a credentialSecret: aes-256-ctr, key sha256(secret). */
function encryptCredentials(secret, credentials) {
  const key = crypto.createHash('sha256').update(secret).digest();
  const iv = crypto.randomBytes(16);
  const cipher = crypto.createCipheriv('aes-256-ctr', key, iv);
  const encrypted = cipher.update(JSON.stringify(credentials), 'utf8', 'base64') + cipher.final('base64');
  return { $: iv.toString('hex') + encrypted };
}

/**
 * On the first start, the example flows and the key; later, the flows the user
 * made stay as they are, but for the simulator's address on the account npm
 * start made and on the CalDAV example's task list (its port may differ from
 * the last start's).
 */
function prepareFlows(userDir, service, examples) {
  const flowFile = path.join(userDir, 'flows.json');
  const account = sharedAccountOf(examples);
  if (fs.existsSync(flowFile)) {
    const taskLists = examples.flatMap((example) => example.nodes).filter((node) => node.type === CALDAV_TYPE);
    reconcileSimulatorAddresses(flowFile, service, account.id, new Set(taskLists.map((node) => node.id)));
    return false;
  }
  fs.writeFileSync(flowFile, `${JSON.stringify(exampleFlows(examples), null, 4)}\n`);
  const credentials = encryptCredentials(CREDENTIAL_SECRET, { [account.id]: { apiKey: service.apiKey } });
  fs.writeFileSync(path.join(userDir, 'flows_cred.json'), `${JSON.stringify(credentials, null, 4)}\n`, { mode: 0o600 });
  return true;
}

/** An address of a simulator on this machine, as npm start gives it. */
const SIMULATOR_ADDRESS = /^http:\/\/127\.0\.0\.1:\d+$/;
/** The simulator's address at the head of a task list on it, as npm start gives the CalDAV example. */
const SIMULATOR_TASK_LIST = /^http:\/\/127\.0\.0\.1:\d+(?=\/caldav\/)/;

function reconcileSimulatorAddresses(flowFile, service, sharedAccountId, exampleTaskListIds) {
  let flows;
  try {
    flows = JSON.parse(fs.readFileSync(flowFile, 'utf8'));
  } catch {
    return; // Node-RED will say what is wrong with it
  }
  if (!Array.isArray(flows)) return;
  const accounts = flows.filter((node) => node.type === ACCOUNT_TYPE && node.baseUrl !== service.baseUrl);
  const moved = accounts.filter(
    (account) => service.simulator && account.id === sharedAccountId && SIMULATOR_ADDRESS.test(account.baseUrl || ''),
  );
  for (const account of moved) {
    console.log(`The account "${account.name || account.id}" now points at the simulator on ${service.baseUrl}.`);
    account.baseUrl = service.baseUrl;
  }
  const taskLists = flows.filter(
    (node) =>
      service.simulator &&
      exampleTaskListIds.has(node.id) &&
      SIMULATOR_TASK_LIST.test(node.url || '') &&
      !node.url.startsWith(`${service.baseUrl}/`),
  );
  for (const taskList of taskLists) {
    taskList.url = taskList.url.replace(SIMULATOR_TASK_LIST, service.baseUrl);
    console.log(
      `The CalDAV list "${taskList.name || taskList.id}" now points at the simulator's on ${service.baseUrl}.`,
    );
  }
  if (moved.length + taskLists.length > 0) fs.writeFileSync(flowFile, `${JSON.stringify(flows, null, 4)}\n`);
  for (const account of accounts.filter((candidate) => !moved.includes(candidate))) {
    console.warn(
      `Note: the account "${account.name || account.id}" in ${flowFile} points at ${account.baseUrl}, not ${service.baseUrl}. ` +
        'Change it in the editor, or delete flows.json and flows_cred.json to start again from the examples.',
    );
  }
}

// --- Node-RED ------------------------------------------------------------------

/**
 * Node-RED runs with a channel to this process (stop-with-parent.js): when this process ends in any way, a kill -9
 * included, the channel closes and Node-RED stops itself, so no Node-RED is left behind holding the port.
 */
function startNodeRed(userDir, settingsFile) {
  const redJs = path.join(path.dirname(require.resolve('node-red/package.json', { paths: [ROOT] })), 'red.js');
  const env = { ...process.env };
  delete env.DEVICE_CLOUD_API_KEY; // the key reaches Node-RED through the encrypted credentials only
  const stopWithParent = path.join(__dirname, 'stop-with-parent.js');
  return spawn(
    process.execPath,
    ['--require', stopWithParent, redJs, '--userDir', userDir, '--settings', settingsFile],
    {
      cwd: ROOT,
      env,
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    },
  );
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

/** A path as it is shown: from the current folder when inside it. */
function shown(file) {
  const relative = path.relative(process.cwd(), file);
  return relative === '' ? '.' : relative.startsWith('..') ? file : relative;
}

function printBanner(editorUrl, service, userDir, firstStart) {
  const lines = [
    '',
    'Device Cloud for Node-RED is running',
    `  Node-RED editor:  ${editorUrl}`,
    ...(service.simulator
      ? [
          `  Device screens:   ${service.baseUrl}/   (the simulator)`,
          `  CalDAV tasks:     ${service.baseUrl}${service.taskListPath}   (the simulator's, in the CalDAV example)`,
          `  Simulator key:    ${service.apiKey}   (already in the account of the examples)`,
          `  Simulator state:  ${shown(service.stateFile)}   (kept across restarts; npm start -- --fresh empties it)`,
        ]
      : [`  Service:          ${service.baseUrl}   (DEVICE_CLOUD_BASE_URL)`]),
    `  User directory:   ${shown(userDir)}${firstStart ? '   (new: one tab per example flow)' : ''}`,
    '  Press the button of an inject node to run an example. Stop with Ctrl+C.',
    '',
  ];
  console.log(lines.join('\n'));
}

// --- running and stopping ----------------------------------------------------------

async function main() {
  const options = optionsFrom(process.argv.slice(2), process.env);
  if (!options.skipBuild) build();
  if (process.ppid !== STARTED_BY) throw new StartError('the process that started npm start ended during the build');
  await assertPortFree(options.editorPort, 'PORT');
  const service = await startService(options);
  const closeSimulator = () => (service.simulator ? service.simulator.close() : Promise.resolve());

  let child;
  try {
    fs.mkdirSync(options.userDir, { recursive: true });
    const examples = examplesFor(service, readExamples(), `http://127.0.0.1:${options.editorPort}`);
    installPackage(options.userDir, examples);
    writeUserPackageJson(options.userDir);
    const settingsFile = writeSettings(options.userDir, options.editorPort);
    const firstStart = prepareFlows(options.userDir, service, examples);
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
  process.on('SIGHUP', stop);
  stopWhenOrphaned(() => stop('the end of the process that started npm start'));
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

/**
 * `npm start` runs this script under npm and a shell; a signal to npm's process may end the shell without reaching
 * this one. When the process that started this one is gone (this one is handed to another parent), stop too.
 */
function stopWhenOrphaned(stop) {
  const parent = STARTED_BY;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    stop();
  }, ORPHAN_CHECK_MS);
  watch.unref();
}

main().catch((error) => {
  console.error(`npm start: ${error instanceof StartError ? error.message : error.stack}`);
  process.exit(1);
});
