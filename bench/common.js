'use strict';
/**
 * What the benchmark parts share: statistics, a simulator in its own process,
 * a Node-RED runtime embedded in the part's process (its own runtime API, no
 * editor), and the way a part hands its figures back to bench/run.js.
 */
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { fork } = require('node:child_process');
const { performance } = require('node:perf_hooks');

const ROOT = path.resolve(__dirname, '..');
/**
 * The package measured: this repository, or (BENCH_PACKAGE_ROOT) another copy
 * of it with its own dist/, to measure a candidate change against the same runs.
 */
const PACKAGE_ROOT = process.env.BENCH_PACKAGE_ROOT ? path.resolve(process.env.BENCH_PACKAGE_ROOT) : ROOT;
const DIST = path.join(PACKAGE_ROOT, 'dist');
const PACKAGE_NAME = require(path.join(ROOT, 'package.json')).name;
const DEVICE_ID = 'AA:BB:CC:DD:EE:01';
const API_KEY = 'sim-key';

/** A module of dist/ (a file, or a folder with its index.js), as Node.js finds it. */
function requireDist(relative) {
  const file = path.join(DIST, relative);
  if (!fs.existsSync(`${file}.js`) && !fs.existsSync(path.join(file, 'index.js'))) {
    throw new Error(`${file}.js is missing: build first (npm run build)`);
  }
  return require(file);
}

// --- statistics -------------------------------------------------------------

function quantile(values, q) {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
}

const median = (values) => quantile(values, 0.5);
const MB = 1024 * 1024;
const toMB = (bytes) => bytes / MB;

function collectGarbage() {
  if (typeof global.gc !== 'function') throw new Error('run with --expose-gc');
  // Twice: the first pass may only move objects to the old space and queue finalizers.
  global.gc();
  global.gc();
}

/** Samples the resident set every few milliseconds; `stop()` gives the highest seen. */
function sampleRss(everyMs = 5) {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage.rss());
    },
  };
}

// --- the simulator, in its own process --------------------------------------

/**
 * Starts bench/simulator-process.js: the project's simulator, with a count of
 * requests open at once. Its own process keeps its CPU and memory out of the
 * figures of the process measured, as a real service would.
 */
