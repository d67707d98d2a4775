/**
 * What a new user does with `npm start`, in a real browser: Node-RED with the
 * package and every example flow as npm start deploys them (one tab each, one
 * account on the simulator), the editor in Chromium. Every example is run by
 * pressing its inject nodes (as their buttons do); a change is deployed with the Deploy button
 * (full); the editor is opened again (in Chinese: the palette's category and
 * labels are translated); every node is still valid (no red triangle, no "not
 * properly configured" warning) and the examples run again with the same
 * outputs. Then an example is imported through Import > Examples into
 * this workspace: its account is the one already there.
 *
 * The CalDAV example's task list is the simulator's, as npm start gives it.
 *
 * DEVICE_CLOUD_SCREENSHOTS=1 also writes docs/editor.png (the editor with the
 * examples after a run) and docs/simulator.png (the simulator's device
 * screens) for the README.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { EXAMPLE_DEVICES, startSimulator, type Simulator } from '../../dist/simulator/server';
import { onwardOf } from '../support/example-run';
import { freePort } from '../support/sockets';
import { ACCOUNT_TYPE, NODE_TYPES } from '../support/package-files';
import {
  WRITE_SCREENSHOTS,
  editorPage,
  placeImportedNodes,
  sharedBrowser,
  screenshotPath,
  startNodeRed,
  untilInPage,
  type EditorPage,
  type FlowNode,
  type RunningNodeRed,
} from './editor-page';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- npm start's own module (JavaScript), so the workspace is npm start's
const exampleFlowsModule = require('../../scripts/example-flows') as ExampleFlows;

interface Example {
  name: string;
  nodes: FlowNode[];
}
interface ExampleFlows {
  readExamples: () => Example[];
  examplesFor: (
    service: { name: string; baseUrl: string; simulator: unknown },
    examples: Example[],
    nodeRedUrl?: string,
  ) => Example[];
  exampleFlows: (examples: Example[]) => FlowNode[];
  sharedAccountOf: (examples: Example[]) => FlowNode;
}

/** A core debug node that shows its payload as its status: the editor's own fields, on a node that ran. */
const PROBE_TAB = 'e2e0tab0000probe';
const PROBE_INJECT = 'e2e0probe0inject';
const PROBE_DEBUG = 'e2e0probe00debug';
const PROBE_FLOW: FlowNode[] = [
  { id: PROBE_TAB, type: 'tab', label: 'probe', disabled: false, info: '' },
  {
    id: PROBE_INJECT,
    type: 'inject',
    z: PROBE_TAB,
    name: 'probe',
    props: [{ p: 'payload' }],
    repeat: '',
    once: false,
    payload: 'ran',
    payloadType: 'str',
    x: 120,
    y: 60,
    wires: [[PROBE_DEBUG]],
  },
  {
    id: PROBE_DEBUG,
    type: 'debug',
    z: PROBE_TAB,
    name: 'shows a status',
    active: true,
    tosidebar: true,
    console: false,
    tostatus: true,
    complete: 'payload',
    targetType: 'msg',
    statusVal: 'payload',
    statusType: 'auto',
    x: 320,
    y: 60,
    wires: [],
  },
];

