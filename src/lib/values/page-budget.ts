/**
 * What one drawn page may hold and take. The size limits are checked before a page is drawn; the time and the
 * memory are watched while it is drawn, and a page over either is stopped. Each figure was chosen from what a
 * page costs to draw, measured by the benchmark (bench/render-budget.js): a page at any one size limit draws on
 * the benchmark's machine in a fraction of a second and a few dozen MB, so on a Raspberry Pi, several times
 * slower, it stays well within the time budget, and a page near every limit at once within the memory budget.
 */
import { invalid } from '../errors';
import { toInteger } from './primitives';

export const PAGE_LIMITS = {
  /** HTML elements of the filled template: a dense page of a large screen has a few hundred. */
  elements: 2000,
  /** Characters of text: a 800 x 480 screen shows about 3000 at 12 px. */
  textCharacters: 50_000,
  /** Items the template's lists (`{{#list}}…{{/list}}`) repeat, all lists of a page together. */
  listItems: 1000,
  /** Pixels of the pictures a page holds, as their files give them (a 400 x 300 screen has 120,000). */
  picturePixels: 4_000_000,
} as const;

export const PAGE_BUDGET = {
  /** Seconds a page may take to draw, unless its node says otherwise. */
  defaultSeconds: 10,
  minSeconds: 1,
  maxSeconds: 60,
  /** Memory the process that draws pages may hold (its RSS): what a small host (a Raspberry Pi with 1 GB) can spare. */
  memoryBytes: 256 * 1024 * 1024,
} as const;

/** A page's time budget in seconds: a whole number (or digits as text) from 1 to 60; absent or empty is the default. */
export function pageTimeBudget(value: unknown, field = 'timeBudget'): number {
  if (value === undefined || value === null || value === '') return PAGE_BUDGET.defaultSeconds;
  const seconds = toInteger(value);
  if (seconds === undefined || seconds < PAGE_BUDGET.minSeconds || seconds > PAGE_BUDGET.maxSeconds) {
    throw invalid(
      field,
      `must be a whole number of seconds from ${PAGE_BUDGET.minSeconds} to ${PAGE_BUDGET.maxSeconds} (empty: ${PAGE_BUDGET.defaultSeconds})`,
      value,
    );
  }
  return seconds;
}
