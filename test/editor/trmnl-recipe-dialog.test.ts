/**
 * The TRMNL recipe dialog in Chromium. A recipe folder's custom fields become a form, field by field as its
 * settings.yml writes them (read here with the YAML library alone): the kind of input, the name, the
 * placeholder, the choices, the default, the mark on a required field left empty. Values typed are saved in the
 * node, shown again when the dialog opens again and deployed as typed. A pasted recipe's password field is kept
 * as the node's credential: not in the node's fields, not in an export, not in the deployed flows, shown as stored
 * when the dialog opens again and kept when it is saved untouched. The preview draws the page from the sample
 * data, the form's values and the stored password (taken by the runtime, never sent to the browser), read back by
 * OCR, and draws it again when a field changes.
 */
import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { parse } from 'yaml';
import { recipeDir } from '../fixtures/trmnl';
import { compact, readText } from '../render/support';
import {
  editNode,
  editorPage,
  sharedBrowser,
  setCodeText,
  startNodeRed,
  untilInPage,
  type EditorPage,
  type FlowNode,
  type RunningNodeRed,
} from './editor-page';

const TYPE = 'device-cloud-trmnl-recipe';
const TAB_ID = 'trmnl-dialog-tab';
const FOLDER_NODE = 'trmnl-folder-node';
const PASTED_NODE = 'trmnl-pasted-node';
const SECRET = 'OPENSESAME';
const PASTED_MARKUP = `<div class="layout layout--col">
  <span style="font-size: 56px; font-weight: bold">{{ city }} {{ temperature }}</span>
  <span style="font-size: 40px">KEY {{ api_key }}</span>
</div>`;
const PASTED_SETTINGS = `name: Pasted weather
custom_fields:
- keyname: city
  field_type: string
  name: City
  default: Berlin
- keyname: api_key
  field_type: password
  name: API key
  description: Your key of the weather service.
`;

interface WrittenField {
  keyname: string;
  field_type: string;
  name: string;
  placeholder?: string;
  optional?: boolean;
  default?: string;
  options?: string[];
}

/** The form as the dialog shows it, one entry a field row. */
interface ShownField {
  keyname: string;
  label: string;
  tag: string;
  type: string | null;
  placeholder: string | null;
  options: string[];
  value: string;
  marked: boolean;
}

function recipeNode(id: string, properties: Record<string, unknown>, y: number): FlowNode {
  return {
    id,
    type: TYPE,
    z: TAB_ID,
    x: 200,
    y,
    recipe: '',
    markup: '',
    settings: '',
    view: 'auto',
    fields: {},
    width: '800',
    height: '480',
    colors: 'bw',
    dither: 'none',
    fonts: '',
    sample: '',
    wires: [[]],
    ...properties,
  };
}

