// QR codes (lean-qr's modules, drawn by us) against a real scanner: every error correction level, from a short text to
// the largest each level holds, in ASCII and in Chinese, all read back by zbarimg; one byte more is refused.

import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { encodeIndexedPng } from '../../dist/lib/images/indexed-png';
import { drawQr, qrCode, type EccLevel } from '../../dist/lib/render/drawing-process/pictures/qr';

const run = promisify(execFile);
const LEVELS: EccLevel[] = ['L', 'M', 'Q', 'H'];
/** The bytes a version 40 code holds in byte mode (ISO/IEC 18004, table 7). */
const CAPACITY: Record<EccLevel, number> = { L: 2953, M: 2331, Q: 1663, H: 1273 };
const PLACE = { line: 1, column: 1 };

/** A text of `bytes` UTF-8 bytes: Latin, or Chinese (3 bytes a character) padded with Latin. */
function text(bytes: number, chinese: boolean, seed: number): string {
  const unit = [...(chinese ? '数据二维码' : 'The quick brown fox 0123456789 ')];
  let out = '';
  while (Buffer.byteLength(out) + (chinese ? 3 : 1) <= bytes) out += unit[out.length % unit.length];
  while (Buffer.byteLength(out) < bytes) out += String.fromCharCode(65 + ((seed + out.length) % 26));
  return out;
}

describe('render: QR codes read back by a scanner', function () {
  this.timeout(60_000);

  it('draws every level from a short text to the largest it holds, Latin and Chinese, as zbarimg reads them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qr-test-'));
    try {
      const texts: string[] = [];
      const sizes = new Set<number>();
      for (const level of LEVELS) {
        // Chinese goes as UTF-8 behind an ECI marker, which takes two of the bytes a code holds.
        const largest = CAPACITY[level];
        const lengths: [number, boolean][] = [
          [1, false],
          [17, true],
          [150, false],
          [600, true],
          [Math.round(largest * 0.7), true],
          [largest - 2, true],
          [largest, false],
        ];
        lengths.forEach(([length, chinese], i) => {
          const value = text(length, chinese, i);
          const code = qrCode(value, level, PLACE);
          sizes.add(code.size);
          const side = (code.size + 8) * 2;
          const bitmap = drawQr(code, side, side, PLACE);
          writeFileSync(join(dir, `${texts.length}.png`), encodeIndexedPng(bitmap.indices, side, side, bitmap.colours));
          texts.push(value);
        });
      }
      // Version 1 (21 modules) to version 40 (177 modules).
      expect([...sizes]).to.include.members([21, 177]);
      const files = texts.map((_, i) => join(dir, `${i}.png`));
      const { stdout } = await run('zbarimg', ['--quiet', '--raw', ...files], { maxBuffer: 16 * 1024 * 1024 });
      expect(stdout.split('\n').slice(0, -1)).to.deep.equal(texts);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses one byte more than a level holds, saying how much it holds', () => {
    for (const level of LEVELS) {
      expect(qrCode('x'.repeat(CAPACITY[level]), level, PLACE).size).to.equal(177);
      expect(() => qrCode('x'.repeat(CAPACITY[level] + 1), level, PLACE)).to.throw(
        new RegExp(`at most ${CAPACITY[level]} bytes with error correction ${level}`),
      );
    }
  });
});
