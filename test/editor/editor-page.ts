/**
 * The Node-RED editor in headless Chromium (Debian's, driven by
 * playwright-core), for the browser tests: the browser, an editor page that
 * records the console's errors and what the runtime tells the editor, and the
 * parts of the editor's own API (`RED`, jQuery's `$`) the tests call inside
 * the page.
 *
 * How each step knows the editor is ready, never by waiting a fixed time:
 *
 * - Opened: the flows are in (a workspace tab is active, the loading screen
 *   gone) and the editor's connection to the runtime (its comms WebSocket) is
 *   open; then a settled marker (below) comes through it, so what the runtime
 *   sends from then on reaches the page.
 * - A click, a fill, a menu: Playwright's locators wait until the element is
 *   there, visible, stable and enabled, and a step that expects a dialog, a
 *   tray, a notification or a help section waits for that element. Animations
 *   are off (jQuery's `$.fx.off`, no CSS transitions), so what is shown stands
 *   still at once.
 * - An import: the imported nodes hang at the mouse pointer once the editor
 *   has read them (placeImportedNodes() waits for that before it clicks).
 * - A node's dialog (a tray): Node-RED shows it at once, lays it out on later
 *   turns and then puts the cursor into its first field; typing before that
 *   would land in whichever field had the cursor. trayReady() waits until the
 *   newest tray holds the focus. An account's dialog is filled in only once
 *   the editor has the account's credentials from the runtime (the test waits
 *   for its key field to show them).
 * - A state of the editor's own (a tab shown, a node valid, the workspace no
 *   longer dirty after a deploy, which is when the Deploy button turns grey):
 *   untilInPage() polls it in the page, and names it when it runs out.
 * - What the runtime does after a press (an inject button) or a deploy: the
 *   Node-RED the tests start runs a plugin of the tests
 *   (test/fixtures/settled-plugin) that follows every message through
 *   Node-RED's hooks. settled() asks it to answer once no message is on its
 *   way or held by a node that has not ended it, and to send a token through
 *   the editor's comms then. The comms deliver in order, so once the page has
 *   the token it has every debug message and status the runtime sent before.
 *
 * CHROMIUM names another Chromium binary (default /usr/bin/chromium).
 * DEVICE_CLOUD_SCREENSHOTS=1 makes the tests write the README's pictures.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type JSHandle, type Page } from 'playwright-core';
import { ROOT } from '../support/package-files';
import { NodeRedServer } from '../support/node-red-server';
import { FIXTURES } from '../support/child';
import { until } from '../support/until';

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
/** Waits for the page; generous, since the first editor load compiles a lot of script, on a loaded machine too. */
export const UI_TIMEOUT_MS = 20_000;
/** How long a press's or a deploy's messages may take to settle and reach the page (the plugin gives up after 20 s). */
const SETTLED_MS = 30_000;
/** The plugin that tells the editor when the runtime's messages have settled. */
export const SETTLED_PLUGIN = path.join(FIXTURES, 'settled-plugin');
const SETTLED_TOPIC = 'device-cloud-test/settled';
export const WRITE_SCREENSHOTS = process.env.DEVICE_CLOUD_SCREENSHOTS === '1';
/** settings.js entries for a dark editor: the test settings' editorTheme (test/support/node-red-server.ts), with a dark style sheet. */
export const DARK_THEME_SETTINGS = {
  editorTheme: {
    tours: false,
    projects: { enabled: false },
    palette: { catalogues: [] },
    page: { css: path.join(FIXTURES, 'dark-theme.css') },
  },
};
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
    getType(type: string): { defaults: Record<string, unknown>; category?: string } | undefined;
  };
  workspaces: { active(): string; show(id: string): void };
  view: {
    importNodes(nodes: object[], options: object): void;
    redraw(full?: boolean): void;
    /** What the mouse is doing in the workspace: one of RED.state. */
    state(): number;
  };
  state: { IMPORT_DRAGGING: number };
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
  ajax(options: { url: string; type: string }): {
    fail(callback: (xhr: { status: number }) => void): unknown;
    then(done: () => void, failed: (xhr: { status: number }) => void): unknown;
  };
  fx: { off: boolean };
  [index: number]: HTMLElement;
}

/** What the editor heard from the runtime: a debug message, or a node's status. */
export interface Heard {
  kind: 'debug' | 'status';
  id: string;
  text: string;
}

