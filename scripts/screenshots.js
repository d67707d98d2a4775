'use strict';
/**
 * Makes the README's pictures from the current code: runs the browser tests
 * (test/editor/) with DEVICE_CLOUD_SCREENSHOTS=1, which then write
 * docs/editor-dialog.png (the display-text dialog with the device picker
 * open), docs/render-dialog.png (the render dialog: a template beside its
 * page), docs/editor.png (the editor with the examples after a run, the
 * palette's Device Cloud category open) and docs/simulator.png (the
 * simulator's device screens).
 *
 *   npm run build && node scripts/screenshots.js
 *
 * Environment: CHROMIUM (default /usr/bin/chromium).
 */
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..');
const mocha = path.join(ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js');
const tests = ['test/editor/dialogs.test.ts', 'test/editor/workspace.test.ts'];

const run = spawnSync(process.execPath, [mocha, ...tests], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, DEVICE_CLOUD_SCREENSHOTS: '1' },
});
if (run.status !== 0) {
  console.error('screenshots: the browser tests failed; the pictures may be incomplete');
  process.exitCode = run.status || 1;
} else {
  console.log('Wrote docs/editor-dialog.png, docs/render-dialog.png, docs/editor.png and docs/simulator.png');
}
