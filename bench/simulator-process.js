'use strict';
/**
 * The project's simulator in a process of its own, for the benchmark parts
 * (started by common.startSimulatorProcess). It counts the requests open at
 * once, as the service would see them, by listening to its HTTP server's
 * 'request' event; and it drops its request log as it goes, so 50,000
 * messages do not make it grow.
 *
 * The simulator answers within the same turn of its event loop, so requests
 * never overlap there; a service takes a while. `latency` (ms) holds each
 * request that long before the simulator handles it, and so shows how many
 * requests a client keeps open at once.
 *
 * Commands by IPC: url, stats ({peakOpen, served, open, connections, cpuMs}), resetStats,
 * latency (with `ms`), devices (with `count`: the account then has that many devices, whose
 * ids it answers). It ends when the parent disconnects.
 */
const { requireDist } = require('./common');

const { startSimulator } = requireDist('simulator/server');
const KEEP_REQUESTS = 100;

async function main() {
  const sim = await startSimulator({ port: 0 });
  // `server` is private to the simulator's TypeScript; the benchmark only listens to it.
  const server = sim.server;
  if (!server || typeof server.on !== 'function') throw new Error('the simulator no longer exposes its http server');

  let latencyMs = 0;
  const [handle] = server.listeners('request');
  server.removeAllListeners('request');
  server.on('request', (request, response) => {
    if (latencyMs > 0) setTimeout(() => handle(request, response), latencyMs);
    else handle(request, response);
  });

  let open = 0;
  let peakOpen = 0;
  let served = 0;
  let connections = 0;
  server.on('connection', () => connections++);
  let cpuAtReset = process.cpuUsage();
  server.prependListener('request', (request, response) => {
    open++;
    served++;
    if (open > peakOpen) peakOpen = open;
    response.once('close', () => open--);
    if (sim.requests.length > KEEP_REQUESTS) sim.clearRequests();
  });

  const commands = {
    url: () => ({ url: sim.url }),
    stats: () => {
      const cpu = process.cpuUsage(cpuAtReset);
      return { peakOpen, served, open, connections, cpuMs: (cpu.user + cpu.system) / 1000 };
    },
    resetStats: () => {
      peakOpen = open;
      served = 0;
      connections = 0;
      cpuAtReset = process.cpuUsage();
      sim.clearRequests();
      return {};
    },
    latency: ({ ms }) => {
      latencyMs = ms;
      return {};
    },
    devices: ({ count }) => {
      const hex = (n) => n.toString(16).toUpperCase().padStart(2, '0');
      sim.state.devices.splice(0);
      for (let i = 0; i < count; i++) {
        const deviceId = `AA:BB:CC:00:${hex(i >> 8)}:${hex(i & 0xff)}`;
        sim.state.devices.push({ deviceId, alias: `Display ${i + 1}`, board: 'esp32-c3' });
      }
      return { deviceIds: sim.state.devices.map((device) => device.deviceId) };
    },
  };
  process.on('message', ({ id, command, ...args }) => {
    const run = commands[command];
    process.send({ id, ...(run ? run(args) : { error: `unknown command ${command}` }) });
  });
  process.on('disconnect', () => {
    sim.close().then(() => process.exit(0));
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
