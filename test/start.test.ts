/**
 * npm start, as a newcomer runs it: scripts/start.js as a child process with
 * its own ports and user directory, the editor, the example flows, a press of
 * an inject button that reaches the simulator, the examples Node-RED offers
 * under Import > Examples, and a clean stop on SIGTERM. Then a second start in
 * the same directory with the simulator on another port (SIM_PORT): the
 * account follows it.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { expect } from 'chai';
import { ACCOUNT_USERS, NODE_TYPES, ROOT } from './support/package-files';
import { until, within } from './support/until';

const START = path.join(ROOT, 'scripts', 'start.js');
/** How long npm start may take to start Node-RED and the simulator on a loaded machine (below mocha's timeout). */
const STARTING_MS = 45_000;
const PACKAGE_NAME = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string }).name;
const ACCOUNT_TYPE = 'device-cloud-account';
const EXAMPLE_NAMES = fs
  .readdirSync(path.join(ROOT, 'examples'))
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length));

interface FlowNode {
  id: string;
  type: string;
  name?: string;
  label?: string;
  account?: string;
  baseUrl?: string;
  info?: string;
}
interface SimulatorState {
  devices: { alias: string; pages: { content: Record<string, unknown> | null }[] }[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** One HTTP exchange; resolves with the status and the body as text. */
function request(
  url: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
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
    req.end();
  });
}

