/**
 * A recipe from a zip exported from TRMNL: the files of `src/` at the zip's top (settings.yml, *.liquid). A zip
 * that holds them one folder down (a folder zipped whole) is read from the shallowest folder that has them.
 */
import { unzipSync } from 'fflate';
import { RecipeError } from '../recipe-error';
import { RECIPE_FILE_LIMIT, assembleRecipe, recipeText, type Recipe } from '../recipe';
import { isRecipeFileName } from './recipe-files';

function split(entry: string): { folder: string; name: string } {
  const at = entry.lastIndexOf('/');
  return { folder: entry.slice(0, at + 1), name: entry.slice(at + 1) };
}

function depth(folder: string): number {
  return folder.split('/').length;
}

/** The zip's recipe; a file that is not a zip, or a zip without views, is an error naming it. */
export function readRecipeZip(bytes: Uint8Array, zipName = 'recipe.zip'): Recipe {
  const oversized: string[] = [];
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (file) => {
        const { name } = split(file.name);
        if (file.name.startsWith('__MACOSX/') || !isRecipeFileName(name)) return false;
        if (file.originalSize > RECIPE_FILE_LIMIT) oversized.push(file.name);
        return file.originalSize <= RECIPE_FILE_LIMIT;
      },
    });
  } catch (error) {
    throw new RecipeError({ file: zipName }, `is not a zip file that can be read (${(error as Error).message})`);
  }
  if (oversized.length > 0) {
    throw new RecipeError(
      { file: zipName },
      `${oversized[0]} is larger than a recipe file may be (${RECIPE_FILE_LIMIT} bytes)`,
    );
  }
  const folders = [...new Set(Object.keys(entries).map((entry) => split(entry).folder))];
  const home = folders.sort((a, b) => depth(a) - depth(b) || a.localeCompare(b))[0] ?? '';
  const files = new Map<string, string>();
  for (const [entry, content] of Object.entries(entries)) {
    const { folder, name } = split(entry);
    if (folder === home) files.set(name, recipeText(content, name));
  }
  return assembleRecipe(files, home ? `${zipName} (${home.slice(0, -1)})` : zipName);
}