/** What the page records for the tests. */
interface PageRecord {
  heard: Heard[];
  /** By token: called when the runtime's settled marker with that token arrives. */
  settled: Map<string, () => void>;
}

declare global {
  const RED: EditorRED;
  const $: JQueryLike;
  interface Window {
    RED?: EditorRED;
    deviceCloudTest?: PageRecord;
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
  /** A request to the admin API, as the editor makes it. */
  request: NodeRedServer['request'];
  stop(): Promise<void>;
}

export async function startNodeRed(options: {
  flows: FlowNode[];
  credentials: Record<string, Record<string, string>>;
  port?: number;
}): Promise<RunningNodeRed> {
  return await NodeRedServer.start({ ...options, modules: [SETTLED_PLUGIN] });
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
   * Loads the editor and waits until it is ready (see the top of this file).
   * jQuery's animations and CSS transitions are off: trays and menus stand
   * still at once (the editor times its steps by itself, not by their end).
   */
  open(url: string): Promise<void>;
  /** Resolves once the runtime's messages have settled and the page has heard all they led to. */
  settled(what: string): Promise<void>;
  /** Presses an inject node, as its button does (the editor's POST to inject/<id>), and waits until settled. */
  press(injectId: string, name?: string): Promise<void>;
  /** Every debug message and status the page heard from the runtime since it was opened, in order. */
  heard(): Promise<Heard[]>;
}

let tokens = 0;

/** `deviceScaleFactor`: device pixels per CSS pixel, as a high-density screen has (default 1). */
export async function editorPage(
  browser: Browser,
  options: { locale?: string; deviceScaleFactor?: number } = {},
): Promise<EditorPage> {
  const page = await browser.newPage({
    viewport: { width: 1400, height: 860 },
    locale: options.locale ?? 'en-US',
    deviceScaleFactor: options.deviceScaleFactor ?? 1,
  });
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
  // The editor's comms WebSocket is open once the editor has sent on it (its subscriptions, sent on open).
  let commsOpen = false;
  page.on('websocket', (socket) => {
    if (!/\/comms$/.test(socket.url())) return;
    socket.on('framesent', () => (commsOpen = true));
    socket.on('close', () => (commsOpen = false));
  });

  async function settled(what: string): Promise<void> {
    const token = `${++tokens}`;
    try {
      await page.evaluate(
        async ({ token, deadlineMs }) => {
          const record = window.deviceCloudTest as PageRecord;
          const heard = new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => {
              record.settled.delete(token);
              reject(new Error(`the runtime answered, but its token ${token} did not reach the editor`));
            }, deadlineMs);
            record.settled.set(token, () => {
              clearTimeout(timer);
              resolve();
            });
          });
          const answer = await fetch(`device-cloud-test/settled/${token}`, { method: 'POST' });
          if (!answer.ok) throw new Error(`the runtime did not settle (${answer.status}): ${await answer.text()}`);
          await heard;
        },
        { token, deadlineMs: SETTLED_MS },
      );
    } catch (error) {
      throw new Error(`waiting for ${what}: ${(error as Error).message}`);
    }
  }

  return {
    page,
    consoleErrors,
    async open(url: string) {
      await page.goto(url);
      await untilInPage(
        page,
        'the flows in the editor: a workspace tab active, the loading screen gone',
        () => Boolean(window.RED?.workspaces?.active()) && !$('#red-ui-loading-progress').is(':visible'),
      );
      await until(() => commsOpen, { what: "the editor's connection to the runtime (comms) to open" });
      await page.evaluate(() => {
        $.fx.off = true;
      });
      await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
      await page.evaluate(
        ({ topic }) => {
          const record: PageRecord = { heard: [], settled: new Map() };
          window.deviceCloudTest = record;
          RED.comms.subscribe('debug', (_topic, message) => {
            const debug = message as { id: string; format: string; msg: string };
            record.heard.push({ kind: 'debug', id: debug.id, text: `${debug.format} ${debug.msg}` });
          });
          RED.comms.subscribe('status/#', (statusTopic, message) => {
            const status = message as { text?: string; fill?: string; shape?: string };
            record.heard.push({
              kind: 'status',
              id: statusTopic.slice('status/'.length),
              text: JSON.stringify(status),
            });
          });
          RED.comms.subscribe(topic, (_topic, message) => record.settled.get((message as { token: string }).token)?.());
        },
        { topic: SETTLED_TOPIC },
      );
      await settled("the runtime's messages to reach the editor");
    },
    settled,
    async press(injectId: string, name = injectId) {
      await page.evaluate(async (id) => {
        const answer = await fetch(`inject/${id}`, { method: 'POST' });
        if (!answer.ok) throw new Error(`inject/${id}: ${answer.status}`);
      }, injectId);
      await settled(`the messages of the inject "${name}" to settle`);
    },
    heard() {
      return page.evaluate(() => window.deviceCloudTest?.heard ?? []);
    },
  };
}

