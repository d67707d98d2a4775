/**
 * npm start as the README says to run it (scripts/start.js as a child process, ports of its own), looked at in
 * Chromium as a newcomer looks at it: the Device Cloud sidebar with the simulator's devices, every node type of the
 * package in the palette, every example the packed package holds under Import > Examples, the journeys of "What
 * people build" on the first tabs, and every example laid out to be read: no two nodes overlap, and every wire runs
 * from an output port to an input port to its right (a flow that goes on a row below, or back, does so through a
 * pair of link nodes, the link in below its link out). Then a restart: the sidebar and the simulator show the same
 * pages.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { EXAMPLE_DEVICES } from '../../dist/simulator/server';
import { NpmStart, PACKAGE_NAME, request, type SimulatorState } from '../support/npm-start';
import { until } from '../support/until';
import { CONFIG_TYPES, NODE_TYPES, ROOT } from '../support/package-files';
import { editorPage, sharedBrowser, untilInPage, type EditorPage } from './editor-page';

const run = promisify(execFile);
/** The room a port takes beside its node: two nodes closer than twice this have their ports touch. */
const PORT_PX = 5;

/** The examples of "What people build" in the README, in its order. */
function journeys(): string[] {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## What people build'));
  const table = section.slice(0, section.indexOf('\n## '));
  return [...table.matchAll(/^\| \*([a-z0-9-]+)\* \|/gm)].map(([, name]) => name);
}

/** A box on the page, as the browser laid it out. */
interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** What an example's tab shows: each node's box (with its button), each wire's ends, each link out's link ins. */
interface Drawn {
  nodes: { id: string; label: string; type: string; box: Box }[];
  wires: { from: string; to: string; start: { x: number; y: number }; end: { x: number; y: number } }[];
  links: { from: string; to: string[] }[];
}

/** Reads the tab on show from the editor's drawing (the SVG), in the page's own pixels. */
function readDrawing(page: Page): Promise<Drawn> {
  return page.evaluate(() => {
    const boxOf = (elements: Element[]) => {
      const rects = elements.map((element) => element.getBoundingClientRect()).filter((rect) => rect.width > 0);
      return {
        left: Math.min(...rects.map((rect) => rect.left)),
        top: Math.min(...rects.map((rect) => rect.top)),
        right: Math.max(...rects.map((rect) => rect.right)),
        bottom: Math.max(...rects.map((rect) => rect.bottom)),
      };
    };
    type Datum = { id: string; type: string; links?: string[] };
    const nodes = Array.from(document.querySelectorAll('#red-ui-workspace-chart .red-ui-flow-node-group')).map(
      (group) => {
        const datum = (group as unknown as { __data__: Datum }).__data__;
        const parts = Array.from(
          group.querySelectorAll(':scope > .red-ui-flow-node, :scope > .red-ui-flow-node-button'),
        );
        const label = group.querySelector('.red-ui-flow-node-label')?.textContent ?? '';
        return { id: group.id, label: label || datum.type, type: datum.type, box: boxOf(parts) };
      },
    );
    const wires = Array.from(document.querySelectorAll('#red-ui-workspace-chart .red-ui-flow-link'))
      .filter((group) => !group.classList.contains('red-ui-flow-link-link'))
      .map((group) => {
        const datum = (group as unknown as { __data__: { source: { id: string }; target: { id: string } } }).__data__;
        const wire = group.querySelector('.red-ui-flow-link-path') as SVGPathElement;
        const onPage = (length: number) => {
          const point = wire.getPointAtLength(length).matrixTransform(wire.getScreenCTM() as DOMMatrix);
          return { x: point.x, y: point.y };
        };
        return {
          from: datum.source.id,
          to: datum.target.id,
          start: onPage(0),
          end: onPage(wire.getTotalLength()),
        };
      });
    const links: { from: string; to: string[] }[] = [];
    RED.nodes.eachNode((node) => {
      if (node.z === RED.workspaces.active() && node.type === 'link out')
        links.push({ from: node.id, to: (node as unknown as Datum).links ?? [] });
    });
    return { nodes, wires, links };
  });
}

