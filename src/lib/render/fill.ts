/**
 * The template's placeholders filled from the message, as Node-RED's template node does (Mustache:
 * `{{payload.temp}}` is HTML-escaped, `{{{payload.html}}}` is not, a missing value is empty). One addition:
 * a picture given as bytes (a Buffer of PNG, JPEG or GIF) fills a placeholder as a data URL, so
 * `<img src="{{{payload}}}">` shows a picture a flow has fetched.
 */
import Mustache from 'mustache';
import { types } from 'node:util';
import { invalid } from '../errors';
import { CONTENT_TYPES, detectImageFormat } from '../images';

class MessageContext extends Mustache.Context {
  override push(view: unknown): Mustache.Context {
    return new MessageContext(view, this);
  }

  override lookup(name: string): unknown {
    const value: unknown = super.lookup(name);
    return types.isUint8Array(value) ? pictureDataUrl(value) : value;
  }
}

function pictureDataUrl(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const format = detectImageFormat(buffer);
  const type = format ? CONTENT_TYPES[format] : 'application/octet-stream';
  return `data:${type};base64,${buffer.toString('base64')}`;
}

const writer = new Mustache.Writer();
// Writers keep every template they parse; templates from messages could be endless, and parsing one takes microseconds.
Object.assign(writer, { templateCache: undefined });

/** The template with its placeholders filled from `message`; a Mustache syntax error names the template. */
export function fillTemplate(template: string, message: unknown): string {
  const view = message !== null && typeof message === 'object' ? message : {};
  try {
    return writer.render(template, new MessageContext(view), undefined, { escape: escapeHtml });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw invalid('template', `has a placeholder error: ${reason}`);
  }
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Mustache's escaping, less its `/`, `=` and backtick: they are harmless in our HTML and show in error texts. */
function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);
}
