/** The values of a display push and of the sync interval, each with its rule (specification sections 4.2, 4.8 to 4.10). */
import { invalid } from '../errors';
import type { PageId } from './ids';
import { LIMITS } from './limits';
import { text, toInteger, type Parsed } from './primitives';

/** The common 4.2 inch device's screen; pictures are fitted and pages drawn to it unless told otherwise. */
export const DEFAULT_SCREEN = { width: 400, height: 300 } as const;

/** How display-image fits a picture to the screen; `none` sends it as it is. */
export const FIT_MODES = ['contain', 'cover', 'fill', 'none'] as const;

export const SYNC_INTERVALS = [0, 10, 30, 60, 180, 720] as const;
/** How often a device syncs, in minutes: one of SYNC_INTERVALS (0 is off). */
export type SyncInterval = Parsed<(typeof SYNC_INTERVALS)[number], 'SyncInterval'>;

/** A text push's font size: a whole number from 12 to 48. */
export type FontSize = Parsed<number, 'FontSize'>;
/** The text of a text push: not blank, at most 5000 characters. */
export type DisplayText = Parsed<string, 'DisplayText'>;
/** The title of a title-and-body push: not blank, at most 200 characters. */
export type PageTitle = Parsed<string, 'PageTitle'>;
/** The body of a title-and-body push: not blank, at most 5000 characters. */
export type PageBody = Parsed<string, 'PageBody'>;

export interface TextPush {
  text: DisplayText;
  fontSize?: FontSize;
  pageId?: PageId;
}

/** A title, a body or both. */
export type StructuredTextPush = ({ title: PageTitle; body?: PageBody } | { title?: PageTitle; body: PageBody }) & {
  pageId?: PageId;
};

export function syncInterval(value: unknown, field = 'syncInterval'): SyncInterval {
  const minutes = toInteger(value);
  const allowed = SYNC_INTERVALS as readonly number[];
  if (minutes === undefined || !allowed.includes(minutes)) {
    throw invalid(field, `must be one of ${SYNC_INTERVALS.join(', ')} (minutes)`, value);
  }
  return minutes as SyncInterval;
}

/** A side of a picture or a page in pixels: a whole number (a string of digits too) from 1 to LIMITS.pictureSide. */
export function pixels(value: unknown, field: string): number {
  const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > LIMITS.pictureSide) {
    throw invalid(field, `must be a whole number of pixels from 1 to ${LIMITS.pictureSide}`, value);
  }
  return number;
}

export function fontSize(value: unknown, field = 'fontSize'): FontSize {
  const size = toInteger(value);
  if (size === undefined || size < LIMITS.fontSizeMin || size > LIMITS.fontSizeMax) {
    throw invalid(field, `must be a whole number from ${LIMITS.fontSizeMin} to ${LIMITS.fontSizeMax}`, value);
  }
  return size as FontSize;
}

export function displayText(value: unknown, field = 'text'): DisplayText {
  return text(value, field, LIMITS.text) as DisplayText;
}

export function pageTitle(value: unknown, field = 'title'): PageTitle {
  return text(value, field, LIMITS.structuredTitle) as PageTitle;
}

export function pageBody(value: unknown, field = 'body'): PageBody {
  return text(value, field, LIMITS.structuredBody) as PageBody;
}

/**
 * A title and a body, each left out when undefined, empty or blank: the one with text goes alone. At least
 * one of them must hold text, as the specification requires one of the two.
 */
export function structuredText(
  title: unknown,
  body: unknown,
): { title: PageTitle; body?: PageBody } | { body: PageBody } {
  const parsedTitle = isBlank(title) ? undefined : pageTitle(title);
  const parsedBody = isBlank(body) ? undefined : pageBody(body);
  if (parsedTitle !== undefined)
    return parsedBody === undefined ? { title: parsedTitle } : { title: parsedTitle, body: parsedBody };
  if (parsedBody === undefined) {
    throw invalid(
      'title',
      'or body is required: at least one of them must hold text (both are missing, empty or blank)',
    );
  }
  return { body: parsedBody };
}

function isBlank(value: unknown): boolean {
  return value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** The modes in which display-image makes a picture black and white itself, sending it with the service's dither off. */
export const BLACK_AND_WHITE_MODES = ['atkinson', 'floyd-steinberg', 'threshold'] as const;
export type BlackAndWhiteMode = (typeof BLACK_AND_WHITE_MODES)[number];

/** `dither` as the dialog and msg.dither take it. */
export const IMAGE_DITHER_CHOICES = ['true', 'false', ...BLACK_AND_WHITE_MODES] as const;

/** How an image push is dithered: by the service (`dither`), or by the node (`blackAndWhite`, then `dither` is false). */
export interface ImageDither {
  dither: boolean;
  blackAndWhite?: BlackAndWhiteMode;
}

export function isBlackAndWhiteMode(value: unknown): value is BlackAndWhiteMode {
  return typeof value === 'string' && (BLACK_AND_WHITE_MODES as readonly string[]).includes(value);
}

/** `true` / `false` (also as strings): the service's dither on or off; a black-and-white mode: ours, the service's off. */
export function imageDither(value: unknown, field = 'dither'): ImageDither {
  if (value === true || value === 'true') return { dither: true };
  if (value === false || value === 'false') return { dither: false };
  if (isBlackAndWhiteMode(value)) return { dither: false, blackAndWhite: value };
  throw invalid(field, `must be true, false, or one of ${BLACK_AND_WHITE_MODES.join(', ')}`, value);
}
