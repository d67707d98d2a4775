/**
 * The recipe dialog talks to the runtime through two admin endpoints. *fields* reads the recipe at the place typed
 * in the dialog (a folder or an export zip, read as the node reads it at deploy) or the pasted settings.yml, and
 * answers its name, views and custom fields, for the dialog's form: never a value, a password field's default
 * left out. *preview* draws the page from the dialog's recipe, sample data and field values by the code the node
 * draws with, on the render dialog's page renderer; password fields come as typed, or as Node-RED's marker of a
 * stored credential with the node's id, taken then from the node's stored credential, and are masked in the
 * warnings. Both read files of the server, so both ask for the permission to change flows.
 */
import { compileRecipe, recipeViews, type CustomField, type Recipe } from '../../lib/trmnl';
import type { HttpRequest, HttpResponse, NodeAPI } from '../../runtime/node-red-api';
import { previewRenderer, readPreviewFonts, sendFailure, sendPage } from '../render/admin-endpoints';
import { drawRecipePage } from './recipe-page';
import { fieldSecrets, fieldValuesOf, readRecipeSetting, recipeGiven, secretTexts } from './recipe-setting';
import { fieldsSetting, SECRET_FIELD_TYPE } from './settings';

export const FIELDS_PATH = '/device-cloud/trmnl-recipe/fields';
export const PREVIEW_PATH = '/device-cloud/trmnl-recipe/preview';
export const TRMNL_RECIPE_WRITE_PERMISSION = 'device-cloud-trmnl-recipe.write';
/** What the editor shows in a password input of a stored credential. */
const STORED_PASSWORD = '__PWRD__';
/** At most this many of the recipe's warnings travel to the dialog. */
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

export function registerPreviewEndpoints(RED: NodeAPI): void {
  const permission = RED.auth.needsPermission(TRMNL_RECIPE_WRITE_PERMISSION);
  RED.httpAdmin.post(FIELDS_PATH, permission, (req, res) => {
    void answerFields(RED, req, res);
  });
  RED.httpAdmin.post(PREVIEW_PATH, permission, (req, res) => {
    void answerPreview(RED, req, res);
  });
}

function bodyOf(req: HttpRequest): Record<string, unknown> {
  return (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
}

async function answerFields(RED: NodeAPI, req: HttpRequest, res: HttpResponse): Promise<void> {
  try {
    const body = bodyOf(req);
    // Settings pasted before any markup still give the form.
    const pasted = { ...body, markup: recipeGiven(body) ? body.markup : { full: ' ' } };
    const recipe = await readRecipeSetting(pasted, RED.settings?.userDir);
    res.status(200).json(recipeOutline(recipe));
  } catch (error) {
    sendFailure(res, error);
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
  const shown: Partial<CustomField> = { ...field };
  delete shown.raw;
  if (shown.fieldType === SECRET_FIELD_TYPE) delete shown.default;
  return shown as FormField;
}

/** The secrets as typed in the dialog, or, behind the stored marker, the node's stored ones. */
function previewSecrets(RED: NodeAPI, body: Record<string, unknown>): Record<string, unknown> {
  if (body.fieldSecrets === STORED_PASSWORD) {
    const id = typeof body.id === 'string' ? body.id : '';
    return fieldSecrets(id === '' ? undefined : RED.nodes.getCredentials?.(id));
  }
  return fieldSecrets({ fieldSecrets: typeof body.fieldSecrets === 'string' ? body.fieldSecrets : undefined });
}

async function answerPreview(RED: NodeAPI, req: HttpRequest, res: HttpResponse): Promise<void> {
  try {
    const body = bodyOf(req);
    const userDir = RED.settings?.userDir;
    const compiled = compileRecipe(await readRecipeSetting(body, userDir));
    const secrets = previewSecrets(RED, body);
    const { png, warnings } = await drawRecipePage(
      previewRenderer(),
      {
        compiled,
        data: body.payload,
        fields: fieldValuesOf(compiled, fieldsSetting(body.fields, 'fields'), secrets),
        hidden: secretTexts(secrets),
        width: body.width,
        height: body.height,
        view: body.view,
        pictures: body.pictures,
        colors: body.colors,
        dither: body.dither,
        timeBudget: body.timeBudget,
        fonts: readPreviewFonts(body.fonts, userDir),
      },
      new AbortController().signal,
    );
    sendPage(res, png, [...new Set(warnings)]);
  } catch (error) {
    sendFailure(res, error);
  }
}
