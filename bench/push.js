'use strict';
/**
 * Per-push overhead: N sequential text pushes through our display-text node in
 * a real Node-RED runtime, through the core http request node (keep-alive on,
 * and with its default settings), and through a plain undici loop, all against the same
 * simulator; through a function node making the same call with undici, in the
 * same runtime (the best a hand-written flow does); and, to tell Node-RED's own
 * share, one hop through a junction node without any HTTP. The variants take turns in rounds, so a drift of the machine
 * touches them alike. Reports the median and p90 latency, the CPU time this
 * process spent per push, and the connections the simulator accepted (reuse).
 *
 *   node bench/push.js [--pushes=2000] [--warmup=300] [--rounds=8] [--only=ours,httpKeepAlive,http,functionUndici,undici,hop]
 */
const { performance } = require('node:perf_hooks');
const {
  intOption,
  median,
  quantile,
  runPart,
  sharpLoaded,
  startNodeRed,
  startSimulatorProcess,
  stringOption,
} = require('./common');
const { VARIANTS, benchFlows, FlowDriver, UndiciDriver, sampleText } = require('./flows');

const ORDER = ['ours', 'httpKeepAlive', 'http', 'functionUndici', 'undici', 'hop'];
const LABELS = {
  ...Object.fromEntries(Object.entries(VARIANTS).map(([k, v]) => [k, v.label])),
  undici: 'plain undici loop (floor)',
};

async function pushSequentially(driver, count, offset) {
  const latencies = new Array(count);
  for (let i = 0; i < count; i++) latencies[i] = await driver.push(sampleText(offset + i));
  return latencies;
}

async function main() {
  const pushes = intOption('pushes', 2000);
  const warmup = intOption('warmup', 300);
  const rounds = Math.min(intOption('rounds', 8), pushes);
  const variants = stringOption('only', ORDER.join(',')).split(',');
  const unknown = variants.filter((v) => !ORDER.includes(v));
  if (unknown.length > 0) throw new Error(`unknown variant(s) ${unknown.join(', ')}; variants: ${ORDER.join(', ')}`);

  const sim = await startSimulatorProcess();
  const { flows, credentials } = benchFlows(sim.url, { variants: variants.filter((v) => v !== 'undici') });
  const nodeRed = await startNodeRed({
    flows,
    credentials,
    settings: { functionGlobalContext: { undici: require('undici') }, functionExternalModules: false },
  });
  const sharpAfterStart = sharpLoaded();
  const drivers = Object.fromEntries(
    variants.map((variant) => [
      variant,
      variant === 'undici' ? new UndiciDriver(sim.url) : new FlowDriver(nodeRed, variant),
    ]),
  );
  try {
    for (const variant of variants) await pushSequentially(drivers[variant], warmup, 0);

    // On the clock a --cpu-prof profile uses (µs), so bench/profile.js can keep the timed part alone.
    const window = { fromUs: Number(process.hrtime.bigint() / 1000n) };
    const results = Object.fromEntries(
      variants.map((v) => [v, { latencies: [], cpuMs: 0, simCpuMs: 0, wallMs: 0, connections: 0 }]),
    );
    const perRound = Math.ceil(pushes / rounds);
    for (let round = 0; round < rounds; round++) {
      // Each round starts with a different variant, so none is always first after another.
      const turn = variants.map((_, i) => variants[(i + round) % variants.length]);
      for (const variant of turn) {
        const count = Math.min(perRound, pushes - round * perRound);
        if (count <= 0) continue;
        const result = results[variant];
        await sim.resetStats();
        const cpu = process.cpuUsage();
        const started = performance.now();
        result.latencies.push(...(await pushSequentially(drivers[variant], count, round * perRound)));
        result.wallMs += performance.now() - started;
        const used = process.cpuUsage(cpu);
        result.cpuMs += (used.user + used.system) / 1000;
        const simStats = await sim.stats();
        result.simCpuMs += simStats.cpuMs;
        result.connections += simStats.connections;
      }
    }

    window.toUs = Number(process.hrtime.bigint() / 1000n);
    const rows = {};
    for (const variant of variants) {
      const { latencies, cpuMs, simCpuMs, wallMs, connections } = results[variant];
      const driver = drivers[variant];
      if (driver.failures > 0)
        throw new Error(`${variant}: ${driver.failures} pushes failed, the last: ${driver.lastError}`);
      rows[variant] = {
        label: LABELS[variant],
        pushes: latencies.length,
        medianMs: median(latencies),
        p90Ms: quantile(latencies, 0.9),
        p99Ms: quantile(latencies, 0.99),
        pushesPerSecond: (latencies.length / wallMs) * 1000,
        cpuUsPerPush: (cpuMs / latencies.length) * 1000,
        simCpuUsPerPush: (simCpuMs / latencies.length) * 1000,
        /** connections the simulator accepted during the timed pushes: 0 when the warm-up's are reused */
        connectionsOpened: connections,
      };
    }
    return { pushes, warmup, rounds, variants: rows, sharpAfterStart, window };
  } finally {
    if (drivers.undici) await drivers.undici.close();
    await nodeRed.stop();
    await sim.close();
  }
}

runPart(main);
