// The two builds of the drawing engine. This host loads the native one; DEVICE_CLOUD_RENDER_ENGINE=webassembly
// makes a process draw with the WebAssembly build instead (as hosts without a native build do), and says so.
// Both give the same pages, byte for byte: text, a QR code, a chart and a dithered picture.

import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { PageRenderer, type PageRequest } from '../../dist/lib/render';
import { compact, readQrCodes, readText } from './support';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');

/** Draws the requests in a fresh process with the given environment; its warm-up report and pages. */
async function drawElsewhere(
  requests: PageRequest[],
  env: Record<string, string>,
): Promise<{ report: { engine: string; nativeProblem?: string }; pages: Buffer[] }> {
  const script = `
    const { PageRenderer } = require('./dist/lib/render');
    const requests = JSON.parse(process.argv[1], (key, value) =>
      value && value.type === 'Buffer' ? Buffer.from(value.data) : value);
    const renderer = new PageRenderer();
    (async () => {
      const report = await renderer.warmUp();
      const pages = [];
      for (const request of requests) pages.push((await renderer.render(request)).toString('base64'));
      console.log(JSON.stringify({ report, pages }));
      await renderer.close();
    })();`;
  const { stdout } = await run(process.execPath, ['-e', script, JSON.stringify(requests)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    maxBuffer: 16 * 1024 * 1024,
  });
  const answer = JSON.parse(stdout) as { report: { engine: string; nativeProblem?: string }; pages: string[] };
  return { report: answer.report, pages: answer.pages.map((page) => Buffer.from(page, 'base64')) };
}

describe('render: the native and the WebAssembly engine', function () {
  this.timeout(120_000);
  let requests: PageRequest[];

  before(async () => {
    const photo = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 140, b: 200 } },
    })
      .jpeg()
      .toBuffer();
    requests = [
      {
        template: `<div style="padding:16px;font-size:28px"><div style="font-weight:bold">{{payload.title}}</div>
          <div>厨房 21.5 °C</div><img src="qr:{{payload.title}}" width="120" height="120"></div>`,
        message: { payload: { title: 'Both engines 两个引擎' } },
      },
      {
        template: `<h1>Chart</h1><img src="chart:line" data-values="3 1 4 1 5 9 2 6" style="width:300px;height:80px">
          <img src="{{{payload}}}" style="width:160px;height:120px;object-fit:cover">`,
        message: { payload: photo },
        layoutRules: 'html',
        colors: 'bwry',
        dither: 'floyd-steinberg',
      },
    ];
  });

  it('draws with WebAssembly where told to, saying why, and gives the native engine’s pages byte for byte', async () => {
    const native = new PageRenderer();
    let nativePages: Buffer[];
    try {
      expect((await native.warmUp()).engine, 'this host').to.equal('native');
      nativePages = [];
      for (const request of requests) nativePages.push(await native.render(request));
    } finally {
      await native.close();
    }
    const webassembly = await drawElsewhere(requests, { DEVICE_CLOUD_RENDER_ENGINE: 'webassembly' });
    expect(webassembly.report.engine).to.equal('webassembly');
    expect(webassembly.report.nativeProblem).to.equal('DEVICE_CLOUD_RENDER_ENGINE=webassembly is set');
    webassembly.pages.forEach((page, index) => expect(page.equals(nativePages[index]), `page ${index}`).to.equal(true));
    // And it is a page a person reads: its text, its code.
    const [text] = await readText([webassembly.pages[0]]);
    expect(compact(text)).to.include('Bothengines两个引擎').and.to.include('21.5°C');
    expect(await readQrCodes(webassembly.pages[0])).to.deep.equal(['Both engines 两个引擎']);
  });
});
