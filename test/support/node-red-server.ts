/**
 * A real Node-RED (its own red.js, in a child process) on a free port of
 * 127.0.0.1, with this package installed into a temporary user directory the
 * way `npm install <repo>` does it: a link in node_modules. For tests that
 * need the whole of Node-RED, editor included, rather than the runtime the
 * test helper gives.
 *
 *   const server = await NodeRedServer.start({ flows, credentials });
 *   server.url                      // 'http://127.0.0.1:PORT/'
 *   await server.request('GET', 'flows')
 *   await server.restart();         // stopped and started again on the same user directory
 *   await server.stop();            // the process ended, the directory removed
 *
 * NODE_RED_RUNTIME (a Node-RED package folder) runs another Node-RED, as the
 * CI's Node-RED 5 run does; the child runs on this process's Node.js.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FlowNode, NodeCredentials } from './node-red';
import { pkg, ROOT } from './package-files';
import { freePort } from './sockets';
import { runtimeFolder } from './runtime';

export const PACKAGE_NAME = pkg.name;
const STARTED_FLOWS = /\bStarted flows\b/;
const START_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;
/** Enough of the log to tell why a start failed. */
const KEPT_OUTPUT_CHARS = 20_000;

/**
 * Installs the working tree into the user directory by a link, and names it in the directory's package.json;
 * so also each of `modules` (package folders).
 */
