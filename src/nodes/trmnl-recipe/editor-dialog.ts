/**
 * The TRMNL recipe node's dialog: where the recipe is (a folder or export zip on the Node-RED host, or its markup
 * and settings.yml pasted), the form of its custom fields, read from its settings.yml by the runtime (the admin
 * endpoint of ./recipe-fields-endpoint) whenever the place or the pasted settings change, and the page it draws
 * with the sample data, the form's values, the view and the size (./preview-endpoint, shown by
 * DeviceCloudEditor.PagePreview). Password fields go to the preview as typed, or as Node-RED's marker of a stored
 * credential with the node's id, so the runtime takes the stored ones: the browser never gets them back. The rows
 * it shares with the other dialogs come from DeviceCloudEditor.prepare.
 */
import type { RecipeOutline } from './preview-endpoints';
import { forgetFields, hideFields, saveFields, showFields, startFields, type FieldValues } from './editor-fields';
import { t } from './editor-text';
import { PASTED_PARTS, type PastedPart } from './settings';

const FIELDS_URL = 'device-cloud/trmnl-recipe/fields';
const PREVIEW_URL = 'device-cloud/trmnl-recipe/preview';
/** The fields whose change draws the page again, besides the code editors and the custom fields. */
const PAGE_FIELDS = ['view', 'width', 'height', 'colors', 'dither', 'pictures', 'timeBudget', 'fonts'];
/** How long after the last change the recipe is read again: a pause in typing, not every keystroke. */
const READ_AFTER_MS = 400;

type Markup = string | Partial<Record<PastedPart, string>>;

const open: {
  node?: EditorNode;
  markup?: EditorCodeEditor;
  settings?: EditorCodeEditor;
  sample?: EditorCodeEditor;
  preview?: DeviceCloudPagePreview;
  /** The pasted parts, the one in the code editor among them. */
  parts: Partial<Record<PastedPart, string>>;
  part: PastedPart;
  asked: number;
  /** The recipe last read, as sent: a change event that changed nothing reads nothing. */
  lastRead?: string;
  request?: JQuery.jqXHR;
  reread?: ReturnType<typeof setTimeout>;
} = { parts: {}, part: 'full', asked: 0 };

function partsOf(markup: unknown): Partial<Record<PastedPart, string>> {
  if (typeof markup === 'string') return { full: markup };
  if (markup === null || typeof markup !== 'object') return {};
  const parts: Partial<Record<PastedPart, string>> = {};
  for (const part of PASTED_PARTS) {
    const text = (markup as Record<string, unknown>)[part];
    if (typeof text === 'string') parts[part] = text;
  }
  return parts;
}

/** What the node saves: one text for the full view alone, else the parts by name. */
function markupOf(parts: Partial<Record<PastedPart, string>>): Markup {
  const given = PASTED_PARTS.filter((part) => (parts[part] ?? '').trim() !== '');
  if (given.length === 0) return '';
  if (given.length === 1 && given[0] === 'full') return parts.full ?? '';
  return Object.fromEntries(given.map((part) => [part, parts[part] ?? '']));
}

function source(): 'path' | 'paste' {
  return $('#node-input-trmnl-source').val() === 'paste' ? 'paste' : 'path';
}

/** The recipe as the dialog has it now, as the endpoints take it. */
function dialogRecipe(): { recipe?: string; markup?: Markup; settings?: string } {
  if (source() === 'path') return { recipe: String($('#node-input-recipe').val() ?? '').trim() };
  if (open.markup) open.parts[open.part] = open.markup.getValue();
  return { markup: markupOf(open.parts), settings: open.settings?.getValue() ?? '' };
}

/** The custom field values the form holds now (the node's, where no form is shown). */
function dialogFieldValues(): FieldValues {
  return saveFields(fieldValuesOf(open.node));
}

function fieldValuesOf(node: EditorNode | undefined): FieldValues {
  const fields = node?.fields;
  return fields !== null && typeof fields === 'object' && !Array.isArray(fields) ? (fields as FieldValues) : {};
}

function prepare(this: EditorNode): void {
  const node = this;
  const parts = partsOf(node.markup);
  const pasted = (typeof node.recipe !== 'string' || node.recipe.trim() === '') && markupOf(parts) !== '';
  $('#node-input-trmnl-source').val(pasted ? 'paste' : 'path');
  DeviceCloudEditor.prepare.call(this);
  const partSelect = $('#node-input-trmnl-part');
  for (const part of PASTED_PARTS)
    partSelect.append(
      $('<option>')
        .val(part)
        .text(t(`option.part.${part}`)),
    );
  partSelect.val('full');
  const markup = RED.editor.createEditor({
    id: 'node-input-markup-editor',
    mode: 'ace/mode/html',
    ...DeviceCloudEditor.LATE_WORK_OFF,
    value: parts.full ?? '',
  });
  const settings = RED.editor.createEditor({
    id: 'node-input-settings-editor',
    mode: 'ace/mode/yaml',
    ...DeviceCloudEditor.LATE_WORK_OFF,
    value: String($('#node-input-settings').val() ?? ''),
  });
  const sample = RED.editor.createEditor({
    id: 'node-input-sample-editor',
    mode: 'ace/mode/json',
    ...DeviceCloudEditor.LATE_WORK_OFF,
    value: String($('#node-input-sample').val() ?? ''),
  });
  const preview = new DeviceCloudEditor.PagePreview('device-cloud-trmnl-recipe', PREVIEW_URL, pageRequest);
  Object.assign(open, { node, markup, settings, sample, preview, parts, part: 'full', asked: 0 });
  partSelect.on('change', () => {
    open.parts[open.part] = markup.getValue();
    open.part = (partSelect.val() as PastedPart | undefined) ?? 'full';
    markup.setValue(open.parts[open.part] ?? '', -1);
  });
  const hasSecrets = startFields();
  settings.on?.('change', () => rereadSoon(hasSecrets));
  $('#node-input-recipe').on('input change', () => rereadSoon(hasSecrets));
  $('#node-input-trmnl-source').on('change', () => rereadSoon(hasSecrets));
  markup.on?.('change', preview.soon);
  sample.on?.('change', preview.soon);
  for (const field of PAGE_FIELDS) $(`#node-input-${field}`).on('input change', preview.soon);
  $('#node-input-trmnl-fields').on('input change', preview.soon);
  readOutline(hasSecrets);
}

