'use strict';
/**
 * The editor in a real browser: Node-RED with our package, its editor in
 * headless Chromium (Debian's, driven by playwright-core), the account on the
 * simulator. For every node: add it to the flow, open its dialog, check its
 * fields, account and help, pick a device where the node has the picker;
 * then deploy and read the deployed flows back. The browser console must stay
 * free of errors throughout.
 *
 * The steps share one editor page and run in order, as a user would do them.
 *
 * DEVICE_CLOUD_SCREENSHOTS=1 also writes docs/editor-dialog.png (the display
 * text dialog with the device picker open) for the README.
 * CHROMIUM names another Chromium binary (default /usr/bin/chromium).
 */
const fs = require('node:fs');
const path = require('node:path');
const { expect } = require('chai');
const { chromium } = require('playwright-core');
const { startSimulator } = require('../../dist/simulator/server');
const { NodeRedServer, PACKAGE_NAME } = require('../support/node-red-server');
const { NODE_TYPES, localeFile } = require('../support/package-files');

const ROOT = path.resolve(__dirname, '../..');
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
const SCREENSHOT = path.join(ROOT, 'docs', 'editor-dialog.png');
const WRITE_SCREENSHOT = process.env.DEVICE_CLOUD_SCREENSHOTS === '1';

const { ACCOUNT_TYPE } = require('../support/package-files');
const ACCOUNT_ID = 'e2e0acc000000001';
const ACCOUNT_NAME = 'Simulator';
const TAB_ID = 'e2e0tab000000001';
const PICKED = { deviceId: 'AA:BB:CC:DD:EE:02', label: 'Hallway (AA:BB:CC:DD:EE:02)' };
const OTHER_DEVICE_LABEL = 'Kitchen (AA:BB:CC:DD:EE:01)';
/** Waits for the page; generous, since the first editor load compiles a lot of script. */
const UI_TIMEOUT_MS = 15_000;

/**
 * What each node's dialog shows besides the account and the name, by config
 * key: `select`, `typed` (a TypedInput keeping its type in `<key>Type`),
 * `input`, `checkbox`. `picker`: the Device field lists the account's devices.
 * `hidden`: rows the default settings hide.
 */
const DIALOGS = {
  'device-cloud-devices': { fields: {} },
  'device-cloud-sync-interval': { fields: { syncInterval: 'select' }, picker: true },
  'device-cloud-todo-list': { fields: { statusFilter: 'select' }, picker: true },
  'device-cloud-todo-create': {
    fields: { title: 'typed', description: 'typed', priority: 'select', repeatType: 'select' },
    picker: true,
  },
  'device-cloud-todo-update': { fields: { todoId: 'typed' } },
  'device-cloud-todo-complete': { fields: { action: 'select', todoId: 'typed' } },
  'device-cloud-todo-delete': { fields: { todoId: 'typed' } },
  'device-cloud-todo-watch': { fields: { interval: 'input', emitExisting: 'checkbox' }, picker: true },
  'device-cloud-display-text': {
    fields: { mode: 'select', pageId: 'select', fontSize: 'typed', skipUnchanged: 'checkbox' },
    hidden: { title: 'typed' },
    picker: true,
  },
  'device-cloud-display-image': {
    fields: {
      pageId: 'select',
      dither: 'select',
      fit: 'select',
      width: 'input',
      height: 'input',
      skipUnchanged: 'checkbox',
    },
    picker: true,
  },
  'device-cloud-page-delete': { fields: { pageId: 'select' }, picker: true },
};
/** The nodes whose Device list also offers every device of the account (value "all"). */
const FAN_OUT_TYPES = [
  'device-cloud-display-text',
  'device-cloud-display-image',
  'device-cloud-page-delete',
  'device-cloud-sync-interval',
];
const ALL_DEVICES = { deviceId: 'all', label: 'every device of the account (all)' };
/** Added by dragging it from the palette; the others are imported through the editor's API. */
const DRAGGED_TYPE = 'device-cloud-devices';

/*
 * Console errors that are ignored: none. Node-RED's settings here turn off
 * what would reach the network (palette catalogue, telemetry, tours), so any
 * error in the console is ours or the editor's and fails the run.
 */
