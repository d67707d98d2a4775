/** A recipe from where it is: a folder (as its repository holds it) or a zip exported from TRMNL. */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { RecipeError } from '../recipe-error';
import type { Recipe } from '../recipe';
import { readRecipeFolder } from './read-folder';
import { readRecipeZip } from './read-zip';

/** The largest zip read: an export is a few files of text. */
export const RECIPE_ZIP_LIMIT = 32 * 1024 * 1024;

export async function readRecipe(location: string): Promise<Recipe> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(location);
  } catch (error) {
    throw new RecipeError(
      { file: location },
      `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'no such file'})`,
    );
  }
  if (!info.isFile()) return readRecipeFolder(location);
  if (info.size > RECIPE_ZIP_LIMIT) {
    throw new RecipeError(
      { file: location },
      `is ${info.size} bytes, more than a recipe's zip may be (${RECIPE_ZIP_LIMIT})`,
    );
  }
  return readRecipeZip(await readFile(location), path.basename(location));
}
