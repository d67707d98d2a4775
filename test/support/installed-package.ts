// The published package as a user installs it: `npm pack`, installed into a plain Node-RED user directory, and
// Node-RED run from that directory (its own process, its own flows file) as `node-red --userDir` runs it.

import { expect } from 'chai';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './package-files';
import { runtimeFolder } from './runtime';
import { freePort } from './sockets';
import { eventually, within } from './until';

const run = promisify(execFile);

export interface PackedPackage {
  /** A folder of its own, removed by `remove()`. */
  dir: string;
  /** The tarball `npm pack` wrote into it. */
  tarball: string;
  remove(): void;
}

/** Packs the package into a folder of its own (the suite has just built dist/; the prepack build is the same). */
export async function packPackage(prefix: string): Promise<PackedPackage> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
      cwd: ROOT,
    });
    const tarball = path.join(dir, (JSON.parse(stdout) as { filename: string }[])[0].filename);
    return { dir, tarball, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** Installs the packed package into a new Node-RED user directory beside the tarball; returns that directory. */
export async function installPacked(packed: PackedPackage): Promise<string> {
  const userDir = path.join(packed.dir, 'user');
  fs.mkdirSync(userDir);
  fs.writeFileSync(path.join(userDir, 'package.json'), '{"name":"node-red-project","private":true}\n');
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', packed.tarball], { cwd: userDir });
  return userDir;
}

export interface InstalledNodeRed {
  /** Its editor and admin API, `http://127.0.0.1:<port>`. */
  base: string;
  /** What it printed so far, both streams. */
  log(): string;
  /** Presses the button of inject node `injectId`, as the editor does. */
  press(injectId: string): Promise<void>;
  /** Ends it with SIGTERM and waits for its exit. */
  stop(): Promise<void>;
}

/** The Node-RED a suite started in its `before`: a test that runs without it fails saying so. */
export function started(nodeRed: InstalledNodeRed | undefined): InstalledNodeRed {
  if (!nodeRed) throw new Error('Node-RED did not start');
  return nodeRed;
}

/**
 * Node-RED from `userDir` with one tab labelled `label`: an account `account` on the simulator (`sim`, its key
 * as the account's credential) and `nodes`, each placed on the tab where it has no place of its own (as the editor
 * saves it: a node without one is taken for a config node); logging at `logLevel`. Resolves once its admin API
 * answers.
 */
export async function startNodeRed(
  userDir: string,
  nodes: Record<string, unknown>[],
  options: { label: string; sim: { url: string; apiKey: string }; logLevel: 'info' | 'warn'; columns?: number },
): Promise<InstalledNodeRed> {
  const columns = options.columns ?? 2;
  const flows = [
    { id: 'tab', type: 'tab', label: options.label },
    { id: 'account', type: 'device-cloud-account', name: 'sim', baseUrl: options.sim.url },
    ...nodes.map((node, index) => ({
      x: 150 + (index % columns) * 220,
      y: 60 + Math.floor(index / columns) * 60,
      ...node,
    })),
  ];
  const port = await freePort();
  fs.writeFileSync(path.join(userDir, 'flows.json'), JSON.stringify(flows));
  fs.writeFileSync(path.join(userDir, 'flows_cred.json'), JSON.stringify({ account: { apiKey: options.sim.apiKey } }));
  fs.writeFileSync(
    path.join(userDir, 'settings.js'),
    `module.exports = { uiHost: '127.0.0.1', uiPort: ${port}, flowFile: 'flows.json', credentialSecret: false, logging: { console: { level: '${options.logLevel}' } } };\n`,
  );
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(runtimeFolder(), 'red.js'), '--userDir', userDir, '--settings', path.join(userDir, 'settings.js')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await within(exited, 'Node-RED to stop on SIGTERM');
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await eventually(async () => (await fetch(`${base}/flows`)).ok, {
      what: 'Node-RED to start',
      // A small machine takes its time.
      timeoutMs: 60_000,
      everyMs: 100,
    });
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${log}`);
  }
  const press = async (injectId: string) => {
    const response = await fetch(`${base}/inject/${injectId}`, { method: 'POST' });
    expect(response.status, `inject ${injectId}`).to.equal(200);
  };
  return { base, log: () => log, press, stop };
}
