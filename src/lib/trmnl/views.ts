/**
 * A recipe's views and the screen sizes TRMNL draws them at (its 800 x 480 screen: whole, halved, quartered).
 *
 * `auto` picks the view for a page of any size: the page is compared with each view's size (turned upright
 * for an upright page) by how far its shape and its area are from it, both as the logarithm of their ratio,
 * added; the nearest wins, the larger view on a tie. So 800 x 480 is `full`, 800 x 240 `half_horizontal`,
 * 400 x 480 `half_vertical`, 400 x 240 and 400 x 300 `quadrant`, 1040 x 780 `full`, 296 x 128 `quadrant`.
 * A view the recipe does not have falls back to `full`, then to the first view it has.
 */

export const VIEW_NAMES = ['full', 'half_horizontal', 'half_vertical', 'quadrant'] as const;
export type ViewName = (typeof VIEW_NAMES)[number];
export type ViewChoice = ViewName | 'auto';

export const VIEW_SIZES: Record<ViewName, { width: number; height: number }> = {
  full: { width: 800, height: 480 },
  half_horizontal: { width: 800, height: 240 },
  half_vertical: { width: 400, height: 480 },
  quadrant: { width: 400, height: 240 },
};

export function isViewName(name: unknown): name is ViewName {
  return typeof name === 'string' && (VIEW_NAMES as readonly string[]).includes(name);
}

/** The view whose size is nearest the page's, in shape and in area. */
export function viewForSize(width: number, height: number): ViewName {
  const upright = height > width;
  let best: ViewName = 'full';
  let bestDistance = Infinity;
  for (const name of VIEW_NAMES) {
    const size = VIEW_SIZES[name];
    const [viewWidth, viewHeight] = upright ? [size.height, size.width] : [size.width, size.height];
    const shape = Math.abs(Math.log(width / height / (viewWidth / viewHeight)));
    const area = Math.abs(Math.log((width * height) / (viewWidth * viewHeight)));
    if (shape + area < bestDistance - 1e-9) {
      best = name;
      bestDistance = shape + area;
    }
  }
  return best;
}

export interface ChosenView {
  view: ViewName;
  /** The view asked for (or picked by size) when the recipe lacks it. */
  missing?: ViewName;
}

/** The view to draw: the one asked for, or by size for `auto`; `full` (then any) when the recipe lacks it. */
export function chooseView(
  choice: ViewChoice,
  width: number,
  height: number,
  available: readonly ViewName[],
): ChosenView {
  const wanted = choice === 'auto' ? viewForSize(width, height) : choice;
  if (available.includes(wanted)) return { view: wanted };
  const fallback = available.includes('full') ? 'full' : available[0];
  return { view: fallback, missing: wanted };
}
