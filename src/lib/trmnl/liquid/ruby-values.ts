/**
 * Values as Ruby Liquid prints and converts them, where JavaScript differs: a hash prints as Ruby's `inspect`
 * (`{"name" => "Ryan", "age" => 35}`), an array prints its elements one after another, nil prints nothing; a
 * string becomes a number as Ruby's `to_i` and Liquid's `to_number` read it ("12abc" is 12, "abc" is 0).
 */
import { Drop } from 'liquidjs';

/** A hash whose keys keep their order and their type, as Ruby's (`group_by` makes one). */
export class RubyHash extends Drop {
  constructor(readonly entries: Map<unknown, unknown>) {
    super();
  }

  get size(): number {
    return this.entries.size;
  }

  override liquidMethodMissing(key: unknown): unknown {
    if (this.entries.has(key)) return this.entries.get(key);
    // A key read from a template is a string; a number key written as digits is found too.
    if (typeof key === 'string' && /^-?\d+$/.test(key)) return this.entries.get(Number(key));
    return undefined;
  }

  /** `{% for pair in hash %}` gives `[key, value]` pairs, as Ruby's hash does. */
  [Symbol.iterator](): IterableIterator<[unknown, unknown]> {
    return this.entries.entries();
  }

  toJSON(): Record<string, unknown> {
    return Object.fromEntries([...this.entries].map(([key, value]) => [rubyToS(key), value]));
  }

  override toString(): string {
    return rubyInspect(this);
  }
}

/** A value as Liquid writes it into the page. */
export function rubyToS(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return rubyNumber(value);
  if (Array.isArray(value)) return value.map(rubyToS).join('');
  if (value instanceof RubyHash || isPlainObject(value)) return rubyInspect(value);
  return ownText(value);
}

/** A value's own text: a boolean as "true", an object (a time, a drop) by its toString. */
function ownText(value: unknown): string {
  if (typeof value === 'boolean' || typeof value === 'bigint' || typeof value === 'symbol') return String(value);
  return (value as { toString(): string }).toString();
}

/** Ruby's `inspect` of a value (Ruby 3.4 and later: spaces around `=>`). */
export function rubyInspect(value: unknown): string {
  if (value === null || value === undefined) return 'nil';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return rubyNumber(value);
  if (Array.isArray(value)) return `[${value.map(rubyInspect).join(', ')}]`;
  if (value instanceof RubyHash) return inspectPairs([...value.entries]);
  if (isPlainObject(value)) return inspectPairs(Object.entries(value));
  return ownText(value);
}

function inspectPairs(pairs: [unknown, unknown][]): string {
  return `{${pairs.map(([key, item]) => `${rubyInspect(key)} => ${rubyInspect(item)}`).join(', ')}}`;
}

function rubyNumber(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  return String(value);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** Liquid's `to_number`: numbers as they are, "3.5" as 3.5, other strings as their leading integer, else 0. */
export function toNumber(value: unknown): number {
  const plain = value instanceof Drop ? value.valueOf() : value;
  if (typeof plain === 'number') return plain;
  if (typeof plain === 'string') {
    const text = plain.trim();
    if (/^-?\d+\.\d+$/.test(text)) return Number(text);
    return rubyToI(text);
  }
  if (typeof plain === 'boolean' || plain === null || plain === undefined) return 0;
  return 0;
}

/** Ruby's `to_i`: a number cut to an integer, a string's leading integer ("12abc" is 12), else 0. */
export function rubyToI(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : 0;
  if (typeof value === 'string') {
    const leading = /^\s*([+-]?\d[\d_]*)/.exec(value);
    return leading ? Number(leading[1].replace(/_/g, '')) : 0;
  }
  return 0;
}

/**
 * A result of arithmetic as Ruby's BigDecimal gives it: 0.1 + 0.2 is 0.3, not 0.30000000000000004.
 * Integers stay as they are.
 */
export function tidyFloat(value: number): number {
  if (Number.isInteger(value) || !Number.isFinite(value)) return value;
  return Number(value.toPrecision(15));
}
