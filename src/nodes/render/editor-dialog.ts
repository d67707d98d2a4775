/**
 * The render node's dialog: the template in a code editor beside the page it draws, the sample message, and the
 * built-in layouts as starting points. The page is drawn by the runtime (the admin endpoints of
 * ./admin-endpoints) and shown at 1:1 with its warnings, redrawn by itself a moment after the last change of the
 * template, the sample, the size or the colours (DeviceCloudEditor.PagePreview); typing never waits for a
 * drawing. Start from and its Use are ./editor-layouts. The rows it shares with the other dialogs come from
 * DeviceCloudEditor.prepare.
 */
import { prepareLayouts } from './editor-layouts';
import { t } from './editor-text';

const PREVIEW_URL = 'device-cloud/render/preview';
/** The fields whose change draws the page again, besides the template and the sample. */
const PAGE_FIELDS = ['width', 'height', 'colors', 'dither', 'layoutRules', 'timeBudget', 'fonts'];

/** The open dialog: its code editors, and its preview. */
const open: {
  template?: EditorCodeEditor;
  sample?: EditorCodeEditor;
  preview?: DeviceCloudPagePreview;
} = {};

function prepare(this: EditorNode): void {
  DeviceCloudEditor.prepare.call(this);
  const template = RED.editor.createEditor({
    id: 'node-input-template-editor',
    mode: 'ace/mode/html',
    ...DeviceCloudEditor.LATE_WORK_OFF,
    value: String($('#node-input-template').val() ?? ''),
  });
  const sample = RED.editor.createEditor({
    id: 'node-input-sample-editor',
    mode: 'ace/mode/json',
    ...DeviceCloudEditor.LATE_WORK_OFF,
    value: String($('#node-input-sample').val() ?? ''),
  });
  const preview = new DeviceCloudEditor.PagePreview('device-cloud-render', PREVIEW_URL, pageRequest);
  Object.assign(open, { template, sample, preview });
  prepareLayouts({ template, sample, problem: (problem) => preview.showProblem(problem) });
  template.on?.('change', preview.soon);
  sample.on?.('change', preview.soon);
  for (const field of PAGE_FIELDS) $(`#node-input-${field}`).on('input change', preview.soon);
  preview.soon();
}

/** The page the dialog asks for: its template and sample message, and the page's settings. */
function pageRequest(): DeviceCloudPageRequest {
  const template = open.template?.getValue() ?? '';
  if (template.trim() === '') return { problem: t('preview.noTemplate') };
  let message: unknown;
  const sample = open.sample?.getValue() ?? '';
  try {
    message = sample.trim() === '' ? {} : JSON.parse(sample);
  } catch (error) {
    return { problem: t('preview.badSample', { error: (error as Error).message }) };
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    return { problem: t('preview.badSample', { error: typeof message }) };
  }
  return {
    body: {
      template,
      message,
      width: $('#node-input-width').val(),
      height: $('#node-input-height').val(),
      colors: $('#node-input-colors').val(),
      dither: $('#node-input-dither').val(),
      layoutRules: $('#node-input-layoutRules').val(),
      timeBudget: $('#node-input-timeBudget').val(),
      fonts: $('#node-input-fonts').val(),
    },
  };
}

function save(): void {
  $('#node-input-template').val(open.template?.getValue() ?? '');
  $('#node-input-sample').val(open.sample?.getValue() ?? '');
  close();
}

function close(): void {
  open.preview?.close();
  delete open.preview;
  for (const name of ['template', 'sample'] as const) {
    const codeEditor = open[name];
    if (codeEditor) DeviceCloudEditor.destroyCodeEditor(codeEditor);
    delete open[name];
  }
}

/**
 * The dialog opens as wide as the template and the page side by side. Node-RED also makes that width the least
 * its form may take, so on a screen narrower than that the page would be cut off: the form may be narrower,
 * and the page then goes below the template.
 */
function resize(): void {
  $('#node-input-template-editor').closest('.red-ui-tray-body').css('min-width', '');
  open.template?.resize();
  open.sample?.resize();
}

export const renderDialog = { prepare, save, cancel: close, resize };
