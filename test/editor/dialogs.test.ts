/**
 * Every dialog in a real browser: Node-RED with our package, its editor in
 * headless Chromium, the account on the simulator. For every node: add it to
 * the flow, open its dialog, check its fields, account and help, pick a
 * device where the node has the picker. The render dialog draws its page
 * beside the template by itself as the template is typed. The account's dialog and help are
 * titled with its label, its API key is marked required, the helps link to
 * the account help's shared sections. A to-do list saved by version 0.1.0
 * keeps its filter through a deploy from the editor. An example imported
 * through Import > Examples into a workspace without its account shows the
 * missing key before the deploy, and runs once the key is set. The browser
 * console stays free of errors throughout.
 *
 * The steps share one editor page and run in order, as a user would do them.
 * DEVICE_CLOUD_SCREENSHOTS=1 also writes docs/editor-dialog.png (the display
 * text dialog with the device picker open) and docs/render-dialog.png (the
 * render dialog, a template beside its page) for the README.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { Browser, Page, Route } from 'playwright-core';
import { startSimulator, type Simulator } from '../../dist/simulator/server';
import { ACCOUNT_TYPE, CONFIG_TYPES, NODE_TYPES, ROOT, WITHOUT_ACCOUNT, localeFile } from '../support/package-files';
import { coloursOf, pixelsOf, readQrCodes, readText } from '../render/support';
import {
  WRITE_SCREENSHOTS,
  editorPage,
  placeImportedNodes,
  sharedBrowser,
  screenshotPath,
  setCodeText,
  startNodeRed,
  trayReady,
  untilInPage,
  type EditorPage,
  type FlowNode,
  type RunningNodeRed,
} from './editor-page';

const ACCOUNT_ID = 'e2e0acc000000001';
const ACCOUNT_NAME = 'Simulator';
const TAB_ID = 'e2e0tab000000001';
const LEGACY_TAB_ID = 'e2e0tab000000002';
/** A render node as flows saved before there was a choice of layout rules hold it: without layoutRules. */
const SAVED_RENDER_TAB_ID = 'saved-render-tab';
const SAVED_RENDER_ID = 'saved-render';
const PICKED = { deviceId: 'AA:BB:CC:DD:EE:02', label: 'Hallway (AA:BB:CC:DD:EE:02)' };
const OTHER_DEVICE_LABEL = 'Kitchen (AA:BB:CC:DD:EE:01)';
const ALL_DEVICES = { deviceId: 'all', label: 'every device of the account (all)' };
/** The to-do list example as version 0.1.0 saved it, with its filter in `status`. */
const LEGACY_FLOW = path.join(ROOT, 'test', 'fixtures', 'flows-0.1.0', 'todo-list.json');

/**
 * What each node's dialog shows besides the account and the name, by config
 * key: `select`, `typed` (a TypedInput keeping its type in `<key>Type`),
 * `input`, `checkbox`. `picker`: the Device field lists the account's devices.
 * `hidden`: rows the default settings hide.
 */
interface Dialog {
  fields: Record<string, 'select' | 'typed' | 'input' | 'checkbox'>;
  hidden?: Record<string, 'typed'>;
  picker?: boolean;
}
const DIALOGS: Record<string, Dialog> = {
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
  'device-cloud-todo-sync': { fields: { source: 'input', removed: 'select' }, picker: true },
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
  'device-cloud-render': {
    fields: {
      layout: 'select',
      colors: 'select',
      dither: 'select',
      layoutRules: 'select',
      width: 'input',
      height: 'input',
      timeBudget: 'input',
    },
  },
  'device-cloud-trmnl-recipe': {
    fields: {
      recipe: 'input',
      view: 'select',
      colors: 'select',
      dither: 'select',
      pictures: 'select',
      width: 'input',
      height: 'input',
      timeBudget: 'input',
    },
  },
};
/** The nodes whose Device list also offers every device of the account (value "all"). */
const FAN_OUT_TYPES = [
  'device-cloud-display-text',
  'device-cloud-display-image',
  'device-cloud-page-delete',
  'device-cloud-sync-interval',
];
/** Added by dragging it from the palette; the others are imported through the editor's API. */
const DRAGGED_TYPE = 'device-cloud-devices';
const ACTION_TYPES = NODE_TYPES.filter((type) => !CONFIG_TYPES.includes(type));

