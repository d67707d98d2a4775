'use strict';
/**
 * Fan-out: one message to many devices (`msg.deviceId` a list), through our
 * display-text node with a page, as a flow that pushes the same page to every
 * display does. The messages go one after another; each one's time runs from
 * the hand-over until every device's copy has come out. Reports the median and
 * p90 per message, the time per device, and the most requests the simulator
 * had open at once (the account's maxInFlight bounds it).
 *
 *   node bench/fanout.js [--devices=50] [--messages=40] [--warmup=5] [--latency=0]
 */
const { performance } = require('node:perf_hooks');
const { API_KEY, intOption, median, quantile, runPart, startNodeRed, startSimulatorProcess } = require('./common');

const ACCOUNT_ID = 'fanout-account';
const TAB = 'fanout';

function fanOutFlow(simUrl) {
  return [
    { id: TAB, type: 'tab', label: 'fan-out' },
    { id: ACCOUNT_ID, type: 'device-cloud-account', name: 'bench', baseUrl: simUrl },
    {
      id: `${TAB}-node`,
      z: TAB,
      type: 'device-cloud-display-text',
      name: '',
      account: ACCOUNT_ID,
      mode: 'text',
      deviceId: '',
      deviceIdType: 'msg',
      pageId: '1',
      fontSize: '',
      fontSizeType: 'msg',
      wires: [[`${TAB}-out`]],
    },
    { id: `${TAB}-out`, z: TAB, type: 'debug', active: false, tosidebar: false, console: 'false', wires: [] },
    { id: `${TAB}-catch`, z: TAB, type: 'catch', scope: null, uncaught: false, wires: [] },
  ];
}

/** Hands one message over and resolves when every device's copy (or an error) has come out. */
class FanOutDriver {
  constructor(nodeRed, deviceIds) {
    this.deviceIds = deviceIds;
    this.first = nodeRed.node(`${TAB}-node`);
    this.pending = new Map();
    this.failures = 0;
    this.lastError = undefined;
    nodeRed.node(`${TAB}-out`).on('input', (msg, _send, done) => {
      done();
      const waiting = this.pending.get(msg._msgid);
      if (!waiting) return;
      if (!msg.payload || typeof msg.payload.totalPages !== 'number') {
        this.failures++;
        this.lastError = `unexpected answer ${JSON.stringify(msg.payload).slice(0, 200)}`;
      }
      if (--waiting.left === 0) waiting.resolve();
    });
    nodeRed.node(`${TAB}-catch`).on('input', (msg, _send, done) => {
      done();
      const waiting = this.pending.get(msg._msgid);
      if (!waiting) return;
      this.failures++;
      this.lastError = msg.error ? msg.error.message : 'caught';
      waiting.resolve();
    });
  }

  async push(i) {
    const msg = { _msgid: `fanout-${i}`, payload: `Reading #${i}`, deviceId: this.deviceIds };
    const started = performance.now();
    await new Promise((resolve) => {
      this.pending.set(msg._msgid, { left: this.deviceIds.length, resolve });
      this.first.receive(msg);
    });
    this.pending.delete(msg._msgid);
    return performance.now() - started;
  }
}

async function main() {
  const devices = intOption('devices', 50);
  const messages = intOption('messages', 40);
  const warmup = intOption('warmup', 5);
  const latency = intOption('latency', 0, 0);

  const sim = await startSimulatorProcess();
  const deviceIds = await sim.setDevices(devices);
  const nodeRed = await startNodeRed({
    flows: fanOutFlow(sim.url),
    credentials: { [ACCOUNT_ID]: { apiKey: API_KEY } },
  });
  try {
    const driver = new FanOutDriver(nodeRed, deviceIds);
    for (let i = 0; i < warmup; i++) await driver.push(i);
    await sim.setLatency(latency);
    await sim.resetStats();
    driver.failures = 0;
    const times = [];
    for (let i = 0; i < messages; i++) times.push(await driver.push(warmup + i));
    const simStats = await sim.stats();
    if (driver.failures > 0) throw new Error(`${driver.failures} device pushes failed, the last: ${driver.lastError}`);
    return {
      devices,
      messages,
      latencyMs: latency,
      medianMs: median(times),
      p90Ms: quantile(times, 0.9),
      perDeviceMs: median(times) / devices,
      requests: simStats.served,
      simulatorPeakOpen: simStats.peakOpen,
    };
  } finally {
    await nodeRed.stop();
    await sim.close();
  }
}

runPart(main);
