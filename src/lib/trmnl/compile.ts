/**
 * A recipe's views parsed once (at deploy) for many fillings. As TRMNL does, shared.liquid is put right before
 * each view and the two are parsed as one text; every position in it is told back as the file the author
 * wrote, its line and column ("full.liquid line 12, column 5"), also behind a long shared.liquid.
 */
import { LiquidError, type Template } from 'liquidjs';
import { parseTemplates } from './liquid/engine';
import { liquidMessage } from './liquid/inline-errors';
import { laxConditions } from './liquid/lax-conditions';
import { RecipeError, lineAndColumn, type RecipePlace } from './recipe-error';
import { recipeViews, type Recipe, type RecipeFile } from './recipe';
import type { ViewName } from './views';

interface SourcePart {
  file: RecipeFile;
  /** Where the file starts in the text parsed. */
  start: number;
}

export interface CompiledView {
  view: ViewName;
  templates: Template[];
  parts: SourcePart[];
}

export interface CompiledRecipe {
  recipe: Recipe;
  views: Partial<Record<ViewName, CompiledView>>;
}

/** The file, line and column of a position in the text parsed. */
export function placeInView(view: Pick<CompiledView, 'parts'>, offset: number): RecipePlace {
  const part = [...view.parts].reverse().find((candidate) => offset >= candidate.start) ?? view.parts[0];
  return { file: part.file.name, ...lineAndColumn(part.file.text, offset - part.start) };
}

/** Liquid's text parsed, an error naming the file, line and column. */
export function parseLiquid(files: RecipeFile[]): { templates: Template[]; parts: SourcePart[] } {
  const parts: SourcePart[] = [];
  let source = '';
  for (const file of files) {
    parts.push({ file, start: source.length });
    source += laxConditions(file.text);
  }
  try {
    return { templates: parseTemplates(source), parts };
  } catch (error) {
    const offset = LiquidError.is(error) ? error.token.begin : 0;
    throw new RecipeError(placeInView({ parts }, offset), `Liquid syntax error: ${liquidMessage(error)}`);
  }
}

/** Every view of the recipe, parsed; the first Liquid syntax error is thrown, naming its place. */
export function compileRecipe(recipe: Recipe): CompiledRecipe {
  const views: Partial<Record<ViewName, CompiledView>> = {};
  for (const view of recipeViews(recipe)) {
    const file = recipe.views[view];
    if (!file) continue;
    views[view] = { view, ...parseLiquid(recipe.shared ? [recipe.shared, file] : [file]) };
  }
  return { recipe, views };
}
