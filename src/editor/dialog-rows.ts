/**
 * The rows of the dialogs and their preparation.
 *
 * A node's dialog (editor.html in its folder) lists its rows as placeholders,
 *   <div data-row="select" data-field="priority" data-icon="exclamation" data-from-message></div>
 * which become Node-RED's usual form rows when the node type is registered, before any dialog opens. The texts
 * come from the catalog by convention: the node type's `label.<field>`, `placeholder.<field>`, `unit.<field>` and
 * `option.<field>.<value>` (`fromMessage` for the empty value), or the shared `common.` ones where the node has
 * none. A select offers the values its field's validator allows (and first "from the message" with
 * data-from-message); a number row with a spinner starts at its validator's least value.
 *
 * Row kinds: account, name, device, todoId (the shared rows); text, number, password, select, typed, checkbox;
 * check (the account's "List devices"); taskLists (the CalDAV node's task lists of a server). Attributes: data-field, data-icon, data-types (typed: the literal type,
 * then msg, flow, global, env), data-all-devices and data-types (device), and on any row or element
 * data-hidden-when="<field>=<value>": hidden while that select has that value. `<div data-page-preview></div>` is
 * the column of a drawn page's preview (./page-preview).
 */
import { keyFor } from './catalog';
import { accountCheck, devicePicker } from './device-picker';
import { previewColumnHtml } from './page-preview';
import { taskListPicker } from './task-list-picker';
import { text } from './catalog';
import { EVALUATED_TYPES } from './validators';

interface Row {
  kind: string;
  field: string;
  icon?: string;
  types?: string;
  allDevices?: string;
  fromMessage?: string;
}

/** The shared rows: a kind and its attributes. */
const PRESETS: Record<string, Row> = {
  account: { kind: 'text', field: 'account', icon: 'cloud' },
  name: { kind: 'text', field: 'name', icon: 'tag' },
  device: { kind: 'device', field: 'deviceId', icon: 'tablet' },
  todoId: { kind: 'typed', field: 'todoId', icon: 'hashtag', types: 'num' },
};

