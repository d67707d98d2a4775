/**
 * The render node's dialog talks to the runtime through two admin endpoints: the built-in layouts (starting
 * points for a template) and the preview, a page drawn from the dialog's template and sample message by the
 * same renderer the node uses, with the page's warnings (a character no font has, text cut to fit) in a header. The preview holds a lease on the shared renderer while the editor uses it,
 * and gives it back after a quiet spell, so an editor session does not keep a drawing process alive for good.
 */
import { asDeviceCloudError, DeviceCloudError } from '../../lib/errors';
import { acquireRenderer, LAYOUTS, type OwnFonts, type RendererLease } from '../../lib/render';
import { PreviewFonts } from './font-setting';
import type { HttpRequest, HttpResponse, NodeAPI } from '../../runtime/node-red-api';

export const LAYOUTS_PATH = '/device-cloud/render/layouts';
export const PREVIEW_PATH = '/device-cloud/render/preview';
export const RENDER_READ_PERMISSION = 'device-cloud-render.read';
export const RENDER_WRITE_PERMISSION = 'device-cloud-render.write';
/** The header of a drawn preview that lists the page's warnings, as URI-encoded JSON (a header is ASCII). */
export const WARNINGS_HEADER = 'X-Page-Warnings';
/** At most this many warnings travel with a preview (a template may lack a glyph on every line). */
const MAX_WARNINGS = 20;
const PREVIEW_LEASE_MS = 5 * 60_000;

let preview: { lease: RendererLease; idle: NodeJS.Timeout } | undefined;
const previewFonts = new PreviewFonts();

export function registerAdminEndpoints(RED: NodeAPI): void {
  RED.httpAdmin.get(LAYOUTS_PATH, RED.auth.needsPermission(RENDER_READ_PERMISSION), (_req, res) => {
    res.status(200).json(LAYOUTS);
  });
  RED.httpAdmin.post(PREVIEW_PATH, RED.auth.needsPermission(RENDER_WRITE_PERMISSION), (req, res) => {
    void answerPreview(RED, req, res);
  });
}

async function answerPreview(RED: NodeAPI, req: HttpRequest, res: HttpResponse): Promise<void> {
  try {
    const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
    const message = body.message ?? {};
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      throw new DeviceCloudError('validation', 'message: the sample message must be a JSON object', {
        field: 'message',
      });
    }
    const fonts = readPreviewFonts(body.fonts, RED.settings?.userDir);
    const warnings: string[] = [];
    const page = await previewRenderer().render({
      template: body.template,
      message,
      width: body.width,
      height: body.height,
      colors: body.colors,
      dither: body.dither,
      layoutRules: body.layoutRules,
      timeBudget: body.timeBudget,
      fonts,
      warn: (warning) => {
        if (warnings.length < MAX_WARNINGS && !warnings.includes(warning)) warnings.push(warning);
      },
    });
    sendPage(res, page, warnings);
  } catch (error) {
    sendFailure(res, error);
  }
}

/** A drawn preview's answer: the PNG, its warnings (the first MAX_WARNINGS) in a header. */
export function sendPage(res: HttpResponse, page: Buffer, warnings: readonly string[]): void {
  res.set(WARNINGS_HEADER, encodeURIComponent(JSON.stringify(warnings.slice(0, MAX_WARNINGS))));
  res.status(200).type('image/png').send(page);
}

/** Why a preview was not drawn: 400 for what the dialog holds, 500 for anything else, naming the field. */
export function sendFailure(res: HttpResponse, error: unknown): void {
  const failure = asDeviceCloudError(error);
  res.status(failure.kind === 'validation' ? 400 : 500).json({ error: failure.message, field: failure.field });
}

/** The fonts a dialog's `fonts` names, read once for every preview (or why they cannot be used). */
export function readPreviewFonts(setting: unknown, userDir: string | undefined): OwnFonts {
  const fonts = previewFonts.read(setting, userDir);
  if (fonts instanceof Error) throw fonts;
  return fonts;
}

/** The page renderer of the dialogs' previews, held while they draw and given back after a quiet spell. */
export function previewRenderer(): RendererLease['renderer'] {
  if (preview) clearTimeout(preview.idle);
  const lease = preview?.lease ?? acquireRenderer();
  const idle = setTimeout(() => {
    preview = undefined;
    previewFonts.forget();
    void lease.release();
  }, PREVIEW_LEASE_MS);
  idle.unref();
  preview = { lease, idle };
  return lease.renderer;
}