/** The first paragraph of a node's help, as text. */
function helpIntro(type: string): string {
  const help = fs.readFileSync(localeFile('en-US'), 'utf8');
  const block = new RegExp(`data-help-name="${type}">([\\s\\S]*?)</script>`).exec(help);
  const paragraph = block && /<p>([\s\S]*?)<\/p>/.exec(block[1]);
  if (!paragraph) throw new Error(`no paragraph in the help of ${type}`);
  return paragraph[1]
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The device list's first choice, "from the message", as the en-US catalog words it for the node. */
function fromMessageChoice(type: string): string {
  type Texts = { option?: { deviceId?: { fromMessage?: string } } };
  const catalog = JSON.parse(fs.readFileSync(localeFile('en-US', '.json'), 'utf8')) as Record<string, Texts>;
  return catalog[type]?.option?.deviceId?.fromMessage ?? (catalog.common.option?.deviceId?.fromMessage as string);
}

function startingFlows(simulatorUrl: string): FlowNode[] {
  const legacy = JSON.parse(fs.readFileSync(LEGACY_FLOW, 'utf8')) as FlowNode[];
  return [
    { id: TAB_ID, type: 'tab', label: 'Editor test', disabled: false, info: '' },
    { id: ACCOUNT_ID, type: ACCOUNT_TYPE, name: ACCOUNT_NAME, baseUrl: simulatorUrl, authHeader: 'x-api-key' },
    { id: SAVED_RENDER_TAB_ID, type: 'tab', label: 'Saved before the layout choice', disabled: false, info: '' },
    {
      id: SAVED_RENDER_ID,
      type: 'device-cloud-render',
      z: SAVED_RENDER_TAB_ID,
      x: 200,
      y: 80,
      template: '<div>saved</div>',
      width: '400',
      height: '300',
      colors: 'bw',
      dither: 'none',
      wires: [[]],
    },
    { id: LEGACY_TAB_ID, type: 'tab', label: 'Saved by 0.1.0', disabled: false, info: '' },
    ...legacy.map((node) =>
      node.type === ACCOUNT_TYPE ? { ...node, baseUrl: simulatorUrl } : { ...node, z: LEGACY_TAB_ID },
    ),
  ];
}

describe('the editor in Chromium: every dialog, the account, the help, an upgrade, an import @slow', function () {
  this.timeout(60_000);

  let sim: Simulator;
  let server: RunningNodeRed;
  let browser: Browser;
  let editor: EditorPage;
  let page: Page;
  let legacy: FlowNode[];
  /** type → the id the editor gave the node */
  const nodeIds: Record<string, string> = {};

  before(async function () {
    sim = await startSimulator();
    const flows = startingFlows(sim.url);
    legacy = flows.filter((node) => node.z === LEGACY_TAB_ID || node.id === '7d1aacc000000001');
    server = await startNodeRed({
      flows,
      credentials: { [ACCOUNT_ID]: { apiKey: sim.apiKey }, '7d1aacc000000001': { apiKey: sim.apiKey } },
    });
    browser = await sharedBrowser();
    editor = await editorPage(browser);
    page = editor.page;
    await editor.open(server.url);
    await showTab(TAB_ID);
    await page.locator(`.red-ui-palette-node[data-palette-type="${DRAGGED_TYPE}"]`).waitFor();
  });

  after(async function () {
    await page?.close();
    await server?.stop();
    await sim?.close();
  });

  // A step that failed with its dialog open leaves it open: close it, so that the next step reports its own result.
  afterEach(async function () {
    for (let open = 0; open < 3; open++) {
      const cancel = page.locator('#node-config-dialog-cancel:visible, #node-dialog-cancel:visible').last();
      if ((await cancel.count()) === 0) break;
      await cancel.click({ timeout: 2_000 }).catch(() => undefined); // closing already
      await cancel.waitFor({ state: 'detached' });
    }
  });

  it("loads every node of the package into the palette, each with a label, in the category's own header", async function () {
    const paletteLabels = await page.$$eval('.red-ui-palette-node[data-palette-type^="device-cloud-"]', (nodes) =>
      nodes.map((node) => [node.getAttribute('data-palette-type'), node.getAttribute('data-palette-label')]),
    );
    expect(paletteLabels.map(([type]) => type).sort()).to.deep.equal([...ACTION_TYPES].sort());
    for (const [type, label] of paletteLabels) {
      expect(label, `palette label of ${type}`)
        .to.be.a('string')
        .and.not.match(/^$|device-cloud-|\btodo/);
    }
    // Node-RED's palette breaks a label at an ASCII hyphen, and writes it with spaces around: "to - do".
    const shown = await page
      .locator('.red-ui-palette-node[data-palette-type^="device-cloud-"] .red-ui-palette-label')
      .allInnerTexts();
    expect(
      shown.filter((text) => / - /.test(text)),
      'labels shown broken at a hyphen',
    ).to.deep.equal([]);
    const wrapped = await page.$$eval(
      '.red-ui-palette-node[data-palette-type^="device-cloud-"] .red-ui-palette-label',
      (labels) =>
        labels
          .filter((label) => {
            const text = document.createRange();
            text.selectNodeContents(label);
            return new Set(Array.from(text.getClientRects(), (line) => Math.round(line.top))).size > 1;
          })
          .map((label) => label.textContent),
    );
    expect(wrapped, 'labels on more than one line').to.deep.equal([]);
    expect(await page.locator('#red-ui-palette-header-device_cloud').innerText()).to.equal('device cloud');
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
        const place = (index: number) => ({
          x: 200 + 260 * Math.floor((index + 1) / 6),
          y: 80 + 60 * ((index + 1) % 6),
        });
        const nodes = types.map((type, index) => ({ id: `new-${index}`, type, z: tab, ...place(index), wires: [] }));
        RED.view.importNodes(nodes, { generateIds: true, applyNodeDefaults: true, notify: false });
        return Object.fromEntries(
          types.map((type) => [type, RED.nodes.filterNodes({ type, z: tab }).map((n) => n.id)]),
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
    const dialog = DIALOGS[type] ?? { fields: {} };
    const what = dialog.picker
      ? 'its fields, our account, its help, and picks a device'
      : 'its fields, our account and its help';
    it(`${type}: the dialog shows ${what}`, async function () {
      await openDialog(type);
      const usesAccount = !WITHOUT_ACCOUNT.includes(type);
      if (usesAccount) await chooseAccount();
      const rows: Record<string, string> = { ...dialog.fields, name: 'input' };
      for (const [key, kind] of Object.entries(rows)) {
        await fieldLocator(key, kind).waitFor({ state: 'visible' });
        if (kind === 'typed') expect(await page.locator(`#node-input-${key}Type`).count(), `${key}Type`).to.equal(1);
      }
      for (const [key, kind] of Object.entries(dialog.hidden ?? {})) {
        await fieldLocator(key, kind).waitFor({ state: 'hidden' });
      }
      expect(await untranslatedTexts(), 'texts of the dialog without a translation').to.deep.equal([]);
      await checkHelp(type);

      if (type === 'device-cloud-display-text') await checkModeSwitchesRows();
      if (dialog.picker) {
        const offered = await page.evaluate(() =>
          ($('#node-input-deviceId').data('nodered-typedInput') as { typeList: { value: string }[] }).typeList.map(
            (t) => t.value,
          ),
        );
        const expected =
          type === 'device-cloud-todo-watch'
            ? ['device', 'str', 'flow', 'global', 'env']
            : ['device', 'str', 'msg', 'flow', 'global', 'env'];
        expect(offered, 'types of the device field').to.deep.equal(expected);
        if (type === 'device-cloud-sync-interval') await pickEveryDeviceAndReopen(type);
        await pickDevice(type);
      }
      if (dialog.fields.skipUnchanged) {
        const box = fieldLocator('skipUnchanged', 'checkbox');
        expect(await box.isChecked(), 'skipUnchanged unticked at first').to.equal(false);
        await box.check();
      }

      await closeDialogWithDone();
      const saved = await savedNode(type);
      if (dialog.fields.skipUnchanged) expect(saved.skipUnchanged, 'skipUnchanged saved').to.equal(true);
      if (usesAccount) expect(saved.account, 'account').to.equal(ACCOUNT_ID);
      expect(saved.valid, 'valid').to.equal(true);
      if (dialog.picker) expect(saved).to.include({ deviceId: PICKED.deviceId, deviceIdType: 'device' });
    });
  }

  it('render: a new node lays out as HTML; one saved before the choice is migrated to flex boxes on load, and keeps them when its dialog is saved', async function () {
    const layoutRulesOf = (id: string) => page.evaluate((node) => RED.nodes.node(node)?.layoutRules, id);
    const versionOf = (id: string) => page.evaluate((node) => RED.nodes.node(node)?.version, id);
    expect(await layoutRulesOf(nodeIds['device-cloud-render']), 'a new node').to.equal('html');
    expect(await versionOf(nodeIds['device-cloud-render']), 'a new node').to.equal(1);
    const saved = SAVED_RENDER_ID;
    expect(
      startingFlows(sim.url).find((node) => node.id === saved),
      'the flow as saved',
    ).to.not.have.property('layoutRules');
    expect(await layoutRulesOf(saved), 'as loaded: migrated').to.equal('flex');
    expect(await versionOf(saved), 'as loaded: migrated').to.equal(1);
    nodeIds.savedRender = saved;
    await openDialog('savedRender');
    expect(await page.locator('select#node-input-layoutRules').inputValue(), 'the choice shown').to.equal('flex');
    await closeDialogWithDone();
    expect(await layoutRulesOf(saved), 'saved from the dialog').to.equal('flex');
  });

  it('render: the page is drawn beside the template at 1:1, by itself once a layout is chosen; Start from names the layout', async function () {
    await openDialog('device-cloud-render');
    const select = page.locator('select#node-input-layout');
    await select.locator('option[value="wifi-card"]').waitFor({ state: 'attached' });
    expect(await select.locator('option').allInnerTexts()).to.include('Guest Wi-Fi card');
    expect(await startingPoint(), 'an empty template').to.equal('its own template (no built-in layout)');
    await page
      .locator('#node-input-preview-result', { hasText: 'Nothing to draw yet: the template is empty' })
      .waitFor();
    await select.selectOption({ label: 'Guest Wi-Fi card' });
    await page.locator('#node-input-layout-use').click();
    const preview = page.locator('img#node-input-preview');
    await preview.waitFor({ state: 'visible' });
    const shown = await preview.evaluate((image: HTMLImageElement) => ({
      natural: [image.naturalWidth, image.naturalHeight],
      onScreen: [image.clientWidth, image.clientHeight],
      src: image.src,
    }));
    expect(shown.natural, 'the page drawn').to.deep.equal([400, 300]);
    expect(shown.onScreen, 'one page pixel on one screen pixel').to.deep.equal([400, 300]);
    const png = await previewPng();
    expect([...coloursOf(await pixelsOf(png))].sort(), 'colours of the preview').to.deep.equal([
      '0,0,0',
      '255,255,255',
    ]);
    expect(await readQrCodes(png), 'the QR code a phone would read').to.deep.equal([
      'WIFI:T:WPA;S:Cafe Guest;P:welcome-2026;;',
    ]);
    expect(await startingPoint(), 'the template of a layout').to.equal('Guest Wi-Fi card');

    // Side by side: the page to the right of the template, beside it, not below.
    const editorBox = await page.locator('#node-input-template-editor').boundingBox();
    const pageBox = await preview.boundingBox();
    if (!editorBox || !pageBox) throw new Error('the template editor or the page is not laid out');
    expect(pageBox.x, 'the page right of the template').to.be.at.least(editorBox.x + editorBox.width);
    expect(pageBox.y, 'the page beside the template, not below it').to.be.below(editorBox.y + editorBox.height);
    if (WRITE_SCREENSHOTS) {
      await page.mouse.move(0, 0);
      await page.screenshot({ path: screenshotPath('render-dialog.png') });
    }
    // On a smaller screen the dialog is narrower: the page goes below the template, whole, not cut off.
    const wide = page.viewportSize();
    await page.setViewportSize({ width: 1024, height: 768 });
    try {
      await untilInPage(page, 'the page below the template, inside the dialog', () => {
        const editor = document.querySelector('#node-input-template-editor')?.getBoundingClientRect();
        const image = document.querySelector('img#node-input-preview')?.getBoundingClientRect();
        const tray = document.querySelector('.red-ui-tray-body')?.getBoundingClientRect();
        return !!editor && !!image && !!tray && image.top >= editor.bottom && image.right <= tray.right;
      });
    } finally {
      if (wide) await page.setViewportSize(wide);
    }
    await closeDialogWithDone();
    await openDialog('device-cloud-render');
    await untilInPage(page, 'Start from naming the layout again', () => $('#node-input-layout').val() === 'wifi-card');
    await preview.waitFor({ state: 'visible' });
    await page.locator('#node-dialog-cancel').click();
    await page.locator('#node-dialog-cancel').waitFor({ state: 'detached' });
  });

  it('render: the page follows typing with no button, shows only the newest drawing, lists its warnings and says why it cannot draw', async function () {
    await openDialog('device-cloud-render');
    const preview = page.locator('img#node-input-preview');
    await preview.waitFor({ state: 'visible' });
    expect(await page.locator('#node-input-preview-draw').count(), 'no draw button').to.equal(0);
    const before = await preview.getAttribute('src');
    const asked: string[] = [];
    const count = (request: { url(): string; method(): string }) => {
      if (request.method() === 'POST' && request.url().endsWith('/device-cloud/render/preview'))
        asked.push(request.url());
    };
    page.on('request', count);
    await page.locator('#node-input-template-editor').click();
    await page.keyboard.press('ControlOrMeta+A');
    const typed = '<div style="font-size:48px;font-weight:bold">Typed here</div>';
    await page.keyboard.type(typed);
    // Nothing pressed: the page is drawn again once typing pauses, as it now reads.
    await untilInPage(
      page,
      'the page drawn again from the typed template',
      (old) => {
        const image = document.querySelector<HTMLImageElement>('img#node-input-preview');
        return !!image && image.src !== old && image.complete && $(image).is(':visible');
      },
      before,
    );
    page.off('request', count);
    expect(await startingPoint(), 'a template of its own').to.equal('its own template (no built-in layout)');
    expect(asked.length, 'drawings asked for while typing (one after a pause, not one a keystroke)').to.be.below(
      typed.length,
    );
    const text = await readText([await previewPng()], [], 'eng');
    expect(text[0], 'the page shows the last text typed').to.include('Typed here');

    // A drawing still under way when the next change comes is given up: its answer, held back here until the
    // newer page is shown, never replaces that page.
    let held: Route | undefined;
    await page.route('**/device-cloud/render/preview', async (route) => {
      if (held === undefined) held = route;
      else await route.continue();
    });
    const givenUp = page.waitForEvent('requestfailed', (request) => request.url().endsWith('/render/preview'));
    try {
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.insertText('<div style="font-size:48px">Older</div>');
      await untilInPage(page, 'the older drawing asked for', () =>
        $('#node-input-preview-result').text().includes('…'),
      );
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.insertText('<div style="font-size:48px">Newer</div>');
      await givenUp;
      await untilInPage(page, 'the newer page shown', () => /\d+ x \d+/.test($('#node-input-preview-result').text()));
      await held?.continue().catch(() => undefined); // the browser gave it up: nothing to answer
    } finally {
      await page.unroute('**/device-cloud/render/preview');
    }
    expect((await readText([await previewPng()], [], 'eng'))[0], 'the page shown').to.include('Newer');

    // A character no font has: the page is drawn, and the warning is listed under it.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText('<div style="font-size:40px">Ethiopic \u1200</div>');
    const warning = page.locator('#node-input-preview-warnings li', { hasText: 'U+1200' });
    await warning.waitFor({ state: 'visible' });
    expect(await warning.innerText()).to.match(/is in none of the page's fonts/);
    await preview.waitFor({ state: 'visible' });

    // A template that cannot be drawn: the dialog says why, and shows no page.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText('<div><b>open</div>');
    await page.locator('#node-input-preview-result', { hasText: 'Cannot draw: template:' }).waitFor();
    expect(await preview.isVisible()).to.equal(false);
    expect(await page.locator('#node-input-preview-warnings li').count(), 'no warnings of an earlier page').to.equal(0);
    // The browser logs each refusal (HTTP 400) as a failed load: this one, and any page drawn from a template
    // typed halfway while the typing paused (a tag not yet closed). Expected here, so taken off the console's errors.
    const refusals = editor.consoleErrors.filter((line) => /status of 400 .*device-cloud\/render\/preview/.test(line));
    expect(refusals.length, 'the refusal, as the browser logged it').to.be.at.least(1);
    editor.consoleErrors.splice(
      0,
      editor.consoleErrors.length,
      ...editor.consoleErrors.filter((line) => !refusals.includes(line)),
    );

    // A change of size alone draws again.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText('<div>sized</div>');
    await preview.waitFor({ state: 'visible' });
    await page.locator('#node-input-width').fill('200');
    await untilInPage(page, 'the page drawn again at 200 px wide', () => {
      const image = document.querySelector<HTMLImageElement>('img#node-input-preview');
      return !!image && image.naturalWidth === 200 && $(image).is(':visible');
    });

    // So does a change of the sample message, and of the colours: red text is black in black and white. (The
    // texts are put in as a paste would, whole: typed, the code editor would close brackets and tags itself.)
    await replaceText('template', '<div style="color:red;font-size:60px;font-weight:bold">{{payload}}</div>');
    await page.locator('#node-input-width').fill('400');
    let shownBefore = await newPicture(await preview.getAttribute('src'));
    await replaceText('sample', '{"payload": "Sample"}');
    shownBefore = await newPicture(shownBefore);
    const sampled = await previewPng();
    expect((await readText([sampled], [], 'eng'))[0], 'the page from the new sample').to.include('Sample');
    expect([...coloursOf(await pixelsOf(sampled))].sort(), 'black and white').to.deep.equal(['0,0,0', '255,255,255']);
    await page.locator('select#node-input-colors').selectOption('bwry');
    await newPicture(shownBefore);
    expect([...coloursOf(await pixelsOf(await previewPng()))], 'with the four colours').to.include('255,0,0');
    await page.locator('#node-dialog-cancel').click();
    await page.locator('#node-dialog-cancel').waitFor({ state: 'detached' });
  });

  it('render: a dialog closed while its code editors still work on a change logs no error, on a slow computer', async function () {
    // The code editors work out the text's ranges a moment after each change, longer on a slow computer: the
    // dialog is closed 24 times, at points spread over that moment, with the browser slowed down four times.
    // 24 dialogs on a browser slowed four times take long on a busy machine: each step still waits for its condition.
    this.timeout(300_000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const errorsBefore = editor.consoleErrors.length;
    try {
      for (let close = 0; close < 24; close++) {
        const closedAfterMs = (close * 53) % 700;
        await openDialog('device-cloud-render');
        await replaceText('template', '<div>\n  <section>\n    <p>{{payload}}</p>\n  </section>\n</div>');
        await replaceText('sample', '{\n  "payload": {\n    "text": "x"\n  }\n}');
        await page.waitForTimeout(closedAfterMs);
        await page.locator('#node-dialog-cancel').click();
        await page.locator('#node-dialog-cancel').waitFor({ state: 'detached' });
      }
      // The last dialog is given a second for its late work to show an error, as the earlier ones were.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1_000)));
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
    }
    expect(editor.consoleErrors.slice(errorsBefore), 'errors in the browser console').to.deep.equal([]);
  });

  it("titles the account's dialog and help with its label, and marks its API key required", async function () {
    await openAccountDialog(ACCOUNT_ID);
    const title = page.locator('.red-ui-tray-titlebar').last();
    expect(await title.innerText()).to.equal('Edit Device Cloud account node');
    const key = page.locator('#node-config-input-apiKey');
    expect(await key.inputValue(), 'the stored key, shown as dots').to.equal('__PWRD__');
    expect((await key.getAttribute('class')) ?? '', 'a stored key').to.not.include('input-error');
    await key.fill('');
    await untilInPage(page, 'the emptied API key marked as an error', () =>
      $('#node-config-input-apiKey').attr('class')?.includes('input-error'),
    );
    expect(await untranslatedTexts(), 'texts of the dialog without a translation').to.deep.equal([]);
    await page.locator('#node-config-dialog-cancel').click();
    await page.locator('#node-config-dialog-cancel').waitFor({ state: 'detached' });

    await page.evaluate(() => RED.sidebar.show('help'));
    await page.locator('.red-ui-treeList-label', { hasText: /^@device-cloud\/node-red-device-cloud$/ }).click();
    const listed = await page
      .locator('.red-ui-sidebar-help-stack .red-ui-node-list-item .red-ui-node-label')
      .allInnerTexts();
    expect(listed, 'the help tree').to.include('Device Cloud account').and.not.include(ACCOUNT_TYPE);
  });

  it("links a node's help to the shared sections of the account's help", async function () {
    await page.evaluate(() => RED.sidebar.help.show('device-cloud-display-text'));
    const help = page.locator('.red-ui-sidebar-help-stack');
    await help.locator('a[data-device-cloud-help="several-devices"]').first().click();
    await help.locator('.red-ui-help-title', { hasText: /^Device Cloud account$/ }).waitFor({ state: 'visible' });
    const section = help.locator('h3[data-device-cloud-section="several-devices"]');
    await section.waitFor({ state: 'visible' });
    expect(await section.innerText()).to.match(/Several devices/);
    expect(await section.isVisible()).to.equal(true);
  });

  it('shows a to-do list saved by version 0.1.0 with its filter, which a Deploy from the editor keeps', async function () {
    const [saved] = legacy.filter((node) => node.type === 'device-cloud-todo-list' && node.status === 'pending');
    const shown = await page.evaluate((id) => {
      const node = RED.nodes.node(id);
      return { statusFilter: node?.statusFilter, valid: node?.valid };
    }, saved.id);
    expect(shown).to.deep.equal({ statusFilter: 'pending', valid: true });
  });

  it('deploys with the Deploy button: Node-RED holds the flows as edited, the old to-do list with statusFilter', async function () {
    expect(await invalidNodes(), 'nodes the editor marks invalid (Deploy would ask first)').to.deep.equal([]);
    await page.locator('#red-ui-header-button-deploy').click();
    await untilInPage(page, 'the workspace deployed', () => !RED.nodes.dirty());

    const flows = await server.flows();
    const onTab = flows.filter((node) => node.z === TAB_ID);
    expect(onTab.map((node) => node.type).sort()).to.deep.equal([...ACTION_TYPES].sort());
    for (const node of onTab) {
      expect(node.account, `${node.type}.account`).to.equal(
        WITHOUT_ACCOUNT.includes(node.type) ? undefined : ACCOUNT_ID,
      );
      if (DIALOGS[node.type].picker) {
        expect({ deviceId: node.deviceId, deviceIdType: node.deviceIdType }, node.type).to.deep.equal({
          deviceId: PICKED.deviceId,
          deviceIdType: 'device',
        });
      }
    }
    const flowFile = JSON.parse(fs.readFileSync(path.join(server.userDir, 'flows.json'), 'utf8')) as FlowNode[];
    const [saved] = legacy.filter((node) => node.type === 'device-cloud-todo-list' && node.status === 'pending');
    expect(
      flowFile.find((node) => node.id === saved.id),
      'the 0.1.0 to-do list in the flow file',
    ).to.include({
      statusFilter: 'pending',
      version: 1,
    });
    expect(
      server.output.split('\n').filter((line) => /\[error\]/.test(line)),
      "errors in Node-RED's log",
    ).to.deep.equal([]);
    expect(
      flowFile.find((node) => node.id === SAVED_RENDER_ID),
      'the render node saved before the choice',
    ).to.include({
      layoutRules: 'flex',
      version: 1,
    });
    expect(flows.find((node) => node.id === ACCOUNT_ID)).to.include({ type: ACCOUNT_TYPE, baseUrl: sim.url });
    expect(JSON.stringify(flows)).to.not.include(sim.apiKey);
  });

  it('imports an example through Import > Examples into a workspace without its account: the missing key shows before the deploy, and once set the example runs', async function () {
    await showTab(TAB_ID);
    await page.locator('#red-ui-header-button-sidemenu').click();
    await page.locator('#menu-item-import').click();
    await page.locator('#red-ui-tab-red-ui-clipboard-dialog-import-tab-examples a').click();
    const tree = page.locator('#red-ui-clipboard-dialog-import-tab-examples');
    await tree.locator('.red-ui-treeList-label', { hasText: /^@device-cloud\/node-red-device-cloud$/ }).click();
    await tree.locator('.red-ui-treeList-label', { hasText: /^devices$/ }).click();
    await page.locator('#red-ui-clipboard-dialog-ok').click();
    await placeImportedNodes(page);

    const imported = await untilInPage(
      page,
      'the imported node and its account, both marked invalid',
      (dropped) => {
        const [node] = RED.nodes.filterNodes({ type: 'device-cloud-devices' }).filter((n) => n.id !== dropped);
        const account = node && RED.nodes.node(String(node.account));
        return account && account.valid === false && node.valid === false
          ? { node: node.id, account: account.id }
          : null;
      },
      nodeIds[DRAGGED_TYPE],
    );
    const { node, account } = (await imported.jsonValue()) as { node: string; account: string };
    // The workspace draws what the nodes' validity says on its next frame.
    const redTriangle = page.locator(`[id="${node}"] .red-ui-flow-node-error:not(.hide)`);
    await redTriangle.waitFor({ state: 'visible' });
    expect(await redTriangle.count(), 'red triangles on the imported node').to.equal(1);
    const reason = await page.evaluate((id) => RED.nodes.node(id)?.validationErrors, account);
    expect(reason, 'why the account is not valid').to.deep.equal([
      'the account has no API key: open it and paste the key',
    ]);

    await page.locator('#red-ui-header-button-deploy').click();
    const warning = page.locator('.red-ui-notification', { hasText: /not properly configured/ });
    await warning.waitFor({ state: 'visible' });
    await warning.locator('button', { hasText: 'Cancel' }).click();

    await openAccountDialog(account);
    await page.locator('#node-config-input-apiKey').fill(sim.apiKey);
    await page.locator('#node-config-input-baseUrl').fill(sim.url);
    await page.locator('#node-config-dialog-ok').click();
    await page.locator('#node-config-dialog-ok').waitFor({ state: 'detached' });
    await untilInPage(
      page,
      'the imported node valid once its account has a key',
      (id) => RED.nodes.node(id)?.valid === true,
      node,
    );
    await redTriangle.waitFor({ state: 'hidden' });

    await page.locator('#red-ui-header-button-deploy').click();
    await untilInPage(page, 'the workspace deployed', () => !RED.nodes.dirty());
    const before = sim.requests.length;
    // Nothing clashed: the nodes kept the ids of the example file.
    const example = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', 'devices.json'), 'utf8')) as FlowNode[];
    const inject = example.find((n) => n.type === 'inject' && n.wires?.flat().includes(node))?.id;
    await page.locator(`[id="${inject}"] .red-ui-flow-node-button`).click();
    await untilInPage(
      page,
      'the devices node showing the devices it listed',
      (id) => /devices/.test(String((RED.nodes.node(id)?.status as { text?: string })?.text)),
      node,
    );
    expect(sim.requests.slice(before).map((request) => request.path)).to.include('/open/v1/devices');
  });

  it('logged no error in the browser console', function () {
    expect(editor.consoleErrors).to.deep.equal([]);
  });

  // --- steps -----------------------------------------------------------------

  async function showTab(id: string): Promise<void> {
    await page.evaluate((tab) => RED.workspaces.show(tab), id);
    await untilInPage(page, `the tab ${id} shown`, (tab) => RED.workspaces.active() === tab, id);
  }

  async function invalidNodes(): Promise<string[]> {
    return page.evaluate(() => {
      const invalid: string[] = [];
      RED.nodes.eachNode((node) => {
        if (node.valid === false) invalid.push(`${node.type} ${node.name || node.id}`);
      });
      return invalid;
    });
  }

  function fieldLocator(key: string, kind: string) {
    if (kind === 'typed') return page.locator(`#node-input-${key} + .red-ui-typedInput-container`);
    if (kind === 'select') return page.locator(`select#node-input-${key}`);
    if (kind === 'checkbox') return page.locator(`input[type="checkbox"]#node-input-${key}`);
    return page.locator(`input#node-input-${key}`);
  }

  /**
   * Opens an account's dialog. Node-RED shows the dialog at once, and fills it in once it has the account's
   * credentials from the runtime: a key typed before then would be overwritten. It is ready when the key
   * field shows what the account has: the stored key as dots, or, with none, the field marked as missing.
   */
  async function openAccountDialog(id: string): Promise<void> {
    await page.evaluate((account) => RED.editor.editConfig('', 'device-cloud-account', account), id);
    await page.locator('#node-config-dialog-ok').waitFor({ state: 'visible' });
    await trayReady(page, "the account's dialog");
    await untilInPage(page, 'the key field filled in: the stored key as dots, or marked missing', () => {
      const key = $('#node-config-input-apiKey');
      return key.val() === '__PWRD__' || Boolean(key.attr('class')?.includes('input-error'));
    });
  }

  async function openDialog(type: string): Promise<void> {
    await page.evaluate((id) => {
      const node = RED.nodes.node(id);
      if (node) RED.editor.edit(node);
    }, nodeIds[type]);
    await page.locator('#node-dialog-ok').waitFor({ state: 'visible' });
    await trayReady(page, `the dialog of ${type}`);
  }

  /** What the render dialog's Start from shows. */
  async function startingPoint(): Promise<string> {
    return page.locator('select#node-input-layout').evaluate((select: HTMLSelectElement) => {
      return select.options[select.selectedIndex]?.text ?? '';
    });
  }

  /** Replaces the text of the render dialog's template or sample editor (Node-RED's monaco), as a paste does. */
  function replaceText(editorName: 'template' | 'sample', text: string): Promise<void> {
    return setCodeText(page, `node-input-${editorName}-editor`, text);
  }

  /** Resolves, with its address, once the render dialog shows a page other than the one at `before`. */
  async function newPicture(before: string | null): Promise<string> {
    await untilInPage(
      page,
      'the page drawn again',
      (old) => {
        const image = document.querySelector<HTMLImageElement>('img#node-input-preview');
        return !!image && image.src !== old && image.complete && image.naturalWidth > 0 && $(image).is(':visible');
      },
      before,
    );
    return (await page.locator('img#node-input-preview').getAttribute('src')) ?? '';
  }

  /** The page the render dialog shows, as its bytes. */
  async function previewPng(): Promise<Buffer> {
    const src = await page.locator('img#node-input-preview').getAttribute('src');
    if (!src) throw new Error('the dialog shows no page');
    return Buffer.from(
      await page.evaluate(async (url) => Array.from(new Uint8Array(await (await fetch(url)).arrayBuffer())), src),
    );
  }

  async function closeDialogWithDone(): Promise<void> {
    await page.locator('#node-dialog-ok').click();
    await page.locator('#node-dialog-ok').waitFor({ state: 'detached' });
  }

  /** A new node has no account yet: the config select lists ours, and the user chooses it. */
  async function chooseAccount(): Promise<void> {
    const select = page.locator('select#node-input-account');
    await select.waitFor({ state: 'visible' });
    const options = await select.evaluate((element: HTMLSelectElement) =>
      Array.from(element.options, (option) => ({ value: option.value, text: option.text })),
    );
    expect(options).to.deep.include({ value: ACCOUNT_ID, text: ACCOUNT_NAME });
    await select.selectOption(ACCOUNT_ID);
  }

  /**
   * Texts of the open dialog that did not translate: an element whose i18n key
   * is missing keeps its (empty) content, and a key looked up in code comes
   * back as the key itself.
   */
  function untranslatedTexts(): Promise<string[]> {
    return page.$$eval(
      '.red-ui-tray:last-of-type .red-ui-tray-body [data-i18n], .red-ui-tray:last-of-type .red-ui-tray-body label, .red-ui-tray:last-of-type .red-ui-tray-body option',
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
                ? element.textContent || ''
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
  async function checkHelp(type: string): Promise<void> {
    await page.locator('.red-ui-tray-footer-left button:has(i.fa-book)').click();
    const help = page.locator('.red-ui-sidebar-help-stack .red-ui-help').first();
    for (const section of ['Inputs', 'Outputs', 'Details']) {
      await help.locator('h3', { hasText: new RegExp(`^${section}$`) }).waitFor({ state: 'visible' });
    }
    const shown = (await help.innerText()).replace(/\s+/g, ' ');
    expect(shown, `help of ${type}`).to.include(helpIntro(type));
  }

  /** Text mode shows the font size, title-and-body mode the title. */
  async function checkModeSwitchesRows(): Promise<void> {
    await page.locator('select#node-input-mode').selectOption('structured');
    await fieldLocator('title', 'typed').waitFor({ state: 'visible' });
    await fieldLocator('fontSize', 'typed').waitFor({ state: 'hidden' });
    await page.locator('select#node-input-mode').selectOption('text');
    await fieldLocator('fontSize', 'typed').waitFor({ state: 'visible' });
    await fieldLocator('title', 'typed').waitFor({ state: 'hidden' });
  }

  function savedNode(type: string) {
    return page.evaluate((id) => {
      const node = RED.nodes.node(id);
      return {
        account: node?.account,
        deviceId: node?.deviceId,
        deviceIdType: node?.deviceIdType,
        skipUnchanged: node?.skipUnchanged,
        valid: node?.valid,
      };
    }, nodeIds[type]);
  }

  /** Opens the Device list, which the admin endpoint filled from the simulator; answers the list and the choices it offers. */
  async function openDeviceList(type: string) {
    await page.locator('.device-cloud-device-note', { hasText: '2 devices listed' }).waitFor({ state: 'visible' });
    const field = fieldLocator('deviceId', 'typed');
    expect((await field.locator('.red-ui-typedInput-type-label').innerText()).trim()).to.equal('device');
    await field.locator('.red-ui-typedInput-option-trigger').click();
    const menu = page.locator('.red-ui-typedInput-options:visible');
    await menu.waitFor({ state: 'visible' });
    const choices = (await menu.locator('a').allInnerTexts()).map((text) => text.trim());
    const devices = [OTHER_DEVICE_LABEL, PICKED.label];
    expect(choices.slice(1)).to.deep.equal(FAN_OUT_TYPES.includes(type) ? [ALL_DEVICES.label, ...devices] : devices);
    expect(choices[0], 'the choice without a device').to.equal(fromMessageChoice(type));
    return { field, menu };
  }

  /** Picks every device of the account, saves the node with it, and opens the dialog again: the choice is kept. */
  async function pickEveryDeviceAndReopen(type: string): Promise<void> {
    const { field, menu } = await openDeviceList(type);
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

  /** Picks the hallway display from the Device list (photographing the display-text dialog on the way). */
  async function pickDevice(type: string): Promise<void> {
    const { field, menu } = await openDeviceList(type);
    if (type === 'device-cloud-display-text' && WRITE_SCREENSHOTS) {
      await page.mouse.move(0, 0); // no hover highlight or tooltip in the picture
      await page.screenshot({ path: screenshotPath('editor-dialog.png') });
    }
    await menu.locator(`a[value="${PICKED.deviceId}"]`).click();
    await menu.waitFor({ state: 'hidden' });
    expect((await field.locator('.red-ui-typedInput-option-label').innerText()).trim()).to.equal(PICKED.label);
  }
});