/**
 * Resolves once `condition` holds in the page (Playwright's waitForFunction, polled on each frame), with its
 * value; rejects naming `what` when it does not within the page's timeout, where Playwright says only "Timeout".
 */
export async function untilInPage<R, Arg = undefined>(
  page: Page,
  what: string,
  condition: (arg: Arg) => R,
  arg?: Arg,
): Promise<JSHandle<R>> {
  try {
    // Playwright types the argument as it arrives in the page (Unboxed<Arg>): for the plain values passed here, Arg itself.
    return await page.waitForFunction(condition as (arg: unknown) => R, arg);
  } catch (error) {
    throw new Error(`waited in vain in the editor for ${what}: ${(error as Error).message.split('\n')[0]}`);
  }
}

/** Resolves once the newest tray (a node's dialog) has been laid out and holds the focus, as Node-RED leaves it. */
export async function trayReady(page: Page, what: string): Promise<void> {
  await untilInPage(page, `${what} laid out, its first field focused`, () => {
    const trays = document.querySelectorAll('.red-ui-tray');
    const newest = trays[trays.length - 1];
    return newest !== undefined && newest.contains(document.activeElement);
  });
}

/** Opens the dialog of the node `id`, as a double click on it does, and resolves once it is laid out. */
export async function editNode(page: Page, id: string, what: string): Promise<void> {
  await page.evaluate((node) => {
    const found = RED.nodes.node(node);
    if (found) RED.editor.edit(found);
  }, id);
  await page.locator('#node-dialog-ok').waitFor({ state: 'visible' });
  await trayReady(page, what);
}

/**
 * Imported nodes hang at the mouse pointer until a click on the workspace puts them down, as a user does.
 * The editor attaches them once it has read the import (which may take it a few turns); a click before then
 * would put nothing down.
 */
export async function placeImportedNodes(page: Page): Promise<void> {
  await untilInPage(
    page,
    'the imported nodes hanging at the mouse pointer',
    () => RED.view.state() === RED.state.IMPORT_DRAGGING,
  );
  const chart = await page.locator('#red-ui-workspace-chart').boundingBox();
  if (!chart) throw new Error('no workspace to put the imported nodes on');
  await page.mouse.move(chart.x + chart.width / 2, chart.y + chart.height - 150, { steps: 2 });
  await page.mouse.click(chart.x + chart.width / 2, chart.y + chart.height - 150);
  await untilInPage(page, 'the imported nodes put down (the workspace changed)', () => RED.nodes.dirty());
}

/**
 * The text of the code editor (Node-RED's monaco) inside the element `#id` of the open dialog; with `text`, after
 * that text replaced its whole text, as a paste does (its undo starts afresh).
 */
async function onCodeEditor(page: Page, id: string, text?: string): Promise<string> {
  return page.evaluate(
    ({ id, text }) => {
      type Editor = { getContainerDomNode(): HTMLElement; getValue(): string; setValue(text: string): void };
      const monaco = (window as unknown as { monaco: { editor: { getEditors(): Editor[] } } }).monaco;
      const editor = monaco.editor.getEditors().find((candidate) => candidate.getContainerDomNode().closest(`#${id}`));
      if (!editor) throw new Error(`no code editor in #${id}`);
      if (text !== undefined) editor.setValue(text);
      return editor.getValue();
    },
    { id, text },
  );
}

/** The text of the code editor inside `#id`. */
export function codeText(page: Page, id: string): Promise<string> {
  return onCodeEditor(page, id);
}

/** Replaces the whole text of the code editor inside `#id`, as a paste does. */
export async function setCodeText(page: Page, id: string, text: string): Promise<void> {
  await onCodeEditor(page, id, text);
}

export function screenshotPath(name: string): string {
  fs.mkdirSync(DOCS, { recursive: true });
  return path.join(DOCS, name);
}
