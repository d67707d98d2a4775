'use strict';
/**
 * npm run bench: every part of the benchmark, each in a fresh child process,
 * against the simulator on 127.0.0.1, then one table (Markdown) of the
 * figures, the targets and whether each is met. Uses dist/: build first.
 *
 *   node bench/run.js [--pushes=2000] [--burst=2000] [--messages=50000] [--startups=7] [--fanout=50] [--pages=200]
 *                     [--first-pushes=7] [--first-pages=7] [--rest=120] [--recipe-pages=20]
 *                     [--only=push,throughput,fanout,memory,startup,images,render,firstpush,firstpage,scripts,rendermemory,
 *                      budget,recipes]
 *                     [--profile] [--json=FILE] [--quick]
 *
 * --quick: smaller counts, to check the benchmark itself runs (its figures are not the ones to quote).
 * --profile: also profiles sequential pushes and a burst of ours (bench/profile.js) and prints where the time goes.
 * Every figure comes from a run on this machine; none is fixed in this file.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { DIST, intOption, median, runChild, stringOption } = require('./common');

const PARTS = [
  'push',
  'throughput',
  'fanout',
  'memory',
  'startup',
  'images',
  'render',
  'firstpush',
  'firstpage',
  'scripts',
  'rendermemory',
  'budget',
  'recipes',
];
const quick = process.argv.includes('--quick');
const options = {
  pushes: intOption('pushes', quick ? 300 : 2000),
  burst: intOption('burst', quick ? 300 : 2000),
  messages: intOption('messages', quick ? 5000 : 50_000),
  startups: intOption('startups', quick ? 2 : 7),
  fanout: intOption('fanout', 50),
  pages: intOption('pages', quick ? 24 : 200),
  firstPushes: intOption('first-pushes', quick ? 2 : 7),
  firstPages: intOption('first-pages', quick ? 2 : 7),
  restSeconds: intOption('rest', quick ? 5 : 120, 0),
  recipePages: intOption('recipe-pages', quick ? 2 : 20),
};
const parts = stringOption('only', PARTS.join(',')).split(',');
const jsonFile = stringOption('json', undefined);

const TARGETS = {
  vsHttpRequest: 0.8,
  heapGrowthMB: 5,
  startupMs: 50,
  startupMB: 10,
};

/** The goals of the drawing engine and of pushes, each against its anchor: printed on their own. */
const GOALS = {
  pageVsTakumi: 1.5,
  webAssemblyPageMs: 8,
  firstPageMs: 100,
  restingMemoryMB: 30,
  /** A page in a script whose fonts are not loaded yet: at most this much longer than the same page again. */
  firstScriptExtraMs: 100,
  /** The drawing process after Latin pages: its memory before the fonts of other scripts loaded lazily. */
  latinDrawingMB: 70,
  pushVsUndiciCall: 1.2,
  /** A runaway page is stopped within this long of its start (its budget: 10 s). */
  runawayStoppedS: 15,
  /** A page beside a runaway: its median within this of the same page without one; its slowest within 15 s. */
  besideVsAlone: 1.5,
  besideWorstS: 15,
  /** The admin API's slowest answer while a runaway draws. */
  adminWorstMs: 500,
  /** Node-RED's memory once the drawing processes are let go, against its memory before the runaways. */
  restedVsBefore: 1.05,
  /** A page over a size limit fails at once. */
  refusedMs: 100,
  /** A TRMNL recipe's first page after a deploy: the recipe read, the drawing process started, CSS and fonts. */
  firstRecipePageMs: 1500,
  /** A recipe page through a flow, at 800 x 480: the median of all. */
  recipePageMs: 100,
  /** What recipe pages leave in the drawing process at rest, above the render node's pages alone. */
  recipeRestingMB: 20,
};

// --- the parts ----------------------------------------------------------------

function progress(text) {
  process.stderr.write(`[bench] ${text}\n`);
}

/** The child's own log (Node-RED's warnings) is kept out of the way; a failure prints it. */
const quiet = { log: null };

async function pushPart() {
  progress(`per-push overhead: ${options.pushes} sequential pushes per variant`);
  return runChild('push.js', { args: [`--pushes=${options.pushes}`, `--warmup=${quick ? 50 : 300}`], ...quiet });
}

async function throughputPart() {
  const runs = [
    { name: 'ours', args: ['--variant=ours', '--latency=0'] },
    { name: 'oursLatency', args: ['--variant=ours', '--latency=5'] },
    { name: 'oursDefaultQueue', args: ['--variant=ours', '--latency=0', '--queue-limit=200'] },
    { name: 'httpKeepAlive', args: ['--variant=httpKeepAlive', '--latency=0'] },
    { name: 'httpKeepAliveLatency', args: ['--variant=httpKeepAlive', '--latency=5'] },
  ];
  const results = {};
  for (const run of runs) {
    progress(`throughput: burst of ${options.burst}, ${run.args.join(' ')}`);
    results[run.name] = await runChild('throughput.js', { args: [...run.args, `--burst=${options.burst}`], ...quiet });
  }
  return results;
}

async function fanOutPart() {
  const results = {};
  for (const latency of [0, 5]) {
    progress(`fan-out: messages to ${options.fanout} devices each, service taking ${latency} ms`);
    const args = [`--devices=${options.fanout}`, `--messages=${quick ? 10 : 40}`, `--latency=${latency}`];
    results[`latency${latency}`] = await runChild('fanout.js', { args, ...quiet });
  }
  return results;
}

async function memoryPart() {
  progress(`memory: ${options.messages} messages`);
  return runChild('memory.js', { args: [`--messages=${options.messages}`], execArgv: ['--expose-gc'], ...quiet });
}

