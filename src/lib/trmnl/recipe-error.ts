/**
 * An error in a recipe, naming the file the author wrote (`full.liquid`, `settings.yml`) and, where known,
 * the line and column in it: "recipe: full.liquid line 12, column 5: …".
 */
import { DeviceCloudError } from '../errors';

export interface RecipePlace {
  file: string;
  line?: number;
  column?: number;
}

export function placeText(place: RecipePlace): string {
  if (place.line === undefined) return place.file;
  return `${place.file} line ${place.line}${place.column === undefined ? '' : `, column ${place.column}`}`;
}

export class RecipeError extends DeviceCloudError {
  declare readonly file: string;
  declare readonly line?: number;
  declare readonly column?: number;

  constructor(place: RecipePlace, what: string) {
    super('validation', `recipe: ${placeText(place)}: ${what}`, { field: 'recipe' });
    Object.defineProperty(this, 'name', { value: 'RecipeError', enumerable: false, configurable: true });
    for (const [key, value] of Object.entries(place)) {
      if (value !== undefined) Object.defineProperty(this, key, { value, enumerable: true });
    }
  }
}

/** Line and column (from 1) of a character of a text. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) {
    line++;
    lineStart = at + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
