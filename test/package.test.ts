/**
 * The published artefact: `npm pack`, installed with `npm install <tarball>`
 * into a plain Node-RED user directory, registers our nodes, and a devices
 * node there lists the devices of a running simulator.
 */
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { startSimulator, type Simulator } from '../dist/simulator/server';
import type { NodeSet } from './support/node-red-server';
import {
  installPacked,
  packPackage,
  startNodeRed,
  type InstalledNodeRed,
  type PackedPackage,
} from './support/installed-package';
import { NODE_SET_FILES, NODE_TYPES, pkg, ROOT } from './support/package-files';
import { until } from './support/until';

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

describe('the npm package @slow', function () {
  this.timeout(240_000);
  let packed: PackedPackage;
  let sim: Simulator | undefined;
  let nodeRed: InstalledNodeRed | undefined;

  before(async () => {
    packed = await packPackage('device-cloud-pack-');
  });

  after(async () => {
    await nodeRed?.stop();
    if (sim) await sim.close();
    packed?.remove();
  });

  it('ships the built nodes, examples, the READMEs, docs and LICENSE, and nothing of the tests or sources', async () => {
    const { stdout } = await run('tar', ['-tzf', packed.tarball]);
    const files = stdout
      .split('\n')
      .filter(Boolean)
      .map((file) => file.replace(/^package\//, ''));
    for (const file of NODE_SET_FILES) {
      expect(files).to.include(file);
      expect(files).to.include(file.replace(/\.js$/, '.html'));
    }
    expect(files.filter((file) => /^nodes\/icons\/.+\.svg$/.test(file))).to.have.length(NODE_TYPES.length);
    expect(files).to.include.members([
      'README.md',
      'README.zh-CN.md',
      'LICENSE',
      'package.json',
      'dist/simulator/cli.js',
    ]);
    expect(files.some((file) => file.startsWith('examples/'))).to.equal(true);
    expect(files.filter((file) => /^(test|src|scripts|bench|\.ci|\.github)\//.test(file))).to.deep.equal([]);
    expect(files, 'the changelog').to.include('CHANGELOG.md');
    // The notices of what the TRMNL recipes are drawn with: the framework's MIT licence, the fonts' OFL.
    expect(files).to.include.members(['LICENSES/third-party.md', 'dist/fonts/OFL.txt']);
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
    // The editor's sidebar plugin: its entry, its editor part and its catalogs.
    expect(Object.values(pkg['node-red'].plugins ?? {})).to.deep.equal(['plugins/device-cloud-sidebar.js']);
    expect(files).to.include.members([
      'plugins/device-cloud-sidebar.js',
      'plugins/device-cloud-sidebar.html',
      'plugins/locales/en-US/device-cloud-sidebar.json',
      'plugins/locales/zh-CN/device-cloud-sidebar.json',
      'dist/plugins/sidebar/index.js',
    ]);
  });

  it("carries the notices the TRMNL recipes need: the framework's MIT copyright, Inter's OFL, the example recipe's MIT", async () => {
    const shipped = async (file: string) => (await run('tar', ['-xzOf', packed.tarball, `package/${file}`])).stdout;
    const notices = await shipped('LICENSES/third-party.md');
    expect(notices).to.include('Copyright (c) 2026 TRMNL');
    expect(notices).to.include('Copyright (c) 2026 Hossain Khan');
    expect(notices).to.match(/Permission is hereby granted, free of charge/);
    const fonts = await shipped('dist/fonts/OFL.txt');
    expect(fonts).to.match(/^Inter\n\nCopyright 2020 The Inter Project Authors/m);
    expect(fonts).to.include('SIL OPEN FONT LICENSE Version 1.1');
  });

  it('holds every file a link of the README or of the documents it ships points to', async () => {
    const { stdout } = await run('tar', ['-tzf', packed.tarball]);
    const files = new Set(
      stdout
        .split('\n')
        .filter(Boolean)
        .map((file) => file.replace(/^package\//, '')),
    );
    const documents = [...files].filter((file) => file.endsWith('.md'));
    expect(documents).to.include.members(['README.md', 'README.zh-CN.md', 'docs/todo-sync.md', 'docs/design.md']);
    const broken: string[] = [];
    let links = 0;
    for (const document of documents) {
      const text = fs.readFileSync(path.join(ROOT, document), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
        links += 1;
        const file = path.posix.normalize(path.posix.join(path.posix.dirname(document), target.split('#')[0]));
        if (!files.has(file)) broken.push(`${document}: ${target}`);
      }
    }
    expect(links, 'relative links found').to.be.above(5);
    expect(broken, 'links to files the package does not hold').to.deep.equal([]);
  });

  it('publishes as a public package', () => {
    expect(pkg.publishConfig).to.deep.equal({ access: 'public' });
  });

  it('installs into a plain user directory, registers the nodes and lists the simulator devices', async () => {
    const userDir = await installPacked(packed);
    const simulator = await startSimulator();
    sim = simulator;
    const outFile = path.join(packed.dir, 'devices.json');
    nodeRed = await startNodeRed(
      userDir,
      [
        { id: 'go', type: 'inject', z: 'tab', x: 100, y: 100, wires: [['devices']] },
        {
          id: 'devices',
          type: 'device-cloud-devices',
          z: 'tab',
          x: 300,
          y: 100,
          account: 'account',
          wires: [['json']],
        },
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
      ],
      { label: 'package test', sim: simulator, logLevel: 'warn' },
    );
    const { base } = nodeRed;
    const nodes = (await jsonOf(`${base}/nodes`)) as NodeSet[];
    const ours = nodes.find((set) => set.module === pkg.name && set.types.includes('device-cloud-account'));
    expect(ours, nodeRed.log()).to.not.equal(undefined);
    const types = nodes.filter((set) => set.module === pkg.name).flatMap((set) => set.types);
    expect(types).to.include.members(['device-cloud-account', 'device-cloud-devices']);
    expect(nodes.filter((set) => set.module === pkg.name && set.err)).to.deep.equal([]);
    const plugins = (await jsonOf(`${base}/plugins`)) as { module: string; plugins: { id: string }[]; err?: string }[];
    const sidebar = plugins.filter((set) => set.module === pkg.name);
    expect(sidebar.map((set) => [set.plugins.map((plugin) => plugin.id), set.err])).to.deep.equal([
      [['device-cloud-sidebar'], undefined],
    ]);

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
    expect(nodeRed.log()).to.not.include(simulator.apiKey);
  });
});
