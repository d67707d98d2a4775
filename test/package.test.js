'use strict';
/**
 * The published artefact: `npm pack`, installed with `npm install <tarball>`
 * into a plain Node-RED user directory, registers our nodes, and a devices
 * node there lists the devices of a running simulator.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const net = require('node:net');
const { execFile, spawn } = require('node:child_process');
const { promisify } = require('node:util');
const { expect } = require('chai');
const { startSimulator } = require('../dist/simulator/server');

const run = promisify(execFile);
const root = path.resolve(__dirname, '..');
const { pkg, NODE_SET_FILES, NODE_TYPES } = require('./support/package-files');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitFor(check, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const result = await check();
      if (result) return result;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('the npm package', function () {
  this.timeout(240_000);
  let dir;
  let tarball;
  let sim;
  let nodeRed;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'device-cloud-pack-'));
    // The suite has just built dist/; the prepack build is the same step.
    const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
      cwd: root,
    });
    tarball = path.join(dir, JSON.parse(stdout)[0].filename);
  });

  after(async () => {
    if (nodeRed && nodeRed.exitCode === null) {
      nodeRed.kill('SIGTERM');
      await new Promise((resolve) => nodeRed.once('exit', resolve));
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
    expect(files.filter((file) => /^(test|src|scripts|\.ci)\//.test(file))).to.deep.equal([]);
  });

  it('installs into a plain user directory, registers the nodes and lists the simulator devices', async () => {
    const userDir = path.join(dir, 'user');
    fs.mkdirSync(userDir);
    fs.writeFileSync(path.join(userDir, 'package.json'), '{"name":"node-red-project","private":true}\n');
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], { cwd: userDir });

    sim = await startSimulator();
    const port = await freePort();
    const outFile = path.join(dir, 'devices.json');
    const flows = [
      { id: 'tab', type: 'tab', label: 'package test' },
      { id: 'account', type: 'device-cloud-account', name: 'sim', baseUrl: sim.url },
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
    fs.writeFileSync(path.join(userDir, 'flows_cred.json'), JSON.stringify({ account: { apiKey: sim.apiKey } }));
    fs.writeFileSync(
      path.join(userDir, 'settings.js'),
      `module.exports = { uiHost: '127.0.0.1', uiPort: ${port}, flowFile: 'flows.json', credentialSecret: false, logging: { console: { level: 'warn' } } };\n`,
    );

    const red = path.join(root, 'node_modules', 'node-red', 'red.js');
    let log = '';
    nodeRed = spawn(process.execPath, [red, '--userDir', userDir, '--settings', path.join(userDir, 'settings.js')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    nodeRed.stdout.on('data', (chunk) => (log += chunk));
    nodeRed.stderr.on('data', (chunk) => (log += chunk));

    const base = `http://127.0.0.1:${port}`;
    const nodes = await waitFor(async () => {
      const response = await fetch(`${base}/nodes`, { headers: { accept: 'application/json' } });
      return response.ok ? response.json() : undefined;
    }, 'Node-RED to start');
    const ours = nodes.find((set) => set.module === pkg.name && set.types.includes('device-cloud-account'));
    expect(ours, log).to.not.equal(undefined);
    const types = nodes.filter((set) => set.module === pkg.name).flatMap((set) => set.types);
    expect(types).to.include.members(['device-cloud-account', 'device-cloud-devices']);
    expect(nodes.filter((set) => set.module === pkg.name && set.err)).to.deep.equal([]);

    await waitFor(async () => (await fetch(`${base}/inject/go`, { method: 'POST' })).ok, 'the inject');
    const written = await waitFor(
      () => fs.existsSync(outFile) && JSON.parse(fs.readFileSync(outFile, 'utf8')),
      'the devices',
      20_000,
    );
    expect(written).to.deep.equal(sim.state.devices);
    expect(sim.requests.map((request) => `${request.method} ${request.path}`)).to.deep.equal(['GET /open/v1/devices']);
    expect(log).to.not.include(sim.apiKey);
  });
});
