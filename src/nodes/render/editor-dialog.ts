/**
 * The render node's dialog: the template and the sample message in code editors, the built-in layouts as
 * starting points, and the preview, drawn by the runtime (the admin endpoints of ./admin-endpoints) and shown at
 * 1:1. The rows it shares with the other dialogs come from DeviceCloudEditor.prepare.
 */

interface LayoutChoice {
  id: string;
  title: Record<string, string>;
  template: Record<string, string>;
  sample: Record<string, unknown>;
}

const LAYOUTS_URL = 'device-cloud/render/layouts';
const PREVIEW_URL = 'device-cloud/render/preview';

/** The code editors of the open dialog. */
const open: { template?: EditorCodeEditor; sample?: EditorCodeEditor; layouts: LayoutChoice[] } = { layouts: [] };
let previewUrl: string | null = null;

function t(key: string, substitutions?: Record<string, unknown>): string {
  return DeviceCloudEditor.text(`device-cloud-render.${key}`, substitutions);
}

/** The language whose layout texts the dialog offers: Chinese for a Chinese editor, else English. */
function layoutLanguage(): string {
  return /^zh/i.test(RED.i18n.lang() ?? '') ? 'zh-CN' : 'en-US';
}

function prepare(this: EditorNode): void {
  DeviceCloudEditor.prepare.call(this);
  open.template = RED.editor.createEditor({
    id: 'node-input-template-editor',
    mode: 'ace/mode/html',
    value: String($('#node-input-template').val() ?? ''),
  });
  open.sample = RED.editor.createEditor({
    id: 'node-input-sample-editor',
    mode: 'ace/mode/json',
    value: String($('#node-input-sample').val() ?? ''),
  });
  open.layouts = [];
  const select = $('#node-input-layout');
  $.ajax({ url: LAYOUTS_URL, dataType: 'json', cache: false })
    .done((layouts: LayoutChoice[]) => {
      open.layouts = layouts;
      const language = layoutLanguage();
      for (const layout of layouts) select.append($('<option>').val(layout.id).text(layout.title[language]));
    })
    .fail((xhr: JQuery.jqXHR) => showProblem(t('preview.layoutsFailed', { error: answerOf(xhr) })));
  $('#node-input-layout-use').on('click', useLayout);
  $('#node-input-preview-draw').on('click', drawPreview);
}

function useLayout(): void {
  const id = $('#node-input-layout').val();
  const layout = open.layouts.find((candidate) => candidate.id === id);
  if (!layout) return;
  const language = layoutLanguage();
  open.template?.setValue(layout.template[language], -1);
  open.sample?.setValue(JSON.stringify(layout.sample[language], null, 2), -1);
  drawPreview();
}

function drawPreview(): void {
  let message: unknown;
  const sample = open.sample?.getValue() ?? '';
  try {
    message = sample.trim() === '' ? {} : JSON.parse(sample);
  } catch (error) {
    showProblem(t('preview.badSample', { error: (error as Error).message }));
    return;
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    showProblem(t('preview.badSample', { error: typeof message }));
    return;
  }
  $('#node-input-preview-result').text(t('preview.drawing'));
  const request = new XMLHttpRequest();
  request.open('POST', PREVIEW_URL);
  request.setRequestHeader('Content-Type', 'application/json');
  const token = RED.settings.get('auth-tokens') as { access_token?: string } | undefined;
  if (token?.access_token) request.setRequestHeader('Authorization', `Bearer ${token.access_token}`);
  request.responseType = 'blob';
  request.onload = () => {
    if (request.status === 200) showPage(request.response as Blob);
    else problemOf(request.response as Blob);
  };
  request.onerror = () => showProblem(t('preview.failed', { error: 'no answer' }));
  request.send(
    JSON.stringify({
      template: open.template?.getValue() ?? '',
      message,
      width: $('#node-input-width').val(),
      height: $('#node-input-height').val(),
      colors: $('#node-input-colors').val(),
      dither: $('#node-input-dither').val(),
      layoutRules: $('#node-input-layoutRules').val(),
      timeBudget: $('#node-input-timeBudget').val(),
      fonts: $('#node-input-fonts').val(),
    }),
  );
}

/** The page at 1:1: one pixel of the page on one CSS pixel, not scaled to the dialog. */
function showPage(blob: Blob): void {
  if (previewUrl) URL.revokeObjectURL(previewUrl);
  previewUrl = URL.createObjectURL(blob);
  const image = $('#node-input-preview');
  image.off('load').on('load', function (this: HTMLImageElement) {
    image.css({ width: `${this.naturalWidth}px`, height: `${this.naturalHeight}px` }).show();
    $('#node-input-preview-result').text(`${this.naturalWidth} x ${this.naturalHeight}`);
  });
  image.attr('src', previewUrl);
}

function problemOf(blob: Blob): void {
  void blob.text().then((body) => {
    let answer: string;
    try {
      answer = String((JSON.parse(body) as { error?: unknown }).error);
    } catch (notJson) {
      answer = body.slice(0, 200) || String(notJson);
    }
    showProblem(t('preview.failed', { error: answer }));
  });
}

function answerOf(xhr: JQuery.jqXHR): string {
  return (xhr.responseJSON as { error?: string } | undefined)?.error || xhr.statusText || String(xhr.status);
}

function showProblem(text: string): void {
  $('#node-input-preview').hide();
  $('#node-input-preview-result').text(text);
}

function save(): void {
  $('#node-input-template').val(open.template?.getValue() ?? '');
  $('#node-input-sample').val(open.sample?.getValue() ?? '');
  close();
}

/**
 * Node-RED's monaco wrapper disposes the model while the editor still shows it, and monaco's pending
 * computations for it then throw "Model is disposed!": the editor lets go of its model first.
 */
function destroyEditor(codeEditor: EditorCodeEditor): void {
  if (codeEditor.getModel && codeEditor.setModel) {
    const model = codeEditor.getModel();
    codeEditor.setModel(null);
    if (model && !model.isDisposed()) model.dispose();
  }
  codeEditor.destroy();
}

function close(): void {
  for (const name of ['template', 'sample'] as const) {
    const codeEditor = open[name];
    if (codeEditor) destroyEditor(codeEditor);
    delete open[name];
  }
  if (previewUrl) URL.revokeObjectURL(previewUrl);
  previewUrl = null;
}

function resize(): void {
  open.template?.resize();
  open.sample?.resize();
}

export const renderDialog = { prepare, save, cancel: close, resize };
