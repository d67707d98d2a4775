'use strict';
/**
 * Start-up: one start of Node-RED's runtime (require, init, start with no
 * flows) in this fresh process, with or without this package in the user
 * directory. bench/run.js runs it several times each way and compares the
 * medians. With the package it also times our node files' own require and
 * registration (inclusive of the modules they pull in), and says whether
 * undici or sharp got loaded (neither may be: they come with the deploy of
 * an account or a display-image node, and this start deploys none).
 *
 *   node --expose-gc bench/startup.js --with|--without
 */
const Module = require('node:module');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const {
  DIST,
  PACKAGE_ROOT,
  PACKAGE_NAME,
  collectGarbage,
  runPart,
  sharpLoaded,
  startNodeRed,
  toMB,
} = require('./common');

/** Node-RED requires the node set's entry point from here, which pulls in the compiled nodes. */
const NODES_DIR = path.join(PACKAGE_ROOT, 'nodes') + path.sep;

/**
 * Times every require of one of our node files by Node-RED's loader (what
 * it pulls in included), and the call of the function it exports: the registration.
 */
function timeOurNodeFiles() {
  const spent = { requireMs: 0, registerMs: 0, files: 0 };
  const load = Module._load;
  Module._load = function timedLoad(request, parent, isMain) {
    let file;
    try {
      file = Module._resolveFilename(request, parent, isMain);
    } catch {
      return load.apply(this, arguments);
    }
    const ours = file.startsWith(NODES_DIR) && !(parent && parent.filename && parent.filename.startsWith(NODES_DIR));
    if (!ours || require.cache[file]) return load.apply(this, arguments);
    const started = performance.now();
    const exported = load.apply(this, arguments);
    spent.requireMs += performance.now() - started;
    spent.files++;
    if (typeof exported !== 'function') return exported;
    return function timedRegistration(...args) {
      const begun = performance.now();
      try {
        return exported.apply(this, args);
      } finally {
        spent.registerMs += performance.now() - begun;
      }
    };
  };
  return spent;
}

async function main() {
  const withPackage = process.argv.includes('--with');
  if (!withPackage && !process.argv.includes('--without')) throw new Error('say --with or --without');
  const ours = withPackage ? timeOurNodeFiles() : undefined;
  const nodeRed = await startNodeRed({ withPackage });
  try {
    const { RED } = nodeRed;
    const types = RED.nodes.getNodeList().filter((set) => set.module === PACKAGE_NAME);
    if (withPackage && (types.length === 0 || types.some((set) => !set.enabled || set.err))) {
      throw new Error(`our node sets did not load: ${JSON.stringify(types.map((set) => [set.name, set.err]))}`);
    }
    const cpu = process.cpuUsage();
    const rss = process.memoryUsage.rss();
    collectGarbage();
    const { heapUsed } = process.memoryUsage();
    const loadedFromUs = Object.keys(require.cache).filter((file) => file.startsWith(DIST + path.sep)).length;
    return {
      withPackage,
      ...nodeRed.timings,
      /** CPU time of the whole process until Node-RED had started: less disturbed than wall time by a busy machine */
      cpuMs: (cpu.user + cpu.system) / 1000,
      rssMB: toMB(rss),
      heapUsedMB: toMB(heapUsed),
      nodeSets: types.length,
      ourFilesLoaded: loadedFromUs,
      ourRequireMs: ours ? ours.requireMs : null,
      ourRegisterMs: ours ? ours.registerMs : null,
      undiciLoaded: Object.keys(require.cache).some((file) => /[\\/]node_modules[\\/]undici[\\/].*\.js$/.test(file)),
      sharpLoaded: sharpLoaded(),
    };
  } finally {
    await nodeRed.stop();
  }
}

runPart(main);
