'use strict';
// Node-RED often runs on a small machine: loading our nodes must not load
// undici, form-data or sharp. undici comes with the account's first request,
// form-data with the first image push, sharp with the first picture to fit.

const { expect } = require('chai');
const { fork } = require('node:child_process');
const path = require('node:path');

function runChild() {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, 'fixtures', 'startup-child.js'), [], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    let report;
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('message', (message) => (report = message));
    child.on('error', reject);
    const timer = setTimeout(() => child.kill(), 20_000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ report, exit: { code, signal }, stderr });
    });
  });
}

describe('start-up: what loading our nodes loads', function () {
  this.timeout(30_000);
  let run;
  let byStep;

  before(async () => {
    run = await runChild();
    expect(run.report, `the child reported nothing: ${run.stderr}`).to.be.an('object');
    expect(run.report.failure, run.report.failure).to.equal(undefined);
    byStep = Object.fromEntries(run.report.steps.map((entry) => [entry.step, entry]));
  });

  it('requiring and registering our node files loads none of undici, form-data and sharp', () => {
    expect(byStep.required.requiredByUs).to.deep.equal([]);
    // form-data is left out of this check: the test helper's supertest loads it for itself.
    expect(byStep.required.cached).to.not.include.members(['undici', 'sharp']);
  });

  it('deploying the account and every action node loads none of them', () => {
    expect(byStep.deployed.requiredByUs).to.deep.equal([]);
    expect(byStep.deployed.cached).to.not.include.members(['undici', 'sharp']);
  });

  it('an account closed before any request closes without loading undici', () => {
    expect(byStep['closed before any request'].requiredByUs).to.deep.equal([]);
    expect(byStep['closed before any request'].cached).to.not.include('undici');
  });

  it('the first request loads undici, and only undici', () => {
    expect(byStep['text pushed'].requiredByUs).to.deep.equal(['undici']);
    expect(byStep['text pushed'].cached).to.include('undici');
  });

  it('the first image push loads form-data; sharp waits for a picture to fit', () => {
    expect(byStep['image pushed'].requiredByUs).to.deep.equal(['form-data', 'undici']);
    expect(byStep['image pushed'].cached).to.not.include('sharp');
  });

  it('leaves no socket or timer open, and the process exits by itself', () => {
    expect(run.report.resources).to.not.include('TCPSocketWrap');
    expect(run.report.resources).to.not.include('Timeout');
    expect(run.exit, run.stderr).to.deep.equal({ code: 0, signal: null });
  });
});
