/**
 * The dialog's *Start from*: which built-in layout the template is (or its own), and *Use*, which puts the chosen
 * layout's template and sample message in. Use asks first where it would replace a template of the author's (one
 * that is not empty and is not that layout), and puts the texts in as edits of the code editors, so their undo
 * (Ctrl+Z) brings back what was there.
 */
import { t } from './editor-text';

interface LayoutChoice {
  id: string;
  title: Record<string, string>;
  template: Record<string, string>;
  sample: Record<string, unknown>;
}

/** What Start from works on: the dialog's code editors, and what it tells the dialog. */
export interface LayoutEditors {
  template: EditorCodeEditor;
  sample: EditorCodeEditor;
  /** The layouts could not be listed. */
  problem(text: string): void;
}

const LAYOUTS_URL = 'device-cloud/render/layouts';
/** The value of the Start from choice that says the template is the node's own. */
const OWN_TEMPLATE = '';

let layouts: LayoutChoice[] = [];

/** The language whose layout texts the dialog offers: Chinese for a Chinese editor, else English. */
function layoutLanguage(): string {
  return /^zh/i.test(RED.i18n.lang() ?? '') ? 'zh-CN' : 'en-US';
}

/** Lists the layouts in Start from, names the one the template is, and makes Use put the chosen one in. */
export function prepareLayouts(editors: LayoutEditors): void {
  layouts = [];
  const select = $('#node-input-layout');
  select.empty().append($('<option>').val(OWN_TEMPLATE).text(t('option.layout.own')));
  $.ajax({ url: LAYOUTS_URL, dataType: 'json', cache: false })
    .done((listed: LayoutChoice[]) => {
      layouts = listed;
      const language = layoutLanguage();
      for (const layout of listed) select.append($('<option>').val(layout.id).text(layout.title[language]));
      showStartingPoint(editors.template);
    })
    .fail((xhr: JQuery.jqXHR) => {
      const error = (xhr.responseJSON as { error?: string } | undefined)?.error || xhr.statusText || xhr.status;
      editors.problem(t('preview.layoutsFailed', { error }));
    });
  $('#node-input-layout-use').on('click', () => useLayout(editors));
  select.on('change', choiceChanged);
  editors.template.on?.('change', () => showStartingPoint(editors.template));
}

/** Start from names the built-in layout the template is (in either language), or says it is the node's own. */
function showStartingPoint(template: EditorCodeEditor): void {
  const text = template.getValue().trim();
  const same = layouts.find((layout) => Object.values(layout.template).some((written) => written.trim() === text));
  $('#node-input-layout').val(same?.id ?? OWN_TEMPLATE);
  choiceChanged();
}

/** Use puts a built-in layout in: there is nothing to put in while the choice is the node's own template. */
function choiceChanged(): void {
  $('#node-input-layout-use').prop('disabled', $('#node-input-layout').val() === OWN_TEMPLATE);
}

function useLayout(editors: LayoutEditors): void {
  const id = $('#node-input-layout').val();
  const layout = layouts.find((candidate) => candidate.id === id);
  if (!layout) return;
  const language = layoutLanguage();
  const put = (): void => {
    replaceText(editors.template, layout.template[language]);
    replaceText(editors.sample, JSON.stringify(layout.sample[language], null, 2));
  };
  const own = editors.template.getValue().trim();
  if (own === '' || Object.values(layout.template).some((written) => written.trim() === own)) {
    put();
    return;
  }
  DeviceCloudEditor.confirm(t('confirm.useLayout', { layout: layout.title[language] }), t('button.replace'), put);
}

/**
 * The code editor's text replaced by one edit between undo stops, so that its undo (Ctrl+Z) brings the old text
 * back; ace's own undo takes back a text set whole.
 */
function replaceText(codeEditor: EditorCodeEditor, text: string): void {
  const model = codeEditor.getModel?.();
  if (!model || !codeEditor.executeEdits) {
    codeEditor.setValue(text, -1);
    return;
  }
  codeEditor.pushUndoStop?.();
  codeEditor.executeEdits('device-cloud-render-layout', [{ range: model.getFullModelRange(), text }]);
  codeEditor.pushUndoStop?.();
  codeEditor.setPosition?.({ lineNumber: 1, column: 1 });
  codeEditor.revealLine?.(1);
}
