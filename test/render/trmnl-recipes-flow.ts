// Recipe pages drawn through a flow on a host without fonts: a child process (../fixtures/trmnl-recipe-pages) runs
// Node-RED with a device-cloud-trmnl-recipe node, with /usr/share/fonts hidden in a private mount namespace (root
// only), and hands back each page, its warnings or its error.

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { RecipePageAnswer, RecipePageAsked } from '../fixtures/trmnl-recipe-pages';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');
const CHILD = join(ROOT, 'test', 'fixtures', 'trmnl-recipe-pages.ts');
const TYPESCRIPT_HOOK = join(ROOT, 'test', 'support', 'typescript.js');

export interface RecipePageDrawn {
  png: Buffer;
  warnings: string[];
  error?: string;
  ms: number;
}

export async function drawRecipesWithoutHostFonts(pages: RecipePageAsked[]): Promise<RecipePageDrawn[]> {
  const dir = mkdtempSync(join(tmpdir(), 'trmnl-recipe-pages-'));
  try {
    const asked = join(dir, 'asked.json');
    const answer = join(dir, 'answer.json');
    writeFileSync(asked, JSON.stringify(pages));
    const hidden =
      'mount -t tmpfs none /usr/share/fonts && [ -z "$(ls -A /usr/share/fonts)" ] && ' +
      `exec "${process.execPath}" --require "$0" "$1" "$2" "$3"`;
    await run('unshare', ['-m', 'sh', '-c', hidden, TYPESCRIPT_HOOK, CHILD, asked, answer], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
      timeout: 300_000,
    });
    const drawn = JSON.parse(readFileSync(answer, 'utf8')) as RecipePageAnswer[];
    return drawn.map((page) => ({ ...page, png: Buffer.from(page.png, 'base64') }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
