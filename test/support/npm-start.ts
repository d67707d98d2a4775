/**
 * npm start as a newcomer runs it, for the tests: scripts/start.js as a child process with its own ports and user
 * directory (and, as \`npm start\` runs it, under a shell that stays), what it printed, the flows it deployed, its
 * inject buttons, the simulator's state stream, and its stop.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { expect } from 'chai';
import { ROOT } from './package-files';
import { freePort } from './sockets';
import { until, within } from './until';

const START = path.join(ROOT, 'scripts', 'start.js');
/** How long npm start may take to start Node-RED and the simulator on a loaded machine (below mocha's timeout). */
const STARTING_MS = 45_000;
export const PACKAGE_NAME = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string })
  .name;
export const EXAMPLE_NAMES = fs
  .readdirSync(path.join(ROOT, 'examples'))
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length));

export interface FlowNode {
  id: string;
  type: string;
  z?: string;
  name?: string;
  label?: string;
  account?: string;
  baseUrl?: string;
  url?: string;
  info?: string;
}
export interface SimulatorState {
  devices: { deviceId: string; alias: string; pages: { content: Record<string, unknown> | null }[] }[];
  todos: { id: number; title: string; description: string | null; status: number; deviceId: string }[];
  taskLists: { name: string; tasks: { name: string; summary: string; status: string }[] }[];
}

export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** One HTTP exchange; resolves with the status and the body as text. */
export function request(
  url: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The simulator's state stream: resolves with the first state that satisfies `wanted`. */
export function watchState(simUrl: string) {
  let buffer = '';
  let pending: (() => void) | null = null;
  const states: SimulatorState[] = [];
  const req = http.get(`${simUrl}/sim/events`, { agent: false }, (response) => {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const data = buffer
          .slice(0, end)
          .split('\n')
          .find((line) => line.startsWith('data: '));
        buffer = buffer.slice(end + 2);
        if (data) states.push(JSON.parse(data.slice('data: '.length)) as SimulatorState);
        pending?.();
      }
    });
  });
  req.on('error', () => undefined); // the simulator closing the stream at the end is expected
  return {
    opened: new Promise((resolve) => req.on('response', resolve)),
    /** Resolves with the first state that satisfies `wanted`; rejects after the deadline, naming `what`. */
    until(wanted: (state: SimulatorState) => boolean, what: string) {
      const found = new Promise<SimulatorState>((resolve) => {
        pending = () => {
          const found = states.find(wanted);
          if (found) {
            pending = null;
            resolve(found);
          }
        };
        pending();
      });
      return within(found, what, { got: () => states[states.length - 1] ?? 'no state' });
    },
    close: () => req.destroy(),
  };
}

/** scripts/start.js running in a child process, with what it printed. */
export class NpmStart {
  output = '';
  readonly editorPort: number;
  readonly simPort: number;
  readonly editor: string;
  readonly simUrl: string;
  private readonly child: ChildProcess;
  private readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly checks: (() => void)[] = [];

  /**
   * `underShell`: run as \`npm start\` runs it, the child of a shell that stays (as npm's does); `args`: what
   * follows \`npm start --\`.
   */
  static async start(userDir: string, { underShell = false, args = [] as string[] } = {}): Promise<NpmStart> {
    const started = new NpmStart(userDir, await freePort(), await freePort(), { underShell, args });
    await started.waitForOutput(/Device Cloud for Node-RED is running/);
    await started.waitForOutput(/Started flows/);
    return started;
  }

  constructor(
    userDir: string,
    editorPort: number,
    simPort: number,
    { underShell = false, args = [] as string[] } = {},
  ) {
    this.editorPort = editorPort;
    this.simPort = simPort;
    this.editor = `http://127.0.0.1:${editorPort}`;
    this.simUrl = `http://127.0.0.1:${simPort}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(editorPort),
      SIM_PORT: String(simPort),
      DEVICE_CLOUD_USER_DIR: userDir,
      DEVICE_CLOUD_SKIP_BUILD: '1',
    };
    delete env.DEVICE_CLOUD_BASE_URL;
    delete env.DEVICE_CLOUD_API_KEY;
    this.child = underShell
      ? spawn('sh', ['-c', `"${process.execPath}" "${START}" "$@"; exit $?`, 'sh', ...args], {
          cwd: ROOT,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        })
      : spawn(process.execPath, [START, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.exited = new Promise((resolve) => this.child.on('exit', (code, signal) => resolve({ code, signal })));
    const collect = (chunk: Buffer) => {
      this.output += chunk.toString('utf8');
      this.checks.forEach((check) => check());
    };
    this.child.stdout?.on('data', collect);
    this.child.stderr?.on('data', collect);
    this.child.on('exit', () => this.checks.forEach((check) => check()));
  }

  /** Resolves when the script's output (its own and Node-RED's) matches; rejects when it ends or takes too long. */
  waitForOutput(pattern: RegExp): Promise<RegExpExecArray> {
    const printed = new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(this.output);
        if (match) resolve(match);
        else if (this.child.exitCode !== null)
          reject(new Error(`npm start ended before printing ${pattern}:\n${this.output}`));
      };
      this.checks.push(check);
      check();
    });
    return within(printed, `npm start to print ${pattern}`, { timeoutMs: STARTING_MS, got: () => this.output });
  }

  async flows(): Promise<FlowNode[]> {
    const answer = await request(`${this.editor}/flows`, { headers: { 'Node-RED-API-Version': 'v2' } });
    expect(answer.status).to.equal(200);
    return (JSON.parse(answer.text) as { flows: FlowNode[] }).flows;
  }

  /** Presses the inject node of that name, as its button in the editor does. */
  /** Presses an inject node's button: the one of that name, on the tab of that example when one is named. */
  async press(name: string, example?: string): Promise<void> {
    const flows = await this.flows();
    const tab = example && flows.find((node) => node.type === 'tab' && node.label === example);
    const inject = flows.find(
      (node) => node.type === 'inject' && node.name === name && (!example || (tab && node.z === tab.id)),
    );
    expect(inject, `the inject node "${name}"${example ? ` of ${example}` : ''}`).to.not.equal(undefined);
    expect((await request(`${this.editor}/inject/${inject?.id}`, { method: 'POST' })).status).to.equal(200);
  }

  async stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    return within(this.exited, 'npm start to stop on SIGTERM', { got: () => this.output.slice(-2000) });
  }

  /** Resolves once nothing listens on the editor's and the simulator's ports any more. */
  async portsFreed(): Promise<void> {
    await until(async () => (await portIsFree(this.editorPort)) && (await portIsFree(this.simPort)), {
      what: `ports ${this.editorPort} (editor) and ${this.simPort} (simulator) free`,
      timeoutMs: STARTING_MS,
      got: () => this.output.slice(-2000),
    });
  }

  async kill(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    await this.exited;
  }
}
