// The published package where sharp cannot load, as on 32-bit Raspberry Pi OS Bullseye (glibc 2.31;
// sharp 0.35's binary for 32-bit ARM needs 2.36): `npm pack`, installed into a plain Node-RED user
// directory, whose node_modules/sharp is then replaced by a package whose require throws as the real
// one does there. Node-RED runs from that directory against the simulator. The nodes register, text
// and to-do nodes work, display-image sends a picture already of the screen's size (a BMP as a PNG,
// by our own decoding) and refuses one it would have to fit or convert with sharp (a GIF), with the
// platform problem and the way out; the problem is logged once.

import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { startSimulator, type Simulator } from '../dist/simulator/server';
import { bmpOfSize } from './fixtures/images';
import { KITCHEN } from './fixtures/service';
import {
  installPacked,
  packPackage,
  startNodeRed,
  started,
  type InstalledNodeRed,
  type PackedPackage,
} from './support/installed-package';
import { pkg } from './support/package-files';
import { eventually } from './support/until';

const packageName = pkg.name;

/** What sharp 0.35's loader throws on Raspberry Pi OS Bullseye, 32-bit. */
const BULLSEYE_FAILURE = [
  'Could not load the "sharp" module using the linux-arm runtime',
  "ERR_DLOPEN_FAILED: /usr/lib/arm-linux-gnueabihf/libstdc++.so.6: version `CXXABI_1.3.13' not found (required by /home/pi/.node-red/node_modules/@img/sharp-libvips-linux-arm/lib/libvips-cpp.so.8.18.7)",
  'Possible solutions:',
  '- Ensure optional dependencies can be installed:',
  '    npm install --include=optional sharp',
  '- Add platform-specific dependencies:',
  '    npm install --os=linux --cpu=arm sharp',
  '- Update your OS:',
  '    Found glibc 2.31',
  '    Requires glibc >=2.36',
  '- Consult the installation documentation:',
  '    See https://sharp.pixelplumbing.com/install',
].join('\n');

/** Replaces the installed sharp by one laid out as the real one, whose require throws as it does on Bullseye. */
function breakSharp(userDir: string): string {
  const folder = path.join(userDir, 'node_modules', 'sharp');
  const { version } = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version: string };
  fs.rmSync(folder, { recursive: true });
  fs.mkdirSync(path.join(folder, 'dist'), { recursive: true });
  const manifest = {
    name: 'sharp',
    version,
    main: 'dist/index.cjs',
    exports: { '.': { require: './dist/index.cjs' } },
  };
  fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify(manifest));
  fs.writeFileSync(path.join(folder, 'dist', 'index.cjs'), `throw new Error(${JSON.stringify(BULLSEYE_FAILURE)});\n`);
  return version;
}

function inject(id: string, payload: string, target: string): Record<string, unknown> {
  return { id, type: 'inject', z: 'tab', props: [{ p: 'payload' }], payload, payloadType: 'str', wires: [[target]] };
}

