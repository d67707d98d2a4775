/**
 * Dither tiles: how the framework paints a tone a screen cannot show, a pattern of the inks it has. Ours are
 * ordered (Bayer) 4 x 4 tiles with as many ink pixels of 16 as the tone needs, the same proportion the framework's
 * own tiles give each gray (gray-70 is 2 pixels of 16, gray-40 a checkerboard), drawn as an SVG the engine
 * repeats over the box at 4 px, pixel for pixel. Made once per tone and kept.
 */

/** The threshold of each pixel of the 4 x 4 ordered-dither matrix, row by row. */
const BAYER = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5];

export const TILE_SIZE = 4;

const tiles = new Map<string, string>();

/** An SVG as a CSS `url()` (its quotes single, so the URL keeps double quotes). */
function svgUrl(svg: string): string {
  return `url("data:image/svg+xml,${encodeURIComponent(svg).replace(/%(20|3D|2F|3A)/g, (_, code: string) => String.fromCharCode(parseInt(code, 16)))}")`;
}

/** Ink pixels (of 16) for `part`, a share of ink from 0 to 1. */
export function inkPixels(part: number): number {
  return Math.min(16, Math.max(0, Math.round(part * 16)));
}

/**
 * A CSS `url()` of a 4 x 4 tile with `pixels` of its 16 pixels in `ink` (a #rrggbb colour) and the rest
 * transparent: the box's background colour shows through them.
 */
export function ditherTile(pixels: number, ink: string): string {
  const key = `${pixels}${ink}`;
  let tile = tiles.get(key);
  if (tile === undefined) {
    let path = '';
    for (let i = 0; i < 16; i++) if (BAYER[i] < pixels) path += `M${i % 4} ${i >> 2}h1v1h-1z`;
    const svg =
      `<svg xmlns='http://www.w3.org/2000/svg' width='${TILE_SIZE}' height='${TILE_SIZE}' shape-rendering='crispEdges'>` +
      `<path d='${path}' fill='${ink}'/></svg>`;
    tile = svgUrl(svg);
    tiles.set(key, tile);
  }
  return tile;
}

/**
 * A CSS `url()` of a 1 px line tile (high, or wide when `vertical`): of every `period` pixels the first `inked`
 * are `ink` and the rest `rest` (transparent without it). The framework's border levels on 1-bit and 2-bit
 * screens are such dotted lines.
 */
export function lineTile(period: number, inked: number, ink: string, rest?: string, vertical = false): string {
  const key = `line${period}/${inked}${ink}${rest ?? ''}${vertical ? 'v' : 'h'}`;
  let tile = tiles.get(key);
  if (tile === undefined) {
    const [w, h] = vertical ? [1, period] : [period, 1];
    const box = (from: number, length: number, fill: string): string =>
      vertical
        ? `<rect y='${from}' width='1' height='${length}' fill='${fill}'/>`
        : `<rect x='${from}' width='${length}' height='1' fill='${fill}'/>`;
    const svg =
      `<svg xmlns='http://www.w3.org/2000/svg' width='${w}' height='${h}' shape-rendering='crispEdges'>` +
      `${box(0, inked, ink)}${rest === undefined ? '' : box(inked, period - inked, rest)}</svg>`;
    tile = svgUrl(svg);
    tiles.set(key, tile);
  }
  return tile;
}
