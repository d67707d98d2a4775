/**
 * npm start, as a newcomer runs it: scripts/start.js as a child process with
 * its own ports and user directory, the editor, the example flows, the package
 * installed as npm pack packs it (every node, the sidebar plugin, every
 * example), a press of an inject button that reaches the simulator, the
 * examples Node-RED offers under Import > Examples, and a clean stop on
 * SIGTERM. The CalDAV example syncs the simulator's own task list. Then a second
 * start in the same directory: the simulator shows what the first was told, its
 * tasks too, as the sidebar does; with the simulator on another port (SIM_PORT)
 * the account and the CalDAV example's task list follow it; `--fresh` starts the
 * simulator and the sidebar empty, its task list the sample tasks.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import type { NodeSet } from './support/node-red-server';
import { ACCOUNT_USERS, NODE_TYPES, ROOT } from './support/package-files';
import {
  EXAMPLE_NAMES,
  NpmStart,
  PACKAGE_NAME,
  portIsFree,
  request,
  watchState,
  type FlowNode,
  type SimulatorState,
} from './support/npm-start';
import { until } from './support/until';

const ACCOUNT_TYPE = 'device-cloud-account';
const TASKS = '/caldav/user/calendars/tasks/';
interface PluginSet {
  module: string;
  plugins: { id: string }[];
  err?: string;
}
const run = promisify(execFile);

/** The simulator's state as its page shows it. */
async function simulatorState(started: NpmStart): Promise<SimulatorState> {
  const answer = await request(`${started.simUrl}/sim/state`);
  expect(answer.status).to.equal(200);
  return JSON.parse(answer.text) as SimulatorState;
}

/** The pages the simulator shows, as "device, page: kind". */
function pagesShown(state: SimulatorState): string[] {
  return state.devices.flatMap((device) =>
    device.pages.flatMap((page, index) =>
      page.content ? [`${device.deviceId}, page ${index + 1}: ${String(page.content.kind)}`] : [],
    ),
  );
}

/**
 * Presses "Note for the family" and resolves with page 2 of the hallway display once a note pushed by this press is
 * there (the simulator may show one of an earlier start).
 */
async function noteOnHallwayDisplay(started: NpmStart): Promise<Record<string, unknown> | null> {
  const pageTwo = (state: SimulatorState) =>
    state.devices.find((device) => device.alias === 'Hallway')?.pages[1].content;
  const earlier = pageTwo(await simulatorState(started))?.pushedAt;
  const states = watchState(started.simUrl);
  await states.opened;
  await started.press('Note for the family');
  const state = await states.until((candidate) => {
    const page = pageTwo(candidate);
    return page !== undefined && page !== null && page.pushedAt !== earlier;
  }, 'a page 2 on the hallway display, pushed by this press');
  states.close();
  return pageTwo(state) ?? null;
}

/**
 * Presses "sync now" of the CalDAV example and resolves once the to-dos of its task list on the Kitchen display, as
 * "title: done" or "title: open", are those `wanted`: the sync has ended.
 */