async function startupPart() {
  const runs = { with: [], without: [] };
  // One start each way first, not counted: it fills the file cache.
  for (let i = 0; i <= options.startups; i++) {
    progress(`start-up: round ${i + 1} of ${options.startups + 1}${i === 0 ? ' (warm-up)' : ''}`);
    // Alternating, so a drift of the machine touches both alike.
    const order = i % 2 === 0 ? ['with', 'without'] : ['without', 'with'];
    for (const mode of order) {
      const result = await runChild('startup.js', { args: [`--${mode}`], execArgv: ['--expose-gc'], ...quiet });
      if (i > 0) runs[mode].push(result);
    }
  }
  const med = (mode, key) => median(runs[mode].map((r) => r[key]));
  return {
    runs: options.startups,
    withMs: med('with', 'totalMs'),
    withoutMs: med('without', 'totalMs'),
    addedMs: med('with', 'totalMs') - med('without', 'totalMs'),
    ourRequireMs: med('with', 'ourRequireMs'),
    ourRegisterMs: med('with', 'ourRegisterMs'),
    addedHeapMB: med('with', 'heapUsedMB') - med('without', 'heapUsedMB'),
    addedRssMB: med('with', 'rssMB') - med('without', 'rssMB'),
    ourFilesLoaded: runs.with[0].ourFilesLoaded,
    undiciLoaded: runs.with.some((r) => r.undiciLoaded),
    sharpLoaded: runs.with.some((r) => r.sharpLoaded),
  };
}

async function imagesPart() {
  progress('images: 12 MP JPEG and SVG to 400 x 300');
  return runChild('images.js', { args: [`--runs=${quick ? 3 : 7}`], execArgv: ['--expose-gc'], ...quiet });
}

async function renderPart() {
  progress(`render: ${options.pages} pages through the render node, beside Takumi alone and satori with resvg`);
  const native = await runChild('render.js', {
    args: [`--pages=${options.pages}`],
    execArgv: ['--expose-gc'],
    ...quiet,
  });
  progress(`render: ${options.pages} pages through the render node with the WebAssembly build`);
  const webassembly = await runChild('render.js', {
    args: [`--pages=${options.pages}`, '--flow-only'],
    execArgv: ['--expose-gc'],
    env: { DEVICE_CLOUD_RENDER_ENGINE: 'webassembly' },
    ...quiet,
  });
  return { native, webassembly };
}

async function firstPagePart() {
  const runs = [];
  for (let i = 0; i < options.firstPages; i++) {
    progress(`first page after a deploy: run ${i + 1} of ${options.firstPages}`);
    runs.push(await runChild('render-first.js', quiet));
  }
  const med = (pick) => median(runs.map(pick));
  return {
    runs: runs.length,
    firstMs: med((r) => r.firstMs),
    firstMsRange: [Math.min(...runs.map((r) => r.firstMs)), Math.max(...runs.map((r) => r.firstMs))],
    deployedMs: med((r) => r.deployedMs),
    secondMs: med((r) => r.secondMs),
  };
}

async function scriptsPart() {
  const runs = [];
  for (let i = 0; i < options.firstPages; i++) {
    progress(`first page of each script: run ${i + 1} of ${options.firstPages}`);
    runs.push(await runChild('render-scripts.js', quiet));
  }
  const med = (pick) => median(runs.map(pick));
  return {
    runs: runs.length,
    firstLatinMs: med((r) => r.firstLatinMs),
    latinMs: med((r) => r.latinMs),
    afterLatinMB: med((r) => r.afterLatinMB),
    scripts: runs[0].scripts.map(({ script }, i) => ({
      script,
      firstMs: med((r) => r.scripts[i].firstMs),
      againMs: med((r) => r.scripts[i].againMs),
      extraMs: med((r) => r.scripts[i].firstMs - r.scripts[i].againMs),
      drawingMB: med((r) => r.scripts[i].drawingMB),
    })),
  };
}

async function renderMemoryPart() {
  progress(`memory at rest: Node-RED with and without a render node, ${options.restSeconds} s after the last page`);
  const run = (mode) =>
    runChild('render-memory.js', {
      args: [`--${mode}`, `--rest=${options.restSeconds}`],
      execArgv: ['--expose-gc'],
      ...quiet,
    });
  // Side by side: both rest at the same time, on the same machine.
  const [withRender, without] = await Promise.all([run('with'), run('without')]);
  return { restSeconds: options.restSeconds, with: withRender, without };
}

async function budgetPart() {
  progress('page budget: what a page costs by what it holds, each page in a fresh drawing process');
  const costs = await runChild('render-budget.js', { args: ['--part=costs', `--runs=${quick ? 1 : 3}`], ...quiet });
  progress('page budget: a runaway page in Node-RED beside another render node, the preview and the admin API');
  const runaway = await runChild('render-budget.js', { args: ['--part=runaway'], execArgv: ['--expose-gc'], ...quiet });
  return { costs, runaway };
}

async function recipesPart() {
  progress(`TRMNL recipes: the first page after a deploy, ${options.recipePages} pages of each, the memory at rest`);
  return runChild('trmnl-recipe.js', { args: [`--pages=${options.recipePages}`], ...quiet });
}

