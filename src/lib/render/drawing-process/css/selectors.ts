/**
 * CSS selectors read and matched against the page's HTML tree, as a browser matches them: type, class, id and
 * attribute selectors, the four combinators, the structural pseudo-classes (`:first-child`, `:nth-child(2n+1 of
 * S)`, `:last-of-type`…), `:not()`, `:is()` and `:where()` with selector lists inside, `:root` and `:empty`. What
 * no drawn page can be in (`:hover`, `:focus`, `:has()`) and pseudo-elements (`::before`) never match an
 * element. Each selector has its specificity, by which the cascade (./cascade) orders what matched; matching is
 * ./selector-match's.
 */

export type Simple =
  | { kind: 'type' | 'id' | 'class'; name: string }
  | { kind: 'attribute'; name: string; operator: string; value: string; insensitive: boolean }
  | { kind: 'nth'; a: number; b: number; ofType: boolean; last: boolean; of?: Selector[] }
  | { kind: 'not' | 'is'; list: Selector[] }
  | { kind: 'root' | 'empty' | 'never' };

/** A complex selector: compounds from the left, and the combinator before each but the first. */
export interface Selector {
  compounds: Simple[][];
  combinators: string[];
  /** Ids, then classes, attributes and pseudo-classes, then types, as one number to compare. */
  specificity: number;
  /** A name the element it matches must have: its id, a class or its type (to look rules up by). */
  key?: { kind: 'id' | 'class' | 'type'; name: string };
}

const NEVER_MATCHING =
  /^(hover|focus|focus-within|focus-visible|active|visited|target|checked|disabled|enabled|indeterminate|placeholder-shown|invalid|valid|required|optional|default|autofill|read-only|read-write|has|host|defined|fullscreen|modal|popover-open|link|any-link)$/;
const LEGACY_PSEUDO_ELEMENTS = /^(before|after|first-line|first-letter)$/;

class SelectorReader {
  at = 0;
  constructor(private readonly text: string) {}

  private get next(): string {
    return this.text[this.at] ?? '';
  }

  private space(): boolean {
    const start = this.at;
    while (/\s/.test(this.next) && this.next !== '') this.at++;
    return this.at > start;
  }

  /** An identifier, its escapes read (`md\:flex` is `md:flex`). */
  private ident(): string {
    let out = '';
    for (;;) {
      const character = this.next;
      if (character === '\\') {
        const hex = /^[0-9a-fA-F]{1,6} ?/.exec(this.text.slice(this.at + 1));
        if (hex) {
          out += String.fromCodePoint(parseInt(hex[0], 16));
          this.at += 1 + hex[0].length;
        } else {
          out += this.text[this.at + 1] ?? '';
          this.at += 2;
        }
      } else if (/[\w\u00a0-\uffff-]/.test(character) && character !== '') {
        out += character;
        this.at++;
      } else {
        return out;
      }
    }
  }

  /** The text up to the parenthesis that closes the one just read. */
  private argument(): string {
    let depth = 1;
    const start = this.at;
    for (; this.at < this.text.length; this.at++) {
      const character = this.text[this.at];
      if (character === '\\') this.at++;
      else if (character === '(') depth++;
      else if (character === ')' && --depth === 0) break;
    }
    const inside = this.text.slice(start, this.at);
    this.at++;
    return inside;
  }

  list(): Selector[] | undefined {
    const selectors: Selector[] = [];
    for (;;) {
      const selector = this.complex();
      if (!selector) return undefined;
      selectors.push(selector);
      this.space();
      if (this.next === ',') {
        this.at++;
        continue;
      }
      return this.next === '' ? selectors : undefined;
    }
  }

  private complex(): Selector | undefined {
    const compounds: Simple[][] = [];
    const combinators: string[] = [];
    this.space();
    for (;;) {
      const compound = this.compound();
      if (!compound) return undefined;
      compounds.push(compound);
      const spaced = this.space();
      const character = this.next;
      if (character === '>' || character === '+' || character === '~') {
        this.at++;
        this.space();
        combinators.push(character);
      } else if (spaced && character !== ',' && character !== '' && character !== ')') {
        combinators.push(' ');
      } else {
        break;
      }
    }
    return {
      compounds,
      combinators,
      specificity: specificityOf(compounds),
      key: keyOf(compounds[compounds.length - 1]),
    };
  }

  private compound(): Simple[] | undefined {
    const simples: Simple[] = [];
    let empty = true;
    for (;;) {
      const character = this.next;
      if (character === '*' && empty) {
        this.at++;
      } else if (empty && /[A-Za-z_\\-]/.test(character) && character !== '') {
        simples.push({ kind: 'type', name: this.ident().toLowerCase() });
      } else if (character === '.' || character === '#') {
        this.at++;
        const name = this.ident();
        if (!name) return undefined;
        simples.push({ kind: character === '.' ? 'class' : 'id', name });
      } else if (character === '[') {
        const attribute = this.attribute();
        if (!attribute) return undefined;
        simples.push(attribute);
      } else if (character === ':') {
        simples.push(this.pseudo());
      } else {
        return empty ? undefined : simples;
      }
      empty = false;
    }
  }