/** What is wrong with the drawing of one tab, in words; nothing when it reads well. */
function layoutProblems(drawn: Drawn): string[] {
  const problems: string[] = [];
  const byId = new Map(drawn.nodes.map((node) => [node.id, node]));
  const named = (id: string) => `"${byId.get(id)?.label ?? id}"`;
  for (const [index, a] of drawn.nodes.entries()) {
    for (const b of drawn.nodes.slice(index + 1)) {
      const apart =
        a.box.right + 2 * PORT_PX <= b.box.left ||
        b.box.right + 2 * PORT_PX <= a.box.left ||
        a.box.bottom + 2 * PORT_PX <= b.box.top ||
        b.box.bottom + 2 * PORT_PX <= a.box.top;
      if (!apart) problems.push(`${named(a.id)} and ${named(b.id)} overlap or touch`);
    }
  }
  for (const wire of drawn.wires) {
    const from = byId.get(wire.from)?.box;
    const to = byId.get(wire.to)?.box;
    if (!from || !to) {
      problems.push(`a wire from ${named(wire.from)} to ${named(wire.to)} between nodes not drawn`);
      continue;
    }
    const onRightEdge = Math.abs(wire.start.x - from.right) <= PORT_PX + 1;
    const onLeftEdge = Math.abs(wire.end.x - to.left) <= PORT_PX + 1;
    if (!onRightEdge || !onLeftEdge)
      problems.push(`the wire ${named(wire.from)} -> ${named(wire.to)} is not port to port`);
    if (wire.end.x - wire.start.x < 4 * PORT_PX)
      problems.push(`the wire ${named(wire.from)} -> ${named(wire.to)} runs to the left, or has no room`);
  }
  for (const link of drawn.links) {
    for (const target of link.to) {
      const from = byId.get(link.from)?.box;
      const to = byId.get(target)?.box;
      if (!from || !to || to.top <= from.top)
        problems.push(`the link ${named(link.from)} -> ${named(target)} is not to a row below`);
    }
  }
  return problems;
}

