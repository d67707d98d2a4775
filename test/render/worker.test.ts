// The renderer's drawing process: pages asked for together are each drawn, the main thread keeps running while
// pages are drawn, a page over its time costs that page alone, close ends it, and a process that drew pages
// exits by itself.

import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DeviceCloudError } from '../../dist/lib/errors';
import { PageRenderer } from '../../dist/lib/render';
import { darkness, pixelsOf } from './support';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');

describe('render: the drawing process', function () {
  this.timeout(60_000);

  it('warms up at once and reports what it cost; pages asked for together are all drawn, each its own', async () => {
    const renderer = new PageRenderer();
    try {
      const report = await renderer.warmUp();
      expect(report.loadMs).to.be.above(0);
      expect(report.startMs).to.be.above(0);
      // Page n has one black square, at n x 100 px from the left.
      const pages = await Promise.all(
        [0, 1, 2].map((n) =>
          renderer.render({
            template: `<div style="margin-left:${n * 100}px;width:50px;height:50px;background:black"></div>`,
          }),
        ),
      );
      for (const [n, png] of pages.entries()) {
        const pixels = await pixelsOf(png);
        for (const square of [0, 1, 2]) {
          expect(darkness(pixels, square * 100, 0, 50, 50), `page ${n}, square ${square}`).to.equal(
            square === n ? 1 : 0,
          );
        }
      }
    } finally {
      await renderer.close();
    }
  });

  it('starts its drawing process lean (no extra CA certificates, no heap flag), glibc set to give memory back', async function () {
    // Linux tells each process's environment and command line; it also reads a process's memory from outside,
    // which is why the heap flag is not needed there.
    if (process.platform !== 'linux') this.skip();
    const before = process.env.NODE_EXTRA_CA_CERTS;
    process.env.NODE_EXTRA_CA_CERTS = join(ROOT, 'no-such-bundle.pem');
    const renderer = new PageRenderer();
    try {
      await renderer.warmUp();
      const [pid] = renderer.processIds;
      const environment = readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0');
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0');
      expect(environment.filter((entry) => entry.startsWith('NODE_EXTRA_CA_CERTS='))).to.deep.equal([]);
      expect(environment).to.include('ELECTRON_RUN_AS_NODE=1');
      // Large blocks mapped by themselves and two heaps for all threads: what pages freed goes back to the system.
      expect(environment).to.include('MALLOC_MMAP_THRESHOLD_=524288');
      expect(environment).to.include('MALLOC_ARENA_MAX=2');
      // Only its small young generation, which keeps a recipe page's short-lived objects out of its memory at rest,
      // and gc(), which it calls once it rests.
      expect(commandLine.filter((argument) => argument.startsWith('--'))).to.deep.equal([
        '--max-semi-space-size=1',
        '--expose-gc',
      ]);
      const pixels = await pixelsOf(
        await renderer.render({ template: '<div style="width:50px;height:50px;background:black"></div>' }),
      );
      expect(darkness(pixels, 0, 0, 50, 50)).to.equal(1);
    } finally {
      await renderer.close();
      if (before === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
      else process.env.NODE_EXTRA_CA_CERTS = before;
    }
  });

  it("keeps glibc's allocator as Node-RED's environment sets it, where it does", async function () {
    if (process.platform !== 'linux') this.skip();
    const before = process.env.MALLOC_ARENA_MAX;
    process.env.MALLOC_ARENA_MAX = '4';
    const renderer = new PageRenderer();
    try {
      await renderer.warmUp();
      const [pid] = renderer.processIds;
      const environment = readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0');
      expect(environment.filter((entry) => entry.startsWith('MALLOC_ARENA_MAX='))).to.deep.equal([
        'MALLOC_ARENA_MAX=4',
      ]);
      expect(environment).to.include('MALLOC_MMAP_THRESHOLD_=524288');
    } finally {
      await renderer.close();
      if (before === undefined) delete process.env.MALLOC_ARENA_MAX;
      else process.env.MALLOC_ARENA_MAX = before;
    }
  });

  it('fails only the page over its time (here: 1 ms), then draws the next in a new process', async () => {
    const renderer = new PageRenderer({ timeBudgetMs: 1 });
    try {
      await renderer.warmUp();
      const slow = renderer.render({ template: '<div style="font-size:300px">慢</div>', width: 4000, height: 4000 });
      await slow.then(
        () => expect.fail('a page drew within 1 ms'),
        (error: DeviceCloudError) => {
          expect(error).to.be.instanceOf(DeviceCloudError);
          expect(error.kind).to.equal('timeout');
          expect(error.message).to.match(/was not drawn within its time budget of 0.001 s and was stopped/);
        },
      );
    } finally {
      await renderer.close();
    }
    const patient = new PageRenderer();
    try {
      const pixels = await pixelsOf(
        await patient.render({ template: '<div style="background:black;height:10px"></div>' }),
      );
      expect(pixels.data[0]).to.equal(0);
    } finally {
      await patient.close();
    }
  });

  it('fails pages still waiting when closed, and refuses new ones', async () => {
    const renderer = new PageRenderer();
    await renderer.warmUp();
    const pending = renderer.render({ template: '<div>never</div>', width: 3000, height: 3000 }).then(
      () => expect.fail('drawn after close'),
      (error: DeviceCloudError) => expect(error.kind).to.equal('aborted'),
    );
    await renderer.close();
    await pending;
    await renderer.render({ template: '<div>x</div>' }).then(
      () => expect.fail('drawn after close'),
      (error: DeviceCloudError) => expect(error.kind).to.equal('aborted'),
    );
  });

  it('shares one renderer among leases, closed with the last', async () => {
    // In a process of its own: in this one, render nodes and previews of other tests may hold leases too.
    const script = `
      const { acquireRenderer } = require('./dist/lib/render');
      (async () => {
        const first = acquireRenderer();
        const second = acquireRenderer();
        console.log('shared', second.renderer === first.renderer);
        await first.release();
        await first.release();
        const png = await second.renderer.render({ template: '<div>still open</div>' });
        console.log('drawn while one lease is held', png.length > 0);
        await second.release();
        const after = await second.renderer.render({ template: '<div>x</div>' }).then(() => 'drawn', (error) => error.kind);
        console.log('after the last lease', after);
        const third = acquireRenderer();
        console.log('a new renderer for a new lease', third.renderer !== first.renderer);
        await third.release();
      })();`;
    const { stdout } = await run(process.execPath, ['-e', script], { cwd: ROOT, timeout: 30_000 });
    expect(stdout.trim().split('\n')).to.deep.equal([
      'shared true',
      'drawn while one lease is held true',
      'after the last lease aborted',
      'a new renderer for a new lease true',
    ]);
  });

  it('lets a process that drew pages exit by itself, closed or not', async () => {
    for (const close of [true, false]) {
      const script = `
        const { PageRenderer } = require('./dist/lib/render');
        const renderer = new PageRenderer();
        renderer.warmUp()
          .then(() => renderer.render({ template: '<div>bye</div>' }))
          .then((png) => { console.log('drawn', png.length); ${close ? 'return renderer.close();' : ''} });`;
      const { stdout } = await run(process.execPath, ['-e', script], { cwd: ROOT, timeout: 30_000 });
      expect(stdout, `close: ${close}`).to.match(/^drawn \d+/);
    }
  });
});
