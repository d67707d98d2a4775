// The same template and message give the same PNG bytes on a host without fonts: the host's fonts are never
// used. A child process draws the page with /usr/share/fonts hidden (a private mount namespace).

import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PageRenderer } from '../../dist/lib/render';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');
const TEMPLATE =
  '<div style="padding:16px;font-size:28px"><div style="font-weight:bold">{{payload.title}}</div>' +
  '<div style="font-family:serif">Serif asked, 宋体 asked</div><div style="font-family:monospace">mono 0123</div>' +
  '<img src="qr:{{payload.title}}" width="100" height="100"></div>';
const MESSAGE = { payload: { title: 'Fonts 字体 Ünïcødé' } };

/** Draws the page in a fresh Node.js process and prints the SHA-256 of its bytes. */
const CHILD = `
  const { createHash } = require('node:crypto');
  const { readdirSync } = require('node:fs');
  const { PageRenderer } = require('./dist/lib/render');
  const renderer = new PageRenderer();
  renderer.render(${JSON.stringify({ template: TEMPLATE, message: MESSAGE })})
    .then((png) => console.log(JSON.stringify({ fonts: readdirSync('/usr/share/fonts').length, sha256: createHash('sha256').update(png).digest('hex') })))
    .finally(() => renderer.close());`;

describe('render: host fonts are not used', function () {
  this.timeout(60_000);

  before(function () {
    if (process.getuid?.() !== 0) this.skip(); // a private mount namespace needs root
  });

  it('draws the same bytes with /usr/share/fonts hidden as with it', async () => {
    expect(readdirSync('/usr/share/fonts').length, 'this host has fonts to hide').to.be.above(0);
    const renderer = new PageRenderer();
    let here: string;
    try {
      here = createHash('sha256')
        .update(await renderer.render({ template: TEMPLATE, message: MESSAGE }))
        .digest('hex');
    } finally {
      await renderer.close();
    }
    const hidden = `mount -t tmpfs none /usr/share/fonts && exec "${process.execPath}" -e "$0"`;
    const { stdout } = await run('unshare', ['-m', 'sh', '-c', hidden, CHILD], { cwd: ROOT });
    const child = JSON.parse(stdout) as { fonts: number; sha256: string };
    expect(child.fonts, 'fonts hidden in the child').to.equal(0);
    expect(child.sha256).to.equal(here);
  });
});
