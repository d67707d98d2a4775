/**
 * TRMNL recipes read and filled, without Node-RED and without drawing: a recipe from a folder, a TRMNL export
 * zip or pasted text; its views parsed once; each page filled with data by Liquid as TRMNL runs it, wrapped as
 * TRMNL wraps a page, with warnings for what cannot run here.
 */
export { readRecipe, RECIPE_ZIP_LIMIT } from './read/read-recipe';
export { readRecipeFolder } from './read/read-folder';
export { readRecipeZip } from './read/read-zip';
export { recipeFromText, type PastedRecipe } from './read/read-pasted';
export { recipeViews, RECIPE_FILE_LIMIT, type Recipe, type RecipeFile } from './recipe';
export { parseSettings, type RecipeSettings } from './settings';
export { FIELD_TYPES, fieldValues, type CustomField, type FieldOption, type FieldValue } from './custom-fields';
export { compileRecipe, type CompiledRecipe, type CompiledView } from './compile';
export { fillRecipe, topLevelData, type FillOptions, type FilledPage } from './fill';
export {
  renderLiquid,
  DEFAULT_FILL_BUDGET_MS,
  FILL_MEMORY_LIMIT,
  type Rendered,
  type RenderOptions,
} from './render-liquid';
export { pollingRequest, polledData, type PollingOptions, type PollingRequest } from './polling';
export { trmnlVariables, type TrmnlInput } from './trmnl-variables';
export { screenClasses, wrapPage, MASHUP_CLASSES, type BitDepth, type ScreenOptions } from './page/page-wrap';
export { VIEW_NAMES, chooseView, isViewName, viewForSize, viewSize, type ViewChoice, type ViewName } from './views';
export { RecipeError, type RecipePlace } from './recipe-error';
export { withWebPictures } from './page/web-pictures';
