/**
 * Style sheets read into rules for the cascade (./cascade): each rule's selectors (./selectors), its
 * declarations, its cascade layer and its order. Read as a browser reads CSS, forgiving: a rule whose selector
 * cannot be read is left out, `@layer` blocks and statements give the layers their order, `@media` holds where
 * its conditions hold on the page (its width, height and orientation; `print` never), `@supports` is taken as
 * holding, and what never applies to a drawn page (`@font-face`, `@keyframes`, `@import`, `@page`) is skipped.
 */
import { readSelectors, type Selector } from './selectors';

export interface Declaration {
  /** As written, lower case (`font-size`, `--gap`). */
  property: string;
  value: string;
  important: boolean;
}

export interface StyleRule {
  selectors: Selector[];
  declarations: Declaration[];
  /** The layer's rank (0 the first declared); rules in no layer rank after every layer. */
  layer: number;
  /** Its place among every rule of the page's sheets. */
  order: number;
}

/** The page a media query is asked about. */
export interface MediaPage {
  width: number;
  height: number;
}

const UNLAYERED = Number.MAX_SAFE_INTEGER;

class SheetReader {
  private at = 0;
  constructor(
    private readonly text: string,
    private readonly out: StyleRule[],
    private readonly layers: Map<string, number>,
    private readonly page: MediaPage,
  ) {}

  /** Every rule of the sheet (a stray `}` at its top level is passed over). */
  all(): void {
    while (this.at < this.text.length) this.block(undefined);
  }

  /** Rules until the end of the text or the `}` that closes the block being read. */
  block(layer: string | undefined): void {
    for (;;) {
      this.skipSpace();
      if (this.at >= this.text.length) return;
      if (this.text[this.at] === '}') {
        this.at++;
        return;
      }
      if (this.text[this.at] === '@') this.atRule(layer);
      else this.styleRule(layer);
    }
  }

  private skipSpace(): void {
    for (;;) {
      while (/\s|;/.test(this.text[this.at] ?? '')) this.at++;
      if (!this.text.startsWith('/*', this.at)) return;
      const end = this.text.indexOf('*/', this.at + 2);
      this.at = end === -1 ? this.text.length : end + 2;
    }
  }

  /** The text up to `{`, `;` or an unopened `}` (outside quotes and brackets), and the character found. */
  private prelude(): { text: string; stop: string } {
    const start = this.at;
    let depth = 0;
    let quote: string | undefined;
    for (; this.at < this.text.length; this.at++) {
      const character = this.text[this.at];
      if (quote) {
        if (character === '\\') this.at++;
        else if (character === quote) quote = undefined;
      } else if (character === '"' || character === "'") quote = character;
      else if (character === '(' || character === '[') depth++;
      else if (character === ')' || character === ']') depth = Math.max(0, depth - 1);
      else if (depth === 0 && (character === '{' || character === ';' || character === '}')) break;
    }
    const stop = this.text[this.at] ?? '';
    if (stop === '{' || stop === ';') this.at++;
    return { text: this.text.slice(start, this.at - (stop === '{' || stop === ';' ? 1 : 0)).trim(), stop };
  }

  /** The body of a block just opened, up to its closing `}`. */
  private body(): string {
    const start = this.at;
    let depth = 1;
    let quote: string | undefined;
    for (; this.at < this.text.length; this.at++) {
      const character = this.text[this.at];
      if (quote) {
        if (character === '\\') this.at++;
        else if (character === quote) quote = undefined;
      } else if (character === '"' || character === "'") quote = character;
      else if (character === '{') depth++;
      else if (character === '}' && --depth === 0) break;
    }
    const body = this.text.slice(start, this.at);
    this.at++;
    return body;
  }

  private layerRank(name: string): number {
    let rank = this.layers.get(name);
    if (rank === undefined) this.layers.set(name, (rank = this.layers.size));
    return rank;
  }

  private atRule(layer: string | undefined): void {
    const { text, stop } = this.prelude();
    const name = /^@([\w-]+)/.exec(text)?.[1].toLowerCase() ?? '';
    const condition = text.slice(name.length + 1).trim();
    if (stop !== '{') {
      // `@layer a, b;` sets the layers' order; other statements (`@import`, `@charset`) do nothing here.
      if (name === 'layer') for (const part of condition.split(',')) this.layerRank(nested(layer, part.trim()));
      return;
    }
    if (name === 'layer') {
      const inner = nested(layer, condition || `anonymous-${this.layers.size}`);
      this.layerRank(inner);
      this.block(inner);
    } else if (name === 'supports' || (name === 'media' && mediaHolds(condition, this.page))) {
      this.block(layer);
    } else {
      this.body();
    }
  }

  private styleRule(layer: string | undefined): void {
    const { text, stop } = this.prelude();
    if (stop !== '{') return;
    this.rule(text, this.body(), layer);
  }

