'use strict';
/**
 * npm start, as a newcomer runs it: scripts/start.js as a child process with
 * its own ports and user directory, the editor, the example flows, a press of
 * an inject button that reaches the simulator, and a clean stop on SIGTERM.
 */
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { expect } = require('chai');

const root = path.resolve(__dirname, '..');
const START = path.join(root, 'scripts', 'start.js');
const { NODE_TYPES: OUR_TYPES } = require('./support/package-files');
const ACCOUNT_TYPE = 'device-cloud-account';
const EXAMPLE_NAMES = fs
  .readdirSync(path.join(root, 'examples'))
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length));

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

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** One HTTP exchange; resolves with the status and the body as text. */
function request(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The simulator's state stream: resolves with the first state that satisfies `wanted`. */
function watchState(simUrl) {
  let buffer = '';
  let pending = null;
  const states = [];
  const req = http.get(`${simUrl}/sim/events`, { agent: false }, (response) => {
    response.setEncoding('utf8');
    response.on('data', (chunk) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = frame.split('\n').find((line) => line.startsWith('data: '));
        if (data) states.push(JSON.parse(data.slice('data: '.length)));
        if (pending) pending();
      }
    });
  });
  req.on('error', () => undefined); // the simulator closing the stream at the end is expected
  const opened = new Promise((resolve) => req.on('response', resolve));
  return {
    opened,
    until(wanted) {
      return new Promise((resolve) => {
        pending = () => {
          const found = states.find(wanted);
          if (found) {
            pending = null;
            resolve(found);
          }
        };
        pending();
      });
    },
    close: () => req.destroy(),
  };
}

describe('npm start (scripts/start.js)', function () {
  this.timeout(60_000);
  let child;
  let exited;
  let output = '';
  let userDir;
  let editorPort;
  let simPort;
  let editor;
  let simUrl;
  const outputMatches = [];

  /** Resolves when the script's output (its own and Node-RED's) matches. */
  function waitForOutput(pattern) {
    return new Promise((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(output);
        if (match) return resolve(match);
        if (child.exitCode !== null) return reject(new Error(`npm start ended before printing ${pattern}:\n${output}`));
        return undefined;
      };
      outputMatches.push(check);
      check();
    });
  }

  before(async () => {
    userDir = fs.mkdtempSync(path.join(os.tmpdir(), 'device-cloud-start-'));
    editorPort = await freePort();
    simPort = await freePort();
    editor = `http://127.0.0.1:${editorPort}`;
    simUrl = `http://127.0.0.1:${simPort}`;
    const env = {
      ...process.env,
      PORT: String(editorPort),
      SIM_PORT: String(simPort),
      DEVICE_CLOUD_USER_DIR: userDir,
      DEVICE_CLOUD_SKIP_BUILD: '1',
    };
    delete env.DEVICE_CLOUD_BASE_URL;
    delete env.DEVICE_CLOUD_API_KEY;
    child = spawn(process.execPath, [START], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    const collect = (chunk) => {
      output += chunk;
      outputMatches.forEach((check) => check());
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', () => outputMatches.forEach((check) => check()));
    await waitForOutput(/Device Cloud for Node-RED is running/);
    await waitForOutput(/Started flows/);
  });

  after(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    fs.rmSync(userDir, { recursive: true, force: true });
  });

  it('prints where the editor and the device screens are', () => {
    expect(output).to.include(`Node-RED editor:  ${editor}/`);
    expect(output).to.include(`Device screens:   ${simUrl}/`);
  });

  it('serves the Node-RED editor and the simulator page', async () => {
    const page = await request(`${editor}/`);
    expect(page.status).to.equal(200);
    expect(page.text).to.include('Node-RED');
    const screens = await request(`${simUrl}/`);
    expect(screens.status).to.equal(200);
    expect(screens.text).to.include('Device Cloud simulator');
  });

  it('deploys every example on its own tab, all on one account at the simulator, with no key in the flows', async () => {
    const answer = await request(`${editor}/flows`, { headers: { 'Node-RED-API-Version': 'v2' } });
    expect(answer.status).to.equal(200);
    const { flows } = JSON.parse(answer.text);
    const tabs = flows.filter((node) => node.type === 'tab').map((tab) => tab.label);
    expect(tabs).to.have.members(EXAMPLE_NAMES);

    const types = new Set(flows.map((node) => node.type));
    expect(
      OUR_TYPES.filter((type) => !types.has(type)),
      'node types missing from the flows',
    ).to.deep.equal([]);

    const accounts = flows.filter((node) => node.type === ACCOUNT_TYPE);
    expect(accounts).to.have.length(1);
    expect(accounts[0].baseUrl).to.equal(simUrl);
    const ours = flows.filter((node) => OUR_TYPES.includes(node.type) && node.type !== ACCOUNT_TYPE);
    for (const node of ours) expect(node.account, node.id).to.equal(accounts[0].id);

    const flowFile = fs.readFileSync(path.join(userDir, 'flows.json'), 'utf8');
    expect(flowFile).to.not.include('apiKey');
    expect(flowFile).to.not.include('sim-key');
    expect(answer.text).to.not.include('sim-key');
  });

  it('stores the key encrypted in flows_cred.json, and Node-RED reads it back', async () => {
    const stored = JSON.parse(fs.readFileSync(path.join(userDir, 'flows_cred.json'), 'utf8'));
    expect(Object.keys(stored)).to.deep.equal(['$']);
    expect(stored.$).to.not.include('sim-key');

    const { flows } = JSON.parse(
      (await request(`${editor}/flows`, { headers: { 'Node-RED-API-Version': 'v2' } })).text,
    );
    const account = flows.find((node) => node.type === ACCOUNT_TYPE);
    const credentials = await request(`${editor}/credentials/${ACCOUNT_TYPE}/${account.id}`);
    expect(credentials.status).to.equal(200);
    expect(JSON.parse(credentials.text)).to.deep.equal({ has_apiKey: true });
  });

  it('runs an example: pressing "Note for the family" puts the note on page 2 of the hallway display', async () => {
    const { flows } = JSON.parse(
      (await request(`${editor}/flows`, { headers: { 'Node-RED-API-Version': 'v2' } })).text,
    );
    const inject = flows.find((node) => node.type === 'inject' && node.name === 'Note for the family');
    expect(inject, 'the inject node of the display-text example').to.exist;

    const states = watchState(simUrl);
    await states.opened;
    const pressed = await request(`${editor}/inject/${inject.id}`, { method: 'POST' });
    expect(pressed.status).to.equal(200);
    const noteShown = (state) => {
      const hallway = state.devices.find((device) => device.alias === 'Hallway');
      return hallway && hallway.pages[1].content !== null;
    };
    await states.until(noteShown);
    states.close();

    const state = JSON.parse((await request(`${simUrl}/sim/state`)).text);
    const page = state.devices.find((device) => device.alias === 'Hallway').pages[1];
    expect(page.content).to.include({
      kind: 'text',
      text: 'Back at 6 pm.\nDinner is in the fridge.',
      fontSize: 28,
      persistent: true,
    });
  });

  it('stops on SIGTERM with exit code 0 and frees both ports', async () => {
    child.kill('SIGTERM');
    const { code, signal } = await exited;
    expect({ code, signal }).to.deep.equal({ code: 0, signal: null });
    expect(output).to.match(/Stopped\./);
    expect(await portIsFree(editorPort), 'editor port free').to.equal(true);
    expect(await portIsFree(simPort), 'simulator port free').to.equal(true);
  });
});
