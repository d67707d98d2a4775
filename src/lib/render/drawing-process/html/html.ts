/**
 * The template's HTML read into a tree. Strict where a browser would guess: a tag left open, a closing tag that closes
 * nothing, an unclosed quote or comment is an error that says where, so a page never comes out quietly different from
 * what was meant. Every place is the template's (../../shared/source-map): where the author wrote the tag, or the
 * placeholder that wrote it.
 */
import { invalid } from '../../../errors';
import { decodeEntities, rawOffset } from './entities';
import { identityMap, templatePlace, type SourcePlace, type TemplateMap } from '../../shared/source-map';

export type { SourcePlace } from '../../shared/source-map';

export interface HtmlElement {
  kind: 'element';
  /** Lower case. */
  name: string;
  /** Names as written (lower case is usual); values with character references decoded. */
  attributes: Record<string, string>;
  children: HtmlNode[];
  place: SourcePlace;
  /** Its part in columns that items flow through, given by the code that reshapes a page (never by its HTML). */
  flow?: FlowPart;
}

/**
 * A part of columns that items flow through (a TRMNL recipe's `.columns` with `data-overflow-max-cols`,
 * ../recipe/overflow-columns), as ../tree/column-flow reads it: the container with its columns (at most `columns`
 * of them shown, or all of them where `fixed`), each column, the blocks flowing through them in order (items, and
 * the dividers and group headers before an item), a group header repeated at the top of a column, and the counter
 * of the items left out.
 */
export type FlowPart =
  | { part: 'columns'; columns: number; fixed: boolean }
  | { part: 'column' | 'item' | 'divider' | 'header' | 'repeat' | 'counter' };

export interface HtmlText {
  kind: 'text';
  text: string;
  /** Where the text starts. */
  place: SourcePlace;
  /** Where the character at `offset` of `text` was written. */
  placeAt: (offset: number) => SourcePlace;
}

export type HtmlNode = HtmlElement | HtmlText;

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'source', 'track', 'wbr']);
const REFUSED: Record<string, string> = {
  script: 'scripts do not run in a page',
  style: 'write the CSS in style attributes',
  link: 'nothing is fetched: write the CSS in style attributes',
  iframe: 'nothing is fetched',
};
/** Elements whose content is text up to their closing tag, never HTML. */
const RAW_TEXT = new Set(['style', 'script', 'template', 'textarea', 'title', 'noscript', 'iframe', 'xmp']);

/** How a page written for a browser is read (parseBrowserHtml). */
export interface BrowserReading {
  /** An element left out of the tree, content and all (`<link>`, `<meta>`): true. */
  skipped(name: string): boolean;
  /** The text of a raw-text element (`<style>`'s sheet), which is not put in the tree. */
  rawText(name: string, text: string): void;
}

const CLOSED_BY_BLOCKS = new Set(
  'address article aside blockquote details div dl fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr main nav ol p pre section table ul'.split(
    ' ',
  ),
);

/** Closes what a browser closes where `name` opens: an open `<p>` before a block, `<li>` before `<li>`… */
function closeImplied(open: HtmlElement[], name: string): void {
  const top = open[open.length - 1]?.name;
  if (top === 'p' && CLOSED_BY_BLOCKS.has(name)) open.pop();
  else if (top === name && (name === 'li' || name === 'option' || name === 'dt' || name === 'dd')) open.pop();
  else if ((name === 'td' || name === 'th') && (top === 'td' || top === 'th')) open.pop();
  else if (name === 'tr') {
    const index = open.map((element) => element.name).lastIndexOf('tr');
    if (index >= 0 && open.slice(index + 1).every((element) => element.name === 'td' || element.name === 'th'))
      open.length = index;
  }
}

