/**
 * A page drawn by the runtime for a dialog (the render node's and the TRMNL recipe node's previews): asked for a
 * moment after the last change, only the newest answer shown, at 1:1 (one pixel of the page on one CSS pixel),
 * with the page's warnings listed below it, or why it could not be drawn. The dialog's elements are
 * `#node-input-preview` (the img), `-preview-result` (its size or the problem), `-preview-warnings` (a list) and
 * `-preview-column` (made as wide as the page), and the texts `<type>.preview.drawing` and `.failed`.
 */
import { keyFor, text } from './catalog';

/** The header of a drawn page's answer that lists its warnings (URI-encoded JSON: a header is ASCII). */
const WARNINGS_HEADER = 'X-Page-Warnings';
/** How long after the last change the page is drawn again: a pause in typing, not every keystroke. */
const REDRAW_AFTER_MS = 300;

/**
 * The preview's column of a dialog, in place of its `<div data-page-preview></div>`: the label (the type's
 * `label.preview`), the size or the problem, the page, its warnings, and the type's `tip.preview` where it has one.
 */
export function previewColumnHtml(type: string): string {
  const tip = keyFor(type, 'tip.preview');
  return (
    '<div id="node-input-preview-column" style="flex: 0 1 402px; min-width: 200px; max-width: 100%">' +
    `<label style="width: auto"><i class="fa fa-eye"></i> <span data-i18n="${type}.label.preview"></span></label>` +
    '<span id="node-input-preview-result" style="margin-left: 8px"></span>' +
    '<div style="overflow: auto; max-height: 520px"><img id="node-input-preview" alt="" style="display: none;' +
    ' image-rendering: pixelated; border: 1px solid #ccc; max-width: none; background: white"></div>' +
    '<ul id="node-input-preview-warnings" style="margin: 6px 0 0 18px; padding: 0"></ul>' +
    (tip ? `<div class="form-tips" style="margin-top: 6px" data-i18n="${tip}"></div>` : '') +
    '</div>'
  );
}

/** What to draw: the request's body, or why there is nothing to draw yet. */
export type PageRequest = { body: unknown } | { problem: string };

export class PagePreview {
  /** The number of the last drawing asked for: only its answer is shown. */
  private asked = 0;
  private request?: XMLHttpRequest;
  private redraw?: ReturnType<typeof setTimeout>;
  private pageUrl?: string;

  constructor(
    private readonly type: string,
    private readonly url: string,
    private readonly pageRequest: () => PageRequest,
  ) {}

  /** The page drawn again once the dialog has been still for a moment. */
  readonly soon = (): void => {
    if (this.redraw !== undefined) clearTimeout(this.redraw);
    this.redraw = setTimeout(() => {
      this.redraw = undefined;
      this.draw();
    }, REDRAW_AFTER_MS);
  };

  /** Why nothing is drawn, in place of the page. */
  showProblem(problem: string): void {
    $('#node-input-preview').hide();
    this.showWarnings([]);
    $('#node-input-preview-result').text(problem);
  }

  close(): void {
    if (this.redraw !== undefined) clearTimeout(this.redraw);
    this.redraw = undefined;
    this.request?.abort();
    delete this.request;
    if (this.pageUrl) URL.revokeObjectURL(this.pageUrl);
    delete this.pageUrl;
  }

  private draw(): void {
    // Only the newest drawing counts: the one under way is given up.
    this.request?.abort();
    delete this.request;
    const number = ++this.asked;
    const asked = this.pageRequest();
    if ('problem' in asked) {
      this.showProblem(asked.problem);
      return;
    }
    $('#node-input-preview-result').text(text(`${this.type}.preview.drawing`));
    const request = new XMLHttpRequest();
    this.request = request;
    request.open('POST', this.url);
    request.setRequestHeader('Content-Type', 'application/json');
    const token = RED.settings.get('auth-tokens') as { access_token?: string } | undefined;
    if (token?.access_token) request.setRequestHeader('Authorization', `Bearer ${token.access_token}`);
    request.responseType = 'blob';
    request.onload = () => {
      if (this.request === request) delete this.request;
      if (number !== this.asked) return;
      if (request.status === 200) this.showPage(request.response as Blob, warningsOf(request));
      else this.problemOf(request.response as Blob, number);
    };
    request.onerror = () => {
      if (number === this.asked) this.showProblem(this.failed('no answer'));
    };
    request.send(JSON.stringify(asked.body));
  }

  private failed(error: string): string {
    return text(`${this.type}.preview.failed`, { error });
  }

  private showPage(blob: Blob, warnings: string[]): void {
    if (this.pageUrl) URL.revokeObjectURL(this.pageUrl);
    this.pageUrl = URL.createObjectURL(blob);
    const image = $('#node-input-preview');
    image.off('load').on('load', function (this: HTMLImageElement) {
      image.css({ width: `${this.naturalWidth}px`, height: `${this.naturalHeight}px` }).show();
      // The column is as wide as the page (and its border), so what is beside it takes the rest of the row.
      $('#node-input-preview-column').css('flex-basis', `${this.naturalWidth + 2}px`);
      $('#node-input-preview-result').text(`${this.naturalWidth} x ${this.naturalHeight}`);
    });
    image.attr('src', this.pageUrl);
    this.showWarnings(warnings);
  }

  private showWarnings(warnings: string[]): void {
    const list = $('#node-input-preview-warnings').empty();
    for (const warning of warnings) list.append($('<li class="device-cloud-page-warning">').text(warning));
  }

  private problemOf(blob: Blob, number: number): void {
    void blob.text().then((body) => {
      if (number !== this.asked) return;
      let answer: string;
      try {
        answer = String((JSON.parse(body) as { error?: unknown }).error);
      } catch (notJson) {
        answer = body.slice(0, 200) || String(notJson);
      }
      this.showProblem(this.failed(answer));
    });
  }
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

/**
 * A dialog's code editor closed. Node-RED's monaco wrapper disposes the model while the editor still shows it,
 * and monaco's pending computations for it then throw "Model is disposed!": the editor lets go of its model first.
 */
export function destroyCodeEditor(codeEditor: EditorCodeEditor): void {
  if (codeEditor.getModel && codeEditor.setModel) {
    const model = codeEditor.getModel();
    codeEditor.setModel(null);
    if (model && !model.isDisposed()) model.dispose();
  }
  codeEditor.destroy();
}

/**
 * Monaco's sticky scroll and folding work out their ranges a moment after each change. Sticky scroll throws when
 * the text was replaced meanwhile, folding when the dialog was closed meanwhile: a dialog's code editors have both off.
 */
export const LATE_WORK_OFF = { stickyScroll: { enabled: false }, folding: false } as const;
