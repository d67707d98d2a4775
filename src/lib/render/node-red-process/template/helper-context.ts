/**
 * What every template helper (./template-helpers) is: a function of the value, the words written after its name,
 * and the page it is called for; and how it reads a choice among its words.
 */

export interface HelperContext {
  language: string;
  /** The time "now" is, for relative times, in epoch milliseconds. */
  now: number;
}

export type Helper = (value: unknown, args: string[], context: HelperContext) => unknown;

/** A helper given a choice it does not know: the placeholder is named when it is reported. */
export class HelperProblem extends Error {}

export function choice<T extends string>(helper: string, args: string[], choices: readonly T[], fallback: T): T {
  const wanted = args[0]?.toLowerCase();
  if (wanted === undefined) return fallback;
  if ((choices as readonly string[]).includes(wanted)) return wanted as T;
  throw new HelperProblem(`the helper ${helper} takes ${choices.join(', ')} (not ${JSON.stringify(args[0])})`);
}
