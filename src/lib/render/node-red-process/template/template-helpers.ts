/**
 * Template helpers: a placeholder may pass its value through helpers, written after a bar as Liquid and
 * Jinja write filters (`{{payload.start | time}}`, `{{payload.temp | number: 1 °C}}`, `{{#payload | agenda}}`).
 * Dates and times are written in the page's language (the `lang` of the template's first element that has one,
 * else en-US) and the host's time zone, with the host's Intl data: a time as the language writes it (9:30 AM
 * in English, 9:30 in Chinese) unless the template asks for `time: 24h` or `time: 12h`; `time` also reads a
 * time of day (`09:30`, as the to-do list gives it); ./helper-dates. Numbers are rounded and grouped as the
 * language writes them (./helper-numbers); Home Assistant's calendar events are put in a day's order
 * (./helper-agenda).
 *
 * A value a helper cannot read (a date that is no date, a number that is no number) is drawn as it is, so
 * a sensor's "unavailable" still shows; a helper that does not exist, or a choice it does not know, is an
 * error that names it.
 */
import { invalid } from '../../../errors';
import { agenda } from './helper-agenda';
import { HelperProblem, type Helper, type HelperContext } from './helper-context';
import { DATE_HELPERS } from './helper-dates';
import { number } from './helper-numbers';

const HELPERS: Record<string, Helper> = {
  ...DATE_HELPERS,
  number,
  agenda,
};

export const HELPER_NAMES = Object.keys(HELPERS);

export interface HelperCall {
  name: string;
  args: string[];
}

/** `payload.temp | number: 1 °C | …` as the name and the helpers; undefined for a plain name. */
export function readPipeline(tag: string): { name: string; helpers: HelperCall[] } | undefined {
  if (!tag.includes('|')) return undefined;
  const [name, ...calls] = tag.split('|').map((part) => part.trim());
  return {
    name,
    helpers: calls.map((call) => {
      const colon = call.indexOf(':');
      const helper = (colon === -1 ? call : call.slice(0, colon)).trim();
      const rest = colon === -1 ? '' : call.slice(colon + 1);
      const args = [...rest.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((found) => found[1] ?? found[2] ?? found[3]);
      return { name: helper, args };
    }),
  };
}

/** `value` through each helper in turn; an unknown helper is an error naming it and the placeholder. */
export function applyHelpers(value: unknown, calls: HelperCall[], context: HelperContext, tag: string): unknown {
  let out = value;
  for (const call of calls) {
    const helper = Object.hasOwn(HELPERS, call.name) ? HELPERS[call.name] : undefined;
    if (!helper) {
      throw invalid(
        'template',
        `{{${tag}}}: there is no helper ${JSON.stringify(call.name)} (helpers: ${HELPER_NAMES.join(', ')})`,
      );
    }
    if (out === undefined || out === null || out === '') return out;
    try {
      out = helper(out, call.args, context);
    } catch (error) {
      if (error instanceof HelperProblem) throw invalid('template', `{{${tag}}}: ${error.message}`);
      throw error;
    }
  }
  return out;
}

/** The page's language from its `lang`, checked: a tag Intl does not know is an error. */
export function pageLanguage(lang: string | undefined): string {
  if (lang === undefined || lang.trim() === '') return 'en-US';
  try {
    const [canonical] = Intl.getCanonicalLocales(lang.trim());
    return canonical;
  } catch {
    throw invalid('template', `lang=${JSON.stringify(lang)} is not a language tag (en-US, zh-CN, ja, de…)`);
  }
}
