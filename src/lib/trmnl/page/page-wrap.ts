/**
 * The page around a filled view, as TRMNL wraps it (usetrmnl/trmnlp, web/views/render_html.erb):
 * `.environment.trmnl > .screen > [.mashup >] .view.view--<name>`, the screen's classes telling the framework's
 * CSS the bit depth, the device (`screen--og` for TRMNL's own 800 x 480), the size class, the orientation,
 * dark mode (`screen--dark-mode` and the bare `dark-mode` older frameworks invert on), no padding
 * (`no_screen_padding`: `screen--no-bleed`), TRMNL's fonts and the pixel density.
 */
import type { ViewName } from '../views';

export type BitDepth = 1 | 2 | 4;

export interface ScreenOptions {
  width: number;
  height: number;
  bitDepth: BitDepth;
  darkMode: boolean;
  noScreenPadding: boolean;
}

/** The mashup a part-screen view sits in on TRMNL (top and bottom, left and right, four). */
export const MASHUP_CLASSES: Partial<Record<ViewName, string>> = {
  half_horizontal: 'mashup mashup--1Tx1B',
  half_vertical: 'mashup mashup--1Lx1R',
  quadrant: 'mashup mashup--2x2',
};

/**
 * The screen's classes, in TRMNL's order. The size class is `screen--lg` from 1000 pixels on the long side
 * (TRMNL's larger devices), `screen--md` below, as TRMNL's 800 x 480.
 */
export function screenClasses(options: ScreenOptions): string[] {
  const long = Math.max(options.width, options.height);
  const short = Math.min(options.width, options.height);
  const classes = ['screen', `screen--${options.bitDepth}bit`];
  if (long === 800 && short === 480) classes.push('screen--og');
  classes.push(long >= 1000 ? 'screen--lg' : 'screen--md');
  if (options.height > options.width) classes.push('screen--portrait');
  if (options.noScreenPadding) classes.push('screen--no-bleed');
  if (options.darkMode) classes.push('screen--dark-mode');
  classes.push('screen--fonts-trmnl', 'screen--density-1x');
  if (options.darkMode) classes.push('dark-mode');
  return classes;
}

/** The view's HTML in TRMNL's page structure. */
export function wrapPage(body: string, view: ViewName, classes: readonly string[]): string {
  const mashup = MASHUP_CLASSES[view];
  const inner = `<div class="view view--${view}">${body}</div>`;
  return (
    `<div class="environment trmnl"><div class="${classes.join(' ')}">` +
    (mashup ? `<div class="${mashup}">${inner}</div>` : inner) +
    '</div></div>'
  );
}
