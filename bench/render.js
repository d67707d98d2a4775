'use strict';
/**
 * Render: a page through the render node in a flow, in an embedded Node-RED (`node.receive()` to the page
 * out of the node), beside the same HTML drawn in the same process by Takumi alone (its native build, its own
 * HTML reader, PNG out: the floor) and by satori with the native resvg (the engine before Takumi). The three
 * take turns in rounds, so a drift of the machine touches them alike. Also, through the node: a dashboard
 * (text, a 96-point chart, a QR code), each built-in layout, and a four-colour page with a dithered photo;
 * the main thread's busy share and worst event-loop delay while pages are drawn; and, before Node-RED
 * starts, what starting a drawing process (Node.js, the engine, the fonts) and its first page cost.
 *
 * `--flow-only`: the page through the node alone (bench/run.js runs it again with
 * DEVICE_CLOUD_RENDER_ENGINE=webassembly for the WebAssembly build).
 *
 *   node --expose-gc bench/render.js [--pages=200] [--rounds=8] [--flow-only]
 */
const { monitorEventLoopDelay, performance } = require('node:perf_hooks');
const { intOption, median, quantile, requireDist, runPart, startNodeRed } = require('./common');
const {
  CRAFT_TEMPLATE,
  RenderDriver,
  craftMessage,
  refitMessage,
  pageHtml,
  renderFlow,
  satoriWithResvg,
  takumiAlone,
  takumiCraft,
} = require('./render-page');

const DASHBOARD = `<div style="display:flex;flex-direction:column;height:100%;padding:14px 18px">
  <div style="display:flex;flex-direction:row;justify-content:space-between;align-items:baseline">
    <span style="font-size:26px;font-weight:bold">{{topic}} 客厅</span><span style="font-size:16px">{{payload.time}}</span>
  </div>
  <div style="display:flex;flex-direction:row;align-items:baseline">
    <span style="font-size:88px;font-weight:bold">{{payload.temp}}</span><span style="font-size:30px">°C</span>
    <span style="font-size:20px;margin-left:24px">湿度 Humidity {{payload.humidity}}%</span>
  </div>
  <div style="display:flex;flex-direction:row;align-items:flex-end;flex-grow:1">
    <img src="chart:line" data-values="{{payload.day}}" data-line="2" style="width:260px;height:90px">
    <img src="qr:{{payload.link}}" width="96" height="96" style="margin-left:8px">
  </div>
</div>`;

function dashboardMessage(i) {
  const day = Array.from({ length: 96 }, (_, h) => (18 + 3 * Math.sin((h + i) / 12)).toFixed(1));
  return {
    topic: 'Living room',
    payload: {
      temp: (20 + (i % 10) / 10).toFixed(1),
      humidity: 40 + (i % 20),
      time: '14:05',
      day,
      link: 'https://example.com/home',
    },
  };
}

/** A photo-like picture as a data URL: colour gradients with grain. */
async function photoDataUrl() {
  const sharp = require('sharp');
  const [width, height] = [320, 240];
  const raw = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < width * height; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const x = i % width;
    const y = Math.floor(i / width);
    raw.set([(x * 255) / width, (y * 255) / height, 128 + ((seed >> 16) % 40)], i * 3);
  }
  const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

const PHOTO_PAGE = `<div style="display:flex;flex-direction:row;padding:10px"><img src="{{{payload}}}" style="width:240px;height:180px;object-fit:cover">
  <div style="display:flex;flex-direction:column;margin-left:12px;font-size:22px"><b style="color:red">警报 Alert</b><span>门口有人</span></div></div>`;

function summary(times, pngBytes) {
  return { medianMs: median(times), p90Ms: quantile(times, 0.9), pages: times.length, pngBytes };
}

/** `count` pages of `draw(i)`, after `warm` not counted; times in ms. */
async function timed(draw, count, warm = 5) {
  for (let i = 0; i < warm; i++) await draw(i);
  const times = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const png = await draw(i);
    times.push(performance.now() - started);
    bytes = png.length;
  }
  return summary(times, bytes);
}