async function firstPushPart() {
  const runs = { ours: [], function: [] };
  for (let i = 0; i < options.firstPushes; i++) {
    progress(`first push after a deploy: round ${i + 1} of ${options.firstPushes}`);
    // Alternating, so a drift of the machine touches both alike; each run is a fresh process.
    const order = i % 2 === 0 ? ['ours', 'function'] : ['function', 'ours'];
    for (const variant of order)
      runs[variant].push(await runChild('first-push.js', { args: [`--variant=${variant}`], ...quiet }));
  }
  const summary = (variant) => {
    const list = runs[variant];
    const med = (pick) => median(list.map(pick));
    return {
      firstMs: med((r) => r.first.ms),
      firstStallMs: med((r) => r.first.longestStallMs),
      secondMs: med((r) => r.second.ms),
      secondStallMs: med((r) => r.second.longestStallMs),
      deployStallMs: med((r) => r.deploy.longestStallMs),
      firstMsRange: [Math.min(...list.map((r) => r.first.ms)), Math.max(...list.map((r) => r.first.ms))],
      // form-data is left out: Node-RED's own http request node loads a copy at start.
      undiciLoaded: list.every((r) => r.loadedAtFirstMessage.undici),
      sharpLoaded: list.every((r) => r.loadedAtFirstMessage.sharp),
    };
  };
  return {
    runs: options.firstPushes,
    settleMs: runs.ours[0].settleMs,
    ours: summary('ours'),
    function: summary('function'),
  };
}

// --- the table ------------------------------------------------------------------

const ms = (n) => `${n.toFixed(n < 10 ? 3 : 1)} ms`;
const mb = (n) => `${n.toFixed(1)} MB`;
/** A difference with its sign: +1.1 MB, -0.5 MB. */
const signed = (text) => (text.startsWith('-') ? text : `+${text}`);
const mbChange = (n) => signed(mb(n));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const x = (n) => `${n.toFixed(2)}x`;
const us = (n) => `${Math.round(n)} µs`;
const met = (ok) => (ok ? 'met' : '**not met**');

function pushRows({ variants }) {
  const rows = [];
  for (const v of Object.values(variants)) {
    rows.push([
      'Per push',
      `${v.label}: median (p90)`,
      `${ms(v.medianMs)} (${ms(v.p90Ms)}); CPU ${us(v.cpuUsPerPush)}/push` +
        (v.connectionsOpened === undefined || v.label.includes('hop')
          ? ''
          : `; ${v.connectionsOpened} connections opened`),
      '',
      '',
    ]);
  }
  if (variants.ours && variants.httpKeepAlive) {
    const ratio = variants.ours.medianMs / variants.httpKeepAlive.medianMs;
    rows.push([
      'Per push',
      'ours / http request (keep-alive), medians',
      x(ratio),
      `≤ ${TARGETS.vsHttpRequest}x`,
      met(ratio <= TARGETS.vsHttpRequest),
    ]);
  }
  if (variants.ours && variants.http) {
    const ratio = variants.ours.medianMs / variants.http.medianMs;
    rows.push([
      'Per push',
      'ours / http request (default), medians',
      x(ratio),
      `≤ ${TARGETS.vsHttpRequest}x`,
      met(ratio <= TARGETS.vsHttpRequest),
    ]);
  }
  if (variants.ours && variants.undici) {
    const ratio = variants.ours.medianMs / variants.undici.medianMs;
    // The goal is against the same call from a function node in the same runtime (below): this loop runs
    // outside Node-RED, without its message passing.
    rows.push(['Per push', 'ours / plain undici loop outside Node-RED, medians', x(ratio), '', '']);
    const cpu = variants.ours.cpuUsPerPush / variants.undici.cpuUsPerPush;
    rows.push(['Per push', 'ours / plain undici loop outside Node-RED, CPU per push', x(cpu), '', '']);
  }
  return rows;
}

function throughputRows(results) {
  const rows = [];
  const describe = (r) =>
    `drained in ${ms(r.drainMs)} (${Math.round(r.pushesPerSecond)}/s); peak RSS ${mb(r.peakRssMB)} (${mbChange(r.peakRssGrowthMB)}); ` +
    `loop held ${ms(r.stalledMs)} at hand-over`;
  if (results.ours)
    rows.push([
      'Burst',
      `${results.ours.burst} at once, ours (queue ${results.ours.queueLimit})`,
      describe(results.ours),
      '',
      '',
    ]);
  if (results.oursLatency) {
    const r = results.oursLatency;
    const floor = (r.burst * r.latencyMs) / r.maxInFlight;
    rows.push([
      'Burst',
      `same, service taking ${r.latencyMs} ms`,
      `${describe(r)}; least possible ${ms(floor)}`,
      '',
      '',
    ]);
    const bound = Math.max(r.simulatorPeakOpen, r.clientPeakInFlight);
    rows.push([
      'Burst',
      'requests open at once (simulator / client count)',
      `${r.simulatorPeakOpen} / ${r.clientPeakInFlight}`,
      `≤ maxInFlight ${r.maxInFlight}`,
      met(bound <= r.maxInFlight && r.delivered === r.burst),
    ]);
  }
  if (results.oursDefaultQueue) {
    const r = results.oursDefaultQueue;
    rows.push([
      'Burst',
      `ours with the default queue (${r.queueLimit})`,
      `${r.delivered} pushed, ${r.refused} refused "busy" at once`,
      'refused, not piled up',
      met(r.delivered + r.refused === r.burst),
    ]);
  }
  if (results.httpKeepAlive)
    rows.push([
      'Burst',
      `${results.httpKeepAlive.burst} at once, http request (keep-alive)`,
      describe(results.httpKeepAlive),
      '',
      '',
    ]);
  if (results.httpKeepAliveLatency) {
    const r = results.httpKeepAliveLatency;
    rows.push([
      'Burst',
      `same, service taking ${r.latencyMs} ms`,
      `${describe(r)}; ${r.simulatorPeakOpen} requests open at once`,
      '',
      '',
    ]);
  }
  return rows;
}

