/**
 * Where the node's `recipe` setting points: a recipe folder or a TRMNL export zip, relative to Node-RED's user
 * directory (as the render node's fonts are) or a full path. One rule for the runtime and the dialog's endpoint.
 */
import { isAbsolute, resolve } from 'node:path';
import { DeviceCloudError } from '../../lib/errors';

/** A path longer than this is not a place on a disk anyone typed. */
const MAX_LOCATION_LENGTH = 4096;

/** The full path of the recipe the setting names, or an error naming the field. */
export function recipeLocation(setting: unknown, userDir: string | undefined): string {
  if (typeof setting !== 'string' || setting.trim() === '') {
    throw new DeviceCloudError('validation', 'recipe: give the folder or zip of the recipe, or paste its markup', {
      field: 'recipe',
    });
  }
  const location = setting.trim();
  if (location.length > MAX_LOCATION_LENGTH || location.includes('\0')) {
    throw new DeviceCloudError('validation', 'recipe: is not a path of a folder or a zip', { field: 'recipe' });
  }
  return isAbsolute(location) ? location : resolve(userDir ?? process.cwd(), location);
}