describe('npm start in Chromium: what the packed package offers, the examples laid out, a restart @slow', function () {
  this.timeout(120_000);
  let userDir: string;
  let started: NpmStart;
  let browser: Browser;
  let editor: EditorPage;
  let page: Page;
  let tabs: { id: string; label: string }[];

  /** The editor of this npm start, loaded: a workspace tab active, the loading screen gone. */
  async function openEditor(): Promise<void> {
    await editor?.page.close();
    editor = await editorPage(browser);
    page = editor.page;
    await page.goto(started.editor);
    await untilInPage(
      page,
      'the flows in the editor',
      () => Boolean(window.RED?.workspaces?.active()) && !$('#red-ui-loading-progress').is(':visible'),
    );
    tabs = await page.evaluate(() => {
      const found: { id: string; label: string }[] = [];
      RED.nodes.eachWorkspace((tab) => found.push({ id: tab.id, label: tab.label }));
      return found;
    });
  }

  /** The Device Cloud tab of the sidebar, shown as its entry of the sidebar's menu does, once it lists the devices. */
  async function openSidebar(): Promise<void> {
    expect(await page.locator('#red-ui-tab-device-cloud .red-ui-tab-label').innerText()).to.equal('Device Cloud');
    await page.evaluate(() => RED.sidebar.show('device-cloud'));
    await untilInPage(
      page,
      "the simulator's devices in the Device Cloud sidebar",
      (ids) => ids.every((id) => document.querySelector(`.device-cloud-sidebar-device[data-device="${id}"]`)),
      EXAMPLE_DEVICES.map((device) => device.deviceId),
    );
  }

  /** The pages the sidebar shows, as "device, page: kind". */
  function pagesInSidebar(): Promise<string[]> {
    return page.evaluate(() =>
      Array.from(document.querySelectorAll('.device-cloud-sidebar-slot[data-kind]')).map(
        (slot) =>
          `${slot.closest('.device-cloud-sidebar-device')?.getAttribute('data-device')}, page ${slot.getAttribute('data-page')}: ${slot.getAttribute('data-kind')}`,
      ),
    );
  }

  /** The pages the simulator shows, as "device, page: kind". */
  async function pagesOnSimulator(): Promise<string[]> {
    const state = JSON.parse((await request(`${started.simUrl}/sim/state`)).text) as SimulatorState;
    return state.devices.flatMap((device) =>
      device.pages.flatMap((slot, index) =>
        slot.content ? [`${device.deviceId}, page ${index + 1}: ${String(slot.content.kind)}`] : [],
      ),
    );
  }

  before(async () => {
    userDir = fs.mkdtempSync(path.join(os.tmpdir(), 'device-cloud-start-editor-'));
    started = await NpmStart.start(userDir);
    browser = await sharedBrowser();
    await openEditor();
  });

  after(async () => {
    await editor?.page.close();
    await started?.stop().catch(() => undefined);
    await started?.kill();
    fs.rmSync(userDir, { recursive: true, force: true });
  });

  it('shows the Device Cloud sidebar, with the five devices of the simulator', async () => {
    await openSidebar();
    const names = await page.locator('.device-cloud-sidebar-device-name').allInnerTexts();
    expect(names).to.deep.equal(EXAMPLE_DEVICES.map((device) => device.alias));
  });

  it('offers every node type of the package: in the palette, and the config nodes as config nodes', async () => {
    const inPalette = await page.evaluate(() =>
      Array.from(document.querySelectorAll('.red-ui-palette-node[data-palette-type]')).map((node) =>
        node.getAttribute('data-palette-type'),
      ),
    );
    const ours = NODE_TYPES.filter((type) => !CONFIG_TYPES.includes(type));
    expect(inPalette.filter((type) => type?.startsWith('device-cloud-'))).to.have.members(ours);
    for (const type of CONFIG_TYPES) {
      const category = await page.evaluate((name) => RED.nodes.getType(name)?.category, type);
      expect(category, type).to.equal('config');
    }
  });

  it('offers under Import > Examples every example npm pack packs', async () => {
    const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT });
    const packed = (JSON.parse(stdout) as { files: { path: string }[] }[])[0].files
      .map((file) => /^examples\/(.+)\.json$/.exec(file.path)?.[1])
      .filter((name): name is string => name !== undefined);
    expect(packed).to.have.length.above(20);

    await page.evaluate(() => RED.actions.invoke('core:show-import-dialog'));
    await page.locator('#red-ui-tab-red-ui-clipboard-dialog-import-tab-examples a').click();
    const panel = page.locator('#red-ui-clipboard-dialog-import-tab-examples');
    await panel.locator('.red-ui-treeList-label-text', { hasText: PACKAGE_NAME }).click();
    const offered = await untilInPage(
      page,
      "the package's examples listed",
      (module) => {
        const label = Array.from(document.querySelectorAll('#red-ui-clipboard-dialog-import-tab-examples li')).find(
          (item) => item.querySelector(':scope > div > .red-ui-treeList-label')?.textContent === module,
        );
        const names = Array.from(label?.querySelectorAll(':scope li .red-ui-treeList-label-text') ?? []).map(
          (text) => text.textContent,
        );
        return names.length > 0 && names;
      },
      PACKAGE_NAME,
    );
    expect(await offered.jsonValue()).to.have.members(packed);
    await page.keyboard.press('Escape');
  });

  it('puts the journeys of "What people build" on the first tabs, in its order, in view', async () => {
    const wanted = journeys();
    expect(wanted).to.have.length(5);
    expect(tabs.slice(0, wanted.length).map((tab) => tab.label)).to.deep.equal(wanted);
    const bar = await page.locator('#red-ui-workspace-tabs').boundingBox();
    for (const tab of tabs.slice(0, wanted.length)) {
      const box = await page.locator(`#red-ui-tab-${tab.id}`).boundingBox();
      expect(box && bar && box.x + box.width <= bar.x + bar.width, `the tab ${tab.label} in view`).to.equal(true);
    }
  });

  it('lays out every example: no two nodes overlap, every wire runs from an output port to an input port to its right', async () => {
    const problems: string[] = [];
    for (const tab of tabs) {
      await page.evaluate((id) => RED.workspaces.show(id), tab.id);
      await untilInPage(
        page,
        `the tab ${tab.label} drawn`,
        (id) =>
          RED.workspaces.active() === id &&
          document.querySelectorAll('#red-ui-workspace-chart .red-ui-flow-node-group').length ===
            RED.nodes.filterNodes({ z: id }).length,
        tab.id,
      );
      const drawn = await readDrawing(page);
      expect(drawn.nodes.length, tab.label).to.be.above(3);
      expect(drawn.wires.length, tab.label).to.be.above(1);
      problems.push(...layoutProblems(drawn).map((problem) => `${tab.label}: ${problem}`));
    }
    expect(problems).to.deep.equal([]);
  });

  it('after a restart, the sidebar shows the pages the simulator shows', async () => {
    // The photo frame's inject may push on its own meanwhile (every 10 minutes by day): both show that too.
    await started.press('Note for the family');
    await started.press('Doorbell pressed');
    const pushed = ['AA:BB:CC:DD:EE:02, page 2: text', 'AA:BB:CC:DD:EE:02, page 3: image'];
    let shown: string[] = [];
    await until(
      async () => {
        shown = await pagesOnSimulator();
        return pushed.every((pushedPage) => shown.includes(pushedPage));
      },
      { what: 'the note and the snapshot on the simulator', got: () => shown, everyMs: 100 },
    );

    await started.stop();
    started = await NpmStart.start(userDir);
    expect(await pagesOnSimulator(), 'the simulator after the restart').to.include.members(pushed);
    await openEditor();
    await openSidebar();
    let inSidebar: string[] = [];
    await until(
      async () => {
        inSidebar = await pagesInSidebar();
        shown = await pagesOnSimulator();
        return inSidebar.length === shown.length && shown.every((shownPage) => inSidebar.includes(shownPage));
      },
      { what: 'the sidebar showing the pages the simulator shows', got: () => ({ inSidebar, shown }), everyMs: 100 },
    );
    expect(inSidebar).to.include.members(pushed);
  });
});
