/**
 * A recipe from a folder as its repository holds it (`<folder>/src/settings.yml`, `<folder>/src/*.liquid`),
 * or from the `src` folder itself.
 */
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { RecipeError } from '../recipe-error';
import { assembleRecipe, recipeText, type Recipe } from '../recipe';
import { isRecipeFileName } from './recipe-files';

async function isFolder(folder: string): Promise<boolean> {
  try {
    return (await stat(folder)).isDirectory();
  } catch {
    return false;
  }
}

async function recipeFileNames(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && isRecipeFileName(entry.name)).map((entry) => entry.name);
}

/** The folder's recipe; an unreadable folder or file, or one without views, is an error naming it. */
export async function readRecipeFolder(folder: string): Promise<Recipe> {
  if (!(await isFolder(folder))) throw new RecipeError({ file: folder }, 'is not a folder that can be read');
  try {
    const src = path.join(folder, 'src');
    const home = (await isFolder(src)) && (await recipeFileNames(src)).length > 0 ? src : folder;
    const files = new Map<string, string>();
    for (const name of await recipeFileNames(home)) {
      files.set(name, recipeText(await readFile(path.join(home, name)), name));
    }
    return assembleRecipe(files, home);
  } catch (error) {
    if (error instanceof RecipeError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new RecipeError({ file: folder }, `cannot be read (${code ?? (error as Error).message})`);
  }
}
