// The published package where the drawing engine has no native build, as on 32-bit Raspberry Pi OS or 32-bit
// Windows: `npm pack`, installed into a plain Node-RED user directory, whose native Takumi binaries (the
// optional @takumi-rs/core-<platform> packages) are then removed, as npm leaves them out where none fits.
// Node-RED runs from that directory against the simulator. Two render nodes draw their pages with the
// WebAssembly build, which the log names once with the reason; the page the display then shows reads as the
// template says (text by OCR, its QR code), and is the native build's page byte for byte.

import { expect } from 'chai';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PageRenderer } from '../dist/lib/render';
import { startSimulator, type SimImagePage, type Simulator } from '../dist/simulator/server';
import { KITCHEN } from './fixtures/service';
import { coloursOf, compact, pixelsOf, readQrCodes, readText } from './render/support';
import { ROOT } from './support/package-files';
import { runtimeFolder } from './support/runtime';
import { freePort } from './support/sockets';
import { eventually } from './support/until';

const run = promisify(execFile);

const TEMPLATE = `<div style="padding:16px">
  <h1 style="margin:0 0 8px">{{payload.title}}</h1>
  <p style="font-size:24px;margin:0">厨房 {{payload.temp}} °C</p>
  <img src="qr:{{payload.link}}" width="120" height="120">
</div>`;
const PAYLOAD = { title: 'No native build', temp: '21.5', link: 'https://example.com/wasm' };

/** Removes the native binaries of the installed Takumi; returns the packages removed. */
function removeNativeTakumi(userDir: string): string[] {
  const scope = path.join(userDir, 'node_modules', '@takumi-rs');
  const natives = fs.readdirSync(scope).filter((name) => name.startsWith('core-'));
  for (const name of natives) fs.rmSync(path.join(scope, name), { recursive: true });
  return natives;
}

describe('the npm package where the drawing engine has no native build (32-bit ARM, 32-bit Windows)', function () {
  this.timeout(240_000);
  let dir: string;
  let sim: Simulator;
  let nodeRed: ChildProcess | undefined;
  let log = '';
  let base: string;
  let removed: string[];

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'device-cloud-no-native-takumi-'));
    // The suite has just built dist/; the prepack build is the same step.
    const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
      cwd: ROOT,
    });
    const tarball = path.join(dir, (JSON.parse(stdout) as { filename: string }[])[0].filename);
    const userDir = path.join(dir, 'user');
    fs.mkdirSync(userDir);
    fs.writeFileSync(path.join(userDir, 'package.json'), '{"name":"node-red-project","private":true}\n');
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], { cwd: userDir });
    removed = removeNativeTakumi(userDir);

    sim = await startSimulator();
    const render = (id: string, page: string) => [
      {
        id: `${id}-inject`,
        type: 'inject',
        z: 'tab',
        props: [{ p: 'payload' }],
        payload: JSON.stringify(PAYLOAD),
        payloadType: 'json',
        wires: [[id]],
      },
      {
        id,
        type: 'device-cloud-render',
        z: 'tab',
        template: TEMPLATE,
        width: '400',
        height: '300',
        colors: 'bw',
        dither: 'none',
        layoutRules: 'html',
        wires: [[`${id}-push`]],
      },
      {
        id: `${id}-push`,
        type: 'device-cloud-display-image',
        z: 'tab',
        account: 'account',
        deviceId: KITCHEN,
        deviceIdType: 'device',
        pageId: page,
        dither: '',
        fit: 'none',
        wires: [[]],
      },
    ];
    const nodes = [...render('first', '1'), ...render('second', '2')];
    // A node of a flow has a place on it; one without is taken for a config node.
    const flows = [
      { id: 'tab', type: 'tab', label: 'without native Takumi' },
      { id: 'account', type: 'device-cloud-account', name: 'sim', baseUrl: sim.url },
      ...nodes.map((node, index) => ({ x: 150 + (index % 3) * 200, y: 60 + Math.floor(index / 3) * 60, ...node })),
    ];
    const port = await freePort();
    fs.writeFileSync(path.join(userDir, 'flows.json'), JSON.stringify(flows));
    fs.writeFileSync(path.join(userDir, 'flows_cred.json'), JSON.stringify({ account: { apiKey: sim.apiKey } }));
    fs.writeFileSync(
      path.join(userDir, 'settings.js'),
      `module.exports = { uiHost: '127.0.0.1', uiPort: ${port}, flowFile: 'flows.json', credentialSecret: false, logging: { console: { level: 'info' } } };\n`,
    );
    const red = path.join(runtimeFolder(), 'red.js');
    const child = spawn(
      process.execPath,
      [red, '--userDir', userDir, '--settings', path.join(userDir, 'settings.js')],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    nodeRed = child;
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    base = `http://127.0.0.1:${port}`;
    await eventually(async () => (await fetch(`${base}/flows`)).ok, {
      what: 'Node-RED to start',
      timeoutMs: 30_000,
      everyMs: 100,
    });
  });

  after(async () => {
    const child = nodeRed;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (sim) await sim.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function press(injectId: string): Promise<void> {
    const response = await fetch(`${base}/inject/${injectId}`, { method: 'POST' });
    expect(response.status, `inject ${injectId}`).to.equal(200);
  }

  function shownPage(page: number): SimImagePage | undefined {
    const shown = sim.state.pages.get(KITCHEN)?.[page - 1];
    return shown?.kind === 'image' ? shown : undefined;
  }

  it('installs without a native build of the engine: none was left to load', () => {
    expect(removed, 'the native packages npm had installed here').to.have.length.above(0);
  });

  it('says once, at deploy, that pages are drawn with the WebAssembly build, and why', async () => {
    const line = await eventually(() => log.split('\n').find((text) => text.includes('page renderer: Takumi')), {
      what: 'the log line that names the engine',
      timeoutMs: 30_000,
      everyMs: 100,
    });
    expect(line).to.include(
      `page renderer: Takumi, WebAssembly build (slower than the native one): its native build for ${process.platform}-${process.arch} did not load: Cannot find native binding`,
    );
    expect(line).to.include('[info]');
    expect(log.split('\n').filter((text) => text.includes('page renderer: Takumi'))).to.have.length(1);
  });

  it('draws both nodes’ pages, readable, and each the native build’s page byte for byte', async () => {
    await press('first-inject');
    await press('second-inject');
    const [first, second] = await eventually(
      () => (shownPage(1) && shownPage(2) ? [shownPage(1), shownPage(2)] : undefined),
      {
        what: 'the two pages on the display',
        timeoutMs: 30_000,
        everyMs: 100,
      },
    );
    const png = (first as SimImagePage).images[0].data;
    expect((second as SimImagePage).images[0].data.equals(png), 'the second page').to.equal(true);
    const pixels = await pixelsOf(png);
    expect([pixels.width, pixels.height]).to.deep.equal([400, 300]);
    expect([...coloursOf(pixels)].sort()).to.deep.equal(['0,0,0', '255,255,255']);
    const [text] = await readText([png]);
    expect(compact(text)).to.include('Nonativebuild').and.to.include('厨房21.5');
    expect(await readQrCodes(png)).to.deep.equal([PAYLOAD.link]);

    const native = new PageRenderer();
    try {
      expect((await native.warmUp()).engine).to.equal('native');
      const drawn = await native.render({ template: TEMPLATE, message: { payload: PAYLOAD }, layoutRules: 'html' });
      expect(png.equals(drawn), 'the same bytes as the native build draws').to.equal(true);
    } finally {
      await native.close();
    }
    expect(log).to.not.include(sim.apiKey);
  });
});
