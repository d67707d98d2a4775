'use strict';
/**
 * Images: the median time of fitImage (dist/lib/images/fit) fitting a
 * 12-megapixel JPEG and an SVG dashboard to 400 x 300, against sharp alone
 * doing the same resize (the floor); the time of the first picture, which
 * loads sharp; the synchronous part of a call (what holds the event loop
 * before the work goes to libvips' threads), with a Buffer and with a base64
 * string; and the worst event-loop delay while 4 conversions run at once.
 * Then the push of the largest image message the service takes (5 pictures
 * of 2 MB) through the client to the simulator: how long the call holds the
 * event loop while it builds the multipart body, and the bytes it allocates.
 *
 *   node --expose-gc bench/images.js [--runs=7]
 */
const { monitorEventLoopDelay, performance } = require('node:perf_hooks');
const {
  API_KEY,
  DEVICE_ID,
  collectGarbage,
  intOption,
  median,
  requireDist,
  runPart,
  sharpLoaded,
  startSimulatorProcess,
  toMB,
} = require('./common');

const WIDTH = 4000;
const HEIGHT = 3000;
const CONCURRENT = 4;

/** A photo-like 12 MP JPEG: smooth colour gradients with grain, so it compresses as a photo does. */
async function twelveMegapixelJpeg(sharp) {
  const raw = Buffer.allocUnsafe(WIDTH * HEIGHT * 3);
  let seed = 12345;
  for (let y = 0, i = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++, i += 3) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = (seed >> 16) % 24;
      raw[i] = ((x * 255) / WIDTH + grain) & 0xff;
      raw[i + 1] = ((y * 255) / HEIGHT + grain) & 0xff;
      raw[i + 2] = (((x + y) * 127) / (WIDTH + HEIGHT) + 64 + grain) & 0xff;
    }
  }
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** An SVG page a flow builds for a screen: a title, a few readings and a chart of the day. */
function dashboardSvg() {
  const points = Array.from(
    { length: 96 },
    (_, i) => `${40 + i * 7.5},${420 - Math.round(80 * Math.sin(i / 9) + 60 * Math.cos(i / 23))}`,
  );
  const tiles = ['Kitchen 21.4 °C', 'Hallway 19.8 °C', 'Outside 7.2 °C', 'Humidity 48 %']
    .map(
      (text, i) =>
        `<g transform="translate(${40 + (i % 2) * 370},${90 + Math.floor(i / 2) * 90})">` +
        `<rect width="340" height="70" rx="8" fill="#fff" stroke="#000" stroke-width="3"/>` +
        `<text x="20" y="46" font-family="sans-serif" font-size="30">${text}</text></g>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <rect width="800" height="600" fill="#fff"/>
  <text x="40" y="60" font-family="sans-serif" font-size="40" font-weight="bold">Home — Tuesday 14:05</text>
  ${tiles}
  <polyline points="${points.join(' ')}" fill="none" stroke="#000" stroke-width="4"/>
  <line x1="40" y1="560" x2="760" y2="560" stroke="#000" stroke-width="2"/>
</svg>`;
}

async function timed(work) {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

/** Median of `runs` calls, after one call not counted. */
async function medianOf(runs, work) {
  await work();
  const times = [];
  for (let i = 0; i < runs; i++) times.push((await timed(work)).ms);
  return median(times);
}

/** Runs `count` conversions at once; the time until all are done and the event loop's worst delay meanwhile. */
async function concurrently(count, work) {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  await new Promise((resolve) => setTimeout(resolve, 20));
  const { ms } = await timed(() => Promise.all(Array.from({ length: count }, work)));
  loop.disable();
  return { ms, eventLoopDelayMaxMs: loop.max / 1e6, eventLoopDelayP99Ms: loop.percentile(99) / 1e6 };
}

/** How long the call holds the event loop before its promise is returned. */
function synchronousPart(work) {
  const started = performance.now();
  const pending = work();
  const ms = performance.now() - started;
  return pending.then(() => ms);
}

/** PNG pictures of noise just under the service's 2 MB limit: the largest a push may carry. */
async function largestPngs(sharp, count, limitBytes) {
  const side = Math.floor(Math.sqrt(limitBytes / 3)) - 8;
  const raw = Buffer.allocUnsafe(side * side * 3);
  const pictures = [];
  for (let n = 0; n < count; n++) {
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761 + n * 40503) >>> 24;
    const png = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    if (png.length > limitBytes) throw new Error(`test picture of ${png.length} bytes is over the limit`);
    pictures.push(png);
  }
  return pictures;
}

/** One push of `pictures` through the client: time, the synchronous part, bytes allocated meanwhile. */
async function pushPictures(client, pictures) {
  collectGarbage();
  const before = process.memoryUsage().arrayBuffers;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().arrayBuffers);
  }, 1);
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  await new Promise((resolve) => setTimeout(resolve, 20));
  const started = performance.now();
  const pending = client.pushImages(DEVICE_ID, { images: pictures.map((data) => ({ data })), pageId: 2 });
  const syncMs = performance.now() - started;
  peak = Math.max(peak, process.memoryUsage().arrayBuffers);
  await pending;
  const ms = performance.now() - started;
  loop.disable();
  clearInterval(sampler);
  return { ms, syncMs, eventLoopDelayMaxMs: loop.max / 1e6, extraBuffersMB: toMB(peak - before) };
}

