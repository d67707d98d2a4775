/**
 * A recipe's views and the screen sizes TRMNL draws them at (its 800 x 480 screen: whole, halved, quartered).
 *
 * `auto` picks the view for a page of any size: the page is compared with each view's size on TRMNL's screen
 * held either way (800 x 480, or 480 x 800 upright: halved top and bottom for `half_horizontal`, left and right
 * for `half_vertical`) by how far its shape and its area are from it, both as the logarithm of their ratio,
 * added; the nearest wins, the larger view on a tie. So 800 x 480 and 480 x 800 are `full`, 800 x 240 and
 * 480 x 400 `half_horizontal`, 400 x 480 and 240 x 800 `half_vertical`, 400 x 240 and 400 x 300 `quadrant`,
 * 1040 x 780 `full`, 296 x 128 `quadrant`.
 * A view the recipe does not have falls back to `full`, then to the first view it has.
 */

export const VIEW_NAMES = ['full', 'half_horizontal', 'half_vertical', 'quadrant'] as const;
export type ViewName = (typeof VIEW_NAMES)[number];
export type ViewChoice = ViewName | 'auto';

/** The share of the screen's width and height each view takes. */
const VIEW_SHARES: Record<ViewName, [number, number]> = {
  full: [1, 1],
  half_horizontal: [1, 0.5],
  half_vertical: [0.5, 1],
  quadrant: [0.5, 0.5],
};

/** The size of a view on TRMNL's screen, 800 x 480 (480 x 800 upright). */
export function viewSize(view: ViewName, upright = false): { width: number; height: number } {
  const [screenWidth, screenHeight] = upright ? [480, 800] : [800, 480];
  return { width: screenWidth * VIEW_SHARES[view][0], height: screenHeight * VIEW_SHARES[view][1] };
}

export function isViewName(name: unknown): name is ViewName {
  return typeof name === 'string' && (VIEW_NAMES as readonly string[]).includes(name);
}

function distance(width: number, height: number, view: { width: number; height: number }): number {
  const shape = Math.abs(Math.log(width / height / (view.width / view.height)));
  const area = Math.abs(Math.log((width * height) / (view.width * view.height)));
  return shape + area;
}

/** The view whose size is nearest the page's, in shape and in area. */
export function viewForSize(width: number, height: number): ViewName {
  let best: ViewName = 'full';
  let bestDistance = Infinity;
  for (const name of VIEW_NAMES) {
    const nearest = Math.min(distance(width, height, viewSize(name)), distance(width, height, viewSize(name, true)));
    if (nearest < bestDistance - 1e-9) {
      best = name;
      bestDistance = nearest;
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
