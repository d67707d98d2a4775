'use strict';
// Compiles the TypeScript sources and copies what the editor and the simulator
// serve as they are (node .html, locales, icons, the simulator's page) into dist/;
// then the page renderer's fonts (scripts/fonts.js; skipped while up to date).
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const root = path.resolve(__dirname, '..');
const src = path.join(root, 'src');
const dist = path.join(root, 'dist');
const ASSET = /\.(html|json|svg|png|css)$/;

// `--clean` starts from an empty dist/ (the package build); a plain build
// leaves it in place so that tests running beside it keep their files.
if (process.argv.includes('--clean')) fs.rmSync(dist, { recursive: true, force: true });
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(root, 'tsconfig.json')], {
  stdio: 'inherit',
});

function copyAssets(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const from = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      copyAssets(from);
    } else if (ASSET.test(entry.name)) {
      const to = path.join(dist, path.relative(src, from));
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.copyFileSync(from, to);
    }
  }
}
copyAssets(src);

execFileSync(process.execPath, [path.join(__dirname, 'fonts.js')], { stdio: 'inherit' });
