/** Which files of a folder or a zip belong to a recipe: settings.yml, the Liquid files, a serverless transform. */

/** TRMNL's serverless transform of the polled data (trmnlp runs src/transform.*). */
export const TRANSFORM_FILE = /^transform\.(py|rb|php|js)$/;

export function isRecipeFileName(name: string): boolean {
  return name === 'settings.yml' || name.endsWith('.liquid') || TRANSFORM_FILE.test(name);
}