function escapeAttribute(value: unknown): string {
  return String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** Builds the rows of one node type, whose element ids start with `prefix` (node-input or node-config-input). */
function rowBuilder(type: string, definition: EditorNodeDefinition, prefix: string): (row: Row) => string {
  const key = (kind: string, field: string): string => keyFor(type, `${kind}.${field}`) ?? `${type}.${kind}.${field}`;
  const optionalKey = (kind: string, field: string): string | null => keyFor(type, `${kind}.${field}`);
  const id = (field: string): string => `${prefix}-${field}`;
  const validatorOf = (field: string): (EditorValidator & { choices?: string[]; min?: number }) | undefined =>
    definition.defaults[field]?.validate;
  const labelFor = (row: Row): string =>
    `<label for="${id(row.field)}"><i class="fa fa-${row.icon ?? 'cog'}"></i> ` +
    `<span data-i18n="${key('label', row.field)}"></span></label>`;
  const placeholder = (field: string): string => {
    const placeholderKey = optionalKey('placeholder', field);
    return placeholderKey ? ` data-i18n="[placeholder]${placeholderKey}"` : '';
  };

  const inputs: Record<string, (row: Row) => string> = {
    text: (row) => `<input type="text" id="${id(row.field)}"${placeholder(row.field)}>`,
    password: (row) => `<input type="password" id="${id(row.field)}">`,
    number: (row) => {
      const unit = optionalKey('unit', row.field);
      const min = validatorOf(row.field)?.min;
      const spinner = min === undefined ? '' : ` data-device-cloud-spinner="${escapeAttribute(min)}"`;
      return (
        `<input type="text" id="${id(row.field)}" style="width: 80px"${spinner}>` +
        (unit ? ` <span data-i18n="${unit}"></span>` : '')
      );
    },
    select: (row) => {
      const choices = validatorOf(row.field)?.choices;
      if (!choices) throw new Error(`${type}: the select ${row.field} has no validator that lists its choices`);
      const values = row.fromMessage === undefined ? choices : ['', ...choices];
      const options = values.map((value) => {
        const option = key('option', `${row.field}.${value || 'fromMessage'}`);
        return `<option value="${escapeAttribute(value)}" data-i18n="${option}"></option>`;
      });
      return `<select id="${id(row.field)}" style="width: 70%">${options.join('')}</select>`;
    },
    typed: (row) =>
      `<input type="text" id="${id(row.field)}" style="width: 70%"${placeholder(row.field)}` +
      ` data-device-cloud-typed="${escapeAttribute(row.types ?? 'str')}">` +
      `<input type="hidden" id="${id(`${row.field}Type`)}">`,
    device: (row) => {
      const picker = {
        allDevices: row.allDevices !== undefined,
        fromMessage: key('option', 'deviceId.fromMessage'),
        types: row.types ? row.types.split(',') : undefined,
      };
      return (
        `<input type="text" id="${id('deviceId')}" style="width: 70%"` +
        ` data-device-cloud-picker='${escapeAttribute(JSON.stringify(picker)).replace(/'/g, '&#39;')}'>` +
        `<input type="hidden" id="${id('deviceIdType')}">`
      );
    },
    checkbox: (row) =>
      '<label>&nbsp;</label>' +
      `<input type="checkbox" id="${id(row.field)}" style="display: inline-block; width: auto; vertical-align: top;">` +
      `<label for="${id(row.field)}" style="width: 70%;" data-i18n="${key('label', row.field)}"></label>`,
    check: () =>
      `<label for="${id('check')}"><i class="fa fa-stethoscope"></i> <span data-i18n="common.accountCheck.label"></span></label>` +
      `<button type="button" class="red-ui-button" id="${id('check')}" data-i18n="common.accountCheck.button"></button>` +
      `<div id="${id('check-result')}" style="margin: 6px 0 0 104px"></div>` +
      '<div class="form-tips" style="margin-top: 12px" data-i18n="common.accountCheck.tip"></div>',
    // As Node-RED lays out a config node's select and its button: together as wide as the other fields.
    taskLists: (row) =>
      '<div style="display: inline-flex; width: 70%">' +
      `<select id="${id(row.field)}" style="flex-grow: 1; width: auto"></select>` +
      `<button type="button" class="red-ui-button" style="margin-left: 10px" id="${id(`${row.field}-refresh`)}">` +
      '<i class="fa fa-refresh"></i></button></div>' +
      `<div id="${id(`${row.field}-note`)}" style="margin: 6px 0 0 104px"></div>`,
  };

  return (row) => {
    const build = inputs[row.kind];
    if (!build) throw new Error(`${type}: unknown row kind "${row.kind}"`);
    return row.kind === 'checkbox' || row.kind === 'check' ? build(row) : labelFor(row) + build(row);
  };
}

/** A placeholder's row: its preset, then its own data- attributes. */
function rowOf(element: HTMLElement): Row {
  const data: Record<string, string | undefined> = { ...element.dataset };
  const preset = PRESETS[data.row ?? ''] ?? { kind: data.row ?? '', field: '' };
  delete data.row;
  return { ...preset, ...data };
}

/** Replaces the row placeholders of a node type's dialog with the rows; a dialog without any stays as it is. */
function expandTemplate(type: string): void {
  const template = $(`script[data-template-name="${type}"]`);
  const definition = RED.nodes.getType(type);
  if (template.length === 0 || !definition || !(template.html() ?? '').includes('data-row=')) return;
  const build = rowBuilder(type, definition, definition.category === 'config' ? 'node-config-input' : 'node-input');
  const form = $('<div></div>').html(template.html() ?? '');
  form.find('[data-row]').each(function (this: HTMLElement) {
    const placeholder = $(this);
    const row = $('<div class="form-row"></div>').html(build(rowOf(this)));
    const id = placeholder.attr('id');
    if (id) row.attr('id', id);
    const hiddenWhen = placeholder.attr('data-hidden-when');
    if (hiddenWhen) row.attr('data-hidden-when', hiddenWhen);
    placeholder.replaceWith(row);
  });
  form.find('[data-page-preview]').replaceWith(previewColumnHtml(type));
  template.html(form.html());
}

/** Node-RED adds a node set's templates to the page before it runs the set's scripts, so a dialog is there when its type is registered. */
export function expandDialogsOnRegistration(): void {
  RED.events.on('registry:node-type-added', (type) => {
    if (type.startsWith('device-cloud-')) expandTemplate(type);
  });
}

/** Shows each element with data-hidden-when="<field>=<value>" only while that field has another value. */
function followToggles(form: JQuery, prefix: string): void {
  form.find('[data-hidden-when]').each(function (this: HTMLElement) {
    const element = $(this);
    const [field, value] = (element.attr('data-hidden-when') ?? '').split('=');
    $(`#${prefix}-${field}`)
      .on('change', function (this: HTMLElement) {
        element.toggle($(this).val() !== value);
      })
      .trigger('change');
  });
}

/** The oneditprepare of every node: TypedInputs, the device picker, spinners, rows that depend on a choice. */
export function prepare(this: EditorNode): void {
  const node = this;
  const prefix = node._def.category === 'config' ? 'node-config-input' : 'node-input';
  const form = $(`#${prefix}-name`).closest('form');
  form.find('[data-device-cloud-typed]').each(function (this: HTMLElement) {
    const kind = $(this).attr('data-device-cloud-typed') ?? 'str';
    $(this).typedInput({ default: kind, typeField: `#${this.id}Type`, types: [kind, ...EVALUATED_TYPES] });
  });
  form.find('[data-device-cloud-picker]').each(function (this: HTMLElement) {
    const picker = JSON.parse($(this).attr('data-device-cloud-picker') ?? '{}') as {
      allDevices: boolean;
      fromMessage: string;
      types?: string[];
    };
    devicePicker(node, {
      allDevices: picker.allDevices,
      fromMessageLabel: text(picker.fromMessage),
      evaluatedTypes: picker.types,
    });
  });
  form.find('[data-device-cloud-spinner]').each(function (this: HTMLElement) {
    $(this).spinner({ min: Number($(this).attr('data-device-cloud-spinner')) });
  });
  const check = $(`#${prefix}-check`);
  if (check.length) accountCheck(node.id, check, $(`#${prefix}-check-result`));
  if ($(`#${prefix}-taskLists`).length) taskListPicker(node);
  followToggles(form, prefix);
}
