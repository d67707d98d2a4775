/**
 * The recipe's custom fields as a form, built from its settings.yml as the runtime reads it (the admin endpoint
 * of ./recipe-fields-endpoint): an input for each of TRMNL's field types, filled with the node's value or else
 * the field's default, with the field's description and help, and a mark on a required field left empty. The
 * values of password fields are the node's credentials (`fieldSecrets`, one JSON object): the browser never gets
 * them back, so a stored one shows as kept, and typing any password field saves the password fields anew.
 */
import type { FieldValue } from '../../lib/trmnl/custom-fields';
import type { FormField } from './preview-endpoints';
import { SECRET_FIELD_TYPE } from './settings';
import { t } from './editor-text';

export type FieldValues = Record<string, FieldValue>;

/** The field types that show a text and take no value (TRMNL's author box, a text to copy). */
const SHOWN_ONLY = ['author_bio', 'copyable', 'copyable_webhook_url'];
/** The field types whose choices TRMNL fetches from its own servers: here the value is typed in. */
const FETCHED_CHOICES = ['xhrSelect', 'xhrSelectSearch', 'xhrFunction', 'xhrString', 'plugin_instance_select'];
const INPUT_TYPES: Record<string, string> = {
  number: 'number',
  date: 'date',
  time: 'time',
  url: 'url',
  password: 'password',
};
const FORM = '#node-input-trmnl-fields';
const SECRETS = '#node-input-fieldSecrets';

/** The form shown: its fields, and whether its secrets were stored before the dialog opened. */
let shown: { fields: FormField[]; secretsStored: boolean } | undefined;
/** The password fields typed in the dialog, by keyname: kept while the form is built anew. */
let typed: Record<string, string> = {};
/** The credential's input as the dialog opened: Node-RED's marker of a stored one, or what was typed before. */
let secretsAtOpen = '';

/** The dialog opens: the secrets it holds now are kept unless a password field is typed in. */
export function startFields(): boolean {
  secretsAtOpen = String($(SECRETS).val() ?? '');
  return secretsAtOpen !== '';
}

