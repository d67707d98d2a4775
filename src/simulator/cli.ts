#!/usr/bin/env node
// device-cloud-simulator [options]: runs the simulator until SIGINT or SIGTERM.

import { DEFAULT_READINGS, type ServiceReadings } from './readings';
import { DEFAULT_API_KEY, EXAMPLE_DEVICES, type Simulator, startSimulator, TASK_LIST_PATH } from './server';

const DEFAULT_PORT = 8080;
const DEFAULT_HOST = '127.0.0.1';

interface CliOptions {
  port: number;
  host: string;
  apiKey: string;
  readings: ServiceReadings;
  stateFile: string | undefined;
}

/** The flags that switch a reading; each is on when given alone or as =true, off as =false. */
const READING_FLAGS: Readonly<Record<string, keyof ServiceReadings>> = {
  '--list-omits-completed': 'unfilteredListOmitsCompleted',
  '--trailing-slash-deletes-all': 'trailingSlashDeletesAllPages',
  '--update-ignores-uncertain': 'updateIgnoresUncertainFields',
  '--complete-only-marks': 'completeOnlyMarks',
  '--errors-as-http-200': 'errorsAsHttp200',
  '--update-applies-status': 'updateAppliesStatus',
};

const onOff = (on: boolean): string => (on ? 'on' : 'off');

const USAGE = `Usage: device-cloud-simulator [options]

  --port <n>        port to listen on (default ${DEFAULT_PORT}; 0 = any free port)
  --host <address>  address to listen on (default ${DEFAULT_HOST})
  --key <key>       the API key clients must send (default ${DEFAULT_API_KEY})
  --state <file>    keep the devices, pages, to-dos and CalDAV tasks in this file across
                    restarts: read at start (a file that is not the simulator's is a warning
                    and an empty state), written within a second of a change (default: none,
                    in memory)
  -h, --help        this text

Where the specification leaves the real service's behaviour open, the simulator plays either
reading. A flag alone (or flag=true) turns its reading on, flag=false off:

  --list-omits-completed        GET /todos without a status filter leaves completed
                                to-dos out, as the real service may
                                (default ${onOff(DEFAULT_READINGS.unfilteredListOmitsCompleted)}: it lists every to-do, as the specification reads)
  --trailing-slash-deletes-all  DELETE .../display/pages/ (trailing slash) deletes every
                                page, as one public client expects
                                (default ${onOff(DEFAULT_READINGS.trailingSlashDeletesAllPages)}: refused as an unknown path, 404)
  --update-ignores-uncertain    PUT /todos/{id} answers success but ignores repeatType,
                                repeatWeekday, repeatMonth, repeatDay and deviceId
                                (default ${onOff(DEFAULT_READINGS.updateIgnoresUncertainFields)}: applies them, as the older statement lists them)
  --complete-only-marks         PUT /todos/{id}/complete only marks completed: a
                                completed to-do stays completed
                                (default ${onOff(DEFAULT_READINGS.completeOnlyMarks)}: it toggles, as public clients report)
  --errors-as-http-200          every refusal is HTTP 200 with a non-zero code and msg
                                (default ${onOff(DEFAULT_READINGS.errorsAsHttp200)}: HTTP 4xx with the same envelope)
  --update-applies-status       a status (0 or 1) in an update body sets the state
                                (default ${onOff(DEFAULT_READINGS.updateAppliesStatus)}: ignored, as the specification says;
                                never refused either way)

Environment: PORT, SIM_API_KEY (the options win).`;

class UsageError extends Error {}

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) throw new UsageError(`invalid port "${text}"`);
  return port;
}

function parseSwitch(flag: string, value: string | undefined): boolean {
  if (value === undefined || value === 'true') return true;
  if (value === 'false') return false;
  throw new UsageError(`${flag} takes no value, or =true or =false`);
}

function parseArgs(args: string[], env: NodeJS.ProcessEnv): CliOptions {
  const options: CliOptions = {
    port: env.PORT ? parsePort(env.PORT) : DEFAULT_PORT,
    host: DEFAULT_HOST,
    apiKey: env.SIM_API_KEY || DEFAULT_API_KEY,
    readings: { ...DEFAULT_READINGS },
    stateFile: undefined,
  };
  for (let index = 0; index < args.length; index += 1) {
    const [flag, inlineValue] = args[index].split(/=(.*)/s, 2);
    if (flag === '--help' || flag === '-h') throw new UsageError('');
    if (flag in READING_FLAGS) {
      options.readings[READING_FLAGS[flag]] = parseSwitch(flag, inlineValue);
      continue;
    }
    if (!['--port', '--host', '--key', '--state'].includes(flag)) throw new UsageError(`unknown option ${flag}`);
    const value = inlineValue ?? args[++index];
    if (value === undefined || (flag === '--state' && value === '')) throw new UsageError(`${flag} needs a value`);
    if (flag === '--port') options.port = parsePort(value);
    else if (flag === '--host') options.host = value;
    else if (flag === '--state') options.stateFile = value;
    else options.apiKey = value;
  }
  return options;
}

function readingLines(readings: Readonly<ServiceReadings>): string[] {
  return [
    `  Unfiltered to-do list: ${readings.unfilteredListOmitsCompleted ? 'leaves completed to-dos out' : 'lists every to-do'}`,
    `  DELETE .../pages/:    ${readings.trailingSlashDeletesAllPages ? 'deletes every page' : 'unknown path (404)'}`,
    `  Update, repeat/device: ${readings.updateIgnoresUncertainFields ? 'ignored' : 'applied'}`,
    `  Complete:             ${readings.completeOnlyMarks ? 'only marks completed' : 'toggles'}`,
    `  Errors:               ${readings.errorsAsHttp200 ? 'HTTP 200 with a non-zero code' : 'HTTP 4xx'}`,
    `  Update, status:       ${readings.updateAppliesStatus ? 'applied' : 'ignored'}`,
  ];
}

function printBanner(simulator: Simulator, stateFile: string | undefined): void {
  const keyLine =
    simulator.apiKey === DEFAULT_API_KEY
      ? `API key:    ${DEFAULT_API_KEY}   (the only key it accepts: put it in the account node)`
      : 'API key:    the key given with --key (or SIM_API_KEY)';
  console.log(
    [
      'Device Cloud simulator running',
      `  Page:       ${simulator.url}/`,
      `  Base URL:   ${simulator.url}   (put this in the account node)`,
      `  ${keyLine}`,
      `  CalDAV:     ${simulator.url}${TASK_LIST_PATH}   (a task list for the CalDAV node: any user and password)`,
      ...(stateFile ? [`  State file: ${stateFile}   (devices, pages, to-dos and tasks kept across restarts)`] : []),
      ...readingLines(simulator.readings),
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
    if (!error.message) {
      console.log(USAGE);
      return;
    }
    console.error(`device-cloud-simulator: ${error.message}`);
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const simulator = await startSimulator({
    port: options.port,
    host: options.host,
    apiKey: options.apiKey,
    devices: [...EXAMPLE_DEVICES],
    readings: options.readings,
    stateFile: options.stateFile,
    log: (line) => console.log(`${new Date().toISOString()} ${line}`),
  });
  stopOnSignals(simulator);
  printBanner(simulator, options.stateFile);
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
