// Node-RED often runs on a small machine: loading our nodes must not load
// undici, form-data or sharp. undici comes with the account's first request,
// form-data with the first image push, sharp with the first picture to fit.

import { expect } from 'chai';
import type { StartupReport, StartupStep } from './fixtures/startup-child';
import { forkFixture } from './support/child';

interface ChildRun {
  report: StartupReport | undefined;
  exit: { code: number | null; signal: NodeJS.Signals | null };
  stderr: string;
}

async function runChild(): Promise<ChildRun> {
  const child = forkFixture('startup-child.ts');
  let report: StartupReport | undefined;
  child.process.on('message', (message: StartupReport) => (report = message));
  const timer = setTimeout(() => child.process.kill(), 20_000);
  const exit = await child.exited;
  clearTimeout(timer);
  return { report, exit, stderr: child.stderr() };
}

describe('start-up: what loading our nodes loads', function () {
  this.timeout(30_000);
  let run: ChildRun;
  let resources: string[];
  let byStep: Record<string, StartupStep>;

  before(async () => {
    run = await runChild();
    const { report } = run;
    if (!report) throw new Error(`the child reported nothing: ${run.stderr}`);
    if ('failure' in report) throw new Error(`the child failed: ${report.failure}`);
    resources = report.resources;
    byStep = Object.fromEntries(report.steps.map((entry) => [entry.step, entry]));
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
    expect(resources).to.not.include('TCPSocketWrap');
    expect(resources).to.not.include('Timeout');
    expect(run.exit, run.stderr).to.deep.equal({ code: 0, signal: null });
  });
});
