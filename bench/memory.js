'use strict';
/**
 * Memory: pushes text through our display-text node, a few at a time, and
 * reads the heap after a full garbage collection at 1,000 messages and again
 * at 50,000 (and every 10,000 between). What stays after 50,000 messages
 * beyond what stayed after 1,000 is what the node keeps and should not.
 *
 *   node --expose-gc bench/memory.js [--messages=50000] [--baseline=1000] [--concurrency=8]
 */
const { performance } = require('node:perf_hooks');
const { collectGarbage, intOption, runPart, startNodeRed, startSimulatorProcess, toMB } = require('./common');
const { benchFlows, FlowDriver, sampleText } = require('./flows');

/** Pushes messages [from, to) with `concurrency` of them under way at any time. */
async function pushRange(driver, from, to, concurrency) {
  let next = from;
  const lane = async () => {
    while (next < to) await driver.push(sampleText(next++));
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
}

function heapNow() {
  collectGarbage();
  const { heapUsed, rss, external, arrayBuffers } = process.memoryUsage();
  return { heapUsedMB: toMB(heapUsed), rssMB: toMB(rss), externalMB: toMB(external + arrayBuffers) };
}

async function main() {
  const messages = intOption('messages', 50_000);
  const baseline = Math.min(intOption('baseline', 1000), messages);
  const concurrency = intOption('concurrency', 8);
  const step = 10_000;

  const sim = await startSimulatorProcess();
  const { flows, credentials } = benchFlows(sim.url, { variants: ['ours'] });
  const nodeRed = await startNodeRed({ flows, credentials });
  try {
    const driver = new FlowDriver(nodeRed, 'ours');
    const started = performance.now();
    await pushRange(driver, 0, baseline, concurrency);
    const atBaseline = heapNow();
    const samples = [{ messages: baseline, ...atBaseline }];
    for (let done = baseline; done < messages;) {
      const to = Math.min(messages, Math.floor(done / step + 1) * step);
      await pushRange(driver, done, to, concurrency);
      done = to;
      samples.push({ messages: done, ...heapNow() });
    }
    const elapsedMs = performance.now() - started;
    if (driver.failures > 0) throw new Error(`${driver.failures} pushes failed, the last: ${driver.lastError}`);
    const atEnd = samples[samples.length - 1];
    return {
      messages,
      baseline,
      concurrency,
      elapsedMs,
      heapAtBaselineMB: atBaseline.heapUsedMB,
      heapAtEndMB: atEnd.heapUsedMB,
      heapGrowthMB: atEnd.heapUsedMB - atBaseline.heapUsedMB,
      rssGrowthMB: atEnd.rssMB - atBaseline.rssMB,
      samples,
    };
  } finally {
    await nodeRed.stop();
    await sim.close();
  }
}

runPart(main);