const TAG_NAME = /[A-Za-z][A-Za-z0-9-]*/y;
const ATTRIBUTE_NAME = /[^\s"'<>/=]+/y;
const UNQUOTED_VALUE = /[^\s>]+/y;
const SPACE = /\s*/y;

export function templateError(place: SourcePlace, what: string): Error {
  return invalid('template', `line ${place.line}, column ${place.column}: ${what}`);
}

class HtmlReader {
  private at = 0;
  private readonly root: HtmlNode[] = [];
  private readonly open: HtmlElement[] = [];

  constructor(
    private readonly html: string,
    private readonly map: TemplateMap,
    private readonly browser?: BrowserReading,
  ) {}

  read(): HtmlNode[] {
    while (this.at < this.html.length) {
      const next = this.html.indexOf('<', this.at);
      const textEnd = next === -1 ? this.html.length : next;
      if (textEnd > this.at) this.addText(this.html.slice(this.at, textEnd), this.at);
      this.at = textEnd;
      if (next !== -1) this.readMarkup();
    }
    const unclosed = this.open.pop();
    if (unclosed && !this.browser) throw templateError(unclosed.place, `<${unclosed.name}> is never closed`);
    return this.root;
  }

  placeOf(index: number): SourcePlace {
    return templatePlace(this.map, index);
  }

  private get children(): HtmlNode[] {
    return this.open.length > 0 ? this.open[this.open.length - 1].children : this.root;
  }

  private addText(raw: string, start: number): void {
    this.children.push({
      kind: 'text',
      text: decodeEntities(raw),
      place: this.placeOf(start),
      placeAt: (offset) => this.placeOf(start + rawOffset(raw, offset)),
    });
  }

  private readMarkup(): void {
    const start = this.at;
    if (this.html.startsWith('<!--', start)) {
      const end = this.html.indexOf('-->', start + 4);
      if (end === -1) throw templateError(this.placeOf(start), 'a comment <!-- is never closed with -->');
      this.at = end + 3;
    } else if (this.html.startsWith('<!', start) || this.html.startsWith('<?', start)) {
      const end = this.html.indexOf('>', start);
      this.at = end === -1 ? this.html.length : end + 1;
    } else if (this.html[start + 1] === '/') {
      this.readClosingTag(start);
    } else if (/[A-Za-z]/.test(this.html[start + 1] ?? '')) {
      this.readOpeningTag(start);
    } else {
      // A `<` that starts no tag is text, as in a browser: "a < b".
      this.addText('<', start);
      this.at = start + 1;
    }
  }

  private match(pattern: RegExp): string | undefined {
    pattern.lastIndex = this.at;
    const found = pattern.exec(this.html);
    if (!found) return undefined;
    this.at = pattern.lastIndex;
    return found[0];
  }

  private readOpeningTag(start: number): void {
    this.at = start + 1;
    const name = (this.match(TAG_NAME) ?? '').toLowerCase();
    const place = this.placeOf(start);
    if (this.browser) closeImplied(this.open, name);
    else if (REFUSED[name]) throw templateError(place, `<${name}> is not supported: ${REFUSED[name]}`);
    const attributes: Record<string, string> = {};
    let selfClosing = false;
    for (;;) {
      this.match(SPACE);
      if (this.at >= this.html.length) throw templateError(place, `the tag <${name} has no closing >`);
      if (this.html[this.at] === '>') {
        this.at += 1;
        break;
      }
      if (this.html.startsWith('/>', this.at)) {
        this.at += 2;
        selfClosing = true;
        break;
      }
      const attributeName = this.match(ATTRIBUTE_NAME);
      if (attributeName === undefined) {
        throw templateError(this.placeOf(this.at), `unexpected ${JSON.stringify(this.html[this.at])} in <${name}>`);
      }
      this.match(SPACE);
      let value = '';
      if (this.html[this.at] === '=') {
        this.at += 1;
        this.match(SPACE);
        value = this.readAttributeValue(name, attributeName);
      }
      if (!(attributeName in attributes)) attributes[attributeName] = value;
    }
    if (this.browser?.skipped(name)) return;
    const element: HtmlElement = { kind: 'element', name, attributes, children: [], place };
    if (this.browser && !selfClosing && RAW_TEXT.has(name)) {
      this.browser.rawText(name, this.rawTextOf(name));
      return;
    }
    this.children.push(element);
    if (!selfClosing && !VOID_ELEMENTS.has(name)) this.open.push(element);
  }

  /** The text up to `</name` (or the end), past its closing tag. */
  private rawTextOf(name: string): string {
    const close = new RegExp(`</${name}\\s*>`, 'ig');
    close.lastIndex = this.at;
    const found = close.exec(this.html);
    const text = this.html.slice(this.at, found ? found.index : this.html.length);
    this.at = found ? close.lastIndex : this.html.length;
    return text;
  }

  private readAttributeValue(tag: string, attribute: string): string {
    const quote = this.html[this.at];
    if (quote === '"' || quote === "'") {
      const end = this.html.indexOf(quote, this.at + 1);
      if (end === -1) {
        throw templateError(this.placeOf(this.at), `the value of ${attribute} in <${tag}> has no closing ${quote}`);
      }
      const value = this.html.slice(this.at + 1, end);
      this.at = end + 1;
      return decodeEntities(value);
    }
    return decodeEntities(this.match(UNQUOTED_VALUE) ?? '');
  }

  private readClosingTag(start: number): void {
    this.at = start + 2;
    const name = (this.match(TAG_NAME) ?? '').toLowerCase();
    this.match(SPACE);
    const place = this.placeOf(start);
    if (!name || this.html[this.at] !== '>') throw templateError(place, 'a closing tag </…> is not well formed');
    this.at += 1;
    if (VOID_ELEMENTS.has(name)) return;
    const current = this.open[this.open.length - 1];
    if (current?.name === name) {
      this.open.pop();
      return;
    }
    if (this.browser) {
      // As a browser: the element it names closes, with those opened inside it; a tag that closes nothing is passed over.
      const index = this.open.map((element) => element.name).lastIndexOf(name);
      if (index >= 0) this.open.length = index;
      return;
    }
    if (!current) throw templateError(place, `</${name}> closes nothing: no <${name}> is open`);
    const where = `line ${current.place.line}, column ${current.place.column}`;
    throw templateError(place, `</${name}> found where <${current.name}> (opened at ${where}) must be closed first`);
  }
}

/** The elements and text of `html`, in order, with their places in the template `map` leads back to. */
export function parseHtml(html: string, map: TemplateMap = identityMap(html)): HtmlNode[] {
  return new HtmlReader(html, map).read();
}

/**
 * `html` read as a browser reads a page written for it (../recipe/recipe-page): elements left open close where
 * their parent does, a closing tag closes what it names, `<p>` and `<li>` close where the next begins; the text of
 * `<style>`, `<script>` and the like is handed to `browser` rather than read as HTML.
 */
export function parseBrowserHtml(html: string, browser: BrowserReading): HtmlNode[] {
  return new HtmlReader(html, identityMap(html), browser).read();
}