  /** A rule and the rules nested in it (`& .child {…}`, `.parent & {…}`, `@media … {…}`), after it. */
  private rule(selectorText: string, body: string, layer: string | undefined): void {
    const { declarations, blocks } = splitNested(body);
    const selectors = readSelectors(selectorText);
    if (!selectors) return;
    const read = readDeclarations(declarations);
    const rank = layer === undefined ? UNLAYERED : this.layerRank(layer);
    if (read.length > 0) this.out.push({ selectors, declarations: read, layer: rank, order: this.out.length });
    for (const block of blocks) {
      if (block.prelude.startsWith('@')) {
        const media = /^@media\s*(.*)$/is.exec(block.prelude);
        if (media && mediaHolds(media[1].trim(), this.page)) this.rule(selectorText, block.body, layer);
        if (/^@supports\b/i.test(block.prelude)) this.rule(selectorText, block.body, layer);
        continue;
      }
      const parent = `:is(${selectorText})`;
      const inner = block.prelude
        .split(',')
        .map((part) => (part.includes('&') ? part.replace(/&/g, parent) : `${parent} ${part.trim()}`))
        .join(',');
      this.rule(inner, block.body, layer);
    }
  }
}

/** A rule's body: its own declarations, and the blocks nested in it, each with its prelude. */
function splitNested(body: string): { declarations: string; blocks: { prelude: string; body: string }[] } {
  if (!body.includes('{')) return { declarations: body, blocks: [] };
  let declarations = '';
  const blocks: { prelude: string; body: string }[] = [];
  let segment = '';
  let quote: string | undefined;
  for (let at = 0; at < body.length; at++) {
    const character = body[at];
    if (quote) {
      if (character === quote) quote = undefined;
      segment += character;
    } else if (character === '"' || character === "'") {
      quote = character;
      segment += character;
    } else if (character === ';') {
      declarations += `${segment};`;
      segment = '';
    } else if (character === '{') {
      let depth = 1;
      const start = at + 1;
      while (++at < body.length && depth > 0) {
        if (body[at] === '{') depth++;
        else if (body[at] === '}') depth--;
      }
      blocks.push({ prelude: segment.trim(), body: body.slice(start, at - 1) });
      segment = '';
      at--;
    } else {
      segment += character;
    }
  }
  return { declarations: declarations + segment, blocks };
}

function nested(outer: string | undefined, name: string): string {
  return outer === undefined ? name : `${outer}.${name}`;
}

/** The declarations of a rule's body (or a style attribute): `property: value [!important]`, at each `;`. */
export function readDeclarations(body: string): Declaration[] {
  const out: Declaration[] = [];
  for (const part of body.replace(/\/\*[\s\S]*?\*\//g, '').split(/;(?![^(]*\))/)) {
    const colon = part.indexOf(':');
    if (colon <= 0) continue;
    const property = part.slice(0, colon).trim().toLowerCase();
    let value = part.slice(colon + 1).trim();
    const important = /!\s*important\s*$/i.test(value);
    if (important) value = value.replace(/!\s*important\s*$/i, '').trim();
    if (property !== '' && value !== '' && !property.includes('{')) out.push({ property, value, important });
  }
  return out;
}

/** Whether a media query list holds on the page: each `(min-width: 800px)`-like feature of one of its queries. */
export function mediaHolds(condition: string, page: MediaPage): boolean {
  if (condition === '') return true;
  return condition.split(',').some((query) => queryHolds(query.trim().toLowerCase(), page));
}

function queryHolds(query: string, page: MediaPage): boolean {
  const negated = query.startsWith('not ');
  const body = query.replace(/^(not|only)\s+/, '');
  const type = /^(all|screen|print)\b/.exec(body)?.[1];
  let holds = type !== 'print';
  for (const feature of body.matchAll(/\(\s*([\w-]+)\s*(?::\s*([^)]+))?\)/g)) {
    holds &&= featureHolds(feature[1], feature[2]?.trim(), page);
  }
  return negated ? !holds : holds;
}

function featureHolds(name: string, value: string | undefined, page: MediaPage): boolean {
  const pixels = value === undefined ? NaN : Number.parseFloat(value) * (/r?em$/.test(value) ? 16 : 1);
  switch (name) {
    case 'min-width':
      return page.width >= pixels;
    case 'max-width':
      return page.width <= pixels;
    case 'min-height':
      return page.height >= pixels;
    case 'max-height':
      return page.height <= pixels;
    case 'orientation':
      return (page.height > page.width ? 'portrait' : 'landscape') === value;
    case 'monochrome':
    case 'grid':
      return true;
    default:
      return false;
  }
}

/** The rules of `sheets`, in order, their layers ranked in the order the sheets first name them. */
export function readStyleSheets(sheets: readonly string[], page: MediaPage): StyleRule[] {
  const rules: StyleRule[] = [];
  const layers = new Map<string, number>();
  for (const sheet of sheets) new SheetReader(sheet, rules, layers, page).all();
  return rules;
}