function fanOutRows(results) {
  return Object.values(results).map((r) => [
    'Fan-out',
    `one message to ${r.devices} devices (a page push), service taking ${r.latencyMs} ms: median (p90)`,
    `${ms(r.medianMs)} (${ms(r.p90Ms)}), ${ms(r.perDeviceMs)} a device; ${r.simulatorPeakOpen} requests open at once`,
    '',
    '',
  ]);
}

function memoryRows(r) {
  return [
    [
      'Memory',
      `heap after ${r.baseline} messages → after ${r.messages}`,
      `${mb(r.heapAtBaselineMB)} → ${mb(r.heapAtEndMB)}`,
      '',
      '',
    ],
    [
      'Memory',
      'heap growth',
      mb(r.heapGrowthMB),
      `< ${TARGETS.heapGrowthMB} MB`,
      met(r.heapGrowthMB < TARGETS.heapGrowthMB),
    ],
  ];
}

function startupRows(r) {
  return [
    // The difference of two whole starts is only a hint on a busy machine; the direct measure holds the target.
    [
      'Start-up',
      `Node-RED start with / without our package (median of ${r.runs})`,
      `${ms(r.withMs)} / ${ms(r.withoutMs)} (${signed(ms(r.addedMs))})`,
      '(a hint: noisy)',
      '',
    ],
    [
      'Start-up',
      'our node files: require (with what they load) + registration',
      `${ms(r.ourRequireMs)} + ${ms(r.ourRegisterMs)}`,
      `< ${TARGETS.startupMs} ms`,
      met(r.ourRequireMs + r.ourRegisterMs < TARGETS.startupMs),
    ],
    [
      'Start-up',
      'memory added: heap / RSS',
      `${mb(r.addedHeapMB)} / ${mb(r.addedRssMB)}`,
      `< ${TARGETS.startupMB} MB`,
      met(r.addedRssMB < TARGETS.startupMB && r.addedHeapMB < TARGETS.startupMB),
    ],
    [
      'Start-up',
      'undici / sharp loaded at start',
      `${r.undiciLoaded ? 'yes' : 'no'} / ${r.sharpLoaded ? 'yes' : 'no'}`,
      'no / no',
      met(!r.undiciLoaded && !r.sharpLoaded),
    ],
  ];
}

function imageRows(r) {
  const jpegMp = '12 MP JPEG';
  return [
    ['Images', `sharp's require / first ${jpegMp} fit`, `${ms(r.sharpRequireMs)} / ${ms(r.firstJpegFitMs)}`, '', ''],
    [
      'Images',
      `${jpegMp} (${mb(r.jpegBytes / 1048576)}) → 400 x 300, median`,
      `${ms(r.jpeg.medianMs)} (sharp alone ${ms(r.jpeg.sharpAloneMs)})`,
      '',
      '',
    ],
    [
      'Images',
      'SVG dashboard → 400 x 300, median',
      `${ms(r.svg.medianMs)} (sharp alone ${ms(r.svg.sharpAloneMs)})`,
      '',
      '',
    ],
    [
      'Images',
      'fitted PNG: from the JPEG / from the SVG',
      `${kb(r.jpeg.outputBytes)} / ${kb(r.svg.outputBytes)}`,
      '≤ 2 MB',
      met(Math.max(r.jpeg.outputBytes, r.svg.outputBytes) <= 2 * 1048576),
    ],
    [
      'Images',
      `event loop held per call: Buffer / base64 string / SVG string`,
      `${ms(r.jpeg.syncBufferMs)} / ${ms(r.jpeg.syncBase64Ms)} / ${ms(r.svg.syncStringMs)}`,
      '',
      '',
    ],
    [
      'Images',
      `${r.concurrentCount} JPEG fits at once: time, worst event-loop delay`,
      `${ms(r.jpeg.concurrent.ms)}, ${ms(r.jpeg.concurrent.eventLoopDelayMaxMs)}`,
      '',
      '',
    ],
    [
      'Images',
      `${r.concurrentCount} SVG fits at once: time, worst event-loop delay`,
      `${ms(r.svg.concurrent.ms)}, ${ms(r.svg.concurrent.eventLoopDelayMaxMs)}`,
      '',
      '',
    ],
    [
      'Images',
      `push of ${r.multipart.pictures} × 2 MB pictures (${mb(r.multipart.bytes / 1048576)}): time; loop held; buffers added`,
      `${ms(r.multipart.ms)}; ${ms(r.multipart.syncMs)} (worst delay ${ms(r.multipart.eventLoopDelayMaxMs)}); ${mb(r.multipart.extraBuffersMB)}`,
      '',
      '',
    ],
  ];
}