  private attribute(): Simple | undefined {
    const close = this.text.indexOf(']', this.at);
    if (close === -1) return undefined;
    const inside = this.text.slice(this.at + 1, close);
    this.at = close + 1;
    const found =
      /^\s*([\w:-]+)\s*(?:([~|^$*]?=)\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^\s"']+))\s*([iIsS])?)?\s*$/.exec(
        inside,
      );
    if (!found) return undefined;
    const value = (found[3] ?? found[4] ?? found[5] ?? '').replace(/\\(.)/g, '$1');
    return {
      kind: 'attribute',
      name: found[1].toLowerCase(),
      operator: found[2] ?? '',
      value,
      insensitive: found[6]?.toLowerCase() === 'i',
    };
  }

  private pseudo(): Simple {
    this.at++;
    const element = this.next === ':';
    if (element) this.at++;
    const name = this.ident().toLowerCase();
    const argument = this.next === '(' ? (this.at++, this.argument()) : undefined;
    if (element || LEGACY_PSEUDO_ELEMENTS.test(name) || NEVER_MATCHING.test(name)) return { kind: 'never' };
    if (name === 'root' || name === 'empty') return { kind: name };
    if (name === 'not' || name === 'is' || name === 'where' || name === 'matches' || name === '-webkit-any') {
      const list = argument === undefined ? undefined : new SelectorReader(argument).list();
      if (!list) return { kind: 'never' };
      const simple: Simple = { kind: name === 'not' ? 'not' : 'is', list };
      // :where() counts for nothing: its list's specificity is taken out again by specificityOf.
      return name === 'where' ? { ...simple, list: list.map((selector) => ({ ...selector, specificity: 0 })) } : simple;
    }
    const structural = /^(first|last|only|nth|nth-last)-(child|of-type)$/.exec(name);
    if (!structural) return { kind: 'never' };
    const [, position, what] = structural;
    const ofType = what === 'of-type';
    if (position === 'first') return { kind: 'nth', a: 0, b: 1, ofType, last: false };
    if (position === 'last') return { kind: 'nth', a: 0, b: 1, ofType, last: true };
    if (position === 'only') return { kind: 'is', list: [onlyOne(ofType)] };
    const formula = nthFormula(argument ?? '', ofType);
    return formula ? { kind: 'nth', ...formula, ofType, last: position === 'nth-last' } : { kind: 'never' };
  }
}

/** `:only-child` as `:first-child:last-child` (and the same of type). */
function onlyOne(ofType: boolean): Selector {
  const first: Simple = { kind: 'nth', a: 0, b: 1, ofType, last: false };
  const last: Simple = { kind: 'nth', a: 0, b: 1, ofType, last: true };
  return { compounds: [[first, last]], combinators: [], specificity: 0 };
}

/** `2n+1`, `odd`, `-n+3`, `4` (and ` of S` where it counts children). */
function nthFormula(text: string, ofType: boolean): { a: number; b: number; of?: Selector[] } | undefined {
  const [formula, ...rest] = text.trim().split(/\s+of\s+/i);
  const of = rest.length > 0 && !ofType ? new SelectorReader(rest.join(' of ')).list() : undefined;
  if (rest.length > 0 && !of) return undefined;
  const compact = formula.replace(/\s+/g, '').toLowerCase();
  if (compact === 'odd') return { a: 2, b: 1, ...(of ? { of } : {}) };
  if (compact === 'even') return { a: 2, b: 0, ...(of ? { of } : {}) };
  const found = /^([+-]?\d*)n([+-]\d+)?$|^([+-]?\d+)$/.exec(compact);
  if (!found) return undefined;
  if (found[3] !== undefined) return { a: 0, b: Number(found[3]), ...(of ? { of } : {}) };
  const a = found[1] === '' || found[1] === '+' ? 1 : found[1] === '-' ? -1 : Number(found[1]);
  return { a, b: Number(found[2] ?? 0), ...(of ? { of } : {}) };
}

function specificityOf(compounds: Simple[][]): number {
  let total = 0;
  for (const simple of compounds.flat()) total += simpleSpecificity(simple);
  return total;
}

function simpleSpecificity(simple: Simple): number {
  switch (simple.kind) {
    case 'id':
      return 1_000_000;
    case 'type':
      return 1;
    case 'not':
    case 'is':
      return Math.max(0, ...simple.list.map((selector) => selector.specificity));
    case 'nth':
      return 1000 + (simple.of ? Math.max(0, ...simple.of.map((selector) => selector.specificity)) : 0);
    default:
      return 1000;
  }
}

function keyOf(compound: Simple[]): Selector['key'] {
  for (const kind of ['id', 'class', 'type'] as const) {
    const found = compound.find((simple) => simple.kind === kind);
    if (found && 'name' in found) return { kind, name: found.name };
  }
  return undefined;
}

/** A selector list as written in a rule; undefined when it cannot be read (the rule is then left out, as CSS does). */
export function readSelectors(text: string): Selector[] | undefined {
  return new SelectorReader(text).list();
}
