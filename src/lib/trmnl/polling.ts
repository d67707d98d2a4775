/**
 * What a recipe asks its polling URLs for, as TRMNL asks (usetrmnl/trmnlp, config/plugin.rb and poller.rb):
 * settings.yml's `polling_url`, `polling_headers` and `polling_body` are Liquid with the custom fields (and
 * `trmnl`) as variables; the URLs are one a line; headers are `name=value&name=value`. The answers of several
 * URLs reach the recipe as IDX_0, IDX_1…
 */
import { fieldValues } from './custom-fields';
import type { Recipe } from './recipe';
import { renderLiquid } from './render-liquid';
import { trmnlVariables } from './trmnl-variables';

export interface PollingRequest {
  urls: string[];
  /** GET or POST. */
  verb: string;
  headers: Record<string, string>;
  body: string;
  /** Runtime errors of the settings' Liquid, printed into them as on TRMNL. */
  warnings: string[];
}

export interface PollingOptions {
  fields?: Record<string, unknown>;
  trmnl?: unknown;
  now?: number;
}

function fill(setting: string, text: string, scope: Record<string, unknown>, now: number, warnings: string[]): string {
  if (!text.includes('{')) return text;
  const rendered = renderLiquid(text, scope, { file: `settings.yml ${setting}`, now });
  warnings.push(...rendered.warnings);
  return rendered.output;
}

function headersOf(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of text.split('&')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1);
    try {
      headers[name] = decodeURIComponent(value);
    } catch {
      headers[name] = value;
    }
  }
  return headers;
}

/** The requests a recipe's data comes from; a Liquid syntax error names settings.yml and the setting. */
export function pollingRequest(recipe: Recipe, options: PollingOptions = {}): PollingRequest {
  const { settings } = recipe;
  const now = options.now ?? Date.now();
  const fields = fieldValues(settings.customFields, options.fields);
  const trmnl = trmnlVariables({ settings, fields, width: 800, height: 480, now, overrides: options.trmnl });
  const scope = { ...fields, trmnl };
  const warnings: string[] = [];
  const urls = fill('polling_url', settings.pollingUrl, scope, now, warnings)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return {
    urls,
    verb: settings.pollingVerb,
    headers: headersOf(fill('polling_headers', settings.pollingHeaders, scope, now, warnings)),
    body: fill('polling_body', settings.pollingBody, scope, now, warnings),
    warnings,
  };
}

/** The recipe's data from the answers of its polling URLs: one as it is, several as IDX_0, IDX_1… */
export function polledData(answers: readonly unknown[]): unknown {
  const wrapped = answers.map((answer) => (Array.isArray(answer) ? { data: answer } : answer));
  if (wrapped.length === 1) return wrapped[0];
  return Object.fromEntries(wrapped.map((answer, index) => [`IDX_${index}`, answer]));
}