function renderRows({ native, webassembly }) {
  const page = (p) => `${ms(p.medianMs)} (p90 ${ms(p.p90Ms)}); PNG ${kb(p.pngBytes)}`;
  const rows = [
    [
      'Render',
      `a drawing process (${native.warmUp.engine}): started to ready (of which Node.js and the engine) / its first page`,
      `${ms(native.warmUp.startMs)} (${ms(native.warmUp.loadMs)}) / ${ms(native.warmUp.firstPageMs)}`,
      '',
      '',
    ],
    [
      'Render',
      `400 x 300 page (Latin and Chinese, a list, a rule) through the render node in a flow: median of ${native.pages}`,
      page(native.page.flow),
      '',
      '',
    ],
    ['Render', 'the same HTML, Takumi native alone (its HTML reader, PNG out)', page(native.page.takumi), '', ''],
    ['Render', 'the same HTML, satori with the native resvg (PNG out)', page(native.page.satori), '', ''],
    ['Render', 'the same page through the render node, WebAssembly build', page(webassembly.page.flow), '', ''],
    [
      'Render',
      'page craft (11 icons, a fitted title and note, a list cut and counted, date helpers, 4 scripts) through the node',
      page(native.page.craft),
      '',
      '',
    ],
    [
      'Render',
      'the same page as the node laid it out, Takumi native alone (PNG out)',
      page(native.page.craftTakumi),
      '',
      '',
    ],
    [
      'Render',
      'the craft page fitted unlike the page before it (its note alternately long and short) through the node',
      `${page(native.page.refit)}; ${x(native.page.refit.medianMs / native.page.refitTakumi.medianMs)} Takumi alone`,
      '',
      '',
    ],
    ['Render', 'the same pages, Takumi native alone (PNG out)', page(native.page.refitTakumi), '', ''],
    [
      'Render',
      'main thread while pages are drawn through the node: busy share; worst event-loop delay',
      `${(native.mainThread.busy * 100).toFixed(1)} %; ${ms(native.mainThread.eventLoopDelayMaxMs)}`,
      '',
      '',
    ],
    ['Render', 'dashboard (text, 96-point chart, QR code) through the node, median', page(native.dashboard), '', ''],
    ...Object.entries(native.layouts).map(([id, p]) => ['Render', `layout ${id} (zh-CN), median`, page(p), '', '']),
    ['Render', 'bwry page with a photo, floyd-steinberg, median', page(native.photo), '', ''],
  ];
  return rows;
}

function scriptRows(r) {
  return [
    [
      'Render',
      `first Latin page after a deploy, median of ${r.runs} fresh processes; then a Latin page, median`,
      `${ms(r.firstLatinMs)}; ${ms(r.latinMs)}`,
      '',
      '',
    ],
    ['Render', 'the drawing process after 20 Latin pages: RSS', mb(r.afterLatinMB), '', ''],
    ...r.scripts.map((s) => [
      'Render',
      `a page in ${s.script}: the first (its fonts loaded then) / again; the drawing process's RSS after it`,
      `${ms(s.firstMs)} (${signed(ms(s.extraMs))}) / ${ms(s.againMs)}; ${mb(s.drawingMB)}`,
      '',
      '',
    ]),
  ];
}

function firstPageRows(r) {
  return [
    [
      'Render',
      `first page after a deploy: from the deploy to the page, median of ${r.runs} fresh processes`,
      `${ms(r.firstMs)} (${ms(r.firstMsRange[0])} to ${ms(r.firstMsRange[1])}); the deploy ${ms(r.deployedMs)}; the next page ${ms(r.secondMs)}`,
      '',
      '',
    ],
  ];
}

function renderMemoryRows(r) {
  const drawing = (megabytes) => (megabytes > 0 ? ` (+ ${mb(megabytes)} drawing process)` : '');
  const show = (m) =>
    `${mb(m.startedMB)} started${drawing(m.drawingStartedMB)}, ${mb(m.afterPagesMB)} after the pages` +
    `${drawing(m.drawingAfterPagesMB)}, ${mb(m.restedMB)} at rest${drawing(m.drawingRestedMB)}`;
  return [
    ['Render', `Node-RED with a render node (${r.with.pages} pages): RSS`, show(r.with), '', ''],
    ['Render', 'the same Node-RED without a render node: RSS', show(r.without), '', ''],
  ];
}