describe('the npm package where sharp cannot load (32-bit Raspberry Pi OS Bullseye) @slow', function () {
  this.timeout(240_000);
  let installed: PackedPackage | undefined;
  let sim: Simulator;
  let nodeRed: InstalledNodeRed | undefined;
  let base: string;
  let errorsFile: string;
  let sharpVersion: string;
  const small = () => sharp({ create: { width: 400, height: 300, channels: 3, background: 'white' } }).png();
  let smallPng: Buffer;
  let largePng: Buffer;
  let screenGif: Buffer;
  /** 400 x 300, red on the left half, blue on the right. */
  const screenBmp = bmpOfSize(400, 300, { colour: (x) => (x < 200 ? [255, 0, 0] : [0, 0, 255]) });

  before(async () => {
    installed = await packPackage('device-cloud-no-sharp-');
    const { dir } = installed;
    const userDir = await installPacked(installed);
    smallPng = await small().toBuffer();
    largePng = await sharp({ create: { width: 800, height: 600, channels: 3, background: 'white' } })
      .png()
      .toBuffer();
    screenGif = await small().gif().toBuffer();
    sharpVersion = breakSharp(userDir);

    sim = await startSimulator();
    errorsFile = path.join(dir, 'errors.txt');
    const nodes = [
      inject('say', 'Hello from a Pi', 'text'),
      { id: 'text', type: 'device-cloud-display-text', z: 'tab', account: 'account', deviceId: KITCHEN, wires: [[]] },
      inject('remember', 'Buy milk', 'todo'),
      { id: 'todo', type: 'device-cloud-todo-create', z: 'tab', account: 'account', deviceId: KITCHEN, wires: [[]] },
      inject('fits', smallPng.toString('base64'), 'image-small'),
      { id: 'image-small', type: 'device-cloud-display-image', z: 'tab', account: 'account', deviceId: KITCHEN },
      inject('too-big', largePng.toString('base64'), 'image-large'),
      { id: 'image-large', type: 'device-cloud-display-image', z: 'tab', account: 'account', deviceId: KITCHEN },
      inject('bmp', screenBmp.toString('base64'), 'image-bmp'),
      { id: 'image-bmp', type: 'device-cloud-display-image', z: 'tab', account: 'account', deviceId: KITCHEN },
      inject('gif', screenGif.toString('base64'), 'image-gif'),
      { id: 'image-gif', type: 'device-cloud-display-image', z: 'tab', account: 'account', deviceId: KITCHEN },
      { id: 'catch', type: 'catch', z: 'tab', scope: null, uncaught: false, wires: [['error-text']] },
      {
        id: 'error-text',
        type: 'change',
        z: 'tab',
        rules: [{ t: 'set', p: 'payload', pt: 'msg', to: 'error.message', tot: 'msg' }],
        wires: [['errors']],
      },
      {
        id: 'errors',
        type: 'file',
        z: 'tab',
        filename: errorsFile,
        filenameType: 'str',
        appendNewline: true,
        createDir: false,
        overwriteFile: 'false',
        encoding: 'utf8',
        wires: [],
      },
    ];
    nodeRed = await startNodeRed(userDir, nodes, {
      label: 'without sharp',
      sim,
      logLevel: 'warn',
      columns: 2,
    });
    base = nodeRed.base;
  });

  after(async () => {
    await nodeRed?.stop();
    if (sim) await sim.close();
    installed?.remove();
  });

  it('registers every node of the set, without an error', async () => {
    const response = await fetch(`${base}/nodes`, { headers: { accept: 'application/json' } });
    const sets = (await response.json()) as { module: string; types: string[]; err?: string }[];
    const ours = sets.filter((set) => set.module === packageName);
    expect(ours.flatMap((set) => set.types)).to.include.members([
      'device-cloud-account',
      'device-cloud-display-text',
      'device-cloud-todo-create',
      'device-cloud-display-image',
    ]);
    expect(ours.filter((set) => set.err)).to.deep.equal([]);
  });

  it('warns at deploy, before any message, that pictures cannot be fitted: the problem and the way out', async () => {
    const warning = await eventually(
      () =>
        started(nodeRed)
          .log()
          .split('\n')
          .find((line) => line.includes('pictures cannot be fitted')),
      {
        what: 'the warning about sharp',
        timeoutMs: 30_000,
        everyMs: 100,
      },
    );
    expect(warning).to.include('[warn]');
    expect(warning).to.include('needs glibc 2.36 or later; this system has glibc 2.31');
    expect(warning).to.include('upgrade to Raspberry Pi OS 12 (Bookworm) or later, or to the 64-bit Raspberry Pi OS');
    expect(warning).to.include(`npm install @img/sharp-wasm32@${sharpVersion}`);
    expect(warning).to.include('sharp said: Could not load the "sharp" module using the linux-arm runtime');
    expect(sim.requests).to.deep.equal([]);
  });

  it('a text push and a to-do create work', async () => {
    await started(nodeRed).press('say');
    await started(nodeRed).press('remember');
    await eventually(() => sim.state.todos.size === 1 && sim.requests.length >= 2, {
      what: 'the text push and the to-do',
      timeoutMs: 30_000,
      everyMs: 100,
    });
    const text = sim.requests.find((request) => request.path.endsWith('/display/text'));
    expect(text?.body).to.deep.equal({ text: 'Hello from a Pi' });
    expect([...sim.state.todos.values()].map((todo) => [todo.title, todo.deviceId])).to.deep.equal([
      ['Buy milk', KITCHEN],
    ]);
  });

  it('display-image sends a 400 x 300 PNG as it is', async () => {
    await started(nodeRed).press('fits');
    const push = await eventually(() => sim.requests.find((request) => request.path.endsWith('/display/image')), {
      what: 'the image push',
      timeoutMs: 30_000,
      everyMs: 100,
    });
    const images = push.parts?.filter((part) => part.name === 'images') ?? [];
    expect(images.map((part) => part.contentType)).to.deep.equal(['image/png']);
    expect(images[0].data.equals(smallPng)).to.equal(true);
  });

  it('refuses an 800 x 600 PNG at a Catch node, naming the field, the platform problem and the way out', async () => {
    const before = sim.requests.length;
    await started(nodeRed).press('too-big');
    const message = await eventually(() => fs.existsSync(errorsFile) && fs.readFileSync(errorsFile, 'utf8').trim(), {
      what: 'the error at the Catch node',
      timeoutMs: 30_000,
      everyMs: 100,
    });
    // Node-RED puts the error's name before its text in msg.error.message.
    expect(message).to.equal(
      'DeviceCloudError: payload: cannot be sent as it is (it is 800 x 600) and cannot be fitted to 400 x 300 here: ' +
        'sharp, the image library, cannot load (its binary for 32-bit ARM Linux needs glibc 2.36 or later; ' +
        'this system has glibc 2.31). Send PNG, JPEG or BMP pictures of exactly 400 x 300, or with fit none; ' +
        'to fit pictures, ' +
        'upgrade to Raspberry Pi OS 12 (Bookworm) or later, or to the 64-bit Raspberry Pi OS, or install ' +
        "sharp's WebAssembly build in the Node-RED user directory " +
        `(npm install @img/sharp-wasm32@${sharpVersion}; slower)`,
    );
    expect(sim.requests.length).to.equal(before);
  });

  it('told the platform problem once: two display-image nodes and two pictures, one warning', async () => {
    // The refused picture went through after the warning; a second one must not bring another.
    await started(nodeRed).press('too-big');
    await eventually(() => fs.readFileSync(errorsFile, 'utf8').trim().split('\n').length === 2, {
      what: 'the second error',
      timeoutMs: 30_000,
      everyMs: 100,
    });
    expect(
      started(nodeRed)
        .log()
        .split('\n')
        .filter((line) => line.includes('pictures cannot be fitted')),
    ).to.have.length(1);
    expect(started(nodeRed).log()).to.not.include(sim.apiKey);
  });

  it('display-image sends a 400 x 300 BMP as a PNG of its pixels, decoded without sharp', async () => {
    const before = sim.requests.length;
    await started(nodeRed).press('bmp');
    const push = await eventually(() => sim.requests.slice(before).find((r) => r.path.endsWith('/display/image')), {
      what: 'the BMP push',
      timeoutMs: 30_000,
      everyMs: 100,
    });
    const images = push.parts?.filter((part) => part.name === 'images') ?? [];
    expect(images.map((part) => part.contentType)).to.deep.equal(['image/png']);
    // Read back here, where sharp loads.
    const { data, info } = await sharp(images[0].data).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).to.deep.equal([400, 300, 3]);
    expect([...data.subarray(0, 3)]).to.deep.equal([255, 0, 0]);
    expect([...data.subarray(data.length - 3)]).to.deep.equal([0, 0, 255]);
  });

  it('refuses a 400 x 300 GIF, which only sharp turns into a PNG, saying so', async () => {
    const before = sim.requests.length;
    await started(nodeRed).press('gif');
    const errors = await eventually(
      () => {
        const lines = fs.readFileSync(errorsFile, 'utf8').trim().split('\n');
        return lines.length === 3 && lines;
      },
      { what: 'the GIF error', timeoutMs: 30_000, everyMs: 100 },
    );
    expect(errors[2]).to.match(
      /^DeviceCloudError: payload: cannot be sent as it is \(it is a GIF, which is sent as PNG\) and cannot be fitted to 400 x 300 here: sharp, the image library, cannot load/,
    );
    expect(sim.requests.length).to.equal(before);
  });
});
