/**
 * One page of a recipe drawn, as the node draws each message and the dialog's preview draws its sample: the
 * recipe filled with the data and the fields' values by Liquid in Node-RED's process, its web pictures fetched
 * where the node allows them, and the page drawn by the page renderer. Every secret is masked in the warnings.
 */
import type { OwnFonts, PageRenderer } from '../../lib/render';
import { fillRecipe, withWebPictures, type CompiledRecipe } from '../../lib/trmnl';
import { pixels } from '../../lib/values/display';
import { masked } from './recipe-setting';
import { pictureSetting, RECIPE_SCREEN, viewSetting } from './settings';

export interface RecipePageRequest {
  compiled: CompiledRecipe;
  /** The recipe's data, as its polling URL answers it. */
  data: unknown;
  trmnl?: unknown;
  /** The custom fields' values, the secrets among them. */
  fields: Record<string, unknown>;
  /** The secret values, masked wherever they would show in a warning. */
  hidden: readonly string[];
  width: unknown;
  height: unknown;
  view: unknown;
  pictures: unknown;
  colors: unknown;
  dither: unknown;
  timeBudget: unknown;
  fonts: OwnFonts;
}

function pageSide(value: unknown, field: string, fallback: number): number {
  return value === undefined || value === null || value === '' ? fallback : pixels(value, field);
}

export async function drawRecipePage(
  renderer: Pick<PageRenderer, 'render'>,
  request: RecipePageRequest,
  signal: AbortSignal,
): Promise<{ png: Buffer; warnings: string[] }> {
  const { hidden } = request;
  const width = pageSide(request.width, 'width', RECIPE_SCREEN.width);
  const height = pageSide(request.height, 'height', RECIPE_SCREEN.height);
  const pictures = pictureSetting(request.pictures);
  const page = fillRecipe(request.compiled, {
    width,
    height,
    view: viewSetting(request.view),
    data: request.data,
    fields: request.fields,
    trmnl: request.trmnl,
    allowRemotePictures: pictures === 'web',
  });
  const warnings = page.warnings.map((warning) => masked(warning, hidden));
  const html = pictures === 'web' ? await withWebPictures(page, signal, warnings) : page.html;
  const png = await renderer.render(
    {
      template: '',
      recipePage: html,
      width,
      height,
      colors: request.colors,
      dither: request.dither,
      timeBudget: request.timeBudget,
      fonts: request.fonts,
      warn: (warning) => warnings.push(masked(warning, hidden)),
    },
    signal,
  );
  return { png, warnings };
}