/** The goals, each with its figure, its anchor, the ratio and the verdict. */
function goalRows(results) {
  const rows = [];
  const render = results.render;
  if (render) {
    const ours = render.native.page.flow.medianMs;
    const takumi = render.native.page.takumi.medianMs;
    rows.push([
      `a page through the render node in a flow ≤ ${GOALS.pageVsTakumi}x Takumi native`,
      ms(ours),
      `Takumi native alone ${ms(takumi)}`,
      x(ours / takumi),
      met(ours / takumi <= GOALS.pageVsTakumi),
    ]);
    const craft = render.native.page.craft.medianMs;
    const craftTakumi = render.native.page.craftTakumi.medianMs;
    rows.push([
      `a page-craft page through the render node ≤ ${GOALS.pageVsTakumi}x Takumi native drawing it`,
      ms(craft),
      `Takumi native alone ${ms(craftTakumi)}`,
      x(craft / craftTakumi),
      met(craft / craftTakumi <= GOALS.pageVsTakumi),
    ]);
    const wasm = render.webassembly.page.flow.medianMs;
    rows.push([
      `with the WebAssembly build ≤ ${GOALS.webAssemblyPageMs} ms a page`,
      ms(wasm),
      `${GOALS.webAssemblyPageMs} ms`,
      x(wasm / GOALS.webAssemblyPageMs),
      met(wasm <= GOALS.webAssemblyPageMs),
    ]);
  }
  if (results.firstpage) {
    const first = results.firstpage.firstMs;
    rows.push([
      `the first page after a deploy ≤ ${GOALS.firstPageMs} ms`,
      ms(first),
      `${GOALS.firstPageMs} ms`,
      x(first / GOALS.firstPageMs),
      met(first <= GOALS.firstPageMs),
    ]);
  }
  if (results.scripts) {
    const r = results.scripts;
    rows.push([
      `the first Latin page after a deploy ≤ ${GOALS.firstPageMs} ms`,
      ms(r.firstLatinMs),
      `${GOALS.firstPageMs} ms`,
      x(r.firstLatinMs / GOALS.firstPageMs),
      met(r.firstLatinMs <= GOALS.firstPageMs),
    ]);
    const slowest = r.scripts.reduce((a, b) => (b.extraMs > a.extraMs ? b : a));
    rows.push([
      `a page in a script not yet loaded ≤ ${GOALS.firstScriptExtraMs} ms more the first time (the slowest)`,
      `${signed(ms(slowest.extraMs))} (${slowest.script})`,
      `${GOALS.firstScriptExtraMs} ms`,
      x(slowest.extraMs / GOALS.firstScriptExtraMs),
      met(slowest.extraMs <= GOALS.firstScriptExtraMs),
    ]);
    rows.push([
      `the drawing process after Latin pages ≤ ${GOALS.latinDrawingMB} MB RSS`,
      mb(r.afterLatinMB),
      `${GOALS.latinDrawingMB} MB`,
      x(r.afterLatinMB / GOALS.latinDrawingMB),
      met(r.afterLatinMB <= GOALS.latinDrawingMB),
    ]);
  }
  if (results.rendermemory) {
    const { with: withRender, without, restSeconds } = results.rendermemory;
    // Its drawing processes count too, while there are any.
    const rested = withRender.restedMB + (withRender.drawingRestedMB ?? 0);
    const added = rested - without.restedMB;
    rows.push([
      `${restSeconds} s after its last page, Node-RED with a render node ≤ ${GOALS.restingMemoryMB} MB RSS over it without one`,
      `${mb(rested)} (${mbChange(added)})`,
      `without a render node ${mb(without.restedMB)}`,
      x(rested / without.restedMB),
      met(added <= GOALS.restingMemoryMB),
    ]);
  }
  if (results.budget) {
    const r = results.budget.runaway;
    const alone = r.idle;
    const beside = r.runaway.beside;
    rows.push(
      [
        `a runaway page stopped within ${GOALS.runawayStoppedS} s of its start (its budget: 10 s)`,
        `${(r.runaway.stoppedMs / 1000).toFixed(2)} s`,
        `${GOALS.runawayStoppedS} s`,
        x(r.runaway.stoppedMs / 1000 / GOALS.runawayStoppedS),
        met(r.runaway.stoppedMs <= GOALS.runawayStoppedS * 1000 && /time budget of 10 s/.test(r.runaway.error)),
      ],
      [
        `a page beside a runaway ≤ ${GOALS.besideVsAlone}x the same page without one, medians`,
        ms(beside.page.medianMs),
        `without a runaway ${ms(alone.page.medianMs)}`,
        x(beside.page.medianMs / alone.page.medianMs),
        met(beside.page.medianMs / alone.page.medianMs <= GOALS.besideVsAlone),
      ],
      [
        `the preview beside a runaway ≤ ${GOALS.besideVsAlone}x the preview without one, medians`,
        ms(beside.preview.medianMs),
        `without a runaway ${ms(alone.preview.medianMs)}`,
        x(beside.preview.medianMs / alone.preview.medianMs),
        met(beside.preview.medianMs / alone.preview.medianMs <= GOALS.besideVsAlone),
      ],
      [
        `the slowest page or preview beside a runaway ≤ ${GOALS.besideWorstS} s`,
        ms(Math.max(beside.page.worstMs, beside.preview.worstMs)),
        `${GOALS.besideWorstS} s`,
        x(Math.max(beside.page.worstMs, beside.preview.worstMs) / 1000 / GOALS.besideWorstS),
        met(Math.max(beside.page.worstMs, beside.preview.worstMs) <= GOALS.besideWorstS * 1000),
      ],
      [
        `the admin API while a runaway draws: slowest answer ≤ ${GOALS.adminWorstMs} ms`,
        ms(beside.admin.worstMs),
        `${GOALS.adminWorstMs} ms`,
        x(beside.admin.worstMs / GOALS.adminWorstMs),
        met(beside.admin.worstMs <= GOALS.adminWorstMs),
      ],
      [
        `Node-RED's RSS once the drawing processes are let go ≤ ${GOALS.restedVsBefore}x its RSS before the runaways`,
        mb(r.memory.rested.parent),
        `before ${mb(r.memory.before.parent)}`,
        x(r.memory.rested.parent / r.memory.before.parent),
        met(r.memory.rested.parent / r.memory.before.parent <= GOALS.restedVsBefore && r.memory.rested.drawing === 0),
      ],
    );
  }
  if (results.recipes) {
    const { first, pages, memory } = results.recipes;
    const above = memory.recipes.drawingMB - memory.render.drawingMB;
    rows.push(
      [
        `the first recipe page after a deploy < ${GOALS.firstRecipePageMs} ms`,
        ms(first.firstMs),
        `${GOALS.firstRecipePageMs} ms`,
        x(first.firstMs / GOALS.firstRecipePageMs),
        met(first.firstMs < GOALS.firstRecipePageMs),
      ],
      [
        `a recipe page through a flow ≤ ${GOALS.recipePageMs} ms, median`,
        ms(pages.medianMs),
        `${GOALS.recipePageMs} ms`,
        x(pages.medianMs / GOALS.recipePageMs),
        met(pages.medianMs <= GOALS.recipePageMs),
      ],
      [
        `the drawing process at rest after recipe pages ≤ ${GOALS.recipeRestingMB} MB over the render node's pages alone`,
        `${mb(memory.recipes.drawingMB)} (${mbChange(above)})`,
        `the render node's pages alone ${mb(memory.render.drawingMB)}`,
        x(above / GOALS.recipeRestingMB),
        met(above <= GOALS.recipeRestingMB),
      ],
    );
  }
  const variants = results.push && results.push.variants;
  if (variants && variants.ours && variants.functionUndici) {
    const ours = variants.ours.medianMs;
    const call = variants.functionUndici.medianMs;
    rows.push([
      `a push ≤ ${GOALS.pushVsUndiciCall}x a plain undici call (a function node, same runtime)`,
      ms(ours),
      `undici from a function node ${ms(call)}`,
      x(ours / call),
      met(ours / call <= GOALS.pushVsUndiciCall),
    ]);
  }
  return rows;
}

