// The published package where the drawing engine has no native build, as on 32-bit Raspberry Pi OS or 32-bit
// Windows: `npm pack`, installed into a plain Node-RED user directory, whose native Takumi binaries (the
// optional @takumi-rs/core-<platform> packages) are then removed, as npm leaves them out where none fits.
// Node-RED runs from that directory against the simulator. Two render nodes draw their pages with the
// WebAssembly build, which the log names once with the reason; the page the display then shows reads as the
// template says (text by OCR, its QR code), and is the native build's page byte for byte.

import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import { PageRenderer } from '../dist/lib/render';
import { startSimulator, type SimImagePage, type Simulator } from '../dist/simulator/server';
import { KITCHEN } from './fixtures/service';
import { coloursOf, compact, pixelsOf, readQrCodes, readText } from './render/support';
import {
  installPacked,
  packPackage,
  startNodeRed,
  started,
  type InstalledNodeRed,
  type PackedPackage,
} from './support/installed-package';
import { eventually } from './support/until';

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

describe('the npm package where the drawing engine has no native build (32-bit ARM, 32-bit Windows) @slow', function () {
  this.timeout(240_000);
  let installed: PackedPackage | undefined;
  let sim: Simulator;
  let nodeRed: InstalledNodeRed | undefined;
  let removed: string[];

  before(async () => {
    installed = await packPackage('device-cloud-no-native-takumi-');
    const userDir = await installPacked(installed);
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
    nodeRed = await startNodeRed(userDir, nodes, {
      label: 'without native Takumi',
      sim,
      logLevel: 'info',
      columns: 3,
    });
  });

  after(async () => {
    await nodeRed?.stop();
    if (sim) await sim.close();
    installed?.remove();
  });

  function shownPage(page: number): SimImagePage | undefined {
    const shown = sim.state.pages.get(KITCHEN)?.[page - 1];
    return shown?.kind === 'image' ? shown : undefined;
  }

  it('installs without a native build of the engine: none was left to load', () => {
    expect(removed, 'the native packages npm had installed here').to.have.length.above(0);
  });

  it('says once, at deploy, that pages are drawn with the WebAssembly build, and why', async () => {
    const line = await eventually(
      () =>
        started(nodeRed)
          .log()
          .split('\n')
          .find((text) => text.includes('page renderer: Takumi')),
      {
        what: 'the log line that names the engine',
        timeoutMs: 30_000,
        everyMs: 100,
      },
    );
    expect(line).to.include(
      `page renderer: Takumi, WebAssembly build (slower than the native one): its native build for ${process.platform}-${process.arch} did not load: Cannot find native binding`,
    );
    expect(line).to.include('[info]');
    expect(
      started(nodeRed)
        .log()
        .split('\n')
        .filter((text) => text.includes('page renderer: Takumi')),
    ).to.have.length(1);
  });

  it('draws both nodes’ pages, readable, and each the native build’s page byte for byte', async () => {
    await started(nodeRed).press('first-inject');
    await started(nodeRed).press('second-inject');
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
    expect(started(nodeRed).log()).to.not.include(sim.apiKey);
  });
});
