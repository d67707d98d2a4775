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

// `--clean` starts from an empty dist/ (the package build); a plain build
// leaves it in place so that tests running beside it keep their files.
if (process.argv.includes('--clean')) {
  fs.rmSync(dist, { recursive: true, force: true });
  fs.rmSync(nodeIcons, { recursive: true, force: true });
}
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(root, 'tsconfig.json')], {
  stdio: 'inherit',
});

fs.copyFileSync(path.join(root, 'src', 'simulator', 'page.html'), path.join(dist, 'simulator', 'page.html'));
fs.mkdirSync(nodeIcons, { recursive: true });
for (const icon of fs.readdirSync(path.join(root, 'icons'))) {
  fs.copyFileSync(path.join(root, 'icons', icon), path.join(nodeIcons, icon));
}

execFileSync(process.execPath, [path.join(__dirname, 'fonts.js')], { stdio: 'inherit' });