function recipeRows({ first, pages, memory }) {
  const medians = Object.values(pages.recipes);
  const { render, recipes } = memory;
  return [
    [
      'Recipes',
      `the first page of a recipe (${first.recipe}) after a deploy / the next`,
      `${ms(first.firstMs)} / ${ms(first.secondMs)}`,
      '',
      '',
    ],
    [
      'Recipes',
      `800 x 480 page through a flow, ${pages.pages} of each of ${medians.length} recipes: median (the recipes' medians)`,
      `${ms(pages.medianMs)} (${ms(Math.min(...medians))} to ${ms(Math.max(...medians))})`,
      '',
      '',
    ],
    [
      'Recipes',
      `the drawing process ${render.rest} s after the last page: the render node's pages alone / recipe pages too`,
      `${mb(render.drawingMB)} / ${mb(recipes.drawingMB)} (${render.processes} / ${recipes.processes} processes)`,
      '',
      '',
    ],
  ];
}

function budgetRows({ costs, runaway: r }) {
  const seconds = (milliseconds) => `${(milliseconds / 1000).toFixed(2)} s`;
  const timesOf = (t) => `${ms(t.medianMs)} (p90 ${ms(t.p90Ms)}, slowest ${ms(t.worstMs)}; ${t.pages})`;
  const firstLine = (text) => text.replace(/^the page failed: /, '').slice(0, 100) + (text.length > 100 ? '…' : '');
  const rows = [];
  for (const kind of ['elements', 'characters', 'picturePixels']) {
    const c = costs[kind];
    const per = c.bytesPerUnit >= 1024 ? `${(c.bytesPerUnit / 1024).toFixed(1)} KB` : `${Math.round(c.bytesPerUnit)} B`;
    const each = c.usPerUnit >= 1 ? `${c.usPerUnit.toFixed(1)} µs` : `${(c.usPerUnit * 1000).toFixed(0)} ns`;
    rows.push([
      'Budget',
      `a page of ${c.limit} ${c.unit}s (the limit) / of ${c.atQuarter.size}: time; drawing process's memory added`,
      `${ms(c.atLimit.ms)}, +${mb(c.atLimit.mb)} / ${ms(c.atQuarter.ms)}, +${mb(c.atQuarter.mb)}; ${each} and ${per} a ${c.unit}`,
      '',
      '',
    ]);
  }
  rows.push([
    'Budget',
    `the drawing process at rest (started, fonts loaded, a page drawn): RSS`,
    mb(costs.elements.atLimit.baseMB),
    '',
    '',
  ]);
  rows.push([
    'Budget',
    `a list of ${costs.listItems.limit} items (the limit) filled, on Node-RED's event loop`,
    `${ms(costs.listItems.fillMs)} (${costs.listItems.usPerItem.toFixed(2)} µs an item)`,
    '',
    '',
  ]);
  const alone = r.idle;
  const beside = r.runaway.beside;
  rows.push(
    [
      'Budget',
      'without a runaway, 10 s: the page through a render node, median (p90, slowest; pages)',
      timesOf(alone.page),
      '',
      '',
    ],
    [
      'Budget',
      '... the admin API (a GET every 100 ms) / the preview (every 200 ms), medians',
      `${ms(alone.admin.medianMs)} / ${ms(alone.preview.medianMs)}`,
      '',
      '',
    ],
    [
      'Budget',
      `a runaway page (${r.runawayBoxes} boxes with blurred shadows) in a render node with the default budget: its end`,
      `${seconds(r.runaway.stoppedMs)}: ${firstLine(r.runaway.error)}`,
      '',
      '',
    ],
    [
      'Budget',
      'meanwhile, the page through another render node, median (p90, slowest; pages)',
      timesOf(beside.page),
      '',
      '',
    ],
    [
      'Budget',
      'meanwhile, the admin API: median (slowest; requests)',
      `${ms(beside.admin.medianMs)} (${ms(beside.admin.worstMs)}; ${beside.admin.pages})`,
      '',
      '',
    ],
    [
      'Budget',
      'meanwhile, the preview: median (slowest; previews)',
      `${ms(beside.preview.medianMs)} (${ms(beside.preview.worstMs)}; ${beside.preview.pages})`,
      '',
      '',
    ],
    [
      'Budget',
      "Node-RED's event loop, worst delay: without / with the runaway",
      `${ms(alone.eventLoopDelayMaxMs)} / ${ms(beside.eventLoopDelayMaxMs)}`,
      '',
      '',
    ],
    ['Budget', 'the page after the runaway, median', ms(r.after.medianMs), '', ''],
    [
      'Budget',
      'a list of 100000 items / a page of 2001 elements: until refused',
      `${ms(r.refusals.listMs)} / ${ms(r.refusals.elementsMs)}`,
      `≤ ${GOALS.refusedMs} ms`,
      met(Math.max(r.refusals.listMs, r.refusals.elementsMs) <= GOALS.refusedMs),
    ],
    [
      'Budget',
      'a page over the memory budget (two blurs on 4096 x 4096): its end; the drawing process at its peak',
      `${ms(r.memoryRunaway.stoppedMs)}: ${firstLine(r.memoryRunaway.error)}; ${mb(r.memoryRunaway.drawingPeakMB)}`,
      '',
      '',
    ],
    [
      'Budget',
      "Node-RED's RSS (its drawing processes'): before the runaways / at the peak / once they are let go",
      `${mb(r.memory.before.parent)} (${mb(r.memory.before.drawing)}) / ${mb(r.memory.peak.parent)} (${mb(r.memory.peak.drawing)}) / ${mb(r.memory.rested.parent)} (${mb(r.memory.rested.drawing)}, after ${r.memory.restedAfterS.toFixed(0)} s)`,
      '',
      '',
    ],
  );
  return rows;
}

