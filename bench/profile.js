'use strict';
/**
 * Where the time of a push goes: runs bench/push.js for one variant under
 * `node --cpu-prof`, keeps the samples of the timed pushes only, and prints
 * the self time per push by owner (our dist/, Node-RED, undici, Node.js, GC)
 * and the functions with the most self time.
 *
 *   node bench/profile.js [--variant=ours] [--pushes=5000] [--top=25] [--keep]
 *   node bench/profile.js --burst [--variant=ours] [--pushes=2000]   (the stall of a burst handed over at once)
 *
 * --keep leaves the .cpuprofile (open it in Chrome DevTools > Performance).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { DIST, ROOT, intOption, runChild, stringOption } = require('./common');

const DIST_URL = `file://${DIST}${path.sep}`;

function ownerOf({ url, functionName }) {
  if (url === '') {
    if (/^\((garbage collector|program|idle|root)\)$/.test(functionName)) return functionName;
    return 'V8 built-ins';
  }
  if (url.startsWith(DIST_URL) || url.startsWith(DIST + path.sep)) return 'ours (dist/)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg) {
    if (pkg[1].startsWith('@node-red/') || pkg[1] === 'node-red') return 'Node-RED';
    return pkg[1];
  }
  if (url.startsWith('node:')) return 'Node.js';
  return 'other';
}

function where({ url, lineNumber }) {
  const file = url.replace(/^file:\/\//, '');
  const short = file.includes('/node_modules/')
    ? file.slice(file.lastIndexOf('/node_modules/') + '/node_modules/'.length)
    : path.relative(ROOT, file) || file;
  return url ? `${short}:${lineNumber + 1}` : '';
}

/** Self time (µs) of each profile node, counting only samples taken inside [fromUs, toUs]. */
function selfTimes(profile, fromUs, toUs) {
  const self = new Map();
  let t = profile.startTime;
  let inWindow = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const next = profile.timeDeltas[i + 1] ?? 0;
    if (t < fromUs || t > toUs) continue;
    inWindow += next;
    self.set(profile.samples[i], (self.get(profile.samples[i]) || 0) + next);
  }
  return { self, inWindow };
}

function summarise(profile, window, pushes, top) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const { self, inWindow } = selfTimes(profile, window.fromUs, window.toUs);
  const byOwner = new Map();
  const byFunction = new Map();
  for (const [id, us] of self) {
    const frame = byId.get(id).callFrame;
    const owner = ownerOf(frame);
    byOwner.set(owner, (byOwner.get(owner) || 0) + us);
    const key = `${frame.functionName || '(anonymous)'}\u0000${where(frame)}\u0000${owner}`;
    byFunction.set(key, (byFunction.get(key) || 0) + us);
  }
  const busy = inWindow - (byOwner.get('(idle)') || 0);
  const owners = [...byOwner]
    .sort((a, b) => b[1] - a[1])
    .map(([owner, us]) => ({ owner, usPerPush: us / pushes, shareOfBusy: owner === '(idle)' ? null : us / busy }));
  const functions = [...byFunction]
    .filter(
      ([key]) => !key.endsWith('\u0000(idle)') && !key.endsWith('\u0000(program)') && !key.endsWith('\u0000(root)'),
    )
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, us]) => {
      const [name, at, owner] = key.split('\u0000');
      return { name, at, owner, usPerPush: us / pushes, shareOfBusy: us / busy };
    });
  return { windowMs: inWindow / 1000, busyUsPerPush: busy / pushes, owners, functions };
}

/** Runs a part under --cpu-prof and summarises the samples inside the window the part reports. */
async function profileRun({ script, args, pushes, top, keep, describe }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'device-cloud-profile-'));
  try {
    const result = await runChild(script, {
      args,
      execArgv: ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=100'],
      log: null,
    });
    const file = fs.readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
    if (!file) throw new Error('node --cpu-prof wrote no profile');
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    const summary = summarise(profile, result.window, pushes, top);
    return { title: describe(result), pushes, ...summary, file: keep ? path.join(dir, file) : undefined };
  } finally {
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** N sequential pushes of one variant (ours, httpKeepAlive, http, undici). */
function profileVariant({ variant = 'ours', pushes = 5000, top = 25, keep = false } = {}) {
  return profileRun({
    script: 'push.js',
    args: [`--only=${variant}`, `--pushes=${pushes}`, '--warmup=500', '--rounds=1'],
    pushes,
    top,
    keep,
    describe: (result) =>
      `${pushes} sequential pushes, variant "${variant}" (median ${result.variants[variant].medianMs.toFixed(3)} ms)`,
  });
}

/** The stall while a burst of messages is handed over at once: the work done before the first request can be answered. */
function profileBurst({ variant = 'ours', burst = 2000, top = 25, keep = false } = {}) {
  return profileRun({
    script: 'throughput.js',
    args: [`--variant=${variant}`, `--burst=${burst}`],
    pushes: burst,
    top,
    keep,
    describe: (result) =>
      `the hand-over of a burst of ${burst}, variant "${variant}" (event loop held ${result.stalledMs.toFixed(0)} ms)`,
  });
}

function printProfile(summary, out = process.stdout) {
  const us = (n) => n.toFixed(1).padStart(7);
  const pct = (n) => (n === null ? '       ' : `${(n * 100).toFixed(1).padStart(5)} %`);
  out.write(`\nProfile of ${summary.title}; CPU busy ${summary.busyUsPerPush.toFixed(0)} µs per message\n`);
  out.write('\n  self time per message, by owner\n');
  for (const { owner, usPerPush, shareOfBusy } of summary.owners) {
    out.write(`  ${us(usPerPush)} µs ${pct(shareOfBusy)}  ${owner}\n`);
  }
  out.write('\n  functions with the most self time\n');
  for (const { name, at, owner, usPerPush, shareOfBusy } of summary.functions) {
    out.write(`  ${us(usPerPush)} µs ${pct(shareOfBusy)}  ${name}  [${owner}] ${at}\n`);
  }
  if (summary.file) out.write(`\n  profile kept: ${summary.file}\n`);
}

if (require.main === module) {
  const variant = stringOption('variant', 'ours');
  const options = { variant, top: intOption('top', 25), keep: process.argv.includes('--keep') };
  const run = process.argv.includes('--burst')
    ? profileBurst({ ...options, burst: intOption('pushes', 2000) })
    : profileVariant({ ...options, pushes: intOption('pushes', 5000) });
  run.then(
    (summary) => printProfile(summary),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}

module.exports = { profileVariant, profileBurst, printProfile };
