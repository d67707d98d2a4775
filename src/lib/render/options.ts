/** What a page is drawn with: its template, size, colours and dithering, checked before any drawing. */
import { invalid } from '../errors';
import { ditherMode, type DitherMode } from '../images/dither';
import { paletteName, type PaletteName } from '../images/palette';

export const DEFAULT_WIDTH = 400;
export const DEFAULT_HEIGHT = 300;
export const MAX_SIDE = 4096;
/** A template (after its placeholders are filled) longer than this is refused: 8 MB holds a few photos. */
export const MAX_TEMPLATE_CHARACTERS = 8 * 1024 * 1024;

/** What a caller asks for; every field may come straight from a dialog or a message. */
export interface PageRequest {
  template: unknown;
  /** The message whose properties fill the placeholders (`{{payload.temp}}`, `{{topic}}`). */
  message?: unknown;
  width?: unknown;
  height?: unknown;
  colors?: unknown;
  dither?: unknown;
}

export interface PageOptions {
  width: number;
  height: number;
  colors: PaletteName;
  dither: DitherMode;
}

/** The checked size, colours and dithering; each empty field takes its default. */
export function pageOptions(request: Omit<PageRequest, 'template' | 'message'>): PageOptions {
  return {
    width: side(request.width, 'width', DEFAULT_WIDTH),
    height: side(request.height, 'height', DEFAULT_HEIGHT),
    colors: paletteName(request.colors),
    dither: ditherMode(request.dither),
  };
}

export function templateText(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw invalid('template', 'must be HTML text (set it in the node or in msg.template)', value);
  }
  if (value.length > MAX_TEMPLATE_CHARACTERS) {
    throw invalid('template', `is longer than ${MAX_TEMPLATE_CHARACTERS} characters`, value);
  }
  return value;
}

function side(value: unknown, field: string, fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > MAX_SIDE) {
    throw invalid(field, `must be a whole number of pixels from 1 to ${MAX_SIDE}`, value);
  }
  return number;
}
