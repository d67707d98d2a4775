'use strict';
/**
 * The page budget. Two parts, each in a fresh process (bench/run.js runs both):
 *
 * `--part=costs`: what a page costs to draw by what it holds, through the page renderer (its drawing process):
 * pages of elements (each a paragraph of a few words), of text, and of a picture, each at a quarter of its limit
 * and at the limit, each drawn by a fresh drawing process (3 runs, medians): the time from the request to the
 * PNG, and the drawing process's resident memory at its peak over what it held before the page (sampled from
 * /proc every 5 ms). The cost of one more element, character or picture pixel is the slope between the two
 * sizes. Also what filling a list costs Node-RED's own event loop, a list item at a time.
 *
 * `--part=runaway`: an embedded Node-RED with its admin API on 127.0.0.1, a render node fed a runaway page
 * (1999 boxes with wide blurred shadows: minutes of drawing, within every size limit), another render node
 * drawing the benchmark's page (bench/render-page.js). For 10 s without a runaway, then while the runaway draws
 * until it is stopped at its node's default budget (10 s), the same work: the good page every 20 ms, the admin
 * API (GET /device-cloud/render/layouts) every 100 ms, the editor's preview every 200 ms; their times and the
 * event loop's worst delay. Then a list and a page over their limits, and a page over the memory budget (two blurs over a
 * 4096 x 4096 page), each until its error; Node-RED's resident memory before, at the peak, and once the
 * drawing processes have been let go.
 *
 *   node --expose-gc bench/render-budget.js --part=costs|runaway [--runs=3]
 */
const { monitorEventLoopDelay, performance } = require('node:perf_hooks');
const {
  collectGarbage,
  drawingProcesses,
  intOption,
  lookForDrawingProcesses,
  median,
  quantile,
  requireDist,
  runPart,
  startNodeRed,
  stringOption,
  toMB,
} = require('./common');
const { RenderDriver, renderFlow } = require('./render-page');

const { PAGE_LIMITS } = requireDist('lib/values/page-budget');

const RUNAWAY_BOXES = PAGE_LIMITS.elements - 1;
const RUNAWAY = {
  template:
    '<div style="display:flex;flex-wrap:wrap">' +
    '<div style="width:8px;height:8px;margin:1px;box-shadow:0 0 300px 100px black"></div>'.repeat(RUNAWAY_BOXES) +
    '</div>',
  width: 800,
  height: 480,
};
const MEMORY_RUNAWAY = {
  template:
    '<div style="width:4096px;height:4096px;filter:blur(200px);background:red">' +
    '<div style="width:4096px;height:4096px;filter:blur(200px);background:blue">blur</div></div>',
  width: 4096,
  height: 4096,
};
const TEXT = 'The kitchen is 21.5 °C, 厨房温度适中, and the door is shut. ';

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// --- costs ---------------------------------------------------------------------

