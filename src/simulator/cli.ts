#!/usr/bin/env node
// device-cloud-simulator [--port 8080] [--host 127.0.0.1] [--key sim-key]
// Runs the simulator until SIGINT or SIGTERM.

import { DEFAULT_API_KEY, type Simulator, startSimulator } from './server';

const DEFAULT_PORT = 8080;
const DEFAULT_HOST = '127.0.0.1';

interface CliOptions {
  port: number;
  host: string;
  apiKey: string;
}

const USAGE = `Usage: device-cloud-simulator [--port ${DEFAULT_PORT}] [--host ${DEFAULT_HOST}] [--key ${DEFAULT_API_KEY}]
Environment: PORT, SIM_API_KEY (the options win).`;

class UsageError extends Error {}

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) throw new UsageError(`invalid port "${text}"`);
  return port;
}

function parseArgs(args: string[], env: NodeJS.ProcessEnv): CliOptions {
  const options: CliOptions = {
    port: env.PORT ? parsePort(env.PORT) : DEFAULT_PORT,
    host: DEFAULT_HOST,
    apiKey: env.SIM_API_KEY || DEFAULT_API_KEY,
  };
  for (let index = 0; index < args.length; index += 1) {
    const [flag, inlineValue] = args[index].split(/=(.*)/s, 2);
    if (flag === '--help' || flag === '-h') throw new UsageError('');
    if (!['--port', '--host', '--key'].includes(flag)) throw new UsageError(`unknown option ${flag}`);
    const value = inlineValue ?? args[++index];
    if (value === undefined) throw new UsageError(`${flag} needs a value`);
    if (flag === '--port') options.port = parsePort(value);
    else if (flag === '--host') options.host = value;
    else options.apiKey = value;
  }
  return options;
}

function printBanner(simulator: Simulator): void {
  const keyLine =
    simulator.apiKey === DEFAULT_API_KEY
      ? `API key:    ${DEFAULT_API_KEY}`
      : 'API key:    the key given with --key (or SIM_API_KEY)';
  console.log(
    [
      'Device Cloud simulator running',
      `  Page:       ${simulator.url}/`,
      `  Base URL:   ${simulator.url}   (put this in the account node)`,
      `  ${keyLine}`,
      '  Stop with Ctrl+C.',
    ].join('\n'),
  );
}

async function main(): Promise<void> {
  let options: CliOptions;
  try {
    options = parseArgs(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    if (error.message) console.error(`device-cloud-simulator: ${error.message}`);
    console.error(USAGE);
    process.exitCode = error.message ? 2 : 0;
    return;
  }
  const simulator = await startSimulator({
    port: options.port,
    host: options.host,
    apiKey: options.apiKey,
    log: (line) => console.log(`${new Date().toISOString()} ${line}`),
  });
  stopOnSignals(simulator);
  printBanner(simulator);
}

/** The first SIGINT/SIGTERM closes the simulator (the process then ends by itself); a second one exits at once. */
function stopOnSignals(simulator: Simulator): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`\n${signal}: stopping the simulator`);
    void simulator.close();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`device-cloud-simulator: ${(error as Error).message}`);
  process.exitCode = 1;
});
