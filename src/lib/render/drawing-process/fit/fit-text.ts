/**
 * An element whose wrapping text lies in its own box, fitted: each size tried is measured alone, the element's text
 * in a box of its width (a fraction of the page's cost), and where even the smallest does not fit, its text is cut
 * after the lines that fit, the last ending in "…". And a line of text that does not wrap, which Takumi shrinks:
 * where it is still wider than its room at its smallest size, the page is told that it ends in "…".
 */
import type { ContainerNode, DrawingEngine, MeasuredBox, TreeNode } from '../engine/drawing-engine';
import { textDeclarations } from '../css/text-style';
import type { FitRequest, LineFitRequest } from '../tree/fit-attributes';
import type { FitDecision } from './decisions';
import { largestFitting } from './largest-fitting';
import { contentRect, fittedBox, intersect, room, SLACK, textExtent, type Extent, type FitPage } from './page-boxes';

/**
 * The sizes found for texts, by everything that decides them (the text and its styles, the room): a page drawn
 * again with the same text (a notice, a title, every quarter of an hour) finds its size without trying sizes.
 */
const foundSizes = new Map<string, { size: number; lines?: number }>();
const MAX_FOUND_SIZES = 64;
/** Longer keys (a text with pictures in it) are not kept. */
const MAX_KEY_LENGTH = 4096;
/** A probe of an element's text alone is laid out on a page this many times its room's height (at least 64 px). */
const PROBE_ROOM = 3;

/** The text of `request` alone at `size` px, in a box `width` wide, with what it inherits: its lines. */
async function probe(
  engine: DrawingEngine,
  request: FitRequest,
  room: { width: number; height: number },
  size: number,
) {
  const width = room.width;
  const inherited = textDeclarations(...request.path.flatMap((node) => [node.preset, node.style]));
  const own = textDeclarations(request.node.preset, request.node.style);
  const text: ContainerNode = { type: 'container', style: { display: 'block', ...own, fontSize: `${size}px` } };
  if (request.node.children) text.children = request.node.children;
  const root: ContainerNode = {
    type: 'container',
    style: { display: 'block', ...inherited, width: `${width}px` },
    children: [text],
  };
  const pageHeight = Math.max(64, Math.ceil(room.height * PROBE_ROOM));
  const measured = await engine.measure(root, Math.max(1, Math.ceil(width)), pageHeight);
  return textExtent(measured.children[0] ?? measured);
}

export async function fitText(
  engine: DrawingEngine,
  request: FitRequest,
  boxes: Map<TreeNode, MeasuredBox>,
  page: FitPage,
): Promise<FitDecision> {
  const { box, content } = fittedBox(request, boxes);
  const bound = intersect(room(request.path, boxes, page), content);
  const width = bound.right - content.left;
  const height = bound.bottom - content.top;
  const fits = (extent: { right: number; bottom: number; lines: number[] }): boolean =>
    extent.right <= width + SLACK &&
    extent.bottom <= height + SLACK &&
    (request.clamp === undefined || extent.lines.length <= request.clamp);
  const first = textExtent(box);
  if (fits(first)) return {};
  const key = sizeKey(request, width, height);
  const known = key === undefined ? undefined : foundSizes.get(key);
  const found = known ?? (await searchSize(engine, request, { width, height }, first, fits));
  if (key !== undefined && !known) {
    if (foundSizes.size >= MAX_FOUND_SIZES) foundSizes.delete(foundSizes.keys().next().value as string);
    foundSizes.set(key, found);
  }
  if (found.lines !== undefined) {
    const { line, column } = request.place;
    page.warn?.(
      `template: line ${line}, column ${column}: the text does not fit its box even at data-min-size ` +
        `${request.minSize}px: it is cut after ${found.lines} line${found.lines === 1 ? '' : 's'}, ending in "…"`,
    );
  }
  return found;
}

/** Tells the page of a line of text that is wider than its room even at its smallest size: Takumi ends it in "…". */
export function checkLine(request: LineFitRequest, boxes: Map<TreeNode, MeasuredBox>, page: FitPage): void {
  const box = boxes.get(request.node);
  const content = box && contentRect(request.node, box);
  if (!box || !content) return;
  const bound = intersect(room(request.path, boxes, page), content);
  if (textExtent(box).right <= bound.right - content.left + SLACK) return;
  const { line, column } = request.place;
  page.warn?.(
    `template: line ${line}, column ${column}: the line does not fit its box even at data-min-size ` +
      `${request.minSize}px: it ends in "…"`,
  );
}

/** What decides the size a text fits at; undefined for a text too large to remember. */
function sizeKey(request: FitRequest, width: number, height: number): string | undefined {
  const inherited = textDeclarations(...request.path.flatMap((node) => [node.preset, node.style]));
  const own = textDeclarations(request.node.preset, request.node.style);
  const key = JSON.stringify([
    Math.round(width * 4),
    Math.round(height * 4),
    request.size,
    request.minSize,
    request.clamp,
    inherited,
    own,
    request.node.children,
  ]);
  return key.length <= MAX_KEY_LENGTH ? key : undefined;
}

/**
 * The largest whole size from the smallest up that fits; when none does, the smallest with the number of lines
 * that fit its room (`lines`).
 */
async function searchSize(
  engine: DrawingEngine,
  request: FitRequest,
  room: { width: number; height: number },
  first: Extent,
  fits: (extent: Extent) => boolean,
): Promise<{ size: number; lines?: number }> {
  const { width, height } = room;
  // Text as much smaller as it is too wide, or too tall (two ways: the square root).
  const estimate = (size: number, extent: { right: number; bottom: number }): number =>
    Math.floor(
      size / Math.max(extent.right / Math.max(width, 1), Math.sqrt(extent.bottom / Math.max(height, 1)), 1e-3),
    );
  const best = await largestFitting(
    { low: Math.ceil(request.minSize), high: Math.floor(request.size) - 1, size: request.size, first },
    estimate,
    (size) => probe(engine, request, room, size),
    fits,
  );
  if (best !== undefined) return { size: best };
  const smallest = await probe(engine, request, room, request.minSize);
  const lineHeight = smallest.bottom / Math.max(smallest.lines.length, 1);
  const lines = smallest.lines.filter((y) => y + lineHeight <= height + SLACK).length;
  return { size: request.minSize, lines: Math.max(1, Math.min(lines, request.clamp ?? lines)) };
}
