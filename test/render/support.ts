// How the render tests look at a page as a person would: its pixels decoded by sharp (not our code), its
// text read back by tesseract, its QR codes by zbarimg. None of them compares with a picture we made.

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);

export interface Pixels {
  width: number;
  height: number;
  /** RGB, three bytes a pixel. */
  data: Buffer;
}

export async function pixelsOf(png: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/** The distinct colours of a picture, as `r,g,b` strings. */
export function coloursOf(pixels: Pixels): Set<string> {
  const colours = new Set<string>();
  for (let i = 0; i < pixels.data.length; i += 3) {
    colours.add(`${pixels.data[i]},${pixels.data[i + 1]},${pixels.data[i + 2]}`);
  }
  return colours;
}

/** Share of black pixels (0..1) in a rectangle. */
export function darkness(pixels: Pixels, left: number, top: number, width: number, height: number): number {
  let dark = 0;
  for (let y = top; y < top + height; y++) {
    for (let x = left; x < left + width; x++) {
      const i = (y * pixels.width + x) * 3;
      if (pixels.data[i] + pixels.data[i + 1] + pixels.data[i + 2] === 0) dark++;
    }
  }
  return dark / (width * height);
}

/** The smallest box holding every black pixel: where the ink of a page is. */
export function inkBox(pixels: Pixels): { left: number; top: number; right: number; bottom: number } {
  const box = { left: pixels.width, top: pixels.height, right: -1, bottom: -1 };
  for (let y = 0; y < pixels.height; y++) {
    for (let x = 0; x < pixels.width; x++) {
      const i = (y * pixels.width + x) * 3;
      if (pixels.data[i] + pixels.data[i + 1] + pixels.data[i + 2] !== 0) continue;
      box.left = Math.min(box.left, x);
      box.top = Math.min(box.top, y);
      box.right = Math.max(box.right, x);
      box.bottom = Math.max(box.bottom, y);
    }
  }
  return box;
}

/** Ink bands: the runs of rows that hold ink (between `left` and `right`), from the top. */
export function inkBands(pixels: Pixels, left = 0, right = pixels.width): { top: number; bottom: number }[] {
  const bands: { top: number; bottom: number }[] = [];
  for (let y = 0; y < pixels.height; y++) {
    if (darkness(pixels, left, y, right - left, 1) === 0) continue;
    const last = bands[bands.length - 1];
    if (last && last.bottom === y - 1) last.bottom = y;
    else bands.push({ top: y, bottom: y });
  }
  return bands;
}

function scratch<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'render-test-'));
  return work(dir).finally(() => rmSync(dir, { recursive: true, force: true }));
}

/**
 * The text tesseract reads on each page, in one run for all of them (tesseract takes seconds to start
 * with the Chinese model), learning from one page to the next turned off so each page reads as if alone. Text of 16 to 60 px reads best as drawn; `scales` (one per page, default 1)
 * shrinks a page of giant digits or enlarges one of small text first. `languages`: tesseract's models to read
 * with (default Chinese and English; `chi_tra`, `ell`, `rus`, `jpn`, `kor`, `ara`, `heb`, `tha` and `hin` are
 * installed too). `layout`: tesseract's page segmentation mode (3: find the page's blocks; 6: one block of text,
 * for a page of a line or two that mode 3 may take for a picture).
 */
export function readText(
  pages: Buffer[],
  scales: number[] = [],
  languages = 'chi_sim+eng',
  layout = 3,
): Promise<string[]> {
  return scratch(async (dir) => {
    const files: string[] = [];
    for (const [index, png] of pages.entries()) {
      const file = join(dir, `page-${index}.png`);
      const scale = scales[index] ?? 1;
      // As drawn when not scaled: tesseract reads a 1-bit PNG differently (better) than the same pixels in 8 bits.
      if (scale === 1) {
        writeFileSync(file, png);
      } else {
        const { width } = await sharp(png).metadata();
        await sharp(png)
          .resize(Math.round((width ?? 0) * scale), undefined, { kernel: 'cubic' })
          .png()
          .toFile(file);
      }
      files.push(file);
    }
    const list = join(dir, 'pages.txt');
    writeFileSync(list, `${files.join('\n')}\n`);
    const { stdout } = await run(
      'tesseract',
      [list, 'stdout', '-l', languages, '--psm', String(layout), '-c', 'classify_enable_learning=0'],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const texts = stdout.split('\f');
    return pages.map((_, index) => texts[index] ?? '');
  });
}

/** Text without white space: tesseract puts spaces between Chinese characters at will. */
export function compact(text: string): string {
  return text.replace(/\s+/g, '');
}

/** The texts of the QR codes zbarimg finds on a page. */
export function readQrCodes(png: Buffer): Promise<string[]> {
  return scratch(async (dir) => {
    const file = join(dir, 'page.png');
    writeFileSync(file, png);
    // zbarimg exits with 4 when it finds no code: an answer (none), not a failure.
    const { stdout } = await run('zbarimg', ['--quiet', '--raw', file]).catch(
      (error: { code?: number; stdout?: string }) => {
        if (error.code === 4) return { stdout: '' };
        throw error;
      },
    );
    return stdout.split('\n').filter((line) => line !== '');
  });
}
