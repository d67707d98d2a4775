// Which font files a drawing process reads, as the system sees it: each page is drawn by a fresh Node.js under
// strace, which lists every file the process and its drawing process open. A page reads the fonts its text
// needs, at the weight it is written in, in the forms of its language, and no other.

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');

const CHILD = `
  const { PageRenderer } = require('./dist/lib/render');
  (async () => {
    const renderer = new PageRenderer();
    await renderer.warmUp();
    await renderer.render({ template: process.argv[process.argv.length - 1], layoutRules: 'html' });
    await renderer.close();
  })().catch((error) => { console.error(error); process.exit(1); });`;

async function straceAvailable(): Promise<boolean> {
  try {
    await run('strace', ['-V']);
    return true;
  } catch {
    return false;
  }
}

/** The shipped font files opened while a renderer starts and draws `template`. */
async function fontFilesRead(template: string): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'lazy-fonts-'));
  try {
    const trace = join(dir, 'trace.txt');
    await run('strace', ['-f', '-qq', '-e', 'trace=openat', '-o', trace, process.execPath, '-e', CHILD, template], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    });
    const opened = readFileSync(trace, 'utf8').match(/dist\/fonts\/[^"]+\.(?:ttf|woff2)/g) ?? [];
    return [...new Set(opened.map((path) => path.slice('dist/fonts/'.length)))].sort();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('render: a page reads only the font files its text needs', function () {
  this.timeout(60_000);

  before(async function () {
    if (!(await straceAvailable())) this.skip();
  });

  it('reads Noto Sans alone for a Latin page, regular and bold', async () => {
    expect(await fontFilesRead('<div>Kitchen <b>21.5 °C</b></div>')).to.deep.equal([
      'NotoSans-Bold.ttf',
      'NotoSans-Regular.ttf',
    ]);
  });

  it('reads the Traditional Chinese regular face for a page in zh-TW, not the Simplified Chinese fonts', async () => {
    expect(await fontFilesRead('<div lang="zh-TW">臺灣體育館 天氣晴朗</div>')).to.deep.equal([
      'NotoSans-Bold.ttf',
      'NotoSans-Regular.ttf',
      'NotoSansTC-Regular.woff2',
    ]);
  });

  it('reads only the bold face of a script whose text is bold', async () => {
    expect(await fontFilesRead('<h1 dir="rtl">مرحبا</h1><p>🌧 rain</p>')).to.deep.equal([
      'NotoEmoji-Regular.woff2',
      'NotoSans-Bold.ttf',
      'NotoSans-Regular.ttf',
      'NotoSansArabic-Bold.woff2',
    ]);
  });
});