/** Text without markup: a description may hold links, never run as HTML here. */
function plain(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

function fieldId(index: number): string {
  return `node-input-trmnl-field-${index}`;
}

function leafText(value: FieldValue | undefined): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function timeZones(): string[] {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['Etc/UTC'];
}

/** A select of the choices; a value that is not among them is kept as one more. */
function selectInput(field: FormField, choices: { label: string; value: string }[], value: FieldValue | undefined) {
  const select = $('<select>').css('width', '70%');
  const chosen = Array.isArray(value) ? value.map(leafText) : [leafText(value)];
  const all = [...choices];
  if (field.optional || chosen[0] === '') all.unshift({ label: '', value: '' });
  for (const item of chosen) {
    if (item !== '' && !all.some((choice) => choice.value === item)) all.push({ label: item, value: item });
  }
  for (const choice of all) select.append($('<option>').val(choice.value).text(choice.label));
  if (field.multiple) select.attr('multiple', 'multiple').attr('size', String(Math.min(all.length, 6)));
  select.val(field.multiple ? chosen : chosen[0]);
  return select;
}

function inputFor(field: FormField, value: FieldValue | undefined): JQuery {
  if (field.fieldType === 'select') return selectInput(field, field.options ?? [], value);
  if (field.fieldType === 'time_zone') {
    return selectInput(
      field,
      timeZones().map((zone) => ({ label: zone, value: zone })),
      value,
    );
  }
  if (field.fieldType === 'boolean') {
    const box = $('<input type="checkbox">').css({ width: 'auto', 'vertical-align': 'top' });
    return box.prop('checked', ['true', 'yes', '1'].includes(leafText(value).toLowerCase()));
  }
  if (field.fieldType === 'text' || field.fieldType === 'code') {
    const area = $('<textarea rows="3">').css('width', '70%').val(leafText(value));
    return field.placeholder ? area.attr('placeholder', field.placeholder) : area;
  }
  const input = $('<input>')
    .attr('type', INPUT_TYPES[field.fieldType] ?? 'text')
    .css('width', '70%');
  if (field.fieldType === SECRET_FIELD_TYPE) {
    input.attr('autocomplete', 'new-password').val(typed[field.keyname] ?? '');
    if (shown?.secretsStored) input.attr('placeholder', t('fields.stored'));
    return input;
  }
  // multi_string: the values separated by commas, as TRMNL's form takes them.
  input.val(Array.isArray(value) ? value.map(leafText).join(',') : leafText(value));
  if (field.placeholder) input.attr('placeholder', field.placeholder);
  return input;
}

function rowFor(field: FormField, index: number, value: FieldValue | undefined): JQuery {
  const row = $('<div class="form-row device-cloud-trmnl-field">').attr('data-keyname', field.keyname);
  const tips = [field.description, field.helpText].filter((tip): tip is string => Boolean(tip)).map(plain);
  if (SHOWN_ONLY.includes(field.fieldType)) {
    row.append($('<b>').text(plain(field.name)));
    for (const tip of tips) row.append($('<div class="form-tips">').text(tip));
    return row;
  }
  const required = !field.optional && field.fieldType !== 'boolean';
  const label = $('<label>').attr('for', fieldId(index)).text(plain(field.name));
  if (required) label.append($('<span class="device-cloud-trmnl-required">').text(' *'));
  const input = inputFor(field, value).attr('id', fieldId(index)).attr('data-keyname', field.keyname);
  if (required) input.attr('data-required', 'true');
  row.append(label, input);
  if (FETCHED_CHOICES.includes(field.fieldType)) tips.push(t('fields.fetched'));
  for (const tip of tips) row.append($('<div class="form-tips">').css('margin-top', '4px').text(tip));
  return row;
}

function valueOf(field: FormField, input: JQuery): FieldValue {
  if (field.fieldType === 'boolean') return input.prop('checked') ? 'true' : 'false';
  const value = input.val();
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? value : '';
}

/** Marks a required field that is empty; the form stays usable (TRMNL's default may still apply). */
function markEmpty(input: JQuery): void {
  const value = input.val();
  const empty = Array.isArray(value) ? value.length === 0 : String(value ?? '').trim() === '';
  input.toggleClass('input-error', empty && !(input.attr('type') === 'password' && shown?.secretsStored));
}

/** Typing one password field saves every password field anew: the others, stored, must be typed again. */
function followSecrets(): void {
  const secrets = $(FORM).find('input[type="password"]');
  secrets.on('input', () => {
    if (!shown?.secretsStored) return;
    shown.secretsStored = false;
    secrets.attr('placeholder', t('fields.typeAgain'));
    secrets.each((_index, element) => markEmpty($(element)));
  });
}

/** Shows the recipe's fields with the node's values (or the fields' defaults), and what was typed before. */
export function showFields(fields: FormField[], values: FieldValues, secretsStored: boolean): void {
  typed = { ...typed, ...typedSecrets() };
  shown = { fields, secretsStored: secretsStored && Object.keys(typed).length === 0 };
  const form = $(FORM).empty();
  fields.forEach((field, index) => {
    const value = field.keyname in values ? values[field.keyname] : field.default;
    form.append(rowFor(field, index, value));
  });
  if (fields.length === 0) form.append($('<div class="form-tips">').text(t('fields.none')));
  form.find('[data-required]').each((_index, element) => {
    const input = $(element);
    markEmpty(input);
    input.on('input change', () => markEmpty(input));
  });
  followSecrets();
}

/** The form is not shown (no recipe read yet, or it could not be read): the node's values are kept as they are. */
export function hideFields(text: string): void {
  typed = { ...typed, ...typedSecrets() };
  shown = undefined;
  $(FORM).empty().append($('<div class="form-tips">').text(text));
}

function typedSecrets(): Record<string, string> {
  const secrets: Record<string, string> = {};
  $(FORM)
    .find('input[type="password"]')
    .each((_index, element) => {
      const keyname = $(element).attr('data-keyname');
      const value = String($(element).val() ?? '');
      if (keyname && value !== '') secrets[keyname] = value;
    });
  return secrets;
}

/**
 * The values to save: the node's values of fields the recipe no longer shows are kept, password fields never
 * among them; the secrets go to the credential's input, left as stored when no password field was typed in.
 */
export function saveFields(previous: FieldValues): FieldValues {
  if (!shown) return previous;
  const values: FieldValues = { ...previous };
  shown.fields.forEach((field, index) => {
    const input = $(`#${fieldId(index)}`);
    if (input.length === 0 || !field.keyname) return;
    if (field.fieldType === SECRET_FIELD_TYPE) delete values[field.keyname];
    else values[field.keyname] = valueOf(field, input);
  });
  const secrets = typedSecrets();
  $(SECRETS).val(Object.keys(secrets).length > 0 ? JSON.stringify(secrets) : secretsAtOpen);
  return values;
}

export function forgetFields(): void {
  shown = undefined;
  secretsAtOpen = '';
  typed = {};
}
