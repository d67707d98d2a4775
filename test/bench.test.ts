/**
 * The benchmark is not run by the tests (its figures need a quiet machine), but it must keep running as the code
 * moves: every module of dist/ it reads exists, and has every name it takes from it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { ROOT } from './support/package-files';

const BENCH = path.join(ROOT, 'bench');
const DIST = path.join(ROOT, 'dist');

/** `const { a, b } = requireDist('lib/x')` in the benchmark's files: the module and the names taken. */
function distReads(): { file: string; module: string; names: string[] }[] {
  const reads = [];
  for (const file of fs.readdirSync(BENCH).filter((name) => name.endsWith('.js'))) {
    const source = fs.readFileSync(path.join(BENCH, file), 'utf8');
    for (const found of source.matchAll(/const \{([^}]*)\} = requireDist\('([^']+)'\)/g)) {
      const names = found[1]
        .split(',')
        .map((name) => name.trim().split(':')[0].trim())
        .filter(Boolean);
      reads.push({ file, module: found[2], names });
    }
  }
  return reads;
}

describe('the benchmark', function () {
  it('reads dist/ only through requireDist, which says to build when dist/ is missing', function () {
    for (const file of fs.readdirSync(BENCH).filter((name) => name.endsWith('.js'))) {
      const source = fs.readFileSync(path.join(BENCH, file), 'utf8');
      expect(source, file).not.to.match(/require\(\s*path\.join\(\s*DIST/);
      expect(source, file).not.to.match(/require\(\s*['"][^'"]*dist\//);
    }
  });

  it('takes from dist/ only modules and names the build has', function () {
    const reads = distReads();
    expect(reads.length, 'the modules the benchmark reads').to.be.above(5);
    for (const { file, module, names } of reads) {
      const where = path.join(DIST, module);
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the built module, as the benchmark loads it
      const loaded = require(where) as Record<string, unknown>;
      for (const name of names) expect(loaded[name], `${file}: ${name} of ${module}`).to.not.equal(undefined);
    }
  });

  it("finds the icons the build wrote when it loads the drawing process's icons on their own, not bundled", function () {
    // The drawing process's code runs bundled in one file; the benchmark loads this module as tsc wrote it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the built module, as the benchmark loads it
    const icons = require(path.join(DIST, 'lib/render/drawing-process/pictures/icons')) as {
      iconPath(name: string): string | undefined;
    };
    expect(icons.iconPath('thermometer'), 'the path of icon:thermometer').to.match(/^M[\d .A-Za-z-]+$/);
  });
});