function linkPackages(userDir: string, modules: string[]): void {
  const manifestFile = path.join(userDir, 'package.json');
  const dependencies: Record<string, string> = fs.existsSync(manifestFile)
    ? ((JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { dependencies?: Record<string, string> }).dependencies ??
      {})
    : {};
  for (const folder of [ROOT, ...modules]) {
    const { name } = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as { name: string };
    const link = path.join(userDir, 'node_modules', ...name.split('/'));
    // A package installed there already (from its tarball, say) stays.
    if (fs.existsSync(link)) continue;
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(folder, link, 'junction');
    dependencies[name] = `file:${folder}`;
  }
  const manifest = { name: 'node-red-test-user-dir', version: '0.0.0', private: true, dependencies };
  fs.writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * No credential secret: flows_cred.json is plain JSON the test writes. No
 * catalogue, tours or telemetry: the editor stays on 127.0.0.1 and shows no
 * first-run pop-ups.
 */
function writeSettings(userDir: string, port: number, extraSettings: Record<string, unknown>): string {
  const settings = {
    uiHost: '127.0.0.1',
    uiPort: port,
    flowFile: 'flows.json',
    credentialSecret: false,
    logging: { console: { level: 'info', metrics: false, audit: false } },
    telemetry: { enabled: false },
    editorTheme: { tours: false, projects: { enabled: false }, palette: { catalogues: [] } },
    ...extraSettings,
  };
  const file = path.join(userDir, 'settings.js');
  fs.writeFileSync(file, `module.exports = ${JSON.stringify(settings, null, 2)};\n`);
  return file;
}

function writeFlows(userDir: string, flows: FlowNode[], credentials: NodeCredentials): void {
  fs.writeFileSync(path.join(userDir, 'flows.json'), `${JSON.stringify(flows, null, 2)}\n`);
  fs.writeFileSync(path.join(userDir, 'flows_cred.json'), `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
}

export interface NodeRedServerOptions {
  /** The flows.json to start with (default: none). */
  flows?: FlowNode[];
  /** flows_cred.json, `{[nodeId]: {...}}`, unencrypted. */
  credentials?: NodeCredentials;
  /** settings.js entries to add or replace. */
  settings?: Record<string, unknown>;
  /** true: Node-RED's log goes to this process's stderr too. */
  echo?: boolean;
  /** More packages (folders) to install beside ours, such as a plugin of the tests. */
  modules?: string[];
  /**
   * A user directory of the caller's, used instead of a new one and left in place by stop(), so that Node-RED can
   * start there again; a package installed there already (test/support/installed-package.ts) is not linked over.
   */
  userDir?: string;
  /** The port to listen on (default: a free one). */
  port?: number;
}

export interface AdminAnswer {
  status: number | undefined;
  /** Parsed when the answer is JSON. */
  body: unknown;
}

/** A node set as GET /nodes lists it. */
export interface NodeSet {
  id: string;
  module: string;
  types: string[];
  enabled: boolean;
  loaded: boolean;
  err?: string;
  [field: string]: unknown;
}

export class NodeRedServer {
  readonly userDir: string;
  port = 0;
  url = '';
  /** The end of Node-RED's log. */
  output = '';
  private child: ChildProcess | null = null;
  private exited: Promise<unknown> = Promise.resolve();
  private settingsFile = '';
  private echo = false;

  /** Starts Node-RED and resolves once it has started its flows. */
  static async start({
    flows = [],
    credentials = {},
    settings = {},
    echo = false,
    modules = [],
    userDir: installedIn,
    port,
  }: NodeRedServerOptions = {}): Promise<NodeRedServer> {
    const userDir = installedIn ?? fs.mkdtempSync(path.join(os.tmpdir(), 'device-cloud-node-red-'));
    const server = new NodeRedServer(userDir, installedIn === undefined);
    try {
      linkPackages(userDir, modules);
      writeFlows(userDir, flows, credentials);
      server.port = port ?? (await freePort());
      server.settingsFile = writeSettings(userDir, server.port, settings);
      server.echo = echo;
      server.url = `http://127.0.0.1:${server.port}/`;
      server.launch();
      await server.startedFlows();
    } catch (error) {
      await server.stop();
      throw error;
    }
    return server;
  }

  private readonly ownsUserDir: boolean;

  constructor(userDir: string, ownsUserDir = true) {
    this.userDir = userDir;
    this.ownsUserDir = ownsUserDir;
  }

  private launch(): void {
    const { echo } = this;
    const redJs = path.join(runtimeFolder(), 'red.js');
    const child = spawn(process.execPath, [redJs, '--userDir', this.userDir, '--settings', this.settingsFile], {
      cwd: this.userDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8');
      stream.on('data', (text: string) => {
        this.output = (this.output + text).slice(-KEPT_OUTPUT_CHARS);
        if (echo) process.stderr.write(text);
      });
    }
  }

  /** Resolves when the log says the flows started; rejects, with the log, when Node-RED ends or takes too long. */
  private startedFlows(): Promise<void> {
    const child = this.child;
    if (!child?.stdout) return Promise.reject(new Error('Node-RED was not launched'));
    const stdout = child.stdout;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => finish(new Error(`Node-RED did not start its flows within ${START_TIMEOUT_MS} ms`)),
        START_TIMEOUT_MS,
      );
      const onData = (): void => {
        if (STARTED_FLOWS.test(this.output)) finish(null);
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null): void =>
        finish(new Error(`Node-RED ended while starting (${signal ?? `exit code ${code}`})`));
      const finish = (error: Error | null): void => {
        clearTimeout(timer);
        stdout.off('data', onData);
        child.off('exit', onExit);
        if (error) {
          error.message += `\n--- Node-RED's log:\n${this.output}`;
          reject(error);
        } else {
          resolve();
        }
      };
      stdout.on('data', onData);
      child.once('exit', onExit);
      onData();
    });
  }

  /**
   * A request to the admin API (no adminAuth is set). Resolves with the status
   * and the body, parsed when it is JSON.
   */
  request(
    method: string,
    relativePath: string,
    { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<AdminAnswer> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const allHeaders: Record<string, string | number> = { accept: 'application/json', ...headers };
    if (payload) Object.assign(allHeaders, { 'content-type': 'application/json', 'content-length': payload.length });
    return new Promise((resolve, reject) => {
      const req = http.request(
        new URL(relativePath, this.url),
        { method, headers: allHeaders, agent: false },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const json = /\bjson\b/.test(response.headers['content-type'] ?? '');
            try {
              resolve({ status: response.statusCode, body: json && text ? (JSON.parse(text) as unknown) : text });
            } catch (error) {
              reject(
                new Error(
                  `${method} /${relativePath} answered ${response.statusCode} with JSON that does not parse: ${(error as Error).message}`,
                ),
              );
            }
          });
          response.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** The deployed flows, as GET /flows gives them. */
  async flows(): Promise<FlowNode[]> {
    const { status, body } = await this.request('GET', 'flows');
    if (status !== 200) throw new Error(`GET /flows answered ${status}: ${JSON.stringify(body)}`);
    return body as FlowNode[];
  }

  /** The node sets the registry holds for a module (GET /nodes): each with its types, `enabled`, `loaded` and `err`. */
  async nodeSetsOf(moduleName: string): Promise<NodeSet[]> {
    const { status, body } = await this.request('GET', 'nodes');
    if (status !== 200) throw new Error(`GET /nodes answered ${status}: ${JSON.stringify(body)}`);
    return (body as NodeSet[]).filter((set) => set.module === moduleName);
  }

  /**
   * Ends Node-RED as a service manager does (SIGTERM, which closes every node) and starts it again on the same user
   * directory, flows and port; resolves once it has started its flows.
   */
  async restart(): Promise<void> {
    await this.end();
    this.output = '';
    this.launch();
    await this.startedFlows();
  }

  /** Ends Node-RED (SIGTERM, then SIGKILL after a grace period) and removes the user directory if it made it. */
  async stop(): Promise<void> {
    await this.end();
    if (this.ownsUserDir) fs.rmSync(this.userDir, { recursive: true, force: true });
  }

  private async end(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await this.exited;
      clearTimeout(killer);
    }
  }
}
