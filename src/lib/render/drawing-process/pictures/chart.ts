/**
 * `<img src="chart:line" data-values="…">` and `chart:bar`: a small chart of the message's numbers, drawn
 * pixel by pixel at the box's size (lines of whole pixels, no soft edges), on a transparent background.
 *
 * Attributes: `data-values` (numbers separated by commas or spaces; an array placeholder gives exactly that),
 * `data-min` / `data-max` (the vertical range; default: the numbers' own), `data-line` (line width in pixels,
 * 1 to 20, default 2), `data-color` (black, red, yellow, white or #rrggbb; default black).
 */
import type { Rgb } from '../../../images/palette';
import { emptyBitmap, fillRect, type Bitmap } from './bitmap';
import { templateError, type SourcePlace } from '../html/html';

export const CHART_KINDS = ['line', 'bar'] as const;
export type ChartKind = (typeof CHART_KINDS)[number];
const MAX_VALUES = 10_000;

export interface Chart {
  kind: ChartKind;
  values: number[];
  min: number;
  max: number;
  lineWidth: number;
  colour: Rgb;
}

const NAMED_COLOURS: Record<string, Rgb> = {
  black: [0, 0, 0],
  white: [255, 255, 255],
  red: [255, 0, 0],
  yellow: [255, 255, 0],
};

function colour(text: string | undefined, place: SourcePlace): Rgb {
  if (text === undefined || text.trim() === '') return NAMED_COLOURS.black;
  const value = text.trim().toLowerCase();
  if (NAMED_COLOURS[value]) return NAMED_COLOURS[value];
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value)?.[1];
  if (!hex)
    throw templateError(place, `data-color ${JSON.stringify(text)} is not black, white, red, yellow or #rrggbb`);
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)) as unknown as Rgb;
}

function number(text: string | undefined, name: string, place: SourcePlace): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) throw templateError(place, `${name} ${JSON.stringify(text)} is not a number`);
  return value;
}

/** The chart an img asks for; no numbers, or words among them, is an error at the img's place. */
export function chartSpec(kind: string, attributes: Record<string, string>, place: SourcePlace): Chart {
  if (!(CHART_KINDS as readonly string[]).includes(kind)) {
    throw templateError(place, `chart:${kind} is not a chart: use chart:line or chart:bar`);
  }
  const tokens = (attributes['data-values'] ?? '').split(/[\s,;[\]]+/).filter((token) => token !== '');
  if (tokens.length === 0) {
    throw templateError(
      place,
      `chart:${kind} needs numbers in data-values (got ${JSON.stringify(attributes['data-values'] ?? '')})`,
    );
  }
  if (tokens.length > MAX_VALUES) throw templateError(place, `chart:${kind} takes at most ${MAX_VALUES} numbers`);
  const values = tokens.map((token) => {
    const value = Number(token);
    if (!Number.isFinite(value)) throw templateError(place, `data-values: ${JSON.stringify(token)} is not a number`);
    return value;
  });
  let min = number(attributes['data-min'], 'data-min', place) ?? Math.min(...values, ...(kind === 'bar' ? [0] : []));
  let max = number(attributes['data-max'], 'data-max', place) ?? Math.max(...values, ...(kind === 'bar' ? [0] : []));
  if (min === max) {
    min -= 1;
    max += 1;
  }
  if (min > max) throw templateError(place, `data-min ${min} is above data-max ${max}`);
  const lineWidth = number(attributes['data-line'], 'data-line', place) ?? 2;
  if (!Number.isInteger(lineWidth) || lineWidth < 1 || lineWidth > 20) {
    throw templateError(place, 'data-line must be a whole number of pixels from 1 to 20');
  }
  return { kind: kind as ChartKind, values, min, max, lineWidth, colour: colour(attributes['data-color'], place) };
}

/** The chart at the box's size. */
export function drawChart(chart: Chart, width: number, height: number, place: SourcePlace): Bitmap {
  const bitmap = emptyBitmap(width, height, [chart.colour]);
  if (chart.kind === 'bar') drawBars(bitmap, chart, place);
  else drawLine(bitmap, chart);
  return bitmap;
}

/** Vertical pixel of a value, `inset` pixels inside the top and bottom edges. */
function rowOf(chart: Chart, value: number, height: number, inset: number): number {
  const share = (Math.min(chart.max, Math.max(chart.min, value)) - chart.min) / (chart.max - chart.min);
  return Math.round(inset + (1 - share) * (height - 1 - 2 * inset));
}

function drawLine(bitmap: Bitmap, chart: Chart): void {
  const inset = Math.floor(chart.lineWidth / 2);
  const count = chart.values.length;
  const points = chart.values.map((value, i) => ({
    x: Math.round(inset + (count === 1 ? 0 : (i * (bitmap.width - 1 - 2 * inset)) / (count - 1))),
    y: rowOf(chart, value, bitmap.height, inset),
  }));
  if (count === 1) points.push({ x: bitmap.width - 1 - inset, y: points[0].y });
  for (let i = 1; i < points.length; i++) stroke(bitmap, points[i - 1], points[i], chart.lineWidth);
}

/** A line of squares of the line's width along the pixels between two points (Bresenham). */
function stroke(bitmap: Bitmap, from: { x: number; y: number }, to: { x: number; y: number }, width: number): void {
  const steps = Math.max(Math.abs(to.x - from.x), Math.abs(to.y - from.y), 1);
  const offset = Math.floor((width - 1) / 2);
  for (let step = 0; step <= steps; step++) {
    const x = Math.round(from.x + ((to.x - from.x) * step) / steps);
    const y = Math.round(from.y + ((to.y - from.y) * step) / steps);
    fillRect(bitmap, x - offset, y - offset, width, width, 0);
  }
}

function drawBars(bitmap: Bitmap, chart: Chart, place: SourcePlace): void {
  const slot = bitmap.width / chart.values.length;
  if (slot < 1) {
    throw templateError(
      place,
      `${chart.values.length} bars do not fit in ${bitmap.width} pixels: one pixel each at least`,
    );
  }
  const gap = slot >= 4 ? Math.max(1, Math.round(slot / 5)) : 0;
  const base = rowOf(chart, Math.min(chart.max, Math.max(chart.min, 0)), bitmap.height, 0);
  chart.values.forEach((value, i) => {
    const left = Math.round(i * slot);
    const right = Math.round((i + 1) * slot) - gap;
    const top = rowOf(chart, value, bitmap.height, 0);
    fillRect(bitmap, left, Math.min(top, base), right - left, Math.abs(base - top) + 1, 0);
  });
}
