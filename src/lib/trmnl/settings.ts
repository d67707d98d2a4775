/**
 * A recipe's settings.yml, read as TRMNL reads it (Ruby's Psych: YAML 1.1, so `yes` and `no` unquoted are
 * booleans; a key written twice keeps its last value) into typed settings. A YAML error names the file, line
 * and column; what TRMNL would not accept but still runs is a warning.
 */
import { parseDocument } from 'yaml';
import { parseCustomFields, type CustomField } from './custom-fields';
import { RecipeError } from './recipe-error';

export const SETTINGS_FILE = 'settings.yml';

export interface RecipeSettings {
  /** The recipe's name, as TRMNL lists it. */
  name?: string;
  /** `polling`, `webhook` or `static`, as written (`polling` when missing). */
  strategy: string;
  /** Liquid (the custom fields are its variables) giving one URL a line; several arrive as IDX_0, IDX_1… */
  pollingUrl: string;
  /** `GET` or `POST`. */
  pollingVerb: string;
  /** Liquid giving `name=value&name=value`. */
  pollingHeaders: string;
  /** Liquid giving the body of a POST. */
  pollingBody: string;
  /** The data of a `static` recipe (static_data's JSON, read). */
  staticData?: unknown;
  customFields: CustomField[];
  /** TRMNL's framework version the recipe is written for (`latest` when missing). */
  frameworkVersion: string;
  darkMode: boolean;
  /** `no_screen_padding: yes`: the screen has no padding (`screen--no-bleed`). */
  noScreenPadding: boolean;
  /** Minutes between refreshes on TRMNL. */
  refreshInterval?: number;
  /** settings.yml as read, every key kept. */
  raw: Record<string, unknown>;
}

function text(value: unknown, fallback = ''): string {
  if (value === null || value === undefined) return fallback;
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : fallback;
}

function yes(value: unknown): boolean {
  return value === true || (typeof value === 'string' && ['yes', 'true'].includes(value.trim().toLowerCase()));
}

function staticDataOf(value: unknown, file: string): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch (error) {
    throw new RecipeError({ file }, `static_data is not valid JSON (${(error as Error).message})`);
  }
}

/** settings.yml's text read into settings; `warnings` receives what TRMNL would warn about. */
export function parseSettings(source: string, warnings: string[], file = SETTINGS_FILE): RecipeSettings {
  const document = parseDocument(source, { version: '1.1', uniqueKeys: false });
  const [error] = document.errors;
  if (error) {
    const [place] = error.linePos ?? [];
    const message = error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    throw new RecipeError({ file, line: place?.line, column: place?.col }, `not valid YAML: ${message}`);
  }
  const parsed: unknown = document.toJS({ maxAliasCount: 100 });
  if (parsed !== null && parsed !== undefined && (typeof parsed !== 'object' || Array.isArray(parsed))) {
    throw new RecipeError({ file }, 'the settings are not a mapping of names to values');
  }
  const raw = (parsed ?? {}) as Record<string, unknown>;
  const refresh = Number(raw.refresh_interval);
  return {
    name: raw.name === undefined || raw.name === null ? undefined : text(raw.name),
    strategy: text(raw.strategy, 'polling') || 'polling',
    pollingUrl: text(raw.polling_url),
    pollingVerb: text(raw.polling_verb, 'GET').toUpperCase() || 'GET',
    pollingHeaders: text(raw.polling_headers),
    pollingBody: text(raw.polling_body),
    staticData: staticDataOf(raw.static_data, file),
    customFields: parseCustomFields(raw.custom_fields, warnings),
    frameworkVersion: text(raw.framework_version, 'latest') || 'latest',
    darkMode: yes(raw.dark_mode),
    noScreenPadding: yes(raw.no_screen_padding),
    refreshInterval: Number.isFinite(refresh) && refresh > 0 ? refresh : undefined,
    raw,
  };
}

/** The settings of a recipe given without settings.yml (pasted markup alone). */
export function defaultSettings(): RecipeSettings {
  return parseSettings('', []);
}
