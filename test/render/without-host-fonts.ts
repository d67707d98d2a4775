// Pages drawn as on a host without any font (the Node-RED container images install none): a child Node.js
// process draws them with /usr/share/fonts hidden in a private mount namespace (root only), and hands back
// each page and what the renderer warned of while drawing it.

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');

export interface PageAsked {
  template: string;
  message?: unknown;
  width?: number;
  height?: number;
  colors?: string;
  layoutRules?: string;
  /** Font files the page may use (a node's `fonts` setting), full paths. */
  fonts?: string[];
}

export interface PageDrawn {
  png: Buffer;
  warnings: string[];
  /** The error the page failed with, when it did. */
  error?: string;
}

/** Whether this process may hide the host's fonts (a private mount namespace needs root). */
export function canHideHostFonts(): boolean {
  return process.getuid?.() === 0;
}

const CHILD = `
  const { readdirSync, readFileSync, writeFileSync } = require('node:fs');
  const { PageRenderer, loadFontFiles } = require('./dist/lib/render');
  const [asked, answer] = process.argv.slice(-2);
  (async () => {
    if (readdirSync('/usr/share/fonts').length !== 0) throw new Error('the host fonts are not hidden');
    const renderer = new PageRenderer();
    const pages = [];
    for (const page of JSON.parse(readFileSync(asked, 'utf8'))) {
      const warnings = [];
      try {
        const fonts = page.fonts ? loadFontFiles(page.fonts, '/') : undefined;
        const png = await renderer.render({ ...page, fonts, warn: (text) => warnings.push(text) });
        pages.push({ png: png.toString('base64'), warnings });
      } catch (error) {
        pages.push({ png: '', warnings, error: error.message });
      }
    }
    await renderer.close();
    writeFileSync(answer, JSON.stringify(pages));
  })().catch((error) => { console.error(error); process.exit(1); });`;

/** Draws each page in a fresh process with no font on the host; `env` adds to its environment (TZ, …). */
export async function drawWithoutHostFonts(pages: PageAsked[], env: Record<string, string> = {}): Promise<PageDrawn[]> {
  const dir = mkdtempSync(join(tmpdir(), 'no-host-fonts-'));
  try {
    const asked = join(dir, 'asked.json');
    const answer = join(dir, 'answer.json');
    writeFileSync(asked, JSON.stringify(pages));
    const hidden = `mount -t tmpfs none /usr/share/fonts && exec "${process.execPath}" -e "$0" "$1" "$2"`;
    await run('unshare', ['-m', 'sh', '-c', hidden, CHILD, asked, answer], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      maxBuffer: 16 * 1024 * 1024,
    });
    const drawn = JSON.parse(readFileSync(answer, 'utf8')) as { png: string; warnings: string[]; error?: string }[];
    return drawn.map((page) => ({ ...page, png: Buffer.from(page.png, 'base64') }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