async function multipartPart(sharp) {
  const { DeviceCloudClient } = requireDist('lib/client');
  const { LIMITS } = requireDist('lib/values');
  const pictures = await largestPngs(sharp, LIMITS.imagesPerPush, LIMITS.imageBytes);
  const sim = await startSimulatorProcess();
  const client = new DeviceCloudClient({ baseUrl: sim.url, apiKey: API_KEY });
  try {
    await pushPictures(client, pictures.slice(0, 1));
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await pushPictures(client, pictures));
    const pick = (key) => median(runs.map((r) => r[key]));
    return {
      pictures: pictures.length,
      bytes: pictures.reduce((sum, p) => sum + p.length, 0),
      ms: pick('ms'),
      syncMs: pick('syncMs'),
      eventLoopDelayMaxMs: Math.max(...runs.map((r) => r.eventLoopDelayMaxMs)),
      extraBuffersMB: pick('extraBuffersMB'),
    };
  } finally {
    await client.close();
    await sim.close();
  }
}

async function main() {
  const runs = intOption('runs', 7);
  const { fitImage, DEFAULT_FIT, isSharpLoaded } = requireDist('lib/images/fit');
  if (isSharpLoaded() || sharpLoaded()) throw new Error('sharp was loaded before the first picture');
  const fit = { ...DEFAULT_FIT, width: 400, height: 300 };

  // Made in a child of this process would be cleaner; made here, sharp is loaded first, so the first fit is timed apart.
  const sharpRequire = await timed(async () => require('sharp'));
  const sharp = sharpRequire.result;
  const jpeg = await twelveMegapixelJpeg(sharp);
  const svg = dashboardSvg();
  const jpegBase64 = jpeg.toString('base64');
  collectGarbage();

  const first = await timed(() => fitImage(jpeg, 'payload', fit));
  const fitted = await sharp(first.result.data).metadata();
  if (fitted.width !== 400 || fitted.height !== 300) throw new Error(`fitted to ${fitted.width} x ${fitted.height}`);

  const plainSharp = (input, options) => () =>
    sharp(input, options).resize(400, 300, { fit: 'contain', background: '#fff' }).png().toBuffer();

  const result = {
    jpegBytes: jpeg.length,
    svgBytes: Buffer.byteLength(svg),
    sharpRequireMs: sharpRequire.ms,
    firstJpegFitMs: first.ms,
    jpeg: {
      medianMs: await medianOf(runs, () => fitImage(jpeg, 'payload', fit)),
      sharpAloneMs: await medianOf(runs, plainSharp(jpeg)),
      metadataMs: await medianOf(runs, () => sharp(jpeg).metadata()),
      syncBufferMs: await synchronousPart(() => fitImage(jpeg, 'payload', fit)),
      syncBase64Ms: await synchronousPart(() => fitImage(jpegBase64, 'payload', fit)),
      outputBytes: first.result.data.length,
    },
    svg: {
      medianMs: await medianOf(runs, () => fitImage(svg, 'payload', fit)),
      sharpAloneMs: await medianOf(runs, plainSharp(Buffer.from(svg), { density: 72 })),
      syncStringMs: await synchronousPart(() => fitImage(svg, 'payload', fit)),
      outputBytes: (await fitImage(svg, 'payload', fit)).data.length,
    },
  };
  collectGarbage();
  const rssBefore = process.memoryUsage.rss();
  result.jpeg.concurrent = await concurrently(CONCURRENT, () => fitImage(jpeg, 'payload', fit));
  result.jpeg.concurrent.rssGrowthMB = toMB(process.memoryUsage.rss() - rssBefore);
  result.svg.concurrent = await concurrently(CONCURRENT, () => fitImage(svg, 'payload', fit));
  result.concurrentCount = CONCURRENT;
  result.libuvThreads = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  result.sharpConcurrency = sharp.concurrency();
  result.multipart = await multipartPart(sharp);
  return result;
}

if (require.main === module) runPart(main);

module.exports = { twelveMegapixelJpeg, dashboardSvg };