function startSimulatorProcess() {
  const child = fork(path.join(__dirname, 'simulator-process.js'), [], {
    // Not the parent's flags: a --cpu-prof of the part must not profile the simulator too.
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map();
  let nextId = 1;
  child.on('message', (message) => {
    const answer = waiting.get(message.id);
    if (answer) {
      waiting.delete(message.id);
      answer(message);
    }
  });
  const ask = (command, args = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, resolve);
      child.send({ id, command, ...args }, (error) => error && reject(error));
    });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the simulator process ended (exit code ${code})`)));
    ask('url').then(({ url }) => {
      child.removeAllListeners('exit');
      resolve({
        url,
        /** {peakOpen, served, open, connections (opened), cpuMs} since the last resetStats */
        stats: () => ask('stats'),
        resetStats: () => ask('resetStats'),
        /** holds every request `ms` before answering it, as a distant service would */
        setLatency: (ms) => ask('latency', { ms }),
        /** gives the account `count` devices; resolves with their ids */
        setDevices: (count) => ask('devices', { count }).then(({ deviceIds }) => deviceIds),
        close: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.disconnect();
          }),
      });
    }, reject);
  });
}

// --- Node-RED, embedded ------------------------------------------------------

/** A user directory; with `withPackage`, this package linked into its node_modules as `npm install` does. */
function makeUserDir({ withPackage, flows = [], credentials = {} }) {
  const userDir = fs.mkdtempSync(path.join(os.tmpdir(), 'device-cloud-bench-'));
  const dependencies = {};
  if (withPackage) {
    const link = path.join(userDir, 'node_modules', ...PACKAGE_NAME.split('/'));
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(PACKAGE_ROOT, link, 'junction');
    dependencies[PACKAGE_NAME] = `file:${PACKAGE_ROOT}`;
  }
  const manifest = { name: 'device-cloud-bench', version: '0.0.0', private: true, dependencies };
  fs.writeFileSync(path.join(userDir, 'package.json'), JSON.stringify(manifest));
  fs.writeFileSync(path.join(userDir, 'flows.json'), JSON.stringify(flows));
  fs.writeFileSync(path.join(userDir, 'flows_cred.json'), JSON.stringify(credentials));
  return userDir;
}

function runtimeSettings(userDir) {
  return {
    userDir,
    flowFile: 'flows.json',
    credentialSecret: false,
    httpAdminRoot: false,
    httpNodeRoot: false,
    disableEditor: true,
    logging: { console: { level: 'warn', metrics: false, audit: false } },
    telemetry: { enabled: false },
    externalModules: { autoInstall: false },
    editorTheme: { palette: { catalogues: [] } },
  };
}

/** Resolves when the runtime says it started the flows; rejects with the types it misses, if it waits for some. */
function flowsStartedEvent(RED) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Node-RED did not start its flows within 60 s')), 60_000);
    const onStarted = () => {
      clearTimeout(timer);
      RED.events.off('runtime-event', onRuntimeEvent);
      resolve();
    };
    const onRuntimeEvent = (event) => {
      if (event && event.id === 'runtime-state' && event.payload && event.payload.error === 'missing-types') {
        clearTimeout(timer);
        RED.events.off('flows:started', onStarted);
        reject(new Error(`Node-RED is missing node types: ${JSON.stringify(event.payload.types)}`));
      }
    };
    RED.events.once('flows:started', onStarted);
    RED.events.on('runtime-event', onRuntimeEvent);
  });
}

/**
 * Node-RED's own runtime, started in this process with the given flows (and
 * `settings` over the bench's own). Time and memory of each step are kept in
 * `timings` for the start-up part.
 */
async function startNodeRed({ withPackage = true, flows = [], credentials = {}, settings = {} } = {}) {
  const userDir = makeUserDir({ withPackage, flows, credentials });
  const t0 = performance.now();
  const RED = require('node-red');
  const required = performance.now();
  const server = http.createServer();
  try {
    RED.init(server, { ...runtimeSettings(userDir), ...settings });
    const flowsStarted = flowsStartedEvent(RED);
    await RED.start();
    await flowsStarted;
  } catch (error) {
    fs.rmSync(userDir, { recursive: true, force: true });
    throw error;
  }
  const started = performance.now();
  return {
    RED,
    userDir,
    server,
    timings: { requireMs: required - t0, startMs: started - required, totalMs: started - t0 },
    node: (id) => {
      const node = RED.nodes.getNode(id);
      if (!node) throw new Error(`no node ${id} in the running flows`);
      return node;
    },
    async stop() {
      await RED.stop();
      server.close();
      fs.rmSync(userDir, { recursive: true, force: true });
    },
  };
}

/**
 * The render node's drawing processes, children of this process (Linux: read from /proc), each with its
 * resident memory in MB. The children are looked for at most once a second; their memory is read each time.
 */
let drawingPids = { at: -Infinity, pids: [] };
function drawingProcesses() {
  if (performance.now() - drawingPids.at > 1000) {
    const pids = [];
    for (const name of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const status = fs.readFileSync(`/proc/${name}/status`, 'latin1');
        if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) !== process.pid) continue;
        if (fs.readFileSync(`/proc/${name}/cmdline`, 'latin1').includes('render/drawing-process/main.js'))
          pids.push(Number(name));
      } catch {
        // ended meanwhile
      }
    }
    drawingPids = { at: performance.now(), pids };
  }
  const found = [];
  for (const pid of drawingPids.pids) {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'latin1');
      found.push({ pid, rssMB: Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) / 1024 });
    } catch {
      // ended
    }
  }
  return found;
}

/** Forgets the drawing processes found, so the next call looks for them again. */
function lookForDrawingProcesses() {
  drawingPids = { at: -Infinity, pids: [] };
}

/** True when any file of sharp (or its libvips binding) has been required in this process. */
function sharpLoaded() {
  return Object.keys(require.cache).some((file) =>
    /[\\/]node_modules[\\/](sharp|@img[\\/]sharp)[^\\/]*[\\/].*\.(js|node)$/.test(file),
  );
}

// --- the part's answer -------------------------------------------------------

/** A part prints its figures as one JSON line after this marker; run.js reads it. */
const RESULT_MARKER = '@@bench-result ';

function report(result) {
  process.stdout.write(`${RESULT_MARKER}${JSON.stringify(result)}\n`);
}

/**
 * Runs a part in a child process of its own (clean memory, its own Node-RED)
 * and resolves with the figures it reports. Its log goes to `log` (stderr by default);
 * `env` is added to this process's environment.
 */
function runChild(script, { args = [], execArgv = [], log = process.stderr, env = {} } = {}) {
  const { spawn } = require('node:child_process');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...execArgv, path.join(__dirname, script), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let result;
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text) => {
      stdout += text;
      let newline;
      while ((newline = stdout.indexOf('\n')) >= 0) {
        const line = stdout.slice(0, newline);
        stdout = stdout.slice(newline + 1);
        if (line.startsWith(RESULT_MARKER)) result = JSON.parse(line.slice(RESULT_MARKER.length));
        else if (log) log.write(`${line}\n`);
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text) => {
      stderr = (stderr + text).slice(-20_000);
      if (log) log.write(text);
    });
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0 && result) resolve(result);
      else
        reject(
          new Error(
            `${script} ${args.join(' ')} failed (${signal || `exit code ${code}`})${log ? '' : `:\n${stderr}`}`,
          ),
        );
    });
  });
}

/** Runs a part's main function, reports its result and ends the process (a failure exits 1). */
function runPart(main) {
  main().then(
    (result) => {
      report(result);
      process.exit(0);
    },
    (error) => {
      console.error(error && error.stack ? error.stack : error);
      process.exit(1);
    },
  );
}

/** `--name=value` from the command line, else the BENCH_NAME environment variable, else the fallback. */
function stringOption(name, fallback) {
  const prefix = `--${name}=`;
  const arg = process.argv.find((a) => a.startsWith(prefix));
  const raw = arg ? arg.slice(prefix.length) : process.env[`BENCH_${name.toUpperCase().replace(/-/g, '_')}`];
  return raw === undefined || raw === '' ? fallback : raw;
}

function intOption(name, fallback, least = 1) {
  const raw = stringOption(name, undefined);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < least) throw new Error(`--${name} must be a whole number from ${least}`);
  return value;
}

module.exports = {
  ROOT,
  PACKAGE_ROOT,
  DIST,
  PACKAGE_NAME,
  DEVICE_ID,
  API_KEY,
  MB,
  requireDist,
  quantile,
  median,
  toMB,
  collectGarbage,
  sampleRss,
  startSimulatorProcess,
  startNodeRed,
  makeUserDir,
  sharpLoaded,
  drawingProcesses,
  lookForDrawingProcesses,
  RESULT_MARKER,
  report,
  runChild,
  runPart,
  stringOption,
  intOption,
};
