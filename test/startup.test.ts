// Node-RED often runs on a small machine. Requiring our node set at Node-RED's start loads none of
// undici, form-data and sharp. Deploying a node that needs one loads it then, off the message
// path: an account loads undici, a display-image node form-data and sharp, so that the first
// message finds them loaded; a flow without a display-image node never loads sharp.

import { expect } from 'chai';
import sharp from 'sharp';
import type { Step } from './fixtures/startup-child';
import { forkFixture } from './support/child';
import { within } from './support/until';

interface Report {
  steps?: Step[];
  resources?: string[];
  failure?: string;
}

interface Run {
  report: Report | undefined;
  exit: { code: number | null; signal: NodeJS.Signals | null };
  stderr: string;
}

async function runChild(picture: Buffer): Promise<Run> {
  const child = forkFixture('startup-child.ts', [picture.toString('base64')]);
  let report: Report | undefined;
  child.process.on('message', (message) => (report = message as Report));
  try {
    const exit = await within(child.exited, 'the child to report and exit', {
      timeoutMs: 40_000,
      got: () => report ?? child.stderr(),
    });
    return { report, exit, stderr: child.stderr() };
  } finally {
    child.process.kill();
  }
}

describe('start-up and deploy: what loads when', function () {
  this.timeout(60_000);
  let run: Run;
  let byStep: Record<string, Step>;

  before(async () => {
    const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: 'orange' } })
      .png()
      .toBuffer();
    run = await runChild(picture);
    expect(run.report, `the child reported nothing: ${run.stderr}`).to.be.an('object');
    expect(run.report?.failure, run.report?.failure).to.equal(undefined);
    byStep = Object.fromEntries((run.report?.steps ?? []).map((entry) => [entry.step, entry]));
  });

  it('requiring and registering our node set loads none of undici, form-data and sharp', () => {
    expect(byStep.required.requested).to.deep.equal([]);
    // form-data is left out of this check: the test helper's supertest loads it for itself.
    expect(byStep.required.cached).to.not.include.members(['undici', 'sharp']);
  });

  it('deploying an account loads undici before any message, and a to-do flow loads nothing else', () => {
    expect(byStep['to-do flow deployed'].requested).to.deep.equal(['undici']);
    expect(byStep['to-do flow deployed'].cached).to.include('undici');
  });

  it('the first to-do created finds undici loaded: its message loads nothing', () => {
    expect(byStep['to-do created'].requested).to.deep.equal([]);
  });

  it('a flow of to-do nodes never loads sharp', () => {
    expect(byStep['to-do created'].cached).to.not.include('sharp');
  });

  it('deploying a display-image node loads form-data and sharp before any message', () => {
    expect(byStep['display-image flow deployed'].requested).to.deep.equal(['form-data', 'sharp']);
    expect(byStep['display-image flow deployed'].cached).to.include('sharp');
  });

  it('the first picture pushed (fitted from 800 x 600) finds them loaded: its message loads nothing', () => {
    expect(byStep['picture pushed'].requested).to.deep.equal([]);
  });

  it('leaves no socket or timer open, and the process exits by itself', () => {
    expect(run.report?.resources).to.not.include('TCPSocketWrap');
    expect(run.report?.resources).to.not.include('Timeout');
    expect(run.exit, run.stderr).to.deep.equal({ code: 0, signal: null });
  });
});