const IGNORED_CONSOLE_ERRORS = [];

const ACTION_TYPES = NODE_TYPES.filter((type) => type !== ACCOUNT_TYPE);

/** The first paragraph of a node's help, as text. */
function helpIntro(type) {
  const help = fs.readFileSync(localeFile('en-US'), 'utf8');
  const block = new RegExp(`data-help-name="${type}">([\\s\\S]*?)</script>`).exec(help);
  const paragraph = block && /<p>([\s\S]*?)<\/p>/.exec(block[1]);
  if (!paragraph) throw new Error(`no paragraph in the help of ${type}`);
  return paragraph[1]
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function startingFlows(simulatorUrl) {
  return [
    { id: TAB_ID, type: 'tab', label: 'Editor test', disabled: false, info: '' },
    { id: ACCOUNT_ID, type: ACCOUNT_TYPE, name: ACCOUNT_NAME, baseUrl: simulatorUrl, authHeader: 'x-api-key' },
  ];
}

describe('the editor in Chromium', function () {
  this.timeout(60_000);

  let sim;
  let server;
  let browser;
  let page;
  const consoleErrors = [];
  /** type → the id the editor gave the node */
  const nodeIds = {};

  before(async function () {
    if (!fs.existsSync(CHROMIUM)) {
      throw new Error(
        `Chromium is missing at ${CHROMIUM}: install Debian's chromium (apt-get install -y chromium; .ci/run does) or set CHROMIUM`,
      );
    }
    sim = await startSimulator();
    server = await NodeRedServer.start({
      flows: startingFlows(sim.url),
      credentials: { [ACCOUNT_ID]: { apiKey: sim.apiKey } },
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
    page.setDefaultTimeout(UI_TIMEOUT_MS);
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (IGNORED_CONSOLE_ERRORS.some((pattern) => pattern.test(text))) return;
      const { url, lineNumber } = message.location();
      consoleErrors.push(`console.error: ${text}${url ? ` (${url}:${lineNumber})` : ''}`);
    });
    page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.stack || error.message}`));

    await page.goto(server.url);
    await page.waitForFunction((tab) => window.RED && RED.workspaces && RED.workspaces.active() === tab, TAB_ID);
    await page.locator(`.red-ui-palette-node[data-palette-type="${DRAGGED_TYPE}"]`).waitFor();
  });

  after(async function () {
    if (browser) await browser.close();
    if (server) await server.stop();
    if (sim) await sim.close();
  });

  // A step that failed with its dialog open leaves it open: close it, so that the next step reports its own result.
  afterEach(async function () {
    const cancel = page && page.locator('#node-dialog-cancel');
    if (cancel && (await cancel.isVisible())) {
      await cancel.click();
      await cancel.waitFor({ state: 'detached' });
    }
  });

  it("loads every node of the package into Node-RED's registry and the palette", async function () {
    const sets = await server.nodeSetsOf(PACKAGE_NAME);
    const problems = sets.filter((set) => !set.enabled || set.err).map((set) => `${set.id}: ${set.err || 'disabled'}`);
    expect(problems).to.deep.equal([]);
    expect(sets.flatMap((set) => set.types).sort()).to.deep.equal([...NODE_TYPES].sort());

    const paletteLabels = await page.$$eval('.red-ui-palette-node[data-palette-type^="device-cloud-"]', (nodes) =>
      nodes.map((node) => [node.getAttribute('data-palette-type'), node.getAttribute('data-palette-label')]),
    );
    expect(paletteLabels.map(([type]) => type).sort()).to.deep.equal([...ACTION_TYPES].sort());
    for (const [type, label] of paletteLabels) {
      expect(label, `palette label of ${type}`)
        .to.be.a('string')
        .and.not.match(/^$|device-cloud-[\w-]+\./);
    }
  });

  it('knows the dialog of every node the package registers', function () {
    expect(Object.keys(DIALOGS).sort()).to.deep.equal([...ACTION_TYPES].sort());
  });

  it(`adds ${DRAGGED_TYPE} by dragging it from the palette onto the flow`, async function () {
    const paletteNode = page.locator(`.red-ui-palette-node[data-palette-type="${DRAGGED_TYPE}"]`);
    await paletteNode.dragTo(page.locator('#red-ui-workspace-chart'), { targetPosition: { x: 200, y: 80 } });
    const dropped = await page.evaluate(
      (type) => RED.nodes.filterNodes({ type }).map((node) => ({ id: node.id, z: node.z })),
      DRAGGED_TYPE,
    );
    expect(dropped).to.have.length(1);
    expect(dropped[0].z).to.equal(TAB_ID);
    nodeIds[DRAGGED_TYPE] = dropped[0].id;
  });

  it('adds every other node through the editor', async function () {
    const types = ACTION_TYPES.filter((type) => type !== DRAGGED_TYPE);
    const added = await page.evaluate(
      ({ types, tab }) => {
        const place = (index) => ({ x: 200 + 260 * Math.floor((index + 1) / 6), y: 80 + 60 * ((index + 1) % 6) });
        const nodes = types.map((type, index) => ({ id: `new-${index}`, type, z: tab, ...place(index), wires: [] }));
        RED.view.importNodes(nodes, { generateIds: true, applyNodeDefaults: true, notify: false });
        return Object.fromEntries(
          types.map((type) => [type, RED.nodes.filterNodes({ type, z: tab }).map((node) => node.id)]),
        );
      },
      { types, tab: TAB_ID },
    );
    for (const type of types) {
      expect(added[type], type).to.have.length(1);
      nodeIds[type] = added[type][0];
    }
  });

  for (const type of ACTION_TYPES) {
    const dialog = DIALOGS[type] || { fields: {} };
    const what = dialog.picker
      ? 'its fields, our account, its help, and picks a device'
      : 'its fields, our account and its help';
    it(`${type}: the dialog shows ${what}`, async function () {
      await openDialog(type);
      await chooseAccount();
      for (const [key, kind] of Object.entries({ ...dialog.fields, name: 'input' })) {
        await fieldLocator(key, kind).waitFor({ state: 'visible' });
        if (kind === 'typed') expect(await page.locator(`#node-input-${key}Type`).count(), `${key}Type`).to.equal(1);
      }
      for (const [key, kind] of Object.entries(dialog.hidden || {})) {
        await fieldLocator(key, kind).waitFor({ state: 'hidden' });
      }
      expect(await untranslatedTexts(), 'texts of the dialog without a translation').to.deep.equal([]);
      await checkHelp(type);

      if (type === 'device-cloud-display-text') await checkModeSwitchesRows();
      if (dialog.picker) {
        const offered = await page.evaluate(() =>
          $('#node-input-deviceId')
            .data('nodered-typedInput')
            .typeList.map((t) => t.value),
        );
        const expected =
          type === 'device-cloud-todo-watch'
            ? ['device', 'str', 'flow', 'global', 'env']
            : ['device', 'str', 'msg', 'flow', 'global', 'env'];
        expect(offered, 'types of the device field').to.deep.equal(expected);
        if (FAN_OUT_TYPES.includes(type)) await pickEveryDeviceAndReopen(type);
        await pickDevice(
          type === 'device-cloud-display-text',
          type === 'device-cloud-todo-watch' ? 'every to-do' : undefined,
          FAN_OUT_TYPES.includes(type),
        );
      }
      if (dialog.fields.skipUnchanged) {
        const box = fieldLocator('skipUnchanged', 'checkbox');
        expect(await box.isChecked(), 'skipUnchanged unticked at first').to.equal(false);
        await box.check();
      }

      await closeDialogWithDone();
      const saved = await savedNode(type);
      if (dialog.fields.skipUnchanged) {
        expect(
          await page.evaluate((id) => RED.nodes.node(id).skipUnchanged, nodeIds[type]),
          'skipUnchanged saved',
        ).to.equal(true);
      }
      expect(saved.account, 'account').to.equal(ACCOUNT_ID);
      expect(saved.valid, 'valid').to.equal(true);
      if (dialog.picker) expect(saved).to.include({ deviceId: PICKED.deviceId, deviceIdType: 'device' });
    });
  }

  it('deploys with the Deploy button: Node-RED holds the flow as edited and starts it without an error', async function () {
    const invalid = await page.evaluate(
      (tab) =>
        RED.nodes
          .filterNodes({ z: tab })
          .filter((node) => !node.valid)
          .map((node) => node.type),
      TAB_ID,
    );
    expect(invalid, 'nodes the editor marks invalid (Deploy would ask first)').to.deep.equal([]);
    await page.locator('#red-ui-header-button-deploy').click();
    await page.waitForFunction(() => !RED.nodes.dirty());

    const flows = await server.flows();
    const onTab = flows.filter((node) => node.z === TAB_ID);
    expect(onTab.map((node) => node.type).sort()).to.deep.equal([...ACTION_TYPES].sort());
    for (const node of onTab) {
      expect(node.account, `${node.type}.account`).to.equal(ACCOUNT_ID);
      if (DIALOGS[node.type].picker) {
        expect({ deviceId: node.deviceId, deviceIdType: node.deviceIdType }, node.type).to.deep.equal({
          deviceId: PICKED.deviceId,
          deviceIdType: 'device',
        });
      }
    }
    expect(
      server.output.split('\n').filter((line) => /\[error\]/.test(line)),
      "errors in Node-RED's log",
    ).to.deep.equal([]);
    const account = flows.find((node) => node.id === ACCOUNT_ID);
    expect(account).to.include({ type: ACCOUNT_TYPE, baseUrl: sim.url });
    expect(JSON.stringify(flows)).to.not.include(sim.apiKey);
  });

  it('logged no error in the browser console', function () {
    expect(consoleErrors).to.deep.equal([]);
  });

  // --- steps -----------------------------------------------------------------

  function fieldLocator(key, kind) {
    if (kind === 'typed') return page.locator(`#node-input-${key} + .red-ui-typedInput-container`);
    if (kind === 'select') return page.locator(`select#node-input-${key}`);
    if (kind === 'checkbox') return page.locator(`input[type="checkbox"]#node-input-${key}`);
    return page.locator(`input#node-input-${key}`);
  }

  async function openDialog(type) {
    await page.evaluate((id) => RED.editor.edit(RED.nodes.node(id)), nodeIds[type]);
    await page.locator('#node-dialog-ok').waitFor({ state: 'visible' });
  }

  async function closeDialogWithDone() {
    await page.locator('#node-dialog-ok').click();
    await page.locator('#node-dialog-ok').waitFor({ state: 'detached' });
  }

  /** A new node has no account yet: the config select lists ours, and the user chooses it. */
  async function chooseAccount() {
    const select = page.locator('select#node-input-account');
    await select.waitFor({ state: 'visible' });
    const options = await select.evaluate((element) =>
      [...element.options].map((option) => ({ value: option.value, text: option.text })),
    );
    expect(options).to.deep.include({ value: ACCOUNT_ID, text: ACCOUNT_NAME });
    await select.selectOption(ACCOUNT_ID);
  }

  /**
   * Texts of the dialog that did not translate: an element whose i18n key is
   * missing keeps its (empty) content, and a key looked up in code comes back
   * as the key itself.
   */
  function untranslatedTexts() {
    return page.$$eval(
      '.red-ui-tray-body [data-i18n], .red-ui-tray-body label, .red-ui-tray-body option',
      (elements) => {
        // jquery-i18next's targets that fill the content; any other `[name]` is an attribute
        const CONTENT_TARGETS = ['text', 'html', 'prepend', 'append'];
        return elements.flatMap((element) => {
          const keys = (element.getAttribute('data-i18n') || '').split(';').filter(Boolean);
          const targets =
            keys.length > 0 ? keys.map((key) => (/^\[([\w-]+)\]/.exec(key) || [])[1] || 'text') : ['text'];
          return targets
            .map((target) => ({
              target,
              text: (CONTENT_TARGETS.includes(target)
                ? element.textContent
                : element.getAttribute(target) || ''
              ).trim(),
            }))
            .filter(({ text }) => (text === '' && keys.length > 0) || /device-cloud-[\w-]+[.:]|\bcommon\.\w/.test(text))
            .map(
              ({ target, text }) =>
                `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} ${target}: "${text}" (${keys.join(';') || 'no key'})`,
            );
        });
      },
    );
  }

  /** The dialog's help button shows the node's help in the sidebar. */
  async function checkHelp(type) {
    await page.locator('.red-ui-tray-footer-left button:has(i.fa-book)').click();
    const help = page.locator('.red-ui-sidebar-help-stack .red-ui-help').first();
    await help.locator('h3', { hasText: /^Inputs$/ }).waitFor({ state: 'visible' });
    await help.locator('h3', { hasText: /^Outputs$/ }).waitFor({ state: 'visible' });
    const shown = (await help.innerText()).replace(/\s+/g, ' ');
    expect(shown, `help of ${type}`).to.include(helpIntro(type));
  }

  /** Text mode shows the font size, title-and-body mode the title. */
  async function checkModeSwitchesRows() {
    await page.locator('select#node-input-mode').selectOption('structured');
    await fieldLocator('title', 'typed').waitFor({ state: 'visible' });
    await fieldLocator('fontSize', 'typed').waitFor({ state: 'hidden' });
    await page.locator('select#node-input-mode').selectOption('text');
    await fieldLocator('fontSize', 'typed').waitFor({ state: 'visible' });
    await fieldLocator('title', 'typed').waitFor({ state: 'hidden' });
  }

  function savedNode(type) {
    return page.evaluate((id) => {
      const node = RED.nodes.node(id);
      return { account: node.account, deviceId: node.deviceId, deviceIdType: node.deviceIdType, valid: node.valid };
    }, nodeIds[type]);
  }

  /** Opens the Device list, which the admin endpoint filled from the simulator; answers the list and the choices it offers. */
  async function openDeviceList(withAllDevices) {
    await page.locator('.device-cloud-device-note', { hasText: '2 devices listed' }).waitFor({ state: 'visible' });
    const field = fieldLocator('deviceId', 'typed');
    expect((await field.locator('.red-ui-typedInput-type-label').innerText()).trim()).to.equal('device');
    await field.locator('.red-ui-typedInput-option-trigger').click();
    const menu = page.locator('.red-ui-typedInput-options:visible');
    await menu.waitFor({ state: 'visible' });
    const choices = (await menu.locator('a').allInnerTexts()).map((text) => text.trim());
    const devices = [OTHER_DEVICE_LABEL, PICKED.label];
    expect(choices.slice(1)).to.deep.equal(withAllDevices ? [ALL_DEVICES.label, ...devices] : devices);
    return { field, menu, choices };
  }

  /** Picks every device of the account, saves the node with it, and opens the dialog again: the choice is kept. */
  async function pickEveryDeviceAndReopen(type) {
    const { field, menu } = await openDeviceList(true);
    await menu.locator(`a[value="${ALL_DEVICES.deviceId}"]`).click();
    await menu.waitFor({ state: 'hidden' });
    expect((await field.locator('.red-ui-typedInput-option-label').innerText()).trim()).to.equal(ALL_DEVICES.label);
    await closeDialogWithDone();
    expect(await savedNode(type)).to.include({ deviceId: ALL_DEVICES.deviceId, deviceIdType: 'device', valid: true });
    await openDialog(type);
    const reopened = fieldLocator('deviceId', 'typed');
    await page.locator('.device-cloud-device-note', { hasText: '2 devices listed' }).waitFor({ state: 'visible' });
    expect((await reopened.locator('.red-ui-typedInput-option-label').innerText()).trim()).to.equal(ALL_DEVICES.label);
  }

  /** Picks the hallway display from the Device list. */
  async function pickDevice(photograph, withoutDeviceLabel, withAllDevices) {
    const { field, menu, choices } = await openDeviceList(withAllDevices);
    expect(choices[0], 'the choice without a device').to.not.equal('');
    if (withoutDeviceLabel) expect(choices[0], 'the choice without a device').to.equal(withoutDeviceLabel);
    if (photograph && WRITE_SCREENSHOT) await photographDialog();
    await menu.locator(`a[value="${PICKED.deviceId}"]`).click();
    await menu.waitFor({ state: 'hidden' });
    expect((await field.locator('.red-ui-typedInput-option-label').innerText()).trim()).to.equal(PICKED.label);
  }

  async function photographDialog() {
    fs.mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
    await page.mouse.move(0, 0); // no hover highlight or tooltip in the picture
    await page.screenshot({ path: SCREENSHOT });
  }
});
