/** What a page is drawn with: its template, size, colours and dithering, checked before any drawing. */
import { invalid } from '../../errors';
import type { OwnFonts } from './fonts/font-types';
import { ditherMode, type DitherMode } from '../../images/dither';
import { paletteName, type PaletteName } from '../../images/palette';
import { DEFAULT_SCREEN, pixels } from '../../values/display';
import { LIMITS } from '../../values/limits';

export const DEFAULT_WIDTH = DEFAULT_SCREEN.width;
export const DEFAULT_HEIGHT = DEFAULT_SCREEN.height;
export const MAX_SIDE = LIMITS.pictureSide;
/**
 * How a template's elements are laid out: `html` as a browser does (blocks, inline text, `display` to change
 * it); `flex` as the earlier engine did (every element a flex box, stacked or in a wrapping row), which saved
 * flows were written for and get when they name none.
 */
export const LAYOUT_RULES = ['html', 'flex'] as const;
export type LayoutRules = (typeof LAYOUT_RULES)[number];
export const SAVED_FLOW_LAYOUT_RULES: LayoutRules = 'flex';

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
  /** `html` or `flex` (the default). */
  layoutRules?: unknown;
  /** The node's own fonts (`loadFontFiles`), used where the template names their family. */
  fonts?: OwnFonts;
  /**
   * Told of each part of the page left out or cut because it cannot be drawn as written (a CSS value Takumi
   * cannot read, a character no font has, text that does not fit even at its smallest size).
   */
  warn?: (text: string) => void;
  /** Seconds the page may take to be drawn (../../values/page-budget); empty: the renderer's own budget. */
  timeBudget?: unknown;
  /**
   * A TRMNL recipe's page, filled and wrapped (../../trmnl), drawn in the place of `template`: read as a browser
   * reads HTML, with the framework's CSS and its own style sheets, under the `html` layout rules.
   */
  recipePage?: string;
}

export interface PageOptions {
  width: number;
  height: number;
  colors: PaletteName;
  dither: DitherMode;
  layoutRules: LayoutRules;
  fonts?: OwnFonts;
  /** The HTML is a TRMNL recipe's page (PageRequest.recipePage). */
  recipe?: true;
}

/** The checked size, colours and dithering; each empty field takes its default. */
export function pageOptions(request: Omit<PageRequest, 'template' | 'message' | 'warn' | 'timeBudget'>): PageOptions {
  const recipe = request.recipePage !== undefined;
  return {
    width: side(request.width, 'width', DEFAULT_WIDTH),
    height: side(request.height, 'height', DEFAULT_HEIGHT),
    colors: paletteName(request.colors),
    dither: ditherMode(request.dither),
    layoutRules: recipe ? 'html' : layoutRules(request.layoutRules),
    ...(request.fonts ? { fonts: request.fonts } : {}),
    ...(recipe ? { recipe } : {}),
  };
}

/** `layoutRules` from a node's configuration: absent (a flow saved before there was a choice) is `flex`. */
export function layoutRules(value: unknown, field = 'layoutRules'): LayoutRules {
  if (value === undefined || value === null || value === '') return SAVED_FLOW_LAYOUT_RULES;
  if (typeof value === 'string' && (LAYOUT_RULES as readonly string[]).includes(value)) return value as LayoutRules;
  throw invalid(field, `must be one of ${LAYOUT_RULES.join(', ')}`, value);
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
  return value === undefined || value === null || value === '' ? fallback : pixels(value, field);
}
