'use strict';
/**
 * Takes the README's screenshots: docs/editor.png (the Node-RED editor with the
 * example flows, after a run) and docs/simulator.png (the simulator's device
 * screens after a few pushes). Runs `npm start` (scripts/start.js) in a fresh
 * user directory on free ports, presses inject buttons through the admin API,
 * and photographs both pages with Chromium through playwright-core.
 *
 *   node scripts/screenshots.js
 *
 * Environment: CHROMIUM (default /usr/bin/chromium); DEVICE_CLOUD_SKIP_BUILD=1
 * to use dist/ as it is.
 */
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { chromium } = require('playwright-core');

const ROOT = path.resolve(__dirname, '..');
const DOCS = path.join(ROOT, 'docs');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** Pressed while the editor is open, so that its debug sidebar shows the results. */
const EDITOR_PRESSES = ['Every day at 07:00', 'Note for the family'];
/** Pressed for the simulator page: pages on both displays and some to-dos. */
const SIMULATOR_PRESSES = [
  'Doorbell pressed',
  'Washing machine finished',
  'Saturday 09:00: chores',
  '1. Add "Feed the cat"',
  '2. Button: single press',
  '1. Add the bill',
  '2. Reminder: postpone, make urgent',
];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function request(url, { method = 'GET', headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `npm start` in a fresh user directory; resolves once the flows have started. */
async function startDemo(userDir) {
  const editorPort = await freePort();
  const simPort = await freePort();
  const env = { ...process.env, PORT: String(editorPort), SIM_PORT: String(simPort), DEVICE_CLOUD_USER_DIR: userDir };
  delete env.DEVICE_CLOUD_BASE_URL;
  delete env.DEVICE_CLOUD_API_KEY;
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.js')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let output = '';
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (/Device Cloud for Node-RED is running/.test(output) && /Started flows/.test(output)) resolve();
    });
    child.on('exit', () => reject(new Error(`npm start ended:\n${output}`)));
  });
  return {
    editor: `http://127.0.0.1:${editorPort}`,
    simulator: `http://127.0.0.1:${simPort}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Presses the inject nodes of the given names, one after the other, waiting for the simulator to settle. */
async function press(demo, names) {
  const { flows } = JSON.parse(
    (await request(`${demo.editor}/flows`, { headers: { 'Node-RED-API-Version': 'v2' } })).text,
  );
  for (const name of names) {
    const inject = flows.find((node) => node.type === 'inject' && node.name === name);
    if (!inject) throw new Error(`no inject node named "${name}" in the example flows`);
    const answer = await request(`${demo.editor}/inject/${inject.id}`, { method: 'POST' });
    if (answer.status !== 200) throw new Error(`pressing "${name}" answered ${answer.status}`);
    await pause(400); // the chains behind some buttons take a few requests
  }
}

/** Folds every palette category but ours, so the shot shows the package's nodes. */
async function showOnlyOurPaletteCategory(page) {
  const headers = await page.$$('#red-ui-palette .red-ui-palette-category');
  for (const category of headers) {
    const id = await category.getAttribute('id');
    const open = await category.$eval(
      '.red-ui-palette-content',
      (content) => getComputedStyle(content).display !== 'none',
    );
    if (open !== (id === 'red-ui-palette-container-device_cloud')) {
      await category.$eval('.red-ui-palette-header', (header) => header.click());
    }
  }
}

async function shootEditor(browser, demo) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 820 } });
  await page.goto(`${demo.editor}/`);
  await page.waitForSelector('#red-ui-workspace-chart .red-ui-flow-node-group', { timeout: 30_000 });
  await pause(1000); // the palette and the sidebar finish loading
  await showOnlyOurPaletteCategory(page);
  await page.evaluate(() => window.RED.sidebar.show('debug'));
  await press(demo, EDITOR_PRESSES);
  await pause(800);
  await page.screenshot({ path: path.join(DOCS, 'editor.png') });
  await page.close();
}

async function shootSimulator(browser, demo) {
  await press(demo, SIMULATOR_PRESSES);
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`${demo.simulator}/`);
  await page.waitForSelector('#connection.live', { timeout: 30_000 });
  await page.waitForSelector('.screen img');
  await pause(500);
  await page.screenshot({ path: path.join(DOCS, 'simulator.png'), fullPage: true });
  await page.close();
}

async function main() {
  fs.mkdirSync(DOCS, { recursive: true });
  const userDir = fs.mkdtempSync(path.join(os.tmpdir(), 'device-cloud-screenshots-'));
  let demo;
  let browser;
  try {
    demo = await startDemo(userDir);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    await shootEditor(browser, demo);
    await shootSimulator(browser, demo);
    console.log(
      `Wrote ${path.relative(process.cwd(), path.join(DOCS, 'editor.png'))} and ${path.relative(process.cwd(), path.join(DOCS, 'simulator.png'))}`,
    );
  } finally {
    if (browser) await browser.close();
    if (demo) await demo.stop();
    fs.rmSync(userDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`screenshots: ${error.stack}`);
  process.exitCode = 1;
});
