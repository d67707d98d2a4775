'use strict';
/**
 * Throughput with concurrency: a burst of pushes handed to the node at once
 * (default 2,000). Reports the time until every one has ended, the peak RSS of
 * this process during the burst, the worst event-loop delay, and the most
 * requests the simulator had open at once (with ours: also the account
 * client's own count), which must not pass the account's maxInFlight.
 *
 * With --latency the simulator holds each request that many ms, as a distant
 * service would: then the requests open at the simulator show the bound.
 *
 *   node bench/throughput.js [--variant=ours|httpKeepAlive] [--burst=2000] [--latency=0]
 *                            [--queue-limit=2000] [--max-in-flight=3]
 */
const { monitorEventLoopDelay, performance } = require('node:perf_hooks');
const { intOption, runPart, sampleRss, startNodeRed, startSimulatorProcess, stringOption, toMB } = require('./common');
const { ACCOUNT_ID, benchFlows, FlowDriver, sampleText } = require('./flows');

const WARMUP = 100;

async function main() {
  const variant = stringOption('variant', 'ours');
  const burst = intOption('burst', 2000);
  const queueLimit = intOption('queue-limit', burst);
  const maxInFlight = intOption('max-in-flight', 3);
  const latency = intOption('latency', 0, 0);

  const sim = await startSimulatorProcess();
  const account = { maxInFlight: String(maxInFlight), queueLimit: String(queueLimit) };
  const { flows, credentials } = benchFlows(sim.url, { account, variants: [variant] });
  const nodeRed = await startNodeRed({ flows, credentials });
  try {
    const driver = new FlowDriver(nodeRed, variant);
    for (let i = 0; i < WARMUP; i++) await driver.push(sampleText(i));
    await sim.setLatency(latency);
    await sim.resetStats();
    driver.failures = 0;

    const rssBefore = process.memoryUsage.rss();
    const rss = sampleRss(5);
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    // The monitor's first interval records nothing: let it run before the burst, so the hand-over counts.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const window = { fromUs: Number(process.hrtime.bigint() / 1000n) };
    const started = performance.now();
    const pushes = [];
    for (let i = 0; i < burst; i++) pushes.push(driver.push(sampleText(i)));
    const handedOverMs = performance.now() - started;
    // Runs once the synchronous hand-over and every microtask it queued are done: how long the loop was held.
    const firstTurn = new Promise((resolve) => setImmediate(() => resolve(performance.now())));
    const stalledMs = (await firstTurn) - started;
    window.toUs = Number(process.hrtime.bigint() / 1000n);
    await Promise.all(pushes);
    const drainMs = performance.now() - started;
    loop.disable();
    const peakRss = rss.stop();

    const simStats = await sim.stats();
    const client = variant === 'ours' ? nodeRed.node(ACCOUNT_ID).client() : undefined;
    const refusedBusy = driver.failures;
    return {
      variant,
      burst,
      latencyMs: latency,
      queueLimit: client ? queueLimit : null,
      maxInFlight: client ? maxInFlight : null,
      delivered: simStats.served,
      refused: refusedBusy,
      lastRefusal: refusedBusy > 0 ? driver.lastError : undefined,
      handedOverMs,
      stalledMs,
      window,
      drainMs,
      pushesPerSecond: (simStats.served / drainMs) * 1000,
      rssBeforeMB: toMB(rssBefore),
      peakRssMB: toMB(peakRss),
      peakRssGrowthMB: toMB(peakRss - rssBefore),
      maxRssMB: process.resourceUsage().maxRSS / 1024,
      eventLoopDelayMaxMs: loop.max / 1e6,
      eventLoopDelayP99Ms: loop.percentile(99) / 1e6,
      simulatorPeakOpen: simStats.peakOpen,
      clientPeakInFlight: client ? client.pacing.peakInFlight : null,
    };
  } finally {
    await nodeRed.stop();
    await sim.close();
  }
}

runPart(main);
