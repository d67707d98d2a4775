/**
 * The render node's dialog: the template in a code editor beside the page it draws, the sample message, and the
 * built-in layouts as starting points. The page is drawn by the runtime (the admin endpoints of
 * ./admin-endpoints) and shown at 1:1 with its warnings, redrawn by itself a moment after the last change of the
 * template, the sample, the size or the colours; typing never waits for a drawing, and an answer older than the
 * page shown is dropped. Start from and its Use are ./editor-layouts. The rows it shares with the other dialogs
 * come from DeviceCloudEditor.prepare.
 */
import { prepareLayouts } from './editor-layouts';
import { t } from './editor-text';

const PREVIEW_URL = 'device-cloud/render/preview';
/** The header of the preview's answer that lists the page's warnings (URI-encoded JSON). */
const WARNINGS_HEADER = 'X-Page-Warnings';
/** How long after the last change the page is drawn again: a pause in typing, not every keystroke. */
const REDRAW_AFTER_MS = 300;
/** The fields whose change draws the page again, besides the template and the sample. */
const PAGE_FIELDS = ['width', 'height', 'colors', 'dither', 'layoutRules', 'timeBudget', 'fonts'];

/** The open dialog: its code editors, and where its drawing stands. */
const open: {
  template?: EditorCodeEditor;
  sample?: EditorCodeEditor;
  /** The number of the last drawing asked for: only its answer is shown. */
  asked: number;
  request?: XMLHttpRequest;
  redraw?: ReturnType<typeof setTimeout>;
} = { asked: 0 };
let previewUrl: string | null = null;

/**
 * Monaco's sticky scroll and folding work out their ranges a moment after each change. Sticky scroll throws when
 * the text was replaced meanwhile (Start from, Use), folding when the dialog was closed meanwhile: both are off.
 */
const LATE_WORK_OFF = { stickyScroll: { enabled: false }, folding: false } as const;

function prepare(this: EditorNode): void {
  DeviceCloudEditor.prepare.call(this);
  const template = RED.editor.createEditor({
    id: 'node-input-template-editor',
    mode: 'ace/mode/html',
    ...LATE_WORK_OFF,
    value: String($('#node-input-template').val() ?? ''),
  });
  const sample = RED.editor.createEditor({
    id: 'node-input-sample-editor',
    mode: 'ace/mode/json',
    ...LATE_WORK_OFF,
    value: String($('#node-input-sample').val() ?? ''),
  });
  Object.assign(open, { template, sample, asked: 0 });
  prepareLayouts({ template, sample, problem: showProblem });
  template.on?.('change', redrawSoon);
  sample.on?.('change', redrawSoon);
  for (const field of PAGE_FIELDS) $(`#node-input-${field}`).on('input change', redrawSoon);
  redrawSoon();
}

/** The page drawn again once the dialog has been still for a moment. */
function redrawSoon(): void {
  if (open.redraw !== undefined) clearTimeout(open.redraw);
  open.redraw = setTimeout(() => {
    open.redraw = undefined;
    drawPreview();
  }, REDRAW_AFTER_MS);
}

function drawPreview(): void {
  if (!open.template) return;
  // Only the newest drawing counts: the one under way is given up.
  open.request?.abort();
  delete open.request;
  const number = ++open.asked;
  const template = open.template.getValue();
  if (template.trim() === '') {
    showProblem(t('preview.noTemplate'));
    return;
  }
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
  open.request = request;
  request.open('POST', PREVIEW_URL);
  request.setRequestHeader('Content-Type', 'application/json');
  const token = RED.settings.get('auth-tokens') as { access_token?: string } | undefined;
  if (token?.access_token) request.setRequestHeader('Authorization', `Bearer ${token.access_token}`);
  request.responseType = 'blob';
  request.onload = () => {
    if (open.request === request) delete open.request;
    if (number !== open.asked) return;
    if (request.status === 200) showPage(request.response as Blob, warningsOf(request));
    else problemOf(request.response as Blob, number);
  };
  request.onerror = () => {
    if (number === open.asked) showProblem(t('preview.failed', { error: 'no answer' }));
  };
  request.send(
    JSON.stringify({
      template,
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

function warningsOf(request: XMLHttpRequest): string[] {
  const header = request.getResponseHeader(WARNINGS_HEADER);
  if (!header) return [];
  try {
    const warnings = JSON.parse(decodeURIComponent(header)) as unknown;
    return Array.isArray(warnings) ? warnings.map(String) : [];
  } catch {
    return [];
  }
}

/** The page at 1:1 (one pixel of the page on one CSS pixel, not scaled to the dialog), its warnings below. */
function showPage(blob: Blob, warnings: string[]): void {
  if (previewUrl) URL.revokeObjectURL(previewUrl);
  previewUrl = URL.createObjectURL(blob);
  const image = $('#node-input-preview');
  image.off('load').on('load', function (this: HTMLImageElement) {
    image.css({ width: `${this.naturalWidth}px`, height: `${this.naturalHeight}px` }).show();
    // The column is as wide as the page (and its border), so the template beside it takes the rest of the row.
    $('#node-input-preview-column').css('flex-basis', `${this.naturalWidth + 2}px`);
    $('#node-input-preview-result').text(`${this.naturalWidth} x ${this.naturalHeight}`);
  });
  image.attr('src', previewUrl);
  showWarnings(warnings);
}

function showWarnings(warnings: string[]): void {
  const list = $('#node-input-preview-warnings').empty();
  for (const warning of warnings) {
    list.append($('<li class="device-cloud-render-warning">').text(warning));
  }
}

function problemOf(blob: Blob, number: number): void {
  void blob.text().then((body) => {
    if (number !== open.asked) return;
    let answer: string;
    try {
      answer = String((JSON.parse(body) as { error?: unknown }).error);
    } catch (notJson) {
      answer = body.slice(0, 200) || String(notJson);
    }
    showProblem(t('preview.failed', { error: answer }));
  });
}

function showProblem(text: string): void {
  $('#node-input-preview').hide();
  showWarnings([]);
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
  if (open.redraw !== undefined) clearTimeout(open.redraw);
  open.redraw = undefined;
  open.request?.abort();
  delete open.request;
  for (const name of ['template', 'sample'] as const) {
    const codeEditor = open[name];
    if (codeEditor) destroyEditor(codeEditor);
    delete open[name];
  }
  if (previewUrl) URL.revokeObjectURL(previewUrl);
  previewUrl = null;
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