/** The simulator's state stream: resolves with the first state that satisfies `wanted`. */
function watchState(simUrl: string) {
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
class NpmStart {
  output = '';
  readonly editorPort: number;
  readonly simPort: number;
  readonly editor: string;
  readonly simUrl: string;
  private readonly child: ChildProcess;
  private readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly checks: (() => void)[] = [];

  /** `underShell`: run as \`npm start\` runs it, the child of a shell that stays (as npm's does). */
  static async start(userDir: string, { underShell = false } = {}): Promise<NpmStart> {
    const started = new NpmStart(userDir, await freePort(), await freePort(), underShell);
    await started.waitForOutput(/Device Cloud for Node-RED is running/);
    await started.waitForOutput(/Started flows/);
    return started;
  }

  constructor(userDir: string, editorPort: number, simPort: number, underShell = false) {
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
      ? spawn('sh', ['-c', `"${process.execPath}" "${START}"; exit $?`], {
          cwd: ROOT,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        })
      : spawn(process.execPath, [START], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
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
  async press(name: string): Promise<void> {
    const inject = (await this.flows()).find((node) => node.type === 'inject' && node.name === name);
    expect(inject, `the inject node "${name}"`).to.not.equal(undefined);
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

/** Presses "Note for the family" and resolves with page 2 of the hallway display once the note is there. */
async function noteOnHallwayDisplay(started: NpmStart): Promise<Record<string, unknown> | null> {
  const states = watchState(started.simUrl);
  await states.opened;
  await started.press('Note for the family');
  const state = await states.until((candidate) => {
    const hallway = candidate.devices.find((device) => device.alias === 'Hallway');
    return hallway !== undefined && hallway.pages[1].content !== null;
  }, 'a page 2 on the hallway display');
  states.close();
  return state.devices.find((device) => device.alias === 'Hallway')?.pages[1].content ?? null;
}

describe('npm start (scripts/start.js)', function () {
  this.timeout(60_000);
  let userDir: string;
  let started: NpmStart;

  before(async () => {
    userDir = fs.mkdtempSync(path.join(os.tmpdir(), 'device-cloud-start-'));
    // An earlier npm start linked the whole working tree as the package.
    const earlierLink = path.join(userDir, 'node_modules', ...PACKAGE_NAME.split('/'));
    fs.mkdirSync(path.dirname(earlierLink), { recursive: true });
    fs.symlinkSync(ROOT, earlierLink, 'junction');
    started = await NpmStart.start(userDir);
  });

  after(async () => {
    // SIGTERM, so that npm start stops Node-RED and the simulator it started; what does not stop is killed.
    await started.stop().catch(() => undefined);
    await started.kill();
    fs.rmSync(userDir, { recursive: true, force: true });
  });

  it('prints where the editor and the device screens are', () => {
    expect(started.output).to.include(`Node-RED editor:  ${started.editor}/`);
    expect(started.output).to.include(`Device screens:   ${started.simUrl}/`);
    expect(started.output).to.include('Simulator key:    sim-key');
  });

  it('serves the Node-RED editor and the simulator page', async () => {
    const page = await request(`${started.editor}/`);
    expect(page.status).to.equal(200);
    expect(page.text).to.include('Node-RED');
    const screens = await request(`${started.simUrl}/`);
    expect(screens.status).to.equal(200);
    expect(screens.text).to.include('Device Cloud simulator');
  });

  it('deploys every example on its own tab, all on one account at the simulator, with no key in the flows', async () => {
    const flows = await started.flows();
    expect(flows.filter((node) => node.type === 'tab').map((tab) => tab.label)).to.have.members(EXAMPLE_NAMES);
    const types = new Set(flows.map((node) => node.type));
    expect(
      NODE_TYPES.filter((type) => !types.has(type)),
      'node types missing from the flows',
    ).to.deep.equal([]);

    const accounts = flows.filter((node) => node.type === ACCOUNT_TYPE);
    expect(accounts).to.have.length(1);
    expect(accounts[0].baseUrl).to.equal(started.simUrl);
    const ours = flows.filter((node) => ACCOUNT_USERS.includes(node.type));
    for (const node of ours) expect(node.account, node.id).to.equal(accounts[0].id);

    const flowFile = fs.readFileSync(path.join(userDir, 'flows.json'), 'utf8');
    expect(flowFile).to.not.include('apiKey');
    expect(flowFile).to.not.include('sim-key');
    expect(JSON.stringify(flows)).to.not.include('sim-key');
  });

  it('stores the key encrypted in flows_cred.json, and Node-RED reads it back', async () => {
    const stored = JSON.parse(fs.readFileSync(path.join(userDir, 'flows_cred.json'), 'utf8')) as Record<string, string>;
    expect(Object.keys(stored)).to.deep.equal(['$']);
    expect(stored.$).to.not.include('sim-key');
    const account = (await started.flows()).find((node) => node.type === ACCOUNT_TYPE);
    const credentials = await request(`${started.editor}/credentials/${ACCOUNT_TYPE}/${account?.id}`);
    expect(credentials.status).to.equal(200);
    expect(JSON.parse(credentials.text)).to.deep.equal({ has_apiKey: true });
  });

  it('offers under Import > Examples every example on the deployed account at this simulator (SIM_PORT)', async () => {
    const account = (await started.flows()).find((node) => node.type === ACCOUNT_TYPE) as FlowNode;
    for (const name of EXAMPLE_NAMES) {
      const answer = await request(`${started.editor}/library/examples/flows/${PACKAGE_NAME}/${name}`);
      expect(answer.status, name).to.equal(200);
      expect(answer.text, `${name} names the simulator's address of the files`).to.not.include('127.0.0.1:8080');
      const nodes = JSON.parse(answer.text) as FlowNode[];
      const offered = nodes.filter((node) => node.type === ACCOUNT_TYPE);
      expect(offered, name).to.have.length(1);
      expect(offered[0], name).to.include({ id: account.id, name: account.name, baseUrl: started.simUrl });
      const comment = nodes.find((node) => node.type === 'comment' && node.info?.includes('simulator'));
      if (comment) expect(comment.info, `${name}: the comment's address`).to.include(started.simUrl);
    }
  });

  it('runs an example: pressing "Note for the family" puts the note on page 2 of the hallway display', async () => {
    expect(await noteOnHallwayDisplay(started)).to.include({
      kind: 'text',
      text: 'Back at 6 pm.\nDinner is in the fridge.',
      fontSize: 28,
      persistent: true,
    });
  });

  it('stops on SIGTERM with exit code 0 and frees both ports', async () => {
    expect(await started.stop()).to.deep.equal({ code: 0, signal: null });
    expect(started.output).to.match(/Stopped\./);
    expect(await portIsFree(started.editorPort), 'editor port free').to.equal(true);
    expect(await portIsFree(started.simPort), 'simulator port free').to.equal(true);
  });

  it('starts again in the same directory with the simulator on another port: the account follows it', async () => {
    const firstSimUrl = started.simUrl;
    started = await NpmStart.start(userDir);
    expect(started.simUrl).to.not.equal(firstSimUrl);
    expect(started.output).to.not.include('new: one tab per example flow');
    expect(started.output).to.include(`now points at the simulator on ${started.simUrl}`);
    const accounts = (await started.flows()).filter((node) => node.type === ACCOUNT_TYPE);
    expect(accounts.map((account) => account.baseUrl)).to.deep.equal([started.simUrl]);
    expect(await noteOnHallwayDisplay(started)).to.include({ kind: 'text', fontSize: 28 });
  });

  it('stops Node-RED and the simulator when its own process is killed with SIGKILL', async () => {
    await started.kill();
    await started.portsFreed();
  });

  it("stops Node-RED and the simulator when the process that started it ends (npm's shell killed)", async () => {
    started = await NpmStart.start(userDir, { underShell: true });
    await started.kill();
    await started.portsFreed();
  });
});
