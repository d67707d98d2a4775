// What a template cannot make the renderer do: read a file or fetch from the network. SVG, inline or as a
// picture, may point at both; the page is drawn without them. A local web server counts the requests that
// reach it, and a black picture waits in a file: neither shows on the page.

import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { PageRenderer } from '../../dist/lib/render';
import { darkness, pixelsOf } from './support';

describe('render: nothing read from disk or fetched from the network', function () {
  this.timeout(60_000);
  const renderer = new PageRenderer();
  let server: Server;
  let requests = 0;
  let dir: string;
  let black: Buffer;
  let file: string;
  let web: string;

  before(async () => {
    black = await sharp({ create: { width: 100, height: 100, channels: 3, background: 'black' } })
      .png()
      .toBuffer();
    dir = mkdtempSync(join(tmpdir(), 'render-hostile-'));
    file = join(dir, 'black.png');
    writeFileSync(file, black);
    server = createServer((_request, response) => {
      requests++;
      response.writeHead(200, { 'content-type': 'image/png' }).end(black);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    web = `http://127.0.0.1:${(server.address() as AddressInfo).port}/black.png`;
    await renderer.warmUp();
  });
  after(async () => {
    await renderer.close();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  /** An SVG of 100 x 100 showing a picture from `href` over all of it. */
  function svgPointingAt(href: string): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100"><image href="${href}" xlink:href="${href}" width="100" height="100"/></svg>`;
  }

  it('draws inline SVG that points at a file and at the web without them', async () => {
    for (const href of [file, `file://${file}`, web]) {
      const template = `<div style="display:flex">${svgPointingAt(href)}<svg width="100" height="100"><rect width="100" height="100" fill="black"/></svg></div>`;
      const pixels = await pixelsOf(await renderer.render({ template }));
      expect(darkness(pixels, 0, 0, 100, 100), href).to.equal(0);
      // The SVG beside it, of its own drawing, shows: inline SVG is drawn.
      expect(darkness(pixels, 100, 0, 100, 100), 'the inline SVG of its own').to.equal(1);
    }
    expect(requests, 'requests the web server received').to.equal(0);
  });

  it('draws an SVG picture that points at a file and at the web without them', async () => {
    for (const href of [file, `file://${file}`, web]) {
      const url = `data:image/svg+xml;base64,${Buffer.from(svgPointingAt(href)).toString('base64')}`;
      for (const dither of ['none', 'atkinson'] as const) {
        const template = '<img src="{{{payload}}}" width="100" height="100">';
        const pixels = await pixelsOf(await renderer.render({ template, message: { payload: url }, dither }));
        expect(darkness(pixels, 0, 0, 100, 100), `${href}, ${dither}`).to.equal(0);
      }
    }
    expect(requests, 'requests the web server received').to.equal(0);
  });
});
