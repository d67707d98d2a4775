/**
 * The template's placeholders filled from the message, as Node-RED's template node does (Mustache:
 * `{{payload.temp}}` is HTML-escaped, `{{{payload.html}}}` is not, a missing value is empty). Two additions:
 * a picture given as bytes (a Buffer of PNG, JPEG or GIF) fills a placeholder as a data URL, so
 * `<img src="{{{payload}}}">` shows a picture a flow has fetched; and a placeholder may pass its value through
 * helpers (`{{payload.start | time}}`, ./template-helpers), in the page's language (its first `lang` attribute).
 */
import Mustache from 'mustache';
import { types } from 'node:util';
import { DeviceCloudError, invalid } from '../../errors';
import { CONTENT_TYPES, detectImageFormat } from '../../images';
import { ListItemCount } from '../page/budget-checks';
import { applyHelpers, pageLanguage, readPipeline, type HelperContext } from './template-helpers';

class MessageContext extends Mustache.Context {
  constructor(
    view: unknown,
    parent: Mustache.Context | undefined,
    private readonly helpers: HelperContext,
  ) {
    super(view, parent);
  }

  override push(view: unknown): Mustache.Context {
    return new MessageContext(view, this, this.helpers);
  }

  override lookup(name: string): unknown {
    const pipeline = readPipeline(name);
    let value: unknown = super.lookup(pipeline ? pipeline.name : name);
    if (pipeline) value = applyHelpers(value, pipeline.helpers, this.helpers, name);
    return types.isUint8Array(value) ? pictureDataUrl(value) : value;
  }
}

/** The first `lang` attribute of the template, its placeholders filled (`lang="{{language}}"`). */
const LANG_ATTRIBUTE = /<[A-Za-z][^<>]*?\slang\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/;
/** A tag with helpers, so `{{#payload | agenda}}` and `{{/payload|agenda}}` are the same section. */
const HELPER_TAG = /\{\{(\{?)([#^/&]?)([^{}]*?\|[^{}]*?)(\}?)\}\}/g;

function canonicalTag(content: string): string {
  return content
    .split('|')
    .map((part) =>
      part
        .trim()
        .replace(/\s+/g, ' ')
        .replace(/\s*:\s*/, ': '),
    )
    .join(' | ');
}

function pictureDataUrl(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const format = detectImageFormat(buffer);
  const type = format ? CONTENT_TYPES[format] : 'application/octet-stream';
  return `data:${type};base64,${buffer.toString('base64')}`;
}

/** A writer for one page: it counts the items its lists repeat (../page/budget-checks), before repeating them. */
class PageWriter extends Mustache.Writer {
  private readonly listItems = new ListItemCount();

  override renderSection(...args: Parameters<Mustache.Writer['renderSection']>): string {
    const [token, context] = args;
    const value: unknown = context.lookup(token[1]);
    if (Array.isArray(value)) this.listItems.add(token[1], value.length);
    return super.renderSection(...args);
  }
}

/** The template with its placeholders filled from `message`; a Mustache syntax error names the template. */
export function fillTemplate(template: string, message: unknown, now = Date.now()): string {
  const view = message !== null && typeof message === 'object' ? message : {};
  // A writer keeps every template it parses: templates from messages could be endless, and parsing one takes microseconds.
  const writer = Object.assign(new PageWriter(), { templateCache: undefined });
  try {
    const helpers: HelperContext = { language: 'en-US', now };
    const lang = LANG_ATTRIBUTE.exec(template);
    if (lang) {
      const written = lang[1] ?? lang[2] ?? lang[3];
      const filled = written.includes('{{')
        ? writer.render(written, new MessageContext(view, undefined, helpers))
        : written;
      helpers.language = pageLanguage(filled);
    }
    const canonical = template.replace(
      HELPER_TAG,
      (_, open: string, kind: string, content: string, close: string) =>
        `{{${open}${kind}${canonicalTag(content)}${close}}}`,
    );
    return writer.render(canonical, new MessageContext(view, undefined, helpers), undefined, { escape: escapeHtml });
  } catch (error) {
    if (error instanceof DeviceCloudError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw invalid('template', `has a placeholder error: ${reason}`);
  }
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Mustache's escaping, less its `/`, `=` and backtick: they are harmless in our HTML and show in error texts. */
function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);
}