async function syncedToKitchen(started: NpmStart, wanted: string[]): Promise<void> {
  const kitchen = (state: SimulatorState) =>
    state.todos
      .filter((todo) => todo.deviceId === 'AA:BB:CC:DD:EE:01' && /\[Node-RED tasks:/.test(todo.description ?? ''))
      .map((todo) => `${todo.title}: ${todo.status === 1 ? 'done' : 'open'}`);
  const states = watchState(started.simUrl);
  await states.opened;
  await started.press('sync now', 'todo-sync-caldav');
  await states.until(
    (state) => JSON.stringify(kitchen(state).sort()) === JSON.stringify([...wanted].sort()),
    `the CalDAV example's tasks on the Kitchen display: ${wanted.join(', ')}`,
  );
  states.close();
}

/** The pages the sidebar lists (the admin API behind it), as "device, page: kind". */
async function pagesListed(started: NpmStart): Promise<string[]> {
  const answer = await request(`${started.editor}/device-cloud/pages`, { headers: { Accept: 'application/json' } });
  expect(answer.status).to.equal(200);
  const pages = JSON.parse(answer.text) as { deviceId: string; pageId: string; kind: string }[];
  return pages.map((page) => `${page.deviceId}, page ${page.pageId}: ${page.kind}`);
}

describe('npm start (scripts/start.js) @slow', function () {
  this.timeout(60_000);
  let userDir: string;
  let started: NpmStart;
  /** The simulator's state just before the first stop. */
  let beforeStop: SimulatorState;

  before(async () => {
    userDir = fs.mkdtempSync(path.join(os.tmpdir(), 'device-cloud-start-'));
    // An earlier npm start linked the whole working tree as the package.
    const earlierLink = path.join(userDir, 'node_modules', ...PACKAGE_NAME.split('/'));
    fs.mkdirSync(path.dirname(earlierLink), { recursive: true });
    fs.symlinkSync(ROOT, earlierLink, 'junction');
    started = await NpmStart.start(userDir);
  });

  after(async () => {
    // SIGTERM, so that npm start stops Node-RED and the simulator it started; what does not stop is killed.
    await started.stop().catch(() => undefined);
    await started.kill();
    fs.rmSync(userDir, { recursive: true, force: true });
  });

  it('prints where the editor and the device screens are', () => {
    expect(started.output).to.include(`Node-RED editor:  ${started.editor}/`);
    expect(started.output).to.include(`Device screens:   ${started.simUrl}/`);
    expect(started.output).to.include('Simulator key:    sim-key');
  });

  it('serves the Node-RED editor and the simulator page', async () => {
    const page = await request(`${started.editor}/`);
    expect(page.status).to.equal(200);
    expect(page.text).to.include('Node-RED');
    const screens = await request(`${started.simUrl}/`);
    expect(screens.status).to.equal(200);
    expect(screens.text).to.include('Device Cloud simulator');
  });

  it('deploys every example on its own tab, all on one account at the simulator, with no key in the flows', async () => {
    const flows = await started.flows();
    expect(flows.filter((node) => node.type === 'tab').map((tab) => tab.label)).to.have.members(EXAMPLE_NAMES);
    const types = new Set(flows.map((node) => node.type));
    expect(
      NODE_TYPES.filter((type) => !types.has(type)),
      'node types missing from the flows',
    ).to.deep.equal([]);

    const accounts = flows.filter((node) => node.type === ACCOUNT_TYPE);
    expect(accounts).to.have.length(1);
    expect(accounts[0].baseUrl).to.equal(started.simUrl);
    const ours = flows.filter((node) => ACCOUNT_USERS.includes(node.type));
    for (const node of ours) expect(node.account, node.id).to.equal(accounts[0].id);

    const flowFile = fs.readFileSync(path.join(userDir, 'flows.json'), 'utf8');
    expect(flowFile).to.not.include('apiKey');
    expect(flowFile).to.not.include('sim-key');
    expect(JSON.stringify(flows)).to.not.include('sim-key');
  });

  it('stores the key encrypted in flows_cred.json, and Node-RED reads it back', async () => {
    const stored = JSON.parse(fs.readFileSync(path.join(userDir, 'flows_cred.json'), 'utf8')) as Record<string, string>;
    expect(Object.keys(stored)).to.deep.equal(['$']);
    expect(stored.$).to.not.include('sim-key');
    const account = (await started.flows()).find((node) => node.type === ACCOUNT_TYPE);
    const credentials = await request(`${started.editor}/credentials/${ACCOUNT_TYPE}/${account?.id}`);
    expect(credentials.status).to.equal(200);
    expect(JSON.parse(credentials.text)).to.deep.equal({ has_apiKey: true });
  });

  it('offers under Import > Examples every example on the deployed account at this simulator (SIM_PORT)', async () => {
    const account = (await started.flows()).find((node) => node.type === ACCOUNT_TYPE) as FlowNode;
    for (const name of EXAMPLE_NAMES) {
      const answer = await request(`${started.editor}/library/examples/flows/${PACKAGE_NAME}/${name}`);
      expect(answer.status, name).to.equal(200);
      expect(answer.text, `${name} names the simulator's address of the files`).to.not.include('127.0.0.1:8080');
      const nodes = JSON.parse(answer.text) as FlowNode[];
      const offered = nodes.filter((node) => node.type === ACCOUNT_TYPE);
      expect(offered, name).to.have.length(1);
      expect(offered[0], name).to.include({ id: account.id, name: account.name, baseUrl: started.simUrl });
      const comment = nodes.find((node) => node.type === 'comment' && node.info?.includes('simulator'));
      if (comment) expect(comment.info, `${name}: the comment's address`).to.include(started.simUrl);
    }
  });

  it('installs in the user directory what npm pack packs: every file it lists, the examples written for this start', async () => {
    const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT });
    const packed = (JSON.parse(stdout) as { files: { path: string }[] }[])[0].files.map((file) => file.path);
    expect(packed, 'the sidebar plugin in the pack').to.include('plugins/device-cloud-sidebar.js');
    const installed = path.join(userDir, 'node_modules', ...PACKAGE_NAME.split('/'));
    expect(
      packed.filter((file) => !fs.existsSync(path.join(installed, file))),
      'files of the pack missing from the installed package',
    ).to.deep.equal([]);
    expect(fs.readdirSync(path.join(installed, 'examples')).map((file) => `examples/${file}`)).to.have.members(
      packed.filter((file) => file.startsWith('examples/')),
    );
  });

  it('registers every node type and the Device Cloud sidebar plugin, without an error', async () => {
    const json = { headers: { Accept: 'application/json' } };
    const sets = JSON.parse((await request(`${started.editor}/nodes`, json)).text) as NodeSet[];
    const ours = sets.filter((set) => set.module === PACKAGE_NAME);
    expect(ours.flatMap((set) => set.types)).to.have.members([...NODE_TYPES]);
    expect(ours.filter((set) => set.err).map((set) => set.err)).to.deep.equal([]);
    const plugins = JSON.parse((await request(`${started.editor}/plugins`, json)).text) as PluginSet[];
    expect(
      plugins.filter((set) => set.module === PACKAGE_NAME).map((set) => [set.plugins.map(({ id }) => id), set.err]),
    ).to.deep.equal([[['device-cloud-sidebar'], undefined]]);
  });

  it('runs examples: "Note for the family" puts a note on page 2 of the hallway display, "Washing machine finished" adds a to-do', async () => {
    expect(await noteOnHallwayDisplay(started)).to.include({
      kind: 'text',
      text: 'Back at 6 pm.\nDinner is in the fridge.',
      fontSize: 28,
      persistent: true,
    });
    const states = watchState(started.simUrl);
    await states.opened;
    await started.press('Washing machine finished');
    await states.until((state) => state.todos.length === 1, 'the to-do of the washing machine');
    states.close();
  });

  it("runs the CalDAV example on the simulator's task list: its tasks on the Kitchen display, a tick made on a phone too", async () => {
    expect(started.output).to.include(`CalDAV tasks:     ${started.simUrl}${TASKS}`);
    // As a person ticks a task off on another CalDAV client (the simulator's page).
    expect(
      (await request(`${started.simUrl}/sim/tasks/tasks/plumber.ics/complete`, { method: 'POST' })).status,
    ).to.equal(200);
    await syncedToKitchen(started, [
      'Call the plumber: done',
      '交电费: open',
      'Take out the bins: open',
      '买牛奶: done',
    ]);
  });

  it('stops on SIGTERM with exit code 0 and frees both ports', async () => {
    beforeStop = await simulatorState(started);
    expect(await started.stop()).to.deep.equal({ code: 0, signal: null });
    expect(started.output).to.match(/Stopped\./);
    expect(await portIsFree(started.editorPort), 'editor port free').to.equal(true);
    expect(await portIsFree(started.simPort), 'simulator port free').to.equal(true);
  });

  it('starts again in the same directory: the simulator shows the pages, to-dos and tasks of the last start, as the sidebar does', async () => {
    started = await NpmStart.start(userDir);
    expect(started.output).to.include('Simulator state:  ');
    const kept = await simulatorState(started);
    // The photo frame's inject may push on its own meanwhile (every 10 minutes by day): the sidebar shows it too.
    expect(pagesShown(kept)).to.include('AA:BB:CC:DD:EE:02, page 2: text');
    expect(pagesShown(kept)).to.include.members(pagesShown(beforeStop));
    expect(kept.todos).to.deep.equal(beforeStop.todos);
    expect(kept.todos).to.have.length(5);
    expect(kept.taskLists, 'the tasks, the one ticked too').to.deep.equal(beforeStop.taskLists);
    let listed: string[] = [];
    let shown: string[] = [];
    await until(
      async () => {
        listed = await pagesListed(started);
        shown = pagesShown(await simulatorState(started));
        return listed.length === shown.length && shown.every((page) => listed.includes(page));
      },
      { what: 'the sidebar listing the pages the simulator shows', got: () => ({ listed, shown }), everyMs: 100 },
    );
  });

  it("starts again with the simulator on another port: the account and the CalDAV example's task list follow it", async () => {
    const firstSimUrl = started.simUrl;
    await started.stop();
    started = await NpmStart.start(userDir);
    expect(started.simUrl).to.not.equal(firstSimUrl);
    expect(started.output).to.not.include('new: one tab per example flow');
    expect(started.output).to.include(`now points at the simulator on ${started.simUrl}`);
    const accounts = (await started.flows()).filter((node) => node.type === ACCOUNT_TYPE);
    expect(accounts.map((account) => account.baseUrl)).to.deep.equal([started.simUrl]);
    expect(await noteOnHallwayDisplay(started)).to.include({ kind: 'text', fontSize: 28 });
    const taskLists = (await started.flows()).filter((node) => node.type === 'device-cloud-caldav');
    expect(taskLists.map((node) => node.url)).to.deep.equal([`${started.simUrl}${TASKS}`]);
    const renamed = await request(`${started.simUrl}/sim/tasks/tasks/electricity.ics`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ summary: '交电费和水费' }),
    });
    expect(renamed.status).to.equal(200);
    await syncedToKitchen(started, [
      'Call the plumber: done',
      '交电费和水费: open',
      'Take out the bins: open',
      '买牛奶: done',
    ]);
  });

  it('stops Node-RED and the simulator when its own process is killed with SIGKILL', async () => {
    await started.kill();
    await started.portsFreed();
  });

  it("stops Node-RED and the simulator when the process that started it ends (npm's shell killed)", async () => {
    started = await NpmStart.start(userDir, { underShell: true });
    await started.kill();
    await started.portsFreed();
  });

  it('starts with an empty simulator (the sample tasks) and sidebar after `npm start -- --fresh`, the flows as they were', async () => {
    // The same nodes (the account's address follows the simulator's new port).
    const nodeIds = () =>
      (JSON.parse(fs.readFileSync(path.join(userDir, 'flows.json'), 'utf8')) as FlowNode[]).map((node) => node.id);
    const flowsBefore = nodeIds();
    started = await NpmStart.start(userDir, { underShell: true, args: ['--fresh'] });
    expect(started.output).to.include('--fresh: the simulator starts empty');
    const fresh = await simulatorState(started);
    // Empty but for what an example's own schedule may have pushed since the start (the photo frame's).
    expect(pagesShown(fresh)).to.not.include('AA:BB:CC:DD:EE:02, page 2: text');
    expect(fresh.todos).to.deep.equal([]);
    expect(fresh.taskLists[0].tasks.map((task) => [task.summary, task.status])).to.deep.equal([
      ['Call the plumber', 'NEEDS-ACTION'],
      ['交电费', 'NEEDS-ACTION'],
      ['Take out the bins', 'NEEDS-ACTION'],
      ['买牛奶', 'COMPLETED'],
    ]);
    expect(fresh.devices.map((device) => device.alias)).to.deep.equal(beforeStop.devices.map((device) => device.alias));
    expect(await pagesListed(started)).to.not.include('AA:BB:CC:DD:EE:02, page 2: text');
    expect(nodeIds()).to.deep.equal(flowsBefore);
    await started.stop();
  });

  it('refuses an option it does not know, naming it', async () => {
    const refused = await NpmStart.start(userDir, { args: ['--frsh'] }).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(refused).to.include('unknown option --frsh');
  });
});
