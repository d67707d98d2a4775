/**
 * A recipe's view filled with data into a page's HTML, as TRMNL fills it: the data at the top level of Liquid's
 * variables (an array as `data`), the custom field values beside it, `trmnl` over both; then wrapped as TRMNL
 * wraps a page, its scripts taken out. A runtime error is printed where it happened and becomes a warning;
 * filling past its time budget is an error naming the recipe's file.
 */
import { invalid } from '../errors';
import type { CompiledRecipe } from './compile';
import { fieldValues, type FieldValue } from './custom-fields';
import { scanPage } from './page/page-warnings';
import { screenClasses, wrapPage, type BitDepth } from './page/page-wrap';
import { RecipeError } from './recipe-error';
import { recipeViews } from './recipe';
import { renderParsed } from './render-liquid';
import { trmnlVariables } from './trmnl-variables';
import { chooseView, type ViewChoice, type ViewName } from './views';

export interface FillOptions {
  /** The page's size in pixels (800 x 480). */
  width?: number;
  height?: number;
  /** A view, or `auto` (by the page's size). */
  view?: ViewChoice;
  /** The recipe's data, as its polling URL answers it; nothing gives a static recipe its static_data. */
  data?: unknown;
  /** Values of the custom fields, over the defaults of settings.yml. */
  fields?: Record<string, unknown>;
  /** Parts of the `trmnl` variable to override, as `msg.trmnl`. */
  trmnl?: unknown;
  /** 1 (black and white), 2 (4 greys) or 4 (16 greys). */
  bitDepth?: BitDepth;
  /** Dark mode; settings.yml's `dark_mode` when not given. */
  darkMode?: boolean;
  /** Milliseconds since 1970 for "now" (the clock when not given). */
  now?: number;
  budgetMs?: number;
  /** Remote pictures will be fetched: no warning lists them. */
  allowRemotePictures?: boolean;
}

export interface FilledPage {
  /** The page: `<div class="environment trmnl">…`. */
  html: string;
  view: ViewName;
  screenClasses: string[];
  /** Runtime errors, a missing view, scripts, charts, remote pictures and stylesheets. */
  warnings: string[];
  /** Remote pictures the page shows (http, https). */
  remotePictures: string[];
}

function pageSide(value: number | undefined, fallback: number, field: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) throw invalid(field, 'must be a whole number of pixels, 1 or more', value);
  return value;
}

function bitDepthOf(value: unknown): BitDepth {
  if (value === undefined) return 1;
  if (value === 1 || value === 2 || value === 4) return value;
  throw invalid('bitDepth', 'must be 1, 2 or 4', value);
}

/** The data as TRMNL puts it at the top level: an object as it is, an array (or any other value) as `data`. */
export function topLevelData(data: unknown): Record<string, unknown> {
  if (data === undefined || data === null) return {};
  if (typeof data === 'object' && !Array.isArray(data) && !(data instanceof Uint8Array)) {
    return data as Record<string, unknown>;
  }
  return { data };
}

/** The page of a compiled recipe filled with data. */
export function fillRecipe(compiled: CompiledRecipe, options: FillOptions = {}): FilledPage {
  const { recipe } = compiled;
  const width = pageSide(options.width, 800, 'width');
  const height = pageSide(options.height, 480, 'height');
  const chosen = chooseView(options.view ?? 'auto', width, height, recipeViews(recipe));
  const view = compiled.views[chosen.view];
  if (!view) throw new RecipeError({ file: recipe.origin }, `the ${chosen.view} view was not compiled`);
  const warnings: string[] = [];
  if (chosen.missing) warnings.push(`the recipe has no ${chosen.missing} view: its ${chosen.view} view is drawn`);

  const now = options.now ?? Date.now();
  const fields: Record<string, FieldValue> = fieldValues(recipe.settings.customFields, options.fields);
  const data = topLevelData(options.data === undefined ? recipe.settings.staticData : options.data);
  const trmnl = trmnlVariables({ settings: recipe.settings, fields, width, height, now, overrides: options.trmnl });
  const rendered = renderParsed(view, { ...fields, ...data, trmnl }, { now, budgetMs: options.budgetMs });
  warnings.push(...rendered.warnings);

  const scan = scanPage(rendered.output, options.allowRemotePictures ?? false);
  const classes = screenClasses({
    width,
    height,
    bitDepth: bitDepthOf(options.bitDepth),
    darkMode: options.darkMode ?? recipe.settings.darkMode,
    noScreenPadding: recipe.settings.noScreenPadding,
  });
  return {
    html: wrapPage(scan.html, view.view, classes),
    view: view.view,
    screenClasses: classes,
    warnings: [...warnings, ...scan.warnings],
    remotePictures: scan.remotePictures,
  };
}
