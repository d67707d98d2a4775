/**
 * Area averaging: each pixel of a resized picture takes the mean of the part of the source it covers, each
 * source pixel weighed by how much of it lies inside. Unlike a sampling filter, no source pixel is skipped at
 * any ratio, so a thin line always leaves its share in the pixels over it. Where a picture lands on the target
 * for each fit mode is worked out here too, as sharp places it (centred).
 */

/** A rectangle of the target, in whole pixels. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The part of the source shown, in source pixels (fractions where a cover crop cuts a pixel). */
export interface SourceWindow {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Placement {
  /** Where the picture lands on the target; the rest (contain's bars) is white. */
  box: Box;
  window: SourceWindow;
}

/** Where a `width` x `height` source lands on a `targetWidth` x `targetHeight` target in each fit mode. */
export function placement(
  fit: 'contain' | 'cover' | 'fill',
  width: number,
  height: number,
  targetWidth: number,
  targetHeight: number,
): Placement {
  const whole = { x: 0, y: 0, width, height };
  const full = { left: 0, top: 0, width: targetWidth, height: targetHeight };
  if (fit === 'fill') return { box: full, window: whole };
  if (fit === 'contain') {
    const scale = Math.min(targetWidth / width, targetHeight / height);
    const boxWidth = Math.max(1, Math.min(targetWidth, Math.round(width * scale)));
    const boxHeight = Math.max(1, Math.min(targetHeight, Math.round(height * scale)));
    const left = Math.floor((targetWidth - boxWidth) / 2);
    const top = Math.floor((targetHeight - boxHeight) / 2);
    return { box: { left, top, width: boxWidth, height: boxHeight }, window: whole };
  }
  const scale = Math.max(targetWidth / width, targetHeight / height);
  const shownWidth = Math.min(width, targetWidth / scale);
  const shownHeight = Math.min(height, targetHeight / scale);
  const window = { x: (width - shownWidth) / 2, y: (height - shownHeight) / 2, width: shownWidth, height: shownHeight };
  return { box: full, window };
}

/** For each of `count` target pixels along one axis: the first source pixel it covers and the weights from there. */
interface AxisWeights {
  first: Int32Array;
  /** Where each target pixel's weights start in `weights`; one entry more than `count`. */
  offsets: Int32Array;
  weights: Float32Array;
}

function axisWeights(count: number, start: number, length: number, size: number): AxisWeights {
  const step = length / count;
  const first = new Int32Array(count);
  const offsets = new Int32Array(count + 1);
  const weights: number[] = [];
  for (let index = 0; index < count; index++) {
    const from = start + index * step;
    const to = from + step;
    // Rounding may put a sliver of the last pixel past the source's edge: it is left out.
    const begin = Math.max(0, Math.floor(from));
    const end = Math.min(size, Math.ceil(to - 1e-9));
    first[index] = begin;
    offsets[index] = weights.length;
    for (let pixel = begin; pixel < end; pixel++) {
      weights.push((Math.min(to, pixel + 1) - Math.max(from, pixel)) / step);
    }
  }
  offsets[count] = weights.length;
  return { first, offsets, weights: Float32Array.from(weights) };
}

/**
 * The mean of `values` (one a source pixel, `width` a row) over the part of the source each pixel of
 * `placed.box` covers, row after row: of marks (1 or 0), the share marked; of a channel (0 to 255), its level.
 * Done one axis at a time: across each source row, then down each column.
 */
export function areaAverage(values: Uint8Array, width: number, height: number, placed: Placement): Float32Array {
  const { box, window } = placed;
  const across = axisWeights(box.width, window.x, window.width, width);
  const down = axisWeights(box.height, window.y, window.height, height);
  const firstRow = down.first[0];
  const lastRow = down.first[box.height - 1] + (down.offsets[box.height] - down.offsets[box.height - 1]);
  const rows = new Float32Array((lastRow - firstRow) * box.width);
  for (let row = firstRow; row < lastRow; row++) {
    const source = row * width;
    const target = (row - firstRow) * box.width;
    for (let x = 0; x < box.width; x++) {
      let sum = 0;
      const from = across.first[x];
      for (let at = across.offsets[x], pixel = from; at < across.offsets[x + 1]; at++, pixel++) {
        sum += across.weights[at] * values[source + pixel];
      }
      rows[target + x] = sum;
    }
  }
  const shares = new Float32Array(box.width * box.height);
  for (let y = 0; y < box.height; y++) {
    const target = y * box.width;
    for (let at = down.offsets[y], row = down.first[y] - firstRow; at < down.offsets[y + 1]; at++, row++) {
      const weight = down.weights[at];
      const source = row * box.width;
      for (let x = 0; x < box.width; x++) shares[target + x] += weight * rows[source + x];
    }
  }
  return shares;
}
