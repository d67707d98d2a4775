/**
 * The node's recipe, read and compiled at deploy: from the folder or TRMNL export zip its `recipe` setting names
 * (relative to Node-RED's user directory, or a full path), or from the pasted `markup` (one view's text, or an
 * object of views by name) and `settings` (settings.yml's text). And the custom fields' values it is filled with:
 * the `fields` setting, the `fieldSecrets` credential over it; a password field's value only in the credential.
 */
import path from 'node:path';
import { invalid } from '../../lib/errors';
import {
  compileRecipe,
  readRecipe,
  recipeFromText,
  type CompiledRecipe,
  type PastedRecipe,
  type Recipe,
} from '../../lib/trmnl';
import type { NodeConfig } from '../../runtime/node-red-api';
import { fieldsSetting } from './settings';

/** Where the recipe is, as the node's settings (or the dialog) give it. */
export interface RecipeSetting {
  recipe?: unknown;
  markup?: unknown;
  settings?: unknown;
}

/** Whether the settings give a recipe at all: a folder or zip, or pasted markup. */
export function recipeGiven(setting: RecipeSetting | NodeConfig): boolean {
  const location = typeof setting.recipe === 'string' ? setting.recipe.trim() : '';
  const markup = setting.markup;
  const pasted = typeof markup === 'string' ? markup.trim() !== '' : markup !== undefined && markup !== null;
  return location !== '' || pasted;
}

/** The recipe the settings name: the folder or zip (relative to Node-RED's user directory), else the pasted text. */
export async function readRecipeSetting(
  setting: RecipeSetting | NodeConfig,
  userDir: string | undefined,
): Promise<Recipe> {
  if (!recipeGiven(setting)) throw invalid('recipe', 'name a recipe folder or a TRMNL export zip, or paste its markup');
  const location = typeof setting.recipe === 'string' ? setting.recipe.trim() : '';
  if (location !== '') return readRecipe(path.resolve(userDir ?? process.cwd(), location));
  const markup = setting.markup as PastedRecipe['markup'];
  const settings = typeof setting.settings === 'string' ? setting.settings : undefined;
  return recipeFromText({ markup, ...(settings ? { settings } : {}) });
}

export async function recipeAtDeploy(config: NodeConfig, userDir: string | undefined): Promise<CompiledRecipe> {
  return compileRecipe(await readRecipeSetting(config, userDir));
}

/** The values of the password fields, as the credential holds them, to be kept out of every text shown. */
export function fieldSecrets(credentials: Record<string, string | undefined> | undefined): Record<string, unknown> {
  return fieldsSetting(credentials?.fieldSecrets, 'fieldSecrets');
}

/** The fields' values: `fields` (no password field among them: those are the credential's), the secrets over them. */
export function fieldValuesOf(
  compiled: CompiledRecipe,
  fields: Record<string, unknown>,
  secrets: Record<string, unknown>,
): Record<string, unknown> {
  for (const field of compiled.recipe.settings.customFields) {
    if (field.fieldType === 'password' && fields[field.keyname] !== undefined && fields[field.keyname] !== '') {
      throw invalid('fields', `${field.keyname} is a password field: its value goes in the credential fieldSecrets`);
    }
  }
  return { ...fields, ...secrets };
}

/** Every secret value of some length, to be masked wherever it would appear in a text. */
export function secretTexts(secrets: Record<string, unknown>): string[] {
  const texts: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string' && value.length >= 3) texts.push(value);
    else if (typeof value === 'number') texts.push(String(value));
    else if (value !== null && typeof value === 'object') for (const inner of Object.values(value)) collect(inner);
  };
  collect(secrets);
  return texts.sort((a, b) => b.length - a.length);
}

/** `text` with every secret in it masked. */
export function masked(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join('•••');
  return out;
}
