/**
 * The template's placeholders filled from the message, as Node-RED's template node does (Mustache:
 * `{{payload.temp}}` is HTML-escaped, `{{{payload.html}}}` is not, a missing value is empty). Two additions:
 * a picture given as bytes (a Buffer of PNG, JPEG or GIF) fills a placeholder as a data URL, so
 * `<img src="{{{payload}}}">` shows a picture a flow has fetched; and a placeholder may pass its value through
 * helpers (`{{payload.start | time}}`, ./template-helpers), in the page's language (its first `lang` attribute).
 */
import Mustache from 'mustache';
import { types } from 'node:util';
import { DeviceCloudError, invalid } from '../../../errors';
import { CONTENT_TYPES, detectImageFormat } from '../../../images';
import { lineAndColumn, lineStartsOf, type TemplateMap } from '../../shared/source-map';
import { ListItemCount } from '../../shared/budget-checks';
import { MAX_TEMPLATE_CHARACTERS, templateText, type PageRequest } from '../../shared/page-options';
import { canonicalText, templateIndex } from './helper-tags';
import { forgetfulWriter, MappedWriter, PlaceholderError } from './mapped-writer';
import type { HelperContext } from './helper-context';
import { applyHelpers, pageLanguage, readPipeline } from './template-helpers';

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

function pictureDataUrl(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const format = detectImageFormat(buffer);
  const type = format ? CONTENT_TYPES[format] : 'application/octet-stream';
  return `data:${type};base64,${buffer.toString('base64')}`;
}

/** The HTML the template and the message make, and where each of its characters was written in the template. */
export interface FilledTemplate {
  html: string;
  map: TemplateMap;
}

/**
 * The template with its placeholders filled from `message`, and its map back to the template; its lists counted against
 * their limit (../../shared/budget-checks) before they are repeated. A Mustache syntax error, or a helper that does not
 * exist, names the place in the template.
 */
export function fillTemplate(template: string, message: unknown, now = Date.now()): FilledTemplate {
  const view = message !== null && typeof message === 'object' ? message : {};
  const lineStarts = lineStartsOf(template);
  const { text, edits } = canonicalText(template);
  const placeOf = (index: number): string => {
    const { line, column } = lineAndColumn(lineStarts, index);
    return `line ${line}, column ${column}`;
  };
  try {
    const helpers: HelperContext = { language: 'en-US', now };
    const lang = LANG_ATTRIBUTE.exec(template);
    if (lang) {
      const written = lang[1] ?? lang[2] ?? lang[3];
      const filled = written.includes('{{')
        ? forgetfulWriter().render(written, new MessageContext(view, undefined, helpers))
        : written;
      helpers.language = pageLanguage(filled);
    }
    const listItems = new ListItemCount();
    const tokens = parseTemplate(text, (index) => placeOf(templateIndex(edits, index)));
    const writer = new MappedWriter(text, { escape: escapeHtml, list: (name, length) => listItems.add(name, length) });
    writer.fill(tokens, new MessageContext(view, undefined, helpers));
    const stretches = writer.stretches;
    for (let i = 1; i < stretches.length; i += 3) stretches[i] = templateIndex(edits, stretches[i]);
    return { html: writer.output, map: { stretches: Int32Array.from(stretches), lineStarts } };
  } catch (error) {
    if (error instanceof PlaceholderError) {
      const where = placeOf(templateIndex(edits, error.index));
      if (error.error instanceof DeviceCloudError && error.error.field === 'template') {
        throw invalid('template', `${where}: ${error.error.message.replace(/^template: /, '')}`);
      }
      throw invalid('template', `${where}: placeholder error: ${error.message}`);
    }
    if (error instanceof DeviceCloudError) throw error;
    throw invalid('template', `has a placeholder error: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The request's template filled from its message: it too must stay within the template's length. */
export function fillRequest(request: PageRequest): FilledTemplate {
  const filled = fillTemplate(templateText(request.template), request.message);
  withinLength(filled.html, 'template', 'filled from the message');
  return filled;
}

/** A recipe's page as filled (PageRequest.recipePage), held to the length a page may have. */
export function recipeHtml(html: string): string {
  return withinLength(html, 'recipe', 'filled with its data');
}

function withinLength(html: string, field: string, what: string): string {
  const { length } = html;
  if (length > MAX_TEMPLATE_CHARACTERS) {
    throw invalid(field, `${what} is ${length} characters, longer than the ${MAX_TEMPLATE_CHARACTERS} a page may have`);
  }
  return html;
}

/** The template's tokens; a syntax error names its place (`placeOf`), where Mustache gives an index. */
function parseTemplate(text: string, placeOf: (index: number) => string): Mustache.TemplateSpans {
  try {
    return forgetfulWriter().parse(text) as Mustache.TemplateSpans;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const at = / at (\d+)$/.exec(reason);
    if (!at) throw invalid('template', `placeholder error: ${reason}`);
    const what = reason.slice(0, at.index);
    // A section still open at the end is told where it opens, not at the end of the template.
    const open = /^Unclosed section "(.*)"$/.exec(what);
    const index = open && Number(at[1]) >= text.length ? lastOpening(text, open[1]) : Number(at[1]);
    throw invalid('template', `${placeOf(index)}: placeholder error: ${what}`);
  }
}

/** Where the last `{{#name}}` (or `{{^name}}`) of the text starts. */
function lastOpening(text: string, name: string): number {
  const tag = new RegExp(`\\{\\{[#^]\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\}\\}`, 'g');
  return [...text.matchAll(tag)].pop()?.index ?? text.length;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Mustache's escaping, less its `/`, `=` and backtick: they are harmless in our HTML and show in error texts. */
function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);
}
