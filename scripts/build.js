'use strict';
// The build: compiles src/ (TypeScript) into dist/, copies the simulator's page beside its code, copies the
// icon sources (icons/) into nodes/icons/, where Node-RED looks for them beside the node set's entry point,
// and cuts the page renderer's fonts into dist/fonts/ (scripts/fonts.js; skipped while up to date).
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');
const nodeIcons = path.join(root, 'nodes', 'icons');
/** What tsc writes for a source file: the output's ending, and the source's. */
const COMPILED = [
  ['.d.mts.map', '.mts'],
  ['.d.mts', '.mts'],
  ['.mjs.map', '.mts'],
  ['.mjs', '.mts'],
  ['.d.ts.map', '.ts'],
  ['.d.ts', '.ts'],
  ['.js.map', '.ts'],
  ['.js', '.ts'],
];

// `--clean` starts from an empty dist/ (the package build); a plain build
// leaves it in place so that tests running beside it keep their files.
if (process.argv.includes('--clean')) {
  fs.rmSync(dist, { recursive: true, force: true });
  fs.rmSync(nodeIcons, { recursive: true, force: true });
}
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(root, 'tsconfig.json')], {
  stdio: 'inherit',
});
removeStaleOutput(dist);

fs.copyFileSync(path.join(root, 'src', 'simulator', 'page.html'), path.join(dist, 'simulator', 'page.html'));
fs.mkdirSync(nodeIcons, { recursive: true });
for (const icon of fs.readdirSync(path.join(root, 'icons'))) {
  fs.copyFileSync(path.join(root, 'icons', icon), path.join(nodeIcons, icon));
}

execFileSync(process.execPath, [path.join(__dirname, 'fonts.js')], { stdio: 'inherit' });

/**
 * tsc leaves the output of a source file that was moved or deleted; Node.js would still find it (`./client` is
 * `client.js` before `client/index.js`), so what no source of src/ compiles to any more is removed.
 */
function removeStaleOutput(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    const relative = path.relative(dist, file);
    if (relative === 'fonts') continue;
    if (entry.isDirectory()) {
      removeStaleOutput(file);
      if (fs.readdirSync(file).length === 0) fs.rmdirSync(file);
      continue;
    }
    const compiled = COMPILED.find(([output]) => relative.endsWith(output));
    if (!compiled) continue;
    const source = path.join(root, 'src', relative.slice(0, -compiled[0].length) + compiled[1]);
    if (!fs.existsSync(source)) fs.rmSync(file);
  }
}