/** A JPEG of noise with about `pixels` pixels, as a Buffer (the render node makes a data URL of it). */
async function noisePicture(pixels) {
  const sharp = require('sharp');
  const side = Math.round(Math.sqrt(pixels));
  return sharp({
    create: { width: side, height: side, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

const KINDS = {
  elements: {
    limit: PAGE_LIMITS.elements - 1,
    unit: 'element',
    request: async (n) => ({
      template: `<div style="font-size:14px">${'<p style="margin:0">Item 待办 21.5</p>'.repeat(n)}</div>`,
    }),
  },
  characters: {
    limit: PAGE_LIMITS.textCharacters,
    unit: 'character',
    request: async (n) => ({
      template: '<p style="font-size:14px">{{payload}}</p>',
      message: { payload: TEXT.repeat(Math.ceil(n / TEXT.length)).slice(0, n) },
    }),
  },
  picturePixels: {
    limit: PAGE_LIMITS.picturePixels,
    unit: 'picture pixel',
    request: async (n) => ({
      template: '<img src="{{{payload}}}" style="width:400px;height:300px;object-fit:cover">',
      message: { payload: await noisePicture(n) },
    }),
  },
};

function rssOf(pid) {
  const found = drawingProcesses().find((process) => process.pid === pid);
  return found ? found.rssMB : 0;
}

/** One page in a fresh drawing process: its time, and its process's peak memory over what it held before. */
async function drawAlone(request) {
  const { PageRenderer } = requireDist('lib/render/index');
  const renderer = new PageRenderer();
  try {
    await renderer.warmUp();
    await renderer.render({ template: '<p>warm 温</p>' });
    const [pid] = renderer.processIds;
    lookForDrawingProcesses();
    const before = rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 5);
    const started = performance.now();
    await renderer.render({ ...request, layoutRules: 'html', timeBudget: 60 });
    const ms = performance.now() - started;
    clearInterval(sampler);
    return { ms, mb: Math.max(peak, rssOf(pid)) - before, baseMB: before };
  } finally {
    await renderer.close();
  }
}

async function costs() {
  const runs = intOption('runs', 3);
  const result = {};
  for (const [kind, { limit, unit, request }] of Object.entries(KINDS)) {
    const sizes = { quarter: Math.round(limit / 4), limit };
    const measured = {};
    for (const [name, size] of Object.entries(sizes)) {
      const page = await request(size);
      const samples = [];
      for (let i = 0; i < runs; i++) samples.push(await drawAlone(page));
      measured[name] = {
        size,
        ms: median(samples.map((s) => s.ms)),
        mb: median(samples.map((s) => s.mb)),
        baseMB: median(samples.map((s) => s.baseMB)),
      };
    }
    const units = sizes.limit - sizes.quarter;
    result[kind] = {
      unit,
      limit,
      atLimit: measured.limit,
      atQuarter: measured.quarter,
      usPerUnit: ((measured.limit.ms - measured.quarter.ms) * 1000) / units,
      bytesPerUnit: ((measured.limit.mb - measured.quarter.mb) * 1024 * 1024) / units,
    };
  }
  // Filling a list is Node-RED's own work (Mustache, on its event loop): per item, at the limit.
  const { fillTemplate } = requireDist('lib/render/node-red-process/template/fill-template');
  const items = Array.from({ length: PAGE_LIMITS.listItems }, (_, i) => `Item ${i} 待办`);
  const template = '<ul>{{#payload}}<li>{{.}}</li>{{/payload}}</ul>';
  for (let i = 0; i < 20; i++) fillTemplate(template, { payload: items });
  const fills = [];
  for (let i = 0; i < 50; i++) {
    const started = performance.now();
    fillTemplate(template, { payload: items });
    fills.push(performance.now() - started);
  }
  result.listItems = {
    limit: PAGE_LIMITS.listItems,
    fillMs: median(fills),
    usPerItem: (median(fills) * 1000) / items.length,
  };
  return result;
}

// --- a runaway in Node-RED -------------------------------------------------------

function runawayFlow() {
  return [...renderFlow('runaway', ''), ...renderFlow('good')].map((node) =>
    node.id === 'runaway-render' ? { ...node, width: '', height: '' } : node,
  );
}

/** Node-RED's own resident memory and its drawing processes', in MB. */
function memory() {
  const parent = toMB(process.memoryUsage.rss());
  const drawing = drawingProcesses().reduce((sum, process) => sum + process.rssMB, 0);
  return { parent, drawing };
}

async function timed(work) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function runaway() {
  const nodeRed = await startNodeRed({ flows: runawayFlow(), settings: { httpAdminRoot: '/', disableEditor: true } });
  nodeRed.server.on('request', nodeRed.RED.httpAdmin);
  await new Promise((resolve) => nodeRed.server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${nodeRed.server.address().port}`;
  const adminGet = () =>
    fetch(`${base}/device-cloud/render/layouts`).then((response) => {
      if (!response.ok) throw new Error(`the admin API answered ${response.status}`);
      return response.arrayBuffer();
    });
  const previewPost = () =>
    fetch(`${base}/device-cloud/render/preview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        template: '<div style="font-size:40px">Preview 预览 {{payload}}</div>',
        message: { payload: 1 },
      }),
    }).then((response) => {
      if (!response.ok) throw new Error(`the preview answered ${response.status}`);
      return response.arrayBuffer();
    });
  try {
    const good = new RenderDriver(nodeRed, 'good');
    const runawayNode = new RenderDriver(nodeRed, 'runaway');
    for (let i = 0; i < 20; i++) await good.draw(i);
    await adminGet();
    await previewPost();

    /**
     * What a busy Node-RED does until `over()` (another display's page every 20 ms, the admin API every 100 ms,
     * the editor's preview every 200 ms): their times and the event loop's worst delay.
     */
    const busy = async (over) => {
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const admin = [];
      const previews = [];
      const pages = [];
      const adminLoop = (async () => {
        while (!over()) {
          admin.push(await timed(adminGet));
          await pause(100);
        }
      })();
      const previewLoop = (async () => {
        while (!over()) {
          previews.push(await timed(previewPost));
          await pause(200);
        }
      })();
      for (let i = 0; !over(); i++) {
        pages.push((await good.draw(i)).ms);
        await pause(20);
      }
      await Promise.all([adminLoop, previewLoop]);
      loop.disable();
      return {
        page: summary(pages),
        admin: summary(admin),
        preview: summary(previews),
        eventLoopDelayMaxMs: loop.max / 1e6,
      };
    };

    // The same work without a runaway, for as long as the budget, then with one until it is stopped; the memory
    // is read all along. Node-RED's memory before is the one after the work without a runaway.
    let peak = memory();
    const sampling = setInterval(() => {
      const now = memory();
      peak = { parent: Math.max(peak.parent, now.parent), drawing: Math.max(peak.drawing, now.drawing) };
    }, 50);
    const idleStarted = performance.now();
    const idle = await busy(() => performance.now() - idleStarted > 10_000);
    collectGarbage();
    const before = memory();
    const started = performance.now();
    let stopped;
    const outcome = runawayNode.draw(0, RUNAWAY).then(
      () => 'drawn',
      (error) => error.message,
    );
    void outcome.then(() => (stopped = performance.now() - started));
    const beside = await busy(() => stopped !== undefined);
    const runawayError = await outcome;
    const afterTimes = [];
    for (let i = 0; i < 20; i++) afterTimes.push((await good.draw(i)).ms);

    // Over a size limit (a process is ready: refused as soon as it has read the page); over the memory budget.
    const list = {
      template: '<ul>{{#payload}}<li>{{.}}</li>{{/payload}}</ul>',
      payload: Array.from({ length: 100_000 }, (_, i) => i),
    };
    const listStarted = performance.now();
    const listError = await runawayNode.draw(2, list).then(
      () => 'drawn',
      (error) => error.message,
    );
    const listRefusedMs = performance.now() - listStarted;
    const elements = { template: `<div>${'<span>x</span>'.repeat(PAGE_LIMITS.elements)}</div>` };
    const elementsStarted = performance.now();
    const elementsError = await runawayNode.draw(3, elements).then(
      () => 'drawn',
      (error) => error.message,
    );
    const elementsRefusedMs = performance.now() - elementsStarted;
    const memoryStarted = performance.now();
    let memoryPeak = 0;
    const memorySampling = setInterval(() => (memoryPeak = Math.max(memoryPeak, memory().drawing)), 10);
    const memoryError = await runawayNode.draw(1, MEMORY_RUNAWAY).then(
      () => 'drawn',
      (error) => error.message,
    );
    const memoryStoppedMs = performance.now() - memoryStarted;
    clearInterval(memorySampling);
    clearInterval(sampling);

    // Once the drawing processes are let go (30 s after the last page), Node-RED alone.
    const restStarted = performance.now();
    while (drawingProcesses().length > 0 && performance.now() - restStarted < 90_000) await pause(500);
    collectGarbage();
    const rested = memory();
    return {
      runawayBoxes: RUNAWAY_BOXES,
      idle,
      runaway: { error: runawayError, stoppedMs: stopped, beside },
      after: summary(afterTimes),
      memoryRunaway: { error: memoryError, stoppedMs: memoryStoppedMs, drawingPeakMB: memoryPeak },
      refusals: { list: listError, listMs: listRefusedMs, elements: elementsError, elementsMs: elementsRefusedMs },
      memory: { before, peak, rested, restedAfterS: (performance.now() - restStarted) / 1000 },
    };
  } finally {
    await nodeRed.stop();
  }
}

function summary(times) {
  return { medianMs: median(times), p90Ms: quantile(times, 0.9), worstMs: Math.max(...times), pages: times.length };
}

runPart(() => (stringOption('part', 'costs') === 'runaway' ? runaway() : costs()));