describe('the TRMNL recipe dialog in Chromium: the custom fields as a form, their values and secrets', function () {
  this.timeout(90_000);
  let server: RunningNodeRed;
  let browser: Browser;
  let editor: EditorPage;
  let page: Page;

  before(async function () {
    server = await startNodeRed({
      flows: [
        { id: TAB_ID, type: 'tab', label: 'TRMNL dialog', disabled: false, info: '' },
        recipeNode(FOLDER_NODE, { recipe: recipeDir('bne-bin') }, 100),
        recipeNode(PASTED_NODE, {}, 200),
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

  const openDialog = (id: string): Promise<void> => editNode(page, id, 'the TRMNL recipe dialog');

  async function done(): Promise<void> {
    await page.locator('#node-dialog-ok').click();
    await page.locator('#node-dialog-ok').waitFor({ state: 'detached' });
  }

  function shownFields(): Promise<ShownField[]> {
    return page.locator('#node-input-trmnl-fields .device-cloud-trmnl-field').evaluateAll((rows) =>
      rows.map((row) => {
        const input = row.querySelector<HTMLInputElement>('input, select, textarea');
        return {
          keyname: row.getAttribute('data-keyname') ?? '',
          label: (row.querySelector('label, b')?.textContent ?? '').trim(),
          tag: input?.tagName.toLowerCase() ?? 'none',
          type: input?.getAttribute('type') ?? null,
          placeholder: input?.getAttribute('placeholder') ?? null,
          options: Array.from(row.querySelectorAll('option')).map((option) => option.value),
          value: input?.value ?? '',
          marked: input?.classList.contains('input-error') ?? false,
        };
      }),
    );
  }

  /** The form once it has `count` rows; a wait in vain names what the dialog read instead. */
  async function formOf(count: number): Promise<ShownField[]> {
    try {
      await untilInPage(
        page,
        `${count} custom fields in the form`,
        (rows) => document.querySelectorAll('#node-input-trmnl-fields .device-cloud-trmnl-field').length === rows,
        count,
      );
    } catch (error) {
      const read = await page.locator('#node-input-trmnl-outline').innerText();
      throw new Error(`${(error as Error).message}; the dialog read: ${read}`);
    }
    return shownFields();
  }

  /**
   * The words tesseract reads on the preview, once it shows a page of `size` that holds `word`: each page the
   * preview shows (a new picture each) is read until one holds it, as each change draws the page again.
   */
  async function previewWith(word: string, size = '800 x 480'): Promise<string> {
    let shown = '';
    let read = '';
    for (;;) {
      await untilInPage(
        page,
        `a newly drawn page of ${size} in the preview (the last read: ${JSON.stringify(read)})`,
        ({ expected, before }) =>
          $('#node-input-preview-result').text() === expected &&
          $('#node-input-preview').is(':visible') &&
          $('#node-input-preview').attr('src') !== before,
        { expected: size, before: shown },
      );
      const drawn = await page.locator('#node-input-preview').evaluate(async (image: HTMLImageElement) => {
        const bytes = new Uint8Array(await (await fetch(image.src)).arrayBuffer());
        return { src: image.src, bytes: Array.from(bytes) };
      });
      shown = drawn.src;
      [read] = await readText([Buffer.from(drawn.bytes)], [], 'eng');
      if (compact(read).includes(word)) return compact(read);
    }
  }

  function field(keyname: string) {
    return page.locator(`#node-input-trmnl-fields [data-keyname="${keyname}"]`).locator('input, select, textarea');
  }

  it("builds the form from a recipe folder's settings.yml, field by field", async function () {
    const written = (
      parse(fs.readFileSync(path.join(recipeDir('bne-bin'), 'src', 'settings.yml'), 'utf8')) as {
        custom_fields: WrittenField[];
      }
    ).custom_fields;
    await openDialog(FOLDER_NODE);
    expect(await page.locator('#node-input-trmnl-source').inputValue()).to.equal('path');
    const form = await formOf(written.length);
    const inputKind: Record<string, [string, string | null]> = {
      author_bio: ['none', null],
      select: ['select', null],
      number: ['input', 'number'],
      string: ['input', 'text'],
      text: ['textarea', null],
    };
    expect(form.map((shown) => shown.keyname)).to.deep.equal(written.map((item) => item.keyname));
    for (const [index, item] of written.entries()) {
      const shown = form[index];
      const required = item.field_type !== 'author_bio' && item.optional !== true;
      expect(shown.label, item.keyname).to.equal(required ? `${item.name} *` : item.name);
      expect([shown.tag, shown.type], item.keyname).to.deep.equal(inputKind[item.field_type]);
      if (item.placeholder) expect(shown.placeholder, item.keyname).to.equal(item.placeholder);
      if (item.field_type === 'select') {
        // The default that is none of the options (TRMNL compares them as written) is kept as one more.
        expect(shown.options).to.deep.equal([...(item.options ?? []), item.default]);
        expect(shown.value).to.equal(item.default);
      }
      if (item.field_type !== 'author_bio' && item.field_type !== 'select') {
        expect(shown.marked, `${item.keyname} marked as required and empty`).to.equal(required);
      }
    }
    await page.locator('#node-dialog-cancel').click();
    await page.locator('#node-dialog-cancel').waitFor({ state: 'detached' });
  });

  it('saves the values typed, shows them when the dialog opens again, and deploys them', async function () {
    const typed = { housenumber: '42', streetname: 'Dudley St', suburb: 'Highgate Hill' };
    await openDialog(FOLDER_NODE);
    await formOf(6);
    for (const [keyname, value] of Object.entries(typed)) await field(keyname).fill(value);
    await field('include_green_waste').selectOption('No');
    expect((await shownFields()).filter((shown) => shown.marked).map((shown) => shown.keyname)).to.deep.equal([]);
    await done();
    const expected = { include_green_waste: 'No', unitnumber: '', ...typed };
    expect(await page.evaluate((id) => RED.nodes.node(id)?.fields, FOLDER_NODE)).to.deep.equal(expected);

    await openDialog(FOLDER_NODE);
    const again = await formOf(6);
    const shownAgain = Object.fromEntries(again.slice(1).map((shown) => [shown.keyname, shown.value]));
    expect(shownAgain).to.deep.equal(expected);
    await done();

    await page.locator('#red-ui-header-button-deploy').click();
    await untilInPage(page, 'the workspace deployed', () => !RED.nodes.dirty());
    const deployed = (await server.flows()).find((node) => node.id === FOLDER_NODE);
    expect(deployed?.fields).to.deep.equal(expected);
    expect(deployed?.recipe).to.equal(recipeDir('bne-bin'));
  });

  it("keeps a pasted recipe's password field as the credential: never in the fields, an export or the deployed flows", async function () {
    await openDialog(PASTED_NODE);
    await page.locator('#node-input-trmnl-source').selectOption('paste');
    await setCodeText(page, 'node-input-markup-editor', PASTED_MARKUP);
    await setCodeText(page, 'node-input-settings-editor', PASTED_SETTINGS);
    const form = await formOf(2);
    expect(form.map((shown) => [shown.keyname, shown.tag, shown.type, shown.value, shown.marked])).to.deep.equal([
      ['city', 'input', 'text', 'Berlin', false],
      ['api_key', 'input', 'password', '', true],
    ]);
    await field('api_key').fill(SECRET);
    await done();
    const saved = await page.evaluate((id) => {
      const node = RED.nodes.node(id);
      return { fields: node?.fields, markup: node?.markup, settings: node?.settings, recipe: node?.recipe };
    }, PASTED_NODE);
    expect(saved).to.deep.equal({
      fields: { city: 'Berlin' },
      markup: PASTED_MARKUP,
      settings: PASTED_SETTINGS,
      recipe: '',
    });

    await page.evaluate(() => RED.actions.invoke('core:show-export-dialog'));
    await page.locator('#red-ui-clipboard-dialog-export-rng-full').click();
    const exported = await page.locator('#red-ui-clipboard-dialog-export-text').inputValue();
    expect(exported).to.include(PASTED_NODE);
    expect(exported, 'the export').not.to.include(SECRET);
    await page.keyboard.press('Escape');
    await page.locator('#red-ui-clipboard-dialog-export-text').waitFor({ state: 'hidden' });

    await page.locator('#red-ui-header-button-deploy').click();
    await untilInPage(page, 'the workspace deployed', () => !RED.nodes.dirty());
    expect(JSON.stringify(await server.flows()), 'the deployed flows').not.to.include(SECRET);
    expect(fs.readFileSync(path.join(server.userDir, 'flows.json'), 'utf8'), 'flows.json').not.to.include(SECRET);
    const stored = await server.request('GET', `credentials/${TYPE}/${PASTED_NODE}`);
    expect(stored.body, 'what the editor may read back').to.deep.equal({ has_fieldSecrets: true });
  });

  it('shows a stored password as stored after a deploy, draws the preview with it and the form, and keeps it when saved untouched', async function () {
    await editor.open(server.url);
    await openDialog(PASTED_NODE);
    expect(await page.locator('#node-input-trmnl-source').inputValue()).to.equal('paste');
    const form = await formOf(2);
    expect(form[1]).to.deep.include({
      keyname: 'api_key',
      value: '',
      placeholder: 'stored (type to replace)',
      marked: false,
    });
    await page.locator('#node-input-trmnl-fields [data-keyname="city"] input').fill('Hamburg');
    await setCodeText(page, 'node-input-sample-editor', '{"temperature": "21"}');
    const drawn = await previewWith('Hamburg21');
    expect(drawn, 'the stored password, merged by the runtime').to.include(`KEY${SECRET}`);
    expect(await page.content(), 'the page the browser holds').not.to.include(SECRET);
    await page.locator('#node-input-trmnl-fields [data-keyname="city"] input').fill('Oslo');
    await previewWith('Oslo21');
    await page.locator('#node-input-trmnl-fields [data-keyname="city"] input').fill('Hamburg');
    await done();
    expect(await page.evaluate((id) => RED.nodes.node(id)?.credentials?.fieldSecrets, PASTED_NODE)).to.equal(undefined);
    await page.locator('#red-ui-header-button-deploy').click();
    await untilInPage(page, 'the workspace deployed', () => !RED.nodes.dirty());
    const deployed = (await server.flows()).find((node) => node.id === PASTED_NODE);
    expect(deployed?.fields).to.deep.equal({ city: 'Hamburg' });
    const stored = await server.request('GET', `credentials/${TYPE}/${PASTED_NODE}`);
    expect(stored.body).to.deep.equal({ has_fieldSecrets: true });
  });

  it('logged no error in the browser console', function () {
    expect(editor.consoleErrors).to.deep.equal([]);
  });
});
