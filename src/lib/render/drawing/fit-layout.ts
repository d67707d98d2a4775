/**
 * The measured part of text that fits (../tree/fit-attributes): the page is laid out once without drawing
 * (Takumi's `measure`), which gives every box and every line of text, then:
 *
 * - an element whose wrapping text runs out of its room (its own box, each box around it, the page) gets the
 *   largest whole font size, down to its smallest, at which its lines fit: each size tried is measured alone,
 *   the element's text in a box of its width (a fraction of the page's cost). Where even the smallest does not
 *   fit, its text is cut after the lines that fit, the last ending in "…", and the page is told.
 * - an element whose line of text (it does not wrap) Takumi shrinks, but which is still wider than its room at its
 *   smallest size, ends in "…" as Takumi draws it, and the page is told.
 * - a container with `data-overflow` keeps the children that lie wholly inside its room, then its overflow line
 *   with how many were left out, in the place of the first one left out (one fewer kept when the line itself
 *   would not fit there).
 */
import { templateError } from '../html/html';
import { boxEdges } from '../pictures/box-edges';
import type { ContainerNode, DrawingEngine, MeasuredBox, TreeNode } from '../engine/drawing-engine';
import type { PageTree } from '../tree/page-tree';
import { blank } from '../pictures/image-slots';
import {
  clampLines,
  overflowText,
  type FitRequest,
  type LineFitRequest,
  type OverflowRequest,
} from '../tree/fit-attributes';
import { layoutBoxes } from '../pictures/picture-boxes';
import { textDeclarations } from '../tree/text-style';

interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

interface FitPage {
  width: number;
  height: number;
  warn?: (text: string) => void;
}

/**
 * The sizes found for texts, by everything that decides them (the text and its styles, the room): a page drawn
 * again with the same text (a notice, a title, every quarter of an hour) finds its size without trying sizes.
 */
const foundSizes = new Map<string, { size: number; lines?: number }>();
const MAX_FOUND_SIZES = 64;
/** Longer keys (a text with pictures in it) are not kept. */
const MAX_KEY_LENGTH = 4096;

/** Half a pixel: what layout's fractions may differ by without anything showing. */
const SLACK = 0.5;
/** A probe of an element's text alone is laid out on a page this many times its room's height (at least 64 px). */
const PROBE_ROOM = 3;

function borderRect(box: MeasuredBox): Rect {
  const left = box.transform[4];
  const top = box.transform[5];
  return { left, top, right: left + box.width, bottom: top + box.height };
}

/** The content box of a node's laid-out box; undefined when its padding or border is not in px. */
function contentRect(node: TreeNode, box: MeasuredBox): Rect | undefined {
  const edges = boxEdges({ ...node.preset, ...node.style });
  if (!edges) return undefined;
  const border = borderRect(box);
  return {
    left: border.left + edges.left,
    top: border.top + edges.top,
    right: border.right - edges.right,
    bottom: border.bottom - edges.bottom,
  };
}

function intersect(a: Rect, b: Rect): Rect {
  return {
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  };
}

/** The room the page and every box of `path` leave (each one's content box, or its border box). */
function room(path: readonly ContainerNode[], boxes: Map<TreeNode, MeasuredBox>, page: FitPage): Rect {
  let rect: Rect = { left: 0, top: 0, right: page.width, bottom: page.height };
  for (const node of path) {
    const box = boxes.get(node);
    if (box) rect = intersect(rect, contentRect(node, box) ?? borderRect(box));
  }
  return rect;
}

/** Where a box's text reaches, from its content box's corner. */
function textExtent(box: MeasuredBox): { right: number; bottom: number; lines: number[] } {
  let right = 0;
  let bottom = 0;
  const lines: number[] = [];
  for (const run of box.runs) {
    right = Math.max(right, run.x + run.width);
    bottom = Math.max(bottom, run.y + run.height);
    if (!lines.some((y) => Math.abs(y - run.y) < 1)) lines.push(run.y);
  }
  lines.sort((a, b) => a - b);
  return { right, bottom, lines };
}

