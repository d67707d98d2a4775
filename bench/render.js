'use strict';
/**
 * Render: the page renderer (dist/lib/render) as a node uses it. The deploy-time warm-up (worker start,
 * satori, resvg's WebAssembly, the fonts, the warm-up pages) and the memory it adds; then the median
 * (and p90) of `--pages` warm renders of a 400 x 300 dashboard page (text in Chinese and Latin, a chart,
 * a QR code), of each built-in layout, and of a bwry page with a dithered photo, with the CPU time a page
 * costs (both threads: steadier than wall time on a busy machine); the PNG sizes; and, while pages are
 * drawn, the main thread's worst event-loop delay and its utilisation (the share of time it was busy).
 *
 *   node --expose-gc bench/render.js [--pages=50]
 */
const { monitorEventLoopDelay, performance } = require('node:perf_hooks');
const { collectGarbage, intOption, median, quantile, requireDist, runPart, toMB } = require('./common');

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

/** Wall time per page, and the CPU time of the whole process (main thread and worker) per page. */
async function timeRenders(renderer, count, request) {
  const times = [];
  let bytes = 0;
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const png = await renderer.render(typeof request === 'function' ? request(i) : request);
    times.push(performance.now() - started);
    bytes = png.length;
  }
  const cpu = process.cpuUsage(cpuBefore);
  return {
    medianMs: median(times),
    p90Ms: quantile(times, 0.9),
    cpuMsPerPage: (cpu.user + cpu.system) / 1000 / count,
    pngBytes: bytes,
  };
}

async function main() {
  const pages = intOption('pages', 50);
  const { PageRenderer, LAYOUTS } = requireDist('lib/render/index');
  collectGarbage();
  const before = process.memoryUsage();
  const renderer = new PageRenderer();
  const warmStarted = performance.now();
  const warmUp = await renderer.warmUp();
  const warmUpMs = performance.now() - warmStarted;
  collectGarbage();
  const afterWarmUp = process.memoryUsage();

  // A few pages first, not counted: the first real pages still meet new glyphs.
  await timeRenders(renderer, 5, (i) => ({ template: DASHBOARD, message: dashboardMessage(i) }));
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const utilisation = performance.eventLoopUtilization();
  const dashboard = await timeRenders(renderer, pages, (i) => ({ template: DASHBOARD, message: dashboardMessage(i) }));
  const mainThreadBusy = performance.eventLoopUtilization(utilisation).utilization;
  loop.disable();

  const layouts = {};
  for (const layout of LAYOUTS) {
    const request = { template: layout.template['zh-CN'], message: layout.sample['zh-CN'] };
    await timeRenders(renderer, 3, request);
    layouts[layout.id] = await timeRenders(renderer, Math.max(10, Math.round(pages / 5)), request);
  }

  const photo = await photoDataUrl();
  const photoPage = {
    template: `<div style="display:flex;flex-direction:row;padding:10px"><img src="{{{payload}}}" style="width:240px;height:180px;object-fit:cover">
      <div style="display:flex;flex-direction:column;margin-left:12px;font-size:22px"><b style="color:red">警报 Alert</b><span>门口有人</span></div></div>`,
    message: { payload: photo },
    colors: 'bwry',
    dither: 'floyd-steinberg',
  };
  await timeRenders(renderer, 3, photoPage);
  const photoResult = await timeRenders(renderer, Math.max(10, Math.round(pages / 5)), photoPage);
  collectGarbage();
  const afterPages = process.memoryUsage();
  await renderer.close();

  return {
    pages,
    warmUp: { totalMs: warmUpMs, loadMs: warmUp.loadMs, firstPagesMs: warmUp.firstPageMs },
    memory: {
      rssAddedByWarmUpMB: toMB(afterWarmUp.rss - before.rss),
      rssAfterPagesMB: toMB(afterPages.rss - before.rss),
      mainHeapAddedMB: toMB(afterPages.heapUsed - before.heapUsed),
    },
    dashboard: { ...dashboard, eventLoopDelayMaxMs: loop.max / 1e6, mainThreadBusy },
    layouts,
    photo: photoResult,
  };
}

runPart(main);