async function warmUpCost() {
  const { PageRenderer } = requireDist('lib/render/index');
  const renderer = new PageRenderer();
  const report = await renderer.warmUp();
  const started = performance.now();
  await renderer.render({ template: '<div>First 第一</div>' });
  const firstPageMs = performance.now() - started;
  await renderer.close();
  return { engine: report.engine, startMs: report.startMs, loadMs: report.loadMs, firstPageMs };
}

async function main() {
  const pages = intOption('pages', 200);
  const rounds = Math.min(intOption('rounds', 8), pages);
  const flowOnly = process.argv.includes('--flow-only');
  const warmUp = await warmUpCost();
  const { LAYOUTS } = requireDist('lib/render/index');
  const photo = flowOnly ? '' : await photoDataUrl();
  const flows = [...renderFlow('page')];
  if (!flowOnly) {
    flows.push(
      ...renderFlow('craft', CRAFT_TEMPLATE, { layoutRules: 'flex' }),
      ...renderFlow('refit', CRAFT_TEMPLATE, { layoutRules: 'flex' }),
      ...renderFlow('dashboard', DASHBOARD),
      ...renderFlow('photo', PHOTO_PAGE, { colors: 'bwry', dither: 'floyd-steinberg' }),
    );
    for (const layout of LAYOUTS) flows.push(...renderFlow(`layout-${layout.id}`, layout.template['zh-CN']));
  }
  const nodeRed = await startNodeRed({ flows });
  try {
    const page = new RenderDriver(nodeRed, 'page');
    const variants = { flow: async (i) => (await page.draw(i)).png };
    if (!flowOnly) {
      const takumi = await takumiAlone();
      const satori = await satoriWithResvg();
      variants.takumi = (i) => takumi(pageHtml(i));
      variants.satori = (i) => satori(pageHtml(i));
      const craft = new RenderDriver(nodeRed, 'craft');
      const craftTakumi = await takumiCraft();
      variants.craft = async (i) => (await craft.draw(i, craftMessage(i))).png;
      variants.craftTakumi = (i) => craftTakumi(i);
      const refit = new RenderDriver(nodeRed, 'refit');
      const refitTakumi = await takumiCraft(refitMessage);
      variants.refit = async (i) => (await refit.draw(i, refitMessage(i))).png;
      variants.refitTakumi = (i) => refitTakumi(i);
    }
    const names = Object.keys(variants);
    const times = Object.fromEntries(names.map((name) => [name, []]));
    const bytes = {};
    for (const name of names) for (let i = 0; i < 20; i++) await variants[name](i);
    const perRound = Math.ceil(pages / rounds);
    for (let round = 0; round < rounds; round++) {
      // Each round starts with another variant, so none is always first after another.
      for (const name of names.map((_, i) => names[(i + round) % names.length])) {
        for (let i = round * perRound; i < Math.min(pages, (round + 1) * perRound); i++) {
          const begun = performance.now();
          const png = await variants[name](i);
          times[name].push(performance.now() - begun);
          bytes[name] = png.length;
        }
      }
    }
    // The event loop while the node draws pages one after another, watched on its own.
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const utilisation = performance.eventLoopUtilization();
    for (let i = 0; i < Math.max(25, Math.round(pages / 4)); i++) await variants.flow(i);
    const busy = performance.eventLoopUtilization(utilisation).utilization;
    loop.disable();
    const result = {
      pages,
      rounds,
      warmUp,
      page: Object.fromEntries(names.map((name) => [name, summary(times[name], bytes[name])])),
      mainThread: { busy, eventLoopDelayMaxMs: loop.max / 1e6 },
    };
    if (!flowOnly) {
      const many = Math.max(10, Math.round(pages / 10));
      const dashboard = new RenderDriver(nodeRed, 'dashboard');
      result.dashboard = await timed(async (i) => (await dashboard.draw(i, dashboardMessage(i))).png, many);
      const photoPage = new RenderDriver(nodeRed, 'photo');
      result.photo = await timed(async (i) => (await photoPage.draw(i, { payload: photo })).png, many);
      result.layouts = {};
      for (const layout of LAYOUTS) {
        const driver = new RenderDriver(nodeRed, `layout-${layout.id}`);
        result.layouts[layout.id] = await timed(async (i) => (await driver.draw(i, layout.sample['zh-CN'])).png, many);
      }
    }
    return result;
  } finally {
    await nodeRed.stop();
  }
}

runPart(main);