describe('the npm start workspace in Chromium: run, deploy, reload, run again, import', function () {
  this.timeout(90_000);

  let sim: Simulator;
  let server: RunningNodeRed;
  let browser: Browser;
  let editor: EditorPage;
  let page: Page;
  let examples: Example[];
  let flows: FlowNode[];
  let firstRun: Map<string, string[]>;

  before(async function () {
    // The simulator as npm start runs it, with a device for each example's pages.
    sim = await startSimulator({ devices: [...EXAMPLE_DEVICES] });
    const { readExamples, examplesFor, exampleFlows, sharedAccountOf } = exampleFlowsModule;
    const port = await freePort();
    examples = examplesFor(
      { name: 'Device Cloud simulator', baseUrl: sim.url, simulator: sim },
      readExamples(),
      `http://127.0.0.1:${port}`,
    );
    const credentials = { [sharedAccountOf(examples).id]: { apiKey: sim.apiKey } };
    flows = [...exampleFlows(examples), ...PROBE_FLOW];
    server = await startNodeRed({ port, flows, credentials });
    browser = await sharedBrowser();
    editor = await editorPage(browser);
    page = editor.page;
    await editor.open(server.url);
  });

  after(async function () {
    await page?.close();
    await server?.stop();
    await sim?.close();
  });

  it('opens every example with every node valid: no red triangle', async function () {
    expect(await invalidNodes()).to.deep.equal([]);
    expect(await page.locator('.red-ui-flow-node-error:not(.hide)').count(), 'red triangles').to.equal(0);
  });

  it('runs every example: each inject pressed, tab after tab; no Catch node hears an error', async function () {
    firstRun = await runEveryExample();
    expect(caughtErrors(firstRun)).to.deep.equal([]);
    // A watch speaks of changes made between two of its polls: whether it has any to tell depends on timing.
    const afterWatches = downstreamOf(flows.filter((node) => node.type === 'device-cloud-todo-watch'));
    // A sync's second output speaks of changes a person made on the device: none are made here.
    const afterDevice = downstreamOf(
      flows
        .filter((node) => node.type === 'device-cloud-todo-sync')
        .map((node) => ({ ...node, wires: [node.wires?.[1] ?? []] })),
    );
    const debugs = flows.filter(
      (node) =>
        node.type === 'debug' &&
        !catchDebugIds().has(node.id) &&
        !afterWatches.has(node.id) &&
        !afterDevice.has(node.id),
    );
    const silent = debugs.filter((node) => node.z !== PROBE_TAB && !firstRun.has(`debug ${node.id}`));
    expect(
      silent.map((node) => `${tabOf(node)}: ${node.name}`),
      'debug nodes that got nothing',
    ).to.deep.equal([]);
  });

  it("keeps none of our settings in a field the editor sets on its own node objects (a core node's, after it ran)", async function () {
    await showTab(PROBE_TAB);
    await editor.press(PROBE_INJECT, 'probe');
    await untilInPage(page, 'a status on the probe', (id) => RED.nodes.node(id)?.status !== undefined, PROBE_DEBUG);
    const editorFields = await page.evaluate((id) => {
      const probe = RED.nodes.node(id);
      return probe ? Object.keys(probe).filter((key) => !(key in probe._def.defaults)) : [];
    }, PROBE_DEBUG);
    expect(editorFields, "the editor's own fields of a node that ran").to.include.members([
      'status',
      'x',
      'z',
      'dirty',
    ]);
    const clashes = await page.evaluate(
      ({ types, fields }) =>
        types.flatMap((type) =>
          Object.keys(RED.nodes.getType(type)?.defaults ?? {})
            .filter((key) => fields.includes(key))
            .map((key) => `${type}.${key}`),
        ),
      { types: NODE_TYPES, fields: editorFields },
    );
    expect(clashes).to.deep.equal([]);
  });

  it('deploys a change with the Deploy button (full): Node-RED gets every setting of our nodes as the examples have it', async function () {
    // The second run starts from the same state as the first: the service's, and the to-do syncs' memory of it
    // (kept in the user directory, so a deploy does not end it).
    sim.reset();
    fs.rmSync(path.join(server.userDir, 'device-cloud', 'todo-sync'), { recursive: true, force: true });
    await moveAComment();
    await deploy('full');
    const deployed = new Map((await server.flows()).map((node) => [node.id, node]));
    const changed: string[] = [];
    for (const example of examples) {
      for (const node of example.nodes.filter((candidate) => NODE_TYPES.includes(candidate.type))) {
        for (const [key, value] of Object.entries(node)) {
          if (['x', 'y', 'z', 'wires'].includes(key)) continue;
          const now = deployed.get(node.id)?.[key];
          if (JSON.stringify(now) !== JSON.stringify(value)) {
            changed.push(`${example.name} ${node.type}.${key}: ${JSON.stringify(value)} -> ${JSON.stringify(now)}`);
          }
        }
      }
    }
    expect(changed, 'settings the deploy changed').to.deep.equal([]);
    expect(server.output.split('\n').filter((line) => /\[error\]/.test(line))).to.deep.equal([]);
  });

  it('opens the editor again, in Chinese this time: every node still valid, the palette category and labels translated', async function () {
    await reopenEditor('zh-CN');
    expect(await invalidNodes()).to.deep.equal([]);
    for (const tab of examples.slice(0, 3)) {
      await showTab(tabIdOf(tab.name));
      expect(await page.locator('.red-ui-flow-node-error:not(.hide)').count(), `red triangles on ${tab.name}`).to.equal(
        0,
      );
    }
    expect(await page.locator('#red-ui-palette-header-device_cloud').innerText()).to.equal('设备云');
    const label = page.locator('.red-ui-palette-node[data-palette-type="device-cloud-todo-list"]');
    expect(await label.getAttribute('data-palette-label')).to.equal('列出待办');
  });

  it('runs every example again with the same outputs: the same debug messages, the same last statuses', async function () {
    const secondRun = await runEveryExample();
    expect(caughtErrors(secondRun)).to.deep.equal([]);
    // Compared node by node, so that a failure names what differs rather than the whole workspace.
    const keys = [...new Set([...firstRun.keys(), ...secondRun.keys()])].sort();
    const differing = keys
      .filter((key) => JSON.stringify(secondRun.get(key)) !== JSON.stringify(firstRun.get(key)))
      .map((key) => ({ key, first: firstRun.get(key), second: secondRun.get(key) }));
    expect(differing, 'what the second run heard differently').to.deep.equal([]);
  });

  it('deploys another change without the "not properly configured" warning', async function () {
    await moveAComment();
    await deploy('full');
  });

  it('imports an example through Import > Examples: its nodes use the account already there, valid, none added', async function () {
    const accountsBefore = await accounts();
    await showTab(scratchTab());
    await page.locator('#red-ui-header-button-sidemenu').click();
    await page.locator('#menu-item-import').click();
    await page.locator('#red-ui-tab-red-ui-clipboard-dialog-import-tab-examples a').click();
    const tree = page.locator('#red-ui-clipboard-dialog-import-tab-examples');
    await tree.locator('.red-ui-treeList-label', { hasText: PACKAGE_NAME_PATTERN }).click();
    await tree.locator('.red-ui-treeList-label', { hasText: /^devices$/ }).click();
    await page.locator('#red-ui-clipboard-dialog-ok').click();
    // The example's nodes are on the devices tab already: Node-RED asks, and "Import copy" gives them new ids.
    const importCopy = await page.evaluate(() => RED._('clipboard.import.importCopy'));
    await page.locator('.red-ui-notification button', { hasText: importCopy }).click();
    await placeImportedNodes(page);
    const imported = await page.evaluate(
      (tab) =>
        RED.nodes.filterNodes({ z: tab, type: 'device-cloud-devices' }).map((node) => [node.account, node.valid]),
      await page.evaluate(() => RED.workspaces.active()),
    );
    expect(await accounts(), 'accounts after the import').to.deep.equal(accountsBefore);
    expect(imported).to.deep.equal([[accountsBefore[0].id, true]]);
  });

  it('photographs the editor and the simulator for the README (DEVICE_CLOUD_SCREENSHOTS=1)', async function () {
    if (!WRITE_SCREENSHOTS) this.skip();
    // A fresh service, and display nodes that remember no page (a deploy makes them forget).
    sim.reset();
    await moveAComment();
    await deploy('full');
    await reopenEditor('en-US'); // the README is in English
    await photographSimulator();
    await photographEditor();
  });

  it('logged no error in the browser console', function () {
    expect(editor.consoleErrors).to.deep.equal([]);
  });

  // --- steps -----------------------------------------------------------------

  const PACKAGE_NAME_PATTERN = /^@device-cloud\/node-red-device-cloud$/;

  function tabIdOf(exampleName: string): string {
    return flows.find((node) => node.type === 'tab' && node.label === exampleName)?.id as string;
  }

  function tabOf(node: FlowNode): string {
    return String(flows.find((tab) => tab.id === node.z)?.label);
  }

  /** The nodes messages from these nodes reach, along the wires and through link nodes. */
  function downstreamOf(starts: FlowNode[]): Set<string> {
    const byId = new Map(flows.map((node) => [node.id, node]));
    const seen = new Set<string>();
    const queue = starts.flatMap(onwardOf);
    while (queue.length > 0) {
      const id = queue.shift() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      const node = byId.get(id);
      if (node) queue.push(...onwardOf(node));
    }
    return seen;
  }

  function catchDebugIds(): Set<string> {
    return new Set(flows.filter((node) => node.type === 'catch').flatMap((node) => (node.wires ?? []).flat()));
  }

  async function invalidNodes(): Promise<string[]> {
    return page.evaluate(() => {
      const invalid: string[] = [];
      const check = (node: { id: string; type: string; valid?: boolean; name?: string }) => {
        if (node.valid === false) invalid.push(`${node.type} ${node.name || node.id}`);
      };
      RED.nodes.eachNode(check);
      RED.nodes.eachConfig(check);
      return invalid;
    });
  }

  async function accounts(): Promise<{ id: string; name: string }[]> {
    return page.evaluate((type) => {
      const found: { id: string; name: string }[] = [];
      RED.nodes.eachConfig((node) => {
        if (node.type === type) found.push({ id: node.id, name: String(node.name) });
      });
      return found;
    }, ACCOUNT_TYPE);
  }

  async function showTab(id: string): Promise<void> {
    await page.evaluate((tab) => RED.workspaces.show(tab), id);
    await untilInPage(page, `the tab ${id} shown`, (tab) => RED.workspaces.active() === tab, id);
  }

  /**
   * Presses every inject node of every example, tab after tab, top to
   * bottom, each once the messages of the one before have settled, and
   * answers what a user sees afterwards: per debug node the distinct messages
   * it showed, per node its last status, with the numbers that differ from
   * run to run (ids, dates, times, lengths) masked. How often a status was
   * set and in which order messages came depend on timing (a to-do watch also
   * polls on its own), so they are not part of the answer.
   */
  async function runEveryExample(): Promise<Map<string, string[]>> {
    const before = (await editor.heard()).length;
    for (const example of examples) {
      const injects = example.nodes
        .filter((node) => node.type === 'inject')
        .sort((a, b) => (a.y ?? 0) - (b.y ?? 0) || (a.x ?? 0) - (b.x ?? 0));
      for (const inject of injects) await editor.press(inject.id, `${example.name}: ${String(inject.name)}`);
    }
    const outputs = new Map<string, string[]>();
    for (const heard of (await editor.heard()).slice(before)) {
      const text = heard.text.replace(/"_msgid":"\w+"/g, '"_msgid":"#"').replace(/\d+/g, '#');
      const key = `${heard.kind} ${heard.id}`;
      if (heard.kind === 'status') outputs.set(key, [text]);
      else outputs.set(key, [...new Set([...(outputs.get(key) ?? []), text])].sort());
    }
    return outputs;
  }

  function caughtErrors(outputs: Map<string, string[]>): string[] {
    return [...catchDebugIds()].flatMap((id) => outputs.get(`debug ${id}`) ?? []);
  }

  /** Closes the editor page and opens the editor anew in a browser set to that language. */
  async function reopenEditor(locale: string): Promise<void> {
    const consoleErrors = editor.consoleErrors;
    await page.close();
    editor = await editorPage(browser, { locale });
    editor.consoleErrors.push(...consoleErrors);
    page = editor.page;
    await editor.open(server.url);
  }

  /** The tab where the test makes its changes: the last one, which the pictures do not show. */
  function scratchTab(): string {
    return tabIdOf(examples[examples.length - 1].name);
  }

  /** A change a user makes: drags the comment of the last example a little. */
  async function moveAComment(): Promise<void> {
    await showTab(scratchTab());
    const comment = await page.evaluate(
      () => RED.nodes.filterNodes({ z: RED.workspaces.active(), type: 'comment' })[0]?.id,
    );
    const box = await page.locator(`[id="${comment}"]`).boundingBox();
    if (!box) throw new Error('no comment to move on the active tab');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 20, { steps: 4 });
    await page.mouse.up();
    expect(await page.evaluate(() => RED.nodes.dirty()), 'the change makes the workspace dirty').to.equal(true);
  }

  /** Chooses the deploy type and presses Deploy; fails on Node-RED's "not properly configured" warning. */
  async function deploy(type: 'full' | 'flows' | 'nodes'): Promise<void> {
    const improperlyConfigured = await page.evaluate(() => RED._('deploy.confirm.improperlyConfigured'));
    await page.locator('#red-ui-header-button-deploy-options').click();
    await page.locator(`#deploymenu-item-${type}`).click();
    await page.locator('#red-ui-header-button-deploy').click();
    const outcome = await Promise.race([
      untilInPage(page, 'the workspace deployed', () => !RED.nodes.dirty())
        .then(() => 'deployed')
        .catch(() => 'not deployed'),
      page
        .locator('.red-ui-notification', { hasText: improperlyConfigured })
        .waitFor({ state: 'visible' })
        .then(() => 'warned: nodes not properly configured')
        .catch(() => 'not deployed'),
    ]);
    expect(outcome, 'the deploy').to.equal('deployed');
  }

  /** The editor with the display-text example and its outputs, our palette category open. */
  async function photographEditor(): Promise<void> {
    await showTab(tabIdOf('display-text'));
    await page.evaluate(() => {
      RED.sidebar.show('debug');
      RED.actions.invoke('core:clear-debug-messages');
    });
    for (const header of await page.locator('#red-ui-palette .red-ui-palette-category').all()) {
      const ours = (await header.getAttribute('id')) === 'red-ui-palette-container-device_cloud';
      const open = await header.locator('.red-ui-palette-content').isVisible();
      if (open !== ours) await header.locator('.red-ui-palette-header').click();
    }
    for (const inject of flows.filter((node) => node.z === tabIdOf('display-text') && node.type === 'inject')) {
      await editor.press(inject.id);
    }
    await page.mouse.move(0, 0);
    await page.evaluate(() => $('.red-ui-notification').remove()); // "Successfully injected" would cover the header
    await page.screenshot({ path: screenshotPath('editor.png') });
  }

  /** The simulator's page: pages on both displays and some to-dos. */
  async function photographSimulator(): Promise<void> {
    const shown = ['display-text-all-devices', 'display-text', 'display-image', 'render-dashboard', 'todo-create'];
    for (const name of shown) {
      await showTab(tabIdOf(name));
      for (const inject of flows.filter((node) => node.z === tabIdOf(name) && node.type === 'inject')) {
        await editor.press(inject.id);
      }
    }
    const screens = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await screens.goto(`${sim.url}/`);
    await screens.waitForSelector('#connection.live');
    await screens.waitForSelector('.screen img');
    await screens.screenshot({ path: screenshotPath('simulator.png'), fullPage: true });
    await screens.close();
  }
});
