/**
 * A recipe pasted as text: its markup (one view, drawn at every size, or several views by name, with
 * `shared`) and, optionally, its settings.yml.
 */
import { RecipeError } from '../recipe-error';
import { assembleRecipe, type Recipe } from '../recipe';
import { SETTINGS_FILE } from '../settings';
import { VIEW_NAMES, type ViewName } from '../views';

export interface PastedRecipe {
  /** One view's markup (used as `full`), or markup by view name, `shared` among them. */
  markup: string | Partial<Record<ViewName | 'shared', string>>;
  /** settings.yml's text. */
  settings?: string;
}

const PASTED_PARTS: readonly string[] = [...VIEW_NAMES, 'shared'];

export function recipeFromText(pasted: PastedRecipe): Recipe {
  const files = new Map<string, string>();
  if (typeof pasted.markup === 'string') {
    files.set('full.liquid', pasted.markup);
  } else if (pasted.markup !== null && typeof pasted.markup === 'object') {
    for (const [part, text] of Object.entries(pasted.markup)) {
      if (!PASTED_PARTS.includes(part)) {
        throw new RecipeError(
          { file: 'markup' },
          `${JSON.stringify(part)} is not a view: use ${PASTED_PARTS.join(', ')}`,
        );
      }
      if (typeof text === 'string' && (text.trim() !== '' || part === 'full')) files.set(`${part}.liquid`, text);
    }
  }
  if (typeof pasted.settings === 'string' && pasted.settings.trim() !== '') files.set(SETTINGS_FILE, pasted.settings);
  const recipe = assembleRecipe(files, 'pasted markup', false);
  if (typeof pasted.markup === 'string' && recipe.views.full) recipe.views.full.name = 'markup';
  return recipe;
}
