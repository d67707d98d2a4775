/**
 * TRMNL's text filters (usetrmnl/trmnl-liquid, lib/trmnl/liquid/filters.rb): `pluralize` with Rails' English
 * inflections, `markdown_to_html` (markdown-it, written as Redcarpet writes it: raw HTML kept, apostrophes as
 * `&#39;`), `parse_json`, `append_random` and `qr_code` (an SVG as rqrcode draws it).
 */
import MarkdownIt from 'markdown-it';
import { randomBytes } from 'node:crypto';
import { correction, generate } from 'lean-qr';
import { englishPlural } from './english-plurals';
import { rubyToI, rubyToS } from './ruby-values';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);

let markdown: MarkdownIt.MarkdownIt | undefined;

function markdownRenderer(): MarkdownIt.MarkdownIt {
  if (markdown) return markdown;
  // CommonMark without the GitHub extensions, as Redcarpet with no extensions; raw HTML passes through.
  const made = new MarkdownIt('commonmark', { html: true });
  made.renderer.rules.text = (tokens, index) => escapeHtml(tokens[index].content);
  markdown = made;
  return made;
}

function markdown_to_html(input: unknown): string {
  return markdownRenderer().render(rubyToS(input));
}

/** The keyword arguments Liquid passes as `[name, value]` pairs after the positional ones. */
function keywordArguments(args: unknown[]): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const arg of args) {
    if (Array.isArray(arg) && arg.length === 2 && typeof arg[0] === 'string') options[arg[0]] = arg[1];
  }
  return options;
}

/**
 * "1 book", "2 books", "4 people": Rails' `pluralize`. English words take English plurals; in another locale
 * (`locale: "de"`) a word without `plural:` stays as it is, as Rails has no inflections for it.
 */
function pluralize(singular: unknown, count: unknown, ...rest: unknown[]): string {
  const options = keywordArguments(rest);
  const word = rubyToS(singular);
  const number = count === null || count === undefined ? 0 : count;
  if (/^1(\.0+)?$/.test(rubyToS(number))) return `${rubyToS(number)} ${word}`;
  const locale = rubyToS(options.locale ?? 'en');
  const plural = options.plural !== undefined && options.plural !== null ? rubyToS(options.plural) : undefined;
  return `${rubyToS(number)} ${plural ?? (/^en\b/i.test(locale) ? englishPlural(word) : word)}`;
}

function parse_json(input: unknown): unknown {
  if (typeof input !== 'string')
    throw new Error(
      `no implicit conversion of ${input === null || input === undefined ? 'nil' : typeof input} into String`,
    );
  return JSON.parse(input) as unknown;
}

function append_random(input: unknown): string {
  return `${rubyToS(input)}${randomBytes(2).toString('hex')}`;
}

const QR_LEVELS = { l: correction.L, m: correction.M, q: correction.Q, h: correction.H };

/**
 * An SVG of the text's QR code: `size` pixels a module (11), error correction `level` (l, m, q, h; h otherwise),
 * sized by its viewBox (`view` "responsive", the default) or by width and height (any other `view`, nil too).
 * No quiet zone, as rqrcode draws it.
 */
function qr_code(input: unknown, ...args: unknown[]): string {
  const [size = 11, level = ''] = args;
  const view = args.length > 2 ? args[2] : 'responsive';
  const key = rubyToS(level).toLowerCase();
  const ecc = Object.hasOwn(QR_LEVELS, key) ? QR_LEVELS[key as keyof typeof QR_LEVELS] : correction.H;
  const code = generate(rubyToS(input), { minCorrectionLevel: ecc, maxCorrectionLevel: ecc });
  const module = Math.max(1, rubyToI(size));
  const side = code.size * module;
  const runs: string[] = [];
  for (let y = 0; y < code.size; y++) {
    for (let x = 0; x < code.size; x++) {
      if (!code.get(x, y)) continue;
      let run = 1;
      while (x + run < code.size && code.get(x + run, y)) run++;
      runs.push(`M${x * module} ${y * module}h${run * module}v${module}h-${run * module}z`);
      x += run;
    }
  }
  const sizing = rubyToS(view) === 'responsive' ? `viewBox="0 0 ${side} ${side}"` : `width="${side}" height="${side}"`;
  return (
    '<svg version="1.1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ' +
    `xmlns:ev="http://www.w3.org/2001/xml-events" shape-rendering="crispEdges" class="qr-code" ${sizing}>` +
    `<rect width="${side}" height="${side}" fill="#fff"/><path d="${runs.join('')}" fill="#000"/></svg>`
  );
}

export const TEXT_FILTERS = { pluralize, markdown_to_html, parse_json, append_random, qr_code };
