/**
 * TRMNL's collection filters, as Ruby runs them: `group_by` gives a hash (keys in order, of their own type),
 * `find_by` the first element whose key equals the value (Ruby's `==`: 35 is not "35"), `where_exp` its input
 * unchanged when that is not a list.
 */
import { filters as builtInFilters } from 'liquidjs';
import type { FilterThis } from './fill-state';
import { RubyHash, isPlainObject } from './ruby-values';

function elementsOf(input: unknown): unknown[] {
  if (Array.isArray(input)) return input;
  if (input instanceof RubyHash) return [...input.entries.values()];
  if (isPlainObject(input)) return Object.values(input);
  return [];
}

function keyOf(item: unknown, key: unknown): unknown {
  if (item instanceof RubyHash) return item.liquidMethodMissing(key);
  if (isPlainObject(item) && (typeof key === 'string' || typeof key === 'number')) {
    return Object.hasOwn(item, key) ? item[key] : undefined;
  }
  if (Array.isArray(item) && typeof key === 'number') return item.at(key);
  return undefined;
}

/** Ruby's `==` for values read from JSON: numbers by value, strings, arrays and hashes by their contents. */
export function rubyEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return a == b;
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

function group_by(input: unknown, key: unknown): RubyHash {
  const groups = new Map<unknown, unknown[]>();
  for (const item of elementsOf(input)) {
    const value = keyOf(item, key) ?? null;
    const group = groups.get(value);
    if (group) group.push(item);
    else groups.set(value, [item]);
  }
  return new RubyHash(groups);
}

function find_by(input: unknown, key: unknown, value: unknown, fallback: unknown = null): unknown {
  return elementsOf(input).find((item) => rubyEquals(keyOf(item, key), value)) ?? fallback;
}

const builtInWhereExp = builtInFilters.where_exp as (this: FilterThis, ...args: unknown[]) => Generator<unknown>;

function* where_exp(this: FilterThis, input: unknown, variable: unknown, expression: unknown): Generator<unknown> {
  if (!Array.isArray(input) && !isPlainObject(input) && !(input instanceof RubyHash)) return input;
  return (yield* builtInWhereExp.call(this, elementsOf(input), variable, expression)) as unknown;
}

export const COLLECTION_FILTERS = { group_by, find_by, where_exp };