/** A blank of an icon's grid: what layout needs of an icon whose size is given (reading its SVG costs more). */
const ICON_BLANK = blank(24, 24);

/**
 * What fitting decided for a page, in the order of its requests: each fitted text's size (none where it fits as
 * written) and the lines it is cut after (where not even its smallest size fits), and how many children each
 * overflow container keeps (-1: all of them, and no overflow line).
 */
export interface FitDecisions {
  fits: { size?: number; lines?: number }[];
  overflows: number[];
}

/** Fits the page's texts and overflows, each decided from the page laid out once, and says what it decided. */
export async function fitLayout(engine: DrawingEngine, tree: PageTree, page: FitPage): Promise<FitDecisions> {
  const pictures = tree.icons.map((icon) => icon.src);
  for (const icon of tree.icons) icon.src = ICON_BLANK;
  let laidOut: MeasuredBox;
  try {
    laidOut = await engine.measure(tree.root, page.width, page.height);
  } finally {
    tree.icons.forEach((icon, i) => (icon.src = pictures[i]));
  }
  const boxes = layoutBoxes(tree.root, laidOut);
  for (const request of tree.lineFits) checkLine(request, boxes, page);
  const decisions: FitDecisions = { fits: [], overflows: [] };
  // One after another: a text's size is decided with the sizes decided before it applied.
  for (const request of tree.fits) {
    const decision = await fitText(engine, request, boxes, page);
    applyFit(request, decision);
    decisions.fits.push(decision);
  }
  for (const request of tree.overflows) {
    const kept = keepWhatFits(request, boxes, page);
    applyOverflow(request, kept);
    decisions.overflows.push(kept);
  }
  return decisions;
}

export function sameDecisions(a: FitDecisions, b: FitDecisions): boolean {
  return (
    a.fits.length === b.fits.length &&
    a.overflows.length === b.overflows.length &&
    a.fits.every((fit, i) => fit.size === b.fits[i].size && fit.lines === b.fits[i].lines) &&
    a.overflows.every((kept, i) => kept === b.overflows[i])
  );
}

/**
 * A copy of the page's tree, not yet fitted, with `decisions` applied: the page `fitLayout` makes when it decides
 * the same. The decisions are those of a page with the same requests (of its shape, in ./draw-page).
 */
export function fittedCopy(tree: PageTree, decisions: FitDecisions): ContainerNode {
  const copyOf = new Map<TreeNode, TreeNode>();
  const root = copyNode(tree.root, copyOf) as ContainerNode;
  const copy = <T extends TreeNode>(node: T): T => copyOf.get(node) as T;
  tree.fits.forEach((request, i) => applyFit({ ...request, node: copy(request.node) }, decisions.fits[i]));
  tree.overflows.forEach((request, i) =>
    applyOverflow(
      { ...request, node: copy(request.node), line: copy(request.line), items: request.items.map(copy) },
      decisions.overflows[i],
    ),
  );
  return root;
}

/** A node and everything below it, copied where fitting changes them (styles and lists of children). */
function copyNode(node: TreeNode, copyOf: Map<TreeNode, TreeNode>): TreeNode {
  const copied: TreeNode = { ...node };
  if (node.style) copied.style = { ...node.style };
  if (node.type === 'container' && node.children) {
    (copied as ContainerNode).children = node.children.map((child) => copyNode(child, copyOf));
  }
  copyOf.set(node, copied);
  return copied;
}

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