function rereadSoon(secretsStored: boolean): void {
  if (open.reread !== undefined) clearTimeout(open.reread);
  open.reread = setTimeout(() => {
    open.reread = undefined;
    readOutline(secretsStored);
  }, READ_AFTER_MS);
}

function readOutline(secretsStored: boolean): void {
  const recipe = dialogRecipe();
  const asked = JSON.stringify(recipe);
  if (asked === open.lastRead) return;
  open.lastRead = asked;
  open.request?.abort();
  const number = ++open.asked;
  if (recipe.recipe === '' || (recipe.recipe === undefined && recipe.markup === '' && !recipe.settings?.trim())) {
    showOutline(t('outline.none'), []);
    hideFields(t('fields.noRecipe'));
    open.preview?.soon();
    return;
  }
  $('#node-input-trmnl-outline').text(t('outline.reading'));
  open.request = $.ajax({
    url: FIELDS_URL,
    method: 'POST',
    contentType: 'application/json',
    data: asked,
    dataType: 'json',
  })
    .done((outline: RecipeOutline) => {
      if (number !== open.asked) return;
      showOutline(describe(outline), outline.warnings);
      // The values typed so far, or the node's, stay in the form built anew.
      showFields(outline.fields, dialogFieldValues(), secretsStored);
      open.preview?.soon();
    })
    .fail((request: JQuery.jqXHR, status) => {
      if (number !== open.asked || status === 'abort') return;
      const answer = (request.responseJSON ?? {}) as { error?: string };
      const error = answer.error ?? (request.statusText || 'no answer');
      showOutline(t('outline.failed', { error }), []);
      hideFields(t('fields.unread'));
      open.preview?.soon();
    });
}

function describe(outline: RecipeOutline): string {
  const views = outline.views.join(', ');
  const name = outline.name ?? t('outline.unnamed');
  if (outline.strategy === 'polling' && outline.pollingUrl.trim() !== '') {
    return t('outline.polling', { name, views, url: outline.pollingUrl.trim().split(/\r?\n/)[0] });
  }
  return t('outline.read', { name, views, strategy: outline.strategy });
}

function showOutline(text: string, warnings: string[]): void {
  $('#node-input-trmnl-outline').text(text);
  const list = $('#node-input-trmnl-recipe-warnings').empty();
  for (const warning of warnings) list.append($('<li>').text(warning));
}

function save(this: EditorNode): void {
  const recipe = dialogRecipe();
  this.fields = dialogFieldValues();
  if (recipe.recipe !== undefined) {
    $('#node-input-recipe').val(recipe.recipe);
    $('#node-input-settings').val('');
    this.markup = '';
  } else {
    $('#node-input-recipe').val('');
    $('#node-input-settings').val(recipe.settings ?? '');
    this.markup = recipe.markup ?? '';
  }
  $('#node-input-sample').val(open.sample?.getValue() ?? '');
  close();
}

/** The page the dialog asks for: the recipe, the sample data, the form's values and the page's settings. */
function pageRequest(): DeviceCloudPageRequest {
  const recipe = dialogRecipe();
  if (recipe.recipe === '' || recipe.markup === '') return { problem: t('preview.noRecipe') };
  let payload: unknown = {};
  const sample = open.sample?.getValue() ?? '';
  try {
    if (sample.trim() !== '') payload = JSON.parse(sample);
  } catch (error) {
    return { problem: t('preview.badSample', { error: (error as Error).message }) };
  }
  return {
    body: {
      ...recipe,
      id: open.node?.id,
      fields: dialogFieldValues(),
      fieldSecrets: $('#node-input-fieldSecrets').val(),
      payload,
      view: $('#node-input-view').val(),
      width: $('#node-input-width').val(),
      height: $('#node-input-height').val(),
      colors: $('#node-input-colors').val(),
      dither: $('#node-input-dither').val(),
      pictures: $('#node-input-pictures').val(),
      timeBudget: $('#node-input-timeBudget').val(),
      fonts: $('#node-input-fonts').val(),
    },
  };
}

function close(): void {
  if (open.reread !== undefined) clearTimeout(open.reread);
  open.reread = undefined;
  open.request?.abort();
  delete open.request;
  open.preview?.close();
  delete open.preview;
  forgetFields();
  for (const name of ['markup', 'settings', 'sample'] as const) {
    const codeEditor = open[name];
    if (codeEditor) DeviceCloudEditor.destroyCodeEditor(codeEditor);
    delete open[name];
  }
  delete open.node;
  delete open.lastRead;
}

function resize(): void {
  open.markup?.resize();
  open.settings?.resize();
  open.sample?.resize();
}

export const trmnlRecipeDialog = { prepare, save, cancel: close, resize };
