/**
 * The render dialog in Chromium, as an author writes a template in it. The preview names a mistake and lists its
 * warnings at the template's own line and column (a list, a partial, helpers and triple mustaches between), each
 * place found here in the template as the code editor counts it. Start from's Use asks before it replaces a
 * template of the author's: Cancel keeps it, Replace puts the layout in, and Ctrl+Z in each code editor brings
 * back the template and the sample that were there.
 */
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { LAYOUTS } from '../../dist/lib/render';
import { LIST_ITEMS, LIST_MISTAKE, LIST_WITH_MISTAKE, WARNED_LIST } from '../support/template-place';
import {
  codeText,
  editNode,
  editorPage,
  setCodeText,
  sharedBrowser,
  startNodeRed,
  untilInPage,
  type EditorPage,
  type RunningNodeRed,
} from './editor-page';

const TAB_ID = 'render-dialog-tab';
const RENDER_ID = 'render-dialog-node';
const TEMPLATE_EDITOR = 'node-input-template-editor';
const SAMPLE_EDITOR = 'node-input-sample-editor';
const MINE = '<div style="font-size:40px">\n  Mine, {{payload}}\n</div>';
const MY_SAMPLE = '{"payload": "typed by hand"}';

describe('the render dialog in Chromium: places of mistakes, and Use of a layout', function () {
  this.timeout(60_000);
  let server: RunningNodeRed;
  let browser: Browser;
  let editor: EditorPage;
  let page: Page;

  before(async function () {
    server = await startNodeRed({
      flows: [
        { id: TAB_ID, type: 'tab', label: 'Render dialog', disabled: false, info: '' },
        {
          id: RENDER_ID,
          type: 'device-cloud-render',
          z: TAB_ID,
          x: 200,
          y: 100,
          template: '',
          width: '400',
          height: '300',
          colors: 'bw',
          dither: 'none',
          layoutRules: 'html',
          wires: [[]],
        },
      ],
      credentials: {},
    });
    browser = await sharedBrowser();
    editor = await editorPage(browser);
    page = editor.page;
    await editor.open(server.url);
  });

  after(async function () {
    await page?.close();
    await server?.stop();
  });

  afterEach(async function () {
    const cancel = page.locator('#node-dialog-cancel:visible');
    if ((await cancel.count()) === 0) return;
    await cancel.click();
    await cancel.waitFor({ state: 'detached' });
  });

  const openDialog = (): Promise<void> => editNode(page, RENDER_ID, 'the render dialog');

  function startingPoint(): Promise<string> {
    return page.locator('select#node-input-layout').evaluate((select: HTMLSelectElement) => select.value);
  }

  it("names a mistake in the preview at the template's line and column, after a partial, a list and helpers", async function () {
    await openDialog();
    await setCodeText(page, SAMPLE_EDITOR, JSON.stringify({ payload: { items: LIST_ITEMS, note: 'a note' } }));
    await setCodeText(page, TEMPLATE_EDITOR, LIST_WITH_MISTAKE);
    await page.locator('#node-input-preview-result', { hasText: `Cannot draw: ${LIST_MISTAKE}` }).waitFor();
    expect(LIST_MISTAKE, 'the mistake is on line 5 of the template').to.match(/^template: line 5,/);
    // The browser logs the preview's refusal (HTTP 400) as a failed load: expected here.
    editor.consoleErrors.splice(
      0,
      editor.consoleErrors.length,
      ...editor.consoleErrors.filter((line) => !/status of 400 .*device-cloud\/render\/preview/.test(line)),
    );
  });

  it("lists the preview's warnings at the template's line and column: a placeholder's character, typed text, a cut in a list item", async function () {
    await openDialog();
    await setCodeText(page, SAMPLE_EDITOR, JSON.stringify(WARNED_LIST.message));
    await setCodeText(page, TEMPLATE_EDITOR, WARNED_LIST.template);
    await untilInPage(page, 'three warnings under the page', () => $('#node-input-preview-warnings li').length === 3);
    const warnings = await page.locator('#node-input-preview-warnings li').allInnerTexts();
    const cut = warnings.find((warning) => WARNED_LIST.cut.test(warning));
    expect(cut, warnings.join('\n')).to.be.a('string');
    expect(warnings.filter((warning) => warning !== cut)).to.deep.equal(WARNED_LIST.missing);
  });

  it('asks before Use replaces a template of its own: Cancel keeps it, Replace puts the layout in, Ctrl+Z brings both texts back', async function () {
    const wifi = LAYOUTS.find((layout) => layout.id === 'wifi-card');
    if (!wifi) throw new Error('no Wi-Fi card layout');
    const layoutSample = JSON.stringify(wifi.sample['en-US'], null, 2);
    await openDialog();
    // An empty template is replaced without a question.
    await setCodeText(page, TEMPLATE_EDITOR, '');
    await page.locator('select#node-input-layout option[value="wifi-card"]').waitFor({ state: 'attached' });
    await page.locator('select#node-input-layout').selectOption('wifi-card');
    await page.locator('#node-input-layout-use').click();
    await untilInPage(page, 'Start from naming the Wi-Fi card', () => $('#node-input-layout').val() === 'wifi-card');
    expect(await codeText(page, TEMPLATE_EDITOR)).to.equal(wifi.template['en-US']);
    expect(await page.locator('.red-ui-notification:visible').count(), 'no question').to.equal(0);

    await setCodeText(page, TEMPLATE_EDITOR, MINE);
    await setCodeText(page, SAMPLE_EDITOR, MY_SAMPLE);
    expect(await startingPoint(), 'a template of its own').to.equal('');
    await page.locator('select#node-input-layout').selectOption('wifi-card');
    const question = page.locator('.red-ui-notification:visible', { hasText: 'Guest Wi-Fi card' });

    await page.locator('#node-input-layout-use').click();
    await question.waitFor();
    expect(await question.innerText()).to.match(/Replace the template and the sample message/);
    await question.locator('button', { hasText: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await codeText(page, TEMPLATE_EDITOR), 'kept on Cancel').to.equal(MINE);
    expect(await codeText(page, SAMPLE_EDITOR), 'kept on Cancel').to.equal(MY_SAMPLE);

    await page.locator('#node-input-layout-use').click();
    await question.waitFor();
    await question.locator('button', { hasText: 'Replace' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await codeText(page, TEMPLATE_EDITOR), 'replaced').to.equal(wifi.template['en-US']);
    expect(await codeText(page, SAMPLE_EDITOR), 'replaced').to.equal(layoutSample);

    await page.locator(`#${TEMPLATE_EDITOR} .view-lines`).click();
    await page.keyboard.press('ControlOrMeta+Z');
    await untilInPage(page, 'Start from naming the template its own again', () => $('#node-input-layout').val() === '');
    expect(await codeText(page, TEMPLATE_EDITOR), 'the template after Ctrl+Z').to.equal(MINE);
    expect(await codeText(page, SAMPLE_EDITOR), 'the sample, not yet undone').to.equal(layoutSample);
    await page.locator(`#${SAMPLE_EDITOR} .view-lines`).click();
    await page.keyboard.press('ControlOrMeta+Z');
    expect(await codeText(page, SAMPLE_EDITOR), 'the sample after Ctrl+Z').to.equal(MY_SAMPLE);
  });

  it('logged no error in the browser console', function () {
    expect(editor.consoleErrors).to.deep.equal([]);
  });
});