async function fitText(
  engine: DrawingEngine,
  request: FitRequest,
  boxes: Map<TreeNode, MeasuredBox>,
  page: FitPage,
): Promise<{ size?: number; lines?: number }> {
  const box = boxes.get(request.node);
  if (!box) {
    throw templateError(request.place, 'data-fit: the box of this element could not be found: give it display:block');
  }
  const content = contentRect(request.node, box);
  if (!content) throw templateError(request.place, 'data-fit: give the padding and border of this element in px');
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
function checkLine(request: LineFitRequest, boxes: Map<TreeNode, MeasuredBox>, page: FitPage): void {
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

/** A text at the size decided (none: as written), clamped as it asks, or cut after the lines that fit with "…". */
function applyFit(request: FitRequest, decision: { size?: number; lines?: number }): void {
  const style = request.node.style as Record<string, string>;
  if (decision.size !== undefined) style.fontSize = `${decision.size}px`;
  if (decision.lines === undefined) {
    if (request.clamp !== undefined) clampLines(style, request.clamp);
    return;
  }
  style.overflowWrap = 'anywhere';
  clampLines(style, decision.lines);
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

type Extent = { right: number; bottom: number; lines: number[] };

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
  let low = Math.ceil(request.minSize);
  let high = Math.floor(request.size) - 1;
  let best: number | undefined;
  // Each size tried is estimated from the last one measured: text as much smaller as it is too wide, or too
  // tall (two ways: the square root); then one step on to check, and by halves where estimates fail.
  const estimate = (size: number, extent: { right: number; bottom: number }): number =>
    Math.floor(
      size / Math.max(extent.right / Math.max(width, 1), Math.sqrt(extent.bottom / Math.max(height, 1)), 1e-3),
    );
  let next = estimate(request.size, first);
  const tried = new Set<number>();
  while (low <= high) {
    next = Math.min(high, Math.max(low, next));
    if (tried.has(next)) next = Math.floor((low + high + 1) / 2);
    tried.add(next);
    const extent = await probe(engine, request, room, next);
    if (fits(extent)) {
      best = next;
      low = next + 1;
      next = Math.max(next + 1, estimate(next, extent));
    } else {
      high = next - 1;
      next = Math.min(next - 1, estimate(next, extent));
    }
  }
  if (best !== undefined) return { size: best };
  const smallest = await probe(engine, request, room, request.minSize);
  const lineHeight = smallest.bottom / Math.max(smallest.lines.length, 1);
  const lines = smallest.lines.filter((y) => y + lineHeight <= height + SLACK).length;
  return { size: request.minSize, lines: Math.max(1, Math.min(lines, request.clamp ?? lines)) };
}

/** How many children of an overflow container fit whole beside its line; -1 when all of them fit. */
function keepWhatFits(request: OverflowRequest, boxes: Map<TreeNode, MeasuredBox>, page: FitPage): number {
  const box = boxes.get(request.node);
  if (!box) {
    throw templateError(
      request.place,
      'data-overflow: the box of this container could not be found: give it display:block, flex or grid',
    );
  }
  const bound = intersect(room(request.path, boxes, page), contentRect(request.node, box) ?? borderRect(box));
  const inside = (rect: Rect): boolean => rect.bottom <= bound.bottom + SLACK && rect.right <= bound.right + SLACK;
  const rects = request.items.map((item) => {
    const itemBox = boxes.get(item);
    if (!itemBox) {
      throw templateError(request.place, 'data-overflow: each child of this container must be a box of its own');
    }
    return borderRect(itemBox);
  });
  let kept = rects.findIndex((rect) => !inside(rect));
  if (kept === -1) return -1;
  const line = boxes.get(request.line);
  const lineWidth = line?.width ?? 0;
  const lineHeight = line?.height ?? 0;
  // The line takes the place of the first child left out: one fewer is kept while it would not fit there.
  while (kept > 0) {
    const at = rects[kept];
    if (at.top + lineHeight <= bound.bottom + SLACK && at.left + lineWidth <= bound.right + SLACK) break;
    kept--;
  }
  if (kept === 0 && rects[0] && rects[0].top + lineHeight > bound.bottom + SLACK) {
    const { line: row, column } = request.place;
    page.warn?.(
      `template: line ${row}, column ${column}: data-overflow: not even the overflow line fits this container`,
    );
  }
  return kept;
}

/** The container with the children it keeps, then its line counting the rest; all of them and no line for -1. */
function applyOverflow(request: OverflowRequest, kept: number): void {
  const node = request.node;
  if (kept === -1) {
    node.children = (node.children ?? []).filter((child) => child !== request.line);
    return;
  }
  const leftOut = new Set(request.items.slice(kept));
  node.children = (node.children ?? []).filter((child) => !leftOut.has(child));
  request.line.children = [{ type: 'text', text: overflowText(request.text, request.items.length - kept) }];
}
