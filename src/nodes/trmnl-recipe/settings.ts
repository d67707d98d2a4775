/**
 * The recipe node's choices and how its settings are read, checked alike by the dialog and at run time: the
 * view, where pictures may come from, and the custom fields' values (a JSON object; the values of password
 * fields only in the `fieldSecrets` credential).
 */
import { invalid } from '../../lib/errors';

/** The page's size when neither the dialog nor the message gives one: TRMNL's own screen. */
export const RECIPE_SCREEN = { width: 800, height: 480 } as const;

/** The view drawn: by the page's size, or one of TRMNL's four. */
export const VIEW_CHOICES = ['auto', 'full', 'half_horizontal', 'half_vertical', 'quadrant'] as const;
export type ViewSetting = (typeof VIEW_CHOICES)[number];

/** The pictures a page shows: those it holds (data URLs), or web pictures too, fetched as the page is drawn. */
export const PICTURE_CHOICES = ['page', 'web'] as const;
export type PictureSetting = (typeof PICTURE_CHOICES)[number];

/** The parts of a pasted recipe, each a Liquid file of TRMNL's markup editor (`shared` is put before each view). */
export const PASTED_PARTS = ['full', 'half_horizontal', 'half_vertical', 'quadrant', 'shared'] as const;
export type PastedPart = (typeof PASTED_PARTS)[number];

/** The custom field type whose values are kept in the `fieldSecrets` credential, never in the flow. */
export const SECRET_FIELD_TYPE = 'password';

export function viewSetting(value: unknown): ViewSetting {
  if (value === undefined || value === null || value === '') return 'auto';
  if ((VIEW_CHOICES as readonly unknown[]).includes(value)) return value as ViewSetting;
  throw invalid('view', `must be one of ${VIEW_CHOICES.join(', ')}`, value);
}

export function pictureSetting(value: unknown): PictureSetting {
  if (value === undefined || value === null || value === '') return 'page';
  if ((PICTURE_CHOICES as readonly unknown[]).includes(value)) return value as PictureSetting;
  throw invalid('pictures', `must be one of ${PICTURE_CHOICES.join(', ')}`, value);
}

/**
 * A JSON object of field values, as the dialog stores it (text) or a flow written by hand gives it (an object);
 * empty is no values. `field` names the setting in the error.
 */
export function fieldsSetting(value: unknown, field: 'fields' | 'fieldSecrets'): Record<string, unknown> {
  if (value === undefined || value === null || value === '') return {};
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch (error) {
      // The text itself is not repeated: for the secrets, it is what must never be shown.
      const reason = error instanceof Error ? error.message.replace(/: .*$/s, '') : 'not JSON';
      throw invalid(field, `must be a JSON object of the custom fields' values (${reason})`);
    }
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw invalid(field, "must be a JSON object of the custom fields' values, by their keyname");
  }
  return parsed as Record<string, unknown>;
}
