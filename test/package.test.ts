/**
 * The published artefact: `npm pack`, installed with `npm install <tarball>`
 * into a plain Node-RED user directory, registers our nodes, and a devices
 * node there lists the devices of a running simulator.
 */
import { expect } from 'chai';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startSimulator, type Simulator } from '../dist/simulator/server';
import type { NodeSet } from './support/node-red-server';
import { NODE_SET_FILES, NODE_TYPES, pkg, ROOT } from './support/package-files';
import { freePort } from './support/sockets';
import { until, within } from './support/until';

const run = promisify(execFile);
/** Node-RED takes its time to start on a small machine: look every quarter of a second. */
const STARTING = { everyMs: 250, timeoutMs: 60_000 };

/** The JSON answer of a GET, or undefined while Node-RED does not answer it yet. */
async function jsonOf(url: string): Promise<unknown> {
  try {
    const response = await fetch(url, { headers: { accept: 'application/json' } });
    return response.ok ? ((await response.json()) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** The JSON in a file once it is there and whole; undefined before. */
function jsonIn(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

describe('the npm package', function () {
  this.timeout(240_000);
  let dir: string;
  let tarball: string;
  let sim: Simulator | undefined;
  let nodeRed: ChildProcess | undefined;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'device-cloud-pack-'));
    // The suite has just built dist/; the prepack build is the same step.
    const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
      cwd: ROOT,
    });
    const [packed] = JSON.parse(stdout) as { filename: string }[];
    tarball = path.join(dir, packed.filename);
  });

  after(async () => {
    const child = nodeRed;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await within(exited, 'Node-RED to stop on SIGTERM');
    }
    if (sim) await sim.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('ships the built nodes, examples, README and LICENSE, and nothing of the tests or sources', async () => {
    const { stdout } = await run('tar', ['-tzf', tarball]);
    const files = stdout
      .split('\n')
      .filter(Boolean)
      .map((file) => file.replace(/^package\//, ''));
    for (const file of NODE_SET_FILES) {
      expect(files).to.include(file);
      expect(files).to.include(file.replace(/\.js$/, '.html'));
    }
    expect(files.filter((file) => /^nodes\/icons\/.+\.svg$/.test(file))).to.have.length(NODE_TYPES.length);
    expect(files).to.include.members(['README.md', 'LICENSE', 'package.json', 'dist/simulator/cli.js']);
    expect(files.some((file) => file.startsWith('examples/'))).to.equal(true);
    expect(files.filter((file) => /^(test|src|scripts|bench|docs|\.ci|\.github)\//.test(file))).to.deep.equal([]);
    expect(files, 'the changelog').to.include('CHANGELOG.md');
    expect(
      files.filter((file) => file.endsWith('.map')),
      'source maps (of sources not shipped)',
    ).to.deep.equal([]);
    expect(
      files.filter((file) => file.endsWith('.d.ts') && !file.startsWith('dist/lib/')),
      'type declarations beside the library',
    ).to.deep.equal([]);
    expect(files.filter((file) => /^nodes\/locales\/[^/]+\/device-cloud\.(html|json)$/.test(file))).to.have.length(4);
    expect(files).to.include('resources/device-cloud-editor.js');
  });

  it('publishes as a public package', () => {
    expect(pkg.publishConfig).to.deep.equal({ access: 'public' });
  });

  it('installs into a plain user directory, registers the nodes and lists the simulator devices', async () => {
    const userDir = path.join(dir, 'user');
    fs.mkdirSync(userDir);
    fs.writeFileSync(path.join(userDir, 'package.json'), '{"name":"node-red-project","private":true}\n');
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], { cwd: userDir });

    const simulator = await startSimulator();
    sim = simulator;
    const port = await freePort();
    const outFile = path.join(dir, 'devices.json');
    const flows = [
      { id: 'tab', type: 'tab', label: 'package test' },
      { id: 'account', type: 'device-cloud-account', name: 'sim', baseUrl: simulator.url },
      { id: 'go', type: 'inject', z: 'tab', x: 100, y: 100, wires: [['devices']] },
      { id: 'devices', type: 'device-cloud-devices', z: 'tab', x: 300, y: 100, account: 'account', wires: [['json']] },
      { id: 'json', type: 'json', z: 'tab', x: 500, y: 100, action: 'str', property: 'payload', wires: [['file']] },
      {
        id: 'file',
        type: 'file',
        z: 'tab',
        x: 700,
        y: 100,
        filename: outFile,
        filenameType: 'str',
        appendNewline: false,
        createDir: false,
        overwriteFile: 'true',
        encoding: 'utf8',
        wires: [],
      },
    ];
    fs.writeFileSync(path.join(userDir, 'flows.json'), JSON.stringify(flows));
    fs.writeFileSync(path.join(userDir, 'flows_cred.json'), JSON.stringify({ account: { apiKey: simulator.apiKey } }));
    fs.writeFileSync(
      path.join(userDir, 'settings.js'),
      `module.exports = { uiHost: '127.0.0.1', uiPort: ${port}, flowFile: 'flows.json', credentialSecret: false, logging: { console: { level: 'warn' } } };\n`,
    );

    const red = path.join(ROOT, 'node_modules', 'node-red', 'red.js');
    let log = '';
    const child = spawn(
      process.execPath,
      [red, '--userDir', userDir, '--settings', path.join(userDir, 'settings.js')],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    nodeRed = child;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (log += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (log += chunk));

    const base = `http://127.0.0.1:${port}`;
    let nodes: NodeSet[] = [];
    await until(
      async () => {
        const answer = await jsonOf(`${base}/nodes`);
        if (answer !== undefined) nodes = answer as NodeSet[];
        return answer !== undefined;
      },
      { what: 'Node-RED to start', ...STARTING },
    );
    const ours = nodes.find((set) => set.module === pkg.name && set.types.includes('device-cloud-account'));
    expect(ours, log).to.not.equal(undefined);
    const types = nodes.filter((set) => set.module === pkg.name).flatMap((set) => set.types);
    expect(types).to.include.members(['device-cloud-account', 'device-cloud-devices']);
    expect(nodes.filter((set) => set.module === pkg.name && set.err)).to.deep.equal([]);

    const inject = (): Promise<boolean> =>
      fetch(`${base}/inject/go`, { method: 'POST' }).then(
        (response) => response.ok,
        () => false,
      );
    await until(inject, { what: 'the inject', ...STARTING });
    await until(() => jsonIn(outFile) !== undefined, { what: 'the devices', everyMs: 250, timeoutMs: 20_000 });
    expect(jsonIn(outFile)).to.deep.equal(simulator.state.devices);
    expect(simulator.requests.map((request) => `${request.method} ${request.path}`)).to.deep.equal([
      'GET /open/v1/devices',
    ]);
    expect(log).to.not.include(simulator.apiKey);
  });
});