function firstPushRows(r) {
  const both = (pick, format) => `${format(pick(r.ours))} / ${format(pick(r.function))}`;
  const yes = (loaded) => (loaded ? 'yes' : 'no');
  return [
    [
      'First push',
      `800 x 600 PNG fitted and pushed ${r.settleMs / 1000} s after a deploy: ours / function node, median of ${r.runs}`,
      `${both((v) => v.firstMs, ms)} (${x(r.ours.firstMs / r.function.firstMs)}; ours ${ms(r.ours.firstMsRange[0])} to ${ms(r.ours.firstMsRange[1])})`,
      '',
      '',
    ],
    ['First push', 'longest event-loop stall during it: ours / function node', both((v) => v.firstStallMs, ms), '', ''],
    [
      'First push',
      'the second push, warm: time; longest stall (ours / function node)',
      `${both((v) => v.secondMs, ms)}; ${both((v) => v.secondStallMs, ms)}`,
      '',
      '',
    ],
    [
      'First push',
      `longest stall in the ${r.settleMs / 1000} s after the deploy: ours / function node (its modules loaded at start)`,
      both((v) => v.deployStallMs, ms),
      '',
      '',
    ],
    [
      'First push',
      'undici / sharp loaded before the first message (ours)',
      `${yes(r.ours.undiciLoaded)} / ${yes(r.ours.sharpLoaded)}`,
      'yes / yes',
      met(r.ours.undiciLoaded && r.ours.sharpLoaded),
    ],
  ];
}

function printTable(rows, header = ['Part', 'Measure', 'Figure', 'Target', 'Status']) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

function machine() {
  const cpus = os.cpus();
  const nodeRedVersion = require(require.resolve('node-red/package.json')).version;
  return (
    `${cpus.length} × ${cpus[0] ? cpus[0].model.trim() : 'unknown CPU'}, ${mb(os.totalmem() / 1048576)} RAM, ` +
    `Node.js ${process.version}, Node-RED ${nodeRedVersion}, ${os.type()} ${os.release()}`
  );
}

async function main() {
  if (!fs.existsSync(path.join(DIST, 'nodes', 'index.js'))) {
    throw new Error('dist/ is missing: build first (npm run build)');
  }
  const started = Date.now();
  const results = {};
  const runners = {
    push: pushPart,
    throughput: throughputPart,
    fanout: fanOutPart,
    memory: memoryPart,
    startup: startupPart,
    images: imagesPart,
    render: renderPart,
    firstpush: firstPushPart,
    firstpage: firstPagePart,
    scripts: scriptsPart,
    rendermemory: renderMemoryPart,
    budget: budgetPart,
    recipes: recipesPart,
  };
  for (const part of parts) {
    if (!runners[part]) throw new Error(`unknown part ${part}; parts: ${PARTS.join(', ')}`);
    results[part] = await runners[part]();
  }
  const rows = [
    ...(results.push ? pushRows(results.push) : []),
    ...(results.throughput ? throughputRows(results.throughput) : []),
    ...(results.fanout ? fanOutRows(results.fanout) : []),
    ...(results.memory ? memoryRows(results.memory) : []),
    ...(results.startup ? startupRows(results.startup) : []),
    ...(results.images ? imageRows(results.images) : []),
    ...(results.render ? renderRows(results.render) : []),
    ...(results.firstpage ? firstPageRows(results.firstpage) : []),
    ...(results.scripts ? scriptRows(results.scripts) : []),
    ...(results.rendermemory ? renderMemoryRows(results.rendermemory) : []),
    ...(results.budget ? budgetRows(results.budget) : []),
    ...(results.recipes ? recipeRows(results.recipes) : []),
    ...(results.firstpush ? firstPushRows(results.firstpush) : []),
  ];
  console.log(`\nMachine: ${machine()}`);
  console.log(
    `Run: ${new Date().toISOString()}, ${((Date.now() - started) / 1000).toFixed(0)} s${quick ? ' (--quick: not figures to quote)' : ''}\n`,
  );
  printTable(rows);
  const goals = goalRows(results);
  if (goals.length > 0) {
    console.log('\nGoals\n');
    printTable(goals, ['Goal', 'Figure', 'Anchor', 'Ratio', 'Verdict']);
  }
  if (process.argv.includes('--profile')) {
    const { profileVariant, profileBurst, printProfile } = require('./profile');
    progress('profile: sequential pushes of ours');
    printProfile(await profileVariant({ variant: 'ours', pushes: quick ? 1000 : 5000, top: 20 }));
    progress('profile: the hand-over of a burst to ours');
    printProfile(await profileBurst({ variant: 'ours', burst: options.burst, top: 20 }));
  }
  if (jsonFile) {
    fs.writeFileSync(jsonFile, `${JSON.stringify({ machine: machine(), options, results }, null, 2)}\n`);
  }
}

main().catch((error) => {
  console.error(error && error.stack ? error.stack : error);
  process.exit(1);
});
