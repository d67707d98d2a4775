/**
 * The dialog's view of a recipe: the admin endpoint behind its form of custom fields. It reads the recipe at the
 * path typed in the dialog (a folder or an export zip, as the runtime reads it at deploy) or the settings.yml
 * pasted there, and answers the recipe's name, views and custom fields, with what TRMNL would warn about. A field's
 * value is never sent: the default of a password field is left out. Reading a file of the server asks for the
 * permission to change flows, as the render node's preview does.
 */
import { asDeviceCloudError } from '../../lib/errors';
import { readRecipe, recipeFromText, recipeViews, type CustomField, type Recipe } from '../../lib/trmnl';
import type { HttpRequest, HttpResponse, NodeAPI } from '../../runtime/node-red-api';
import { recipeLocation } from './recipe-location';
import { SECRET_FIELD_TYPE } from './settings';

export const RECIPE_FIELDS_PATH = '/device-cloud/trmnl-recipe/fields';
export const TRMNL_RECIPE_WRITE_PERMISSION = 'device-cloud-trmnl-recipe.write';
/** At most this many warnings travel to the dialog. */
const MAX_WARNINGS = 20;

/** A custom field as the dialog builds its form from it: what settings.yml says, less any secret. */
export type FormField = Omit<CustomField, 'raw'>;

export interface RecipeOutline {
  name?: string;
  views: string[];
  fields: FormField[];
  /** Where the recipe's data comes from on TRMNL (Liquid with the custom fields), for the flow to fetch it. */
  strategy: string;
  pollingUrl: string;
  warnings: string[];
}

export function registerRecipeFieldsEndpoint(RED: NodeAPI): void {
  RED.httpAdmin.post(RECIPE_FIELDS_PATH, RED.auth.needsPermission(TRMNL_RECIPE_WRITE_PERMISSION), (req, res) => {
    void answerFields(RED, req, res);
  });
}

async function answerFields(RED: NodeAPI, req: HttpRequest, res: HttpResponse): Promise<void> {
  try {
    const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
    const recipe =
      typeof body.recipe === 'string' && body.recipe.trim() !== ''
        ? await readRecipe(recipeLocation(body.recipe, RED.settings?.userDir))
        : recipeFromText({
            markup: typeof body.markup === 'string' && body.markup.trim() !== '' ? body.markup : ' ',
            settings: typeof body.settings === 'string' ? body.settings : '',
          });
    res.status(200).json(recipeOutline(recipe));
  } catch (error) {
    const failure = asDeviceCloudError(error);
    res.status(failure.kind === 'validation' ? 400 : 500).json({ error: failure.message, field: failure.field });
  }
}

export function recipeOutline(recipe: Recipe): RecipeOutline {
  return {
    name: recipe.settings.name,
    views: recipeViews(recipe),
    fields: recipe.settings.customFields.map(formField),
    strategy: recipe.settings.strategy,
    pollingUrl: recipe.settings.pollingUrl,
    warnings: recipe.warnings.slice(0, MAX_WARNINGS),
  };
}

function formField(field: CustomField): FormField {
  const { raw, ...shown } = field;
  void raw;
  if (shown.fieldType === SECRET_FIELD_TYPE) delete shown.default;
  return shown;
}
