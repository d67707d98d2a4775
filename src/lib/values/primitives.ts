/** The building blocks of every rule: plain objects, whole numbers, booleans and texts from unknown input. */
import { invalid } from '../errors';

declare const brand: unique symbol;

/**
 * A value that has passed its rule: `T` marked with the rule's name, so that only
 * the parse function of that rule makes one and an operation can ask for it.
 */
export type Parsed<T, Rule extends string> = T & { readonly [brand]: Rule };

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A string's length in characters as a person counts them (code points, not UTF-16 units). */
export function characterCount(text: string): number {
  let count = 0;
  // A surrogate pair is one character; a lone surrogate counts as one too.
  for (let i = 0; i < text.length; i += (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1) count++;
  return count;
}

/** Whether `value` is one of `values` (a type guard for a list of literal choices). */
export function isOneOf<T>(values: readonly T[], value: unknown): value is T {
  return (values as readonly unknown[]).includes(value);
}

/** A list of choices as a sentence says them: "a, b or c". */
export function listOfChoices(values: readonly unknown[]): string {
  const words = values.map(String);
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  // Not `=== Object.prototype`: an object a function node builds comes from its sandbox's realm.
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/** An integer from a number or a string of digits; anything else is undefined. */
export function toInteger(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*-?\d{1,15}\s*$/.test(value)) return Number(value.trim());
  return undefined;
}

/** Checks that an object is a plain one with only the given keys; names the first offending key. */
export function plainObject(value: unknown, field: string, allowed: readonly string[]): Record<string, unknown> {
  if (!isPlainObject(value)) throw invalid(field, 'must be an object', value);
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) throw invalid(`${field}.${key}`, 'is not allowed (a prototype-polluting key)');
    if (!allowed.includes(key)) throw invalid(`${field}.${key}`, `is not a known field; use ${allowed.join(', ')}`);
  }
  return value;
}

export function boolean(value: unknown, field: string): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw invalid(field, 'must be true or false', value);
}

/** A string, not blank unless `allowEmpty`, of at most `max` characters when the rule sets a length. */
export function text(value: unknown, field: string, max?: number, options: { allowEmpty?: boolean } = {}): string {
  if (typeof value !== 'string') throw invalid(field, 'must be a string', value);
  if (!options.allowEmpty && value.trim() === '') throw invalid(field, 'must not be empty or blank');
  if (max !== undefined && value.length > max && characterCount(value) > max) {
    throw invalid(field, `must be at most ${max} characters`, value);
  }
  return value;
}

export function integerInRange(value: unknown, field: string, min: number, max: number): number {
  const number = toInteger(value);
  if (number === undefined || number < min || number > max) {
    throw invalid(field, `must be a whole number from ${min} to ${max}`, value);
  }
  return number;
}
