/**
 * A recipe as read: its settings, its views (`full.liquid` … `quadrant.liquid`) and `shared.liquid`, put before
 * each view. The readers (folder, zip, pasted text) hand their files here by name.
 */
import { TRANSFORM_FILE } from './read/recipe-files';
import { RecipeError } from './recipe-error';
import { SETTINGS_FILE, defaultSettings, parseSettings, type RecipeSettings } from './settings';
import { VIEW_NAMES, type ViewName } from './views';

/** The largest file a recipe may hold: recipes with a whole CSS framework inlined stay far below it. */
export const RECIPE_FILE_LIMIT = 4 * 1024 * 1024;

export interface RecipeFile {
  /** The file's name as errors name it: `full.liquid`, `shared.liquid`, or `markup` for pasted text. */
  name: string;
  text: string;
}

export interface Recipe {
  /** Where it was read from: the folder, the zip, or "pasted markup". */
  origin: string;
  settings: RecipeSettings;
  shared?: RecipeFile;
  views: Partial<Record<ViewName, RecipeFile>>;
  /** What was read but will not be used, or what TRMNL would warn about. */
  warnings: string[];
}

/** The views a recipe has, in TRMNL's order. */
export function recipeViews(recipe: Recipe): ViewName[] {
  return VIEW_NAMES.filter((view) => recipe.views[view] !== undefined);
}

/** A file's bytes as text (UTF-8, without a byte order mark); a file past the limit is refused. */
export function recipeText(bytes: Uint8Array, name: string): string {
  if (bytes.byteLength > RECIPE_FILE_LIMIT) {
    throw new RecipeError(
      { file: name },
      `the file is ${bytes.byteLength} bytes, more than a recipe file may be (${RECIPE_FILE_LIMIT})`,
    );
  }
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

/**
 * A recipe from its files by base name (`settings.yml`, `full.liquid`, …); a missing settings.yml is a warning
 * where one is expected (a folder, a zip).
 */
export function assembleRecipe(files: ReadonlyMap<string, string>, origin: string, expectsSettings = true): Recipe {
  const warnings: string[] = [];
  const settingsText = files.get(SETTINGS_FILE);
  const settings = settingsText === undefined ? defaultSettings() : parseSettings(settingsText, warnings);
  if (settingsText === undefined && expectsSettings)
    warnings.push(`${origin} has no settings.yml: the recipe has TRMNL's default settings`);
  const views: Partial<Record<ViewName, RecipeFile>> = {};
  for (const view of VIEW_NAMES) {
    const text = files.get(`${view}.liquid`);
    if (text !== undefined) views[view] = { name: `${view}.liquid`, text };
  }
  const sharedText = files.get('shared.liquid');
  for (const name of files.keys()) {
    if (TRANSFORM_FILE.test(name)) {
      warnings.push(
        `${name} is a serverless transform of the polled data: it is not run here (shape the data in the flow)`,
      );
    } else if (
      name.endsWith('.liquid') &&
      name !== 'shared.liquid' &&
      !(VIEW_NAMES as readonly string[]).includes(name.slice(0, -7))
    ) {
      warnings.push(`${name} is not a view TRMNL draws: it is not used`);
    }
  }
  const recipe: Recipe = { origin, settings, views, warnings };
  if (sharedText !== undefined) recipe.shared = { name: 'shared.liquid', text: sharedText };
  if (recipeViews(recipe).length === 0) {
    throw new RecipeError(
      { file: origin },
      `no view found: a recipe has ${VIEW_NAMES.map((view) => `${view}.liquid`).join(', ')} (at least one)`,
    );
  }
  return recipe;
}
