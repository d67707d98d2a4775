/**
 * The Node-RED editor in headless Chromium (Debian's, driven by
 * playwright-core), for the browser tests: the browser, an editor page that
 * records the console's errors, and the parts of the editor's own API (`RED`,
 * jQuery's `$`) the tests call inside the page.
 *
 * CHROMIUM names another Chromium binary (default /usr/bin/chromium).
 * DEVICE_CLOUD_SCREENSHOTS=1 makes the tests write the README's pictures.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ROOT } from '../support/package-files';
import { NodeRedServer } from '../support/node-red-server';

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Waits for the page; generous, since the first editor load compiles a lot of script. */
export const UI_TIMEOUT_MS = 15_000;
export const WRITE_SCREENSHOTS = process.env.DEVICE_CLOUD_SCREENSHOTS === '1';
export const DOCS = path.join(ROOT, 'docs');

/** A node as the editor holds it. */
export interface EditorNode {
  id: string;
  type: string;
  z?: string;
  x: number;
  y: number;
  name?: string;
  valid?: boolean;
  validationErrors?: string[];
  changed?: boolean;
  dirty?: boolean;
  users?: EditorNode[];
  credentials?: Record<string, unknown>;
  _def: { defaults: Record<string, { value: unknown }>; category?: string };
  [property: string]: unknown;
}

interface EditorRED {
  nodes: {
    node(id: string): EditorNode | undefined;
    filterNodes(filter: { z?: string; type?: string }): EditorNode[];
    eachNode(callback: (node: EditorNode) => void): void;
    eachConfig(callback: (node: EditorNode) => void): void;
    eachWorkspace(callback: (tab: { id: string; label: string }) => void): void;
    dirty(): boolean;
    getType(type: string): { defaults: Record<string, unknown> } | undefined;
  };
  workspaces: { active(): string; show(id: string): void };
  view: {
    importNodes(nodes: object[], options: object): void;
    redraw(full?: boolean): void;
  };
  editor: { edit(node: EditorNode): void; editConfig(name: string, type: string, id: string): void };
  sidebar: { show(name: string): void; help: { show(type: string): void } };
  comms: { subscribe(topic: string, callback: (topic: string, message: unknown) => void): void };
  actions: { invoke(name: string): void };
  i18n: { lang(): string };
  _(key: string, substitutions?: Record<string, unknown>): string;
}

interface JQueryLike {
  (selector: string | Element): JQueryLike;
  length: number;
  data(key: string): unknown;
  val(): unknown;
  text(): string;
  attr(name: string): string | undefined;
  is(selector: string): boolean;
  remove(): JQueryLike;
  ajax(options: { url: string; type: string }): { fail(callback: (xhr: { status: number }) => void): unknown };
  fx: { off: boolean };
  [index: number]: HTMLElement;
}

declare global {
  const RED: EditorRED;
  const $: JQueryLike;
  interface Window {
    RED?: EditorRED;
    deviceCloudTest?: Record<string, unknown>;
  }
}

/** A node of a flow file. */
export interface FlowNode {
  id: string;
  type: string;
  name?: string;
  label?: string;
  z?: string;
  x?: number;
  y?: number;
  wires?: string[][];
  [property: string]: unknown;
}

/** Node-RED running with this package (test/support/node-red-server), as these tests use it. */
export interface RunningNodeRed {
  url: string;
  userDir: string;
  /** Node-RED's log so far. */
  output: string;
  /** The deployed flows, as GET /flows gives them. */
  flows(): Promise<FlowNode[]>;
  stop(): Promise<void>;
}

export async function startNodeRed(options: {
  flows: FlowNode[];
  credentials: Record<string, Record<string, string>>;
}): Promise<RunningNodeRed> {
  return await NodeRedServer.start(options);
}

let launched: Promise<Browser> | undefined;

/** The one Chromium of the browser tests, launched by the first that asks; closed after the whole run. */
export function sharedBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM}: install Debian's chromium (apt-get install -y chromium; .ci/run does) or set CHROMIUM`,
    );
  }
  launched ??= chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  return launched;
}

// A root hook: mocha runs it once, after every test file.
after(async function () {
  if (launched) await (await launched).close();
});

/**
 * Errors of Node-RED's own editor code that are no fault of ours, each with
 * its cause: Node-RED 5 starts the info sidebar's tips on a timer that, on a
 * slow machine, can fire before the sidebar has made the tip's box (red.js
 * `tips.setTip`: `tipBox.html`).
 */
const NODE_RED_OWN_ERRORS = [
  /^uncaught: TypeError: Cannot read properties of undefined \(reading 'html'\)\s+at \w+ \([^)]*\/red\/red\.min\.js/,
];

/** An editor page and the errors its console showed (none are expected: the test settings reach no network). */
export interface EditorPage {
  page: Page;
  consoleErrors: string[];
  /**
   * Loads the editor and waits until the flows are there. jQuery's animations
   * and CSS transitions are off: trays and menus stand still at once (the
   * editor times its steps by itself, not by their end).
   */
  open(url: string): Promise<void>;
}

export async function editorPage(browser: Browser, options: { locale?: string } = {}): Promise<EditorPage> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 860 }, locale: options.locale ?? 'en-US' });
  page.setDefaultTimeout(UI_TIMEOUT_MS);
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url, lineNumber } = message.location();
    consoleErrors.push(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
  });
  page.on('pageerror', (error) => {
    const text = `uncaught: ${error.stack || error.message}`;
    if (!NODE_RED_OWN_ERRORS.some((known) => known.test(text))) consoleErrors.push(text);
  });
  return {
    page,
    consoleErrors,
    async open(url: string) {
      await page.goto(url);
      await page.waitForFunction(
        () => Boolean(window.RED?.workspaces?.active()) && !$('#red-ui-loading-progress').is(':visible'),
      );
      await page.evaluate(() => {
        $.fx.off = true;
      });
      await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
    },
  };
}

/** Imported nodes follow the mouse until a click on the workspace puts them down, as a user does. */
export async function placeImportedNodes(page: Page): Promise<void> {
  const chart = await page.locator('#red-ui-workspace-chart').boundingBox();
  if (!chart) throw new Error('no workspace to put the imported nodes on');
  await page.mouse.move(chart.x + chart.width / 2, chart.y + chart.height - 150, { steps: 2 });
  await page.mouse.click(chart.x + chart.width / 2, chart.y + chart.height - 150);
  await page.waitForFunction(() => RED.nodes.dirty());
}

export function screenshotPath(name: string): string {
  fs.mkdirSync(DOCS, { recursive: true });
  return path.join(DOCS, name);
}
