// Our QR encoder against a real scanner: codes of every error correction level, from version 1 to 40
// (the largest text each level holds), in ASCII and in Chinese, all read back by zbarimg.

import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { encodeIndexedPng } from '../../dist/lib/images/indexed-png';
import { drawQr } from '../../dist/lib/render/qr';
import { byteCapacity, encodeQr, type EccLevel } from '../../dist/lib/render/qr-encode';

const run = promisify(execFile);
const LEVELS: EccLevel[] = ['L', 'M', 'Q', 'H'];
const PLACE = { line: 1, column: 1 };

/** A text of `bytes` UTF-8 bytes: Latin, or Chinese (3 bytes a character) padded with Latin. */
function text(bytes: number, chinese: boolean, seed: number): string {
  const unit = chinese ? '数据二维码' : 'The quick brown fox 0123456789 ';
  let out = '';
  while (Buffer.byteLength(out) + (chinese ? 3 : 1) <= bytes) out += [...unit][out.length % [...unit].length];
  while (Buffer.byteLength(out) < bytes) out += String.fromCharCode(65 + ((seed + out.length) % 26));
  return out;
}

describe('render: QR codes read back by a scanner', function () {
  this.timeout(60_000);

  it('encodes every level from version 1 to 40, Latin and Chinese, as zbarimg reads them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qr-test-'));
    try {
      const texts: string[] = [];
      const versions = new Set<string>();
      for (const level of LEVELS) {
        const largest = byteCapacity(level);
        const lengths = [1, 17, 60, 150, 300, 600, 1000, Math.round(largest * 0.7), largest];
        lengths.forEach((length, i) => {
          const value = text(length, i % 2 === 1, i);
          const code = encodeQr(value, level);
          versions.add(`${level}${(code.size - 17) / 4}`);
          const side = (code.size + 8) * 2;
          const bitmap = drawQr(code, side, side, PLACE);
          const indices = bitmap.indices.map((index) => (index > 1 ? 1 : index));
          writeFileSync(join(dir, `${texts.length}.png`), encodeIndexedPng(indices, side, side, bitmap.colours));
          texts.push(value);
        });
      }
      expect([...versions]).to.include.members(['L1', 'M1', 'Q1', 'H1', 'L40', 'M40', 'Q40', 'H40']);
      const files = texts.map((_, i) => join(dir, `${i}.png`));
      const { stdout } = await run('zbarimg', ['--quiet', '--raw', ...files], { maxBuffer: 16 * 1024 * 1024 });
      expect(stdout.split('\n').slice(0, -1)).to.deep.equal(texts);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('holds the standard’s byte capacity at each level, and refuses one byte more', () => {
    expect(LEVELS.map(byteCapacity)).to.deep.equal([2953, 2331, 1663, 1273]);
    for (const level of LEVELS) {
      expect(encodeQr('x'.repeat(byteCapacity(level)), level).size).to.equal(177);
      expect(() => encodeQr('x'.repeat(byteCapacity(level) + 1), level)).to.throw(RangeError, /too long/);
    }
  });
});
