/**
 * The measured part of text that fits (../tree/fit-attributes): the page is laid out once without drawing
 * (Takumi's `measure`), which gives every box and every line of text, then:
 *
 * - an element whose wrapping text runs out of its room (its own box, each box around it, the page) gets the
 *   largest whole font size, down to its smallest, at which its lines fit: each size tried is measured alone,
 *   the element's text in a box of its width (a fraction of the page's cost). Where even the smallest does not
 *   fit, its text is cut after the lines that fit, the last ending in "…", and the page is told.
 * - an element whose text lies in elements of its own (boxes, pictures beside it) is laid out as the page lays it
 *   out, the whole page measured at each size tried, until every line of every box in it fits its room; where even
 *   its smallest does not, its box ends after the lines that fit (no "…"), and the page is told. `data-clamp` on it
 *   cuts it after its lines the same way.
 * - an element whose line of text (it does not wrap) Takumi shrinks, but which is still wider than its room at its
 *   smallest size, ends in "…" as Takumi draws it, and the page is told.
 * - a container with `data-overflow` keeps the children that lie wholly inside its room, then its overflow line
 *   with how many were left out, in the place of the first one left out (one fewer kept when the line itself
 *   would not fit there).
 */
import { templateError } from '../html/html';
import { boxEdges } from '../css/box-edges';
import type { ContainerNode, DrawingEngine, MeasuredBox, TreeNode } from '../engine/drawing-engine';
import type { PageTree } from '../tree/page-tree';
import { blank } from '../pictures/image-slots';
import {
  clampLines,
  overflowText,
  shareLeftOverRoom,
  type FitRequest,
  type LineFitRequest,
  type OverflowRequest,
} from '../tree/fit-attributes';
import { layoutBoxes } from '../pictures/picture-boxes';
import { textDeclarations } from '../css/text-style';

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
/**
 * What a run of text may reach past its room's bottom and still fit: its box is its font's height, which a line
 * height smaller than that (30px for 24px text) leaves reaching a pixel or two past its line.
 */
const RUN_SLACK = 2;
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

/** The page laid out without drawing: our nodes and their boxes. */
async function measurePage(engine: DrawingEngine, tree: PageTree, page: FitPage): Promise<Map<TreeNode, MeasuredBox>> {
  const pictures = tree.icons.map((icon) => icon.src);
  for (const icon of tree.icons) icon.src = ICON_BLANK;
  let laidOut: MeasuredBox;
  try {
    laidOut = await engine.measure(tree.root, page.width, page.height);
  } finally {
    tree.icons.forEach((icon, i) => (icon.src = pictures[i]));
  }
  return layoutBoxes(tree.root, laidOut);
}

/**
 * What fitting decided for one text: its size (none where it fits as written); the lines it is cut after with
 * "…" (where not even its smallest size fits); for an element whose text lies in boxes, the most its border box
 * may be tall (where it is cut).
 */
export interface FitDecision {
  size?: number;
  lines?: number;
  maxHeight?: number;
}

/**
 * What fitting decided for a page, in the order of its requests: each fitted text's decision, and how many
 * children each overflow container keeps (-1: all of them, and no overflow line).
 */
export interface FitDecisions {
  fits: FitDecision[];
  overflows: number[];
}

/** Fits the page's texts and overflows, each decided from the page laid out once, and says what it decided. */
export async function fitLayout(engine: DrawingEngine, tree: PageTree, page: FitPage): Promise<FitDecisions> {
  const boxes = await measurePage(engine, tree, page);
  for (const request of tree.lineFits) checkLine(request, boxes, page);
  const decisions: FitDecisions = { fits: [], overflows: [] };
  // One after another: a text's size is decided with the sizes decided before it applied.
  for (const request of tree.fits) {
    const decision = request.boxes
      ? await fitBoxes(engine, tree, request, boxes, page)
      : await fitText(engine, request, boxes, page);
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
    a.fits.every(
      (fit, i) => fit.size === b.fits[i].size && fit.lines === b.fits[i].lines && fit.maxHeight === b.fits[i].maxHeight,
    ) &&
    a.overflows.every((kept, i) => kept === b.overflows[i])
  );
}

/**
 * A copy of the page's tree, not yet fitted, with `decisions` applied: the page `fitLayout` makes when it decides
 * the same. The decisions are those of a page with the same requests (of its shape, in ../draw-page).
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
): Promise<FitDecision> {
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
function applyFit(request: FitRequest, decision: FitDecision): void {
  const style = request.node.style as Record<string, string>;
  if (decision.size !== undefined) style.fontSize = `${decision.size}px`;
  if (request.boxes) {
    if (decision.maxHeight !== undefined) style.maxHeight = `${decision.maxHeight}px`;
    return;
  }
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

/** Where the lines of a box and of every box in it lie on the page, and how far their runs reach. */
interface LinesOnPage {
  left: number;
  top: number;
  right: number;
  bottom: number;
  lines: { top: number; bottom: number }[];
}

/** `pictures`: a picture's box is a line too (a line of its own, or the line of the text beside it). */
function linesOnPage(box: MeasuredBox, nodes: Map<MeasuredBox, TreeNode>, pictures: boolean): LinesOnPage {
  const text: LinesOnPage = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity, lines: [] };
  const addLine = (top: number, bottom: number): void => {
    const within = (y: number, line: { top: number; bottom: number }): boolean => line.top <= y && y <= line.bottom;
    const line = text.lines.find(
      (other) => within((top + bottom) / 2, other) || within((other.top + other.bottom) / 2, { top, bottom }),
    );
    if (!line) text.lines.push({ top, bottom });
    else Object.assign(line, { top: Math.min(line.top, top), bottom: Math.max(line.bottom, bottom) });
  };
  const walk = (inner: MeasuredBox): void => {
    const node = nodes.get(inner);
    if (pictures && node?.type === 'image') addLine(inner.transform[5], inner.transform[5] + inner.height);
    // A box that is none of our nodes is an anonymous one around text: no padding or border.
    const edges = (node && boxEdges({ ...node.preset, ...node.style })) ?? { left: 0, top: 0 };
    const x = inner.transform[4] + edges.left;
    const y = inner.transform[5] + edges.top;
    for (const run of inner.runs) {
      const top = y + run.y;
      const bottom = top + run.height;
      // A line that wraps keeps its last space in its run, which may reach past the box: a space is counted as a
      // fifth of the run's height (less than any font's space), not to shrink text for nothing.
      const spaces = run.text.length - run.text.trimEnd().length;
      text.left = Math.min(text.left, x + run.x);
      text.right = Math.max(text.right, x + run.x + run.width - spaces * 0.2 * run.height);
      text.top = Math.min(text.top, top);
      text.bottom = Math.max(text.bottom, bottom);
      addLine(top, bottom);
    }
    inner.children.forEach(walk);
  };
  walk(box);
  text.lines.sort((a, b) => a.top - b.top);
  return text;
}

/**
 * An element whose text lies in boxes of its own (child elements, pictures beside it), laid out as the page lays
 * it out: the whole page is measured at each size tried, and every line of every box in it must fit its room.
 * Where even its smallest size does not, its box is cut after the lines that fit, and the page is told.
 */
async function fitBoxes(
  engine: DrawingEngine,
  tree: PageTree,
  request: FitRequest,
  first: Map<TreeNode, MeasuredBox>,
  page: FitPage,
): Promise<FitDecision> {
  const style = request.node.style as Record<string, string>;
  const written = style.fontSize;
  const at = async (size: number | undefined): Promise<Laid> => {
    let boxes = first;
    if (size !== undefined) {
      style.fontSize = `${size}px`;
      boxes = await measurePage(engine, tree, page);
    }
    const box = boxes.get(request.node);
    if (!box) {
      throw templateError(request.place, 'data-fit: the box of this element could not be found: give it display:block');
    }
    const content = contentRect(request.node, box);
    if (!content) throw templateError(request.place, 'data-fit: give the padding and border of this element in px');
    const nodes = new Map([...boxes].map(([node, laidOut]) => [laidOut, node]));
    const text = linesOnPage(box, nodes, request.nowrap === true);
    return { box, bound: intersect(room(request.path, boxes, page), content), text };
  };
  // Takumi breaks a line that does not wrap between a picture and its text where it is too long: such a line
  // fits only as it lies at the smallest size, not broken again.
  let most = request.clamp ?? Infinity;
  const fits = ({ bound, text }: Laid): boolean =>
    text.left >= bound.left - SLACK &&
    text.right <= bound.right + SLACK &&
    text.bottom <= bound.bottom + RUN_SLACK &&
    text.lines.length <= most;
  const laidOut = await at(undefined);
  if (fits(laidOut) && (!request.nowrap || laidOut.text.lines.length <= 1)) return {};
  try {
    const smallest = request.minSize < request.size ? await at(request.minSize) : laidOut;
    if (request.nowrap) most = Math.min(most, smallest.text.lines.length);
    if (fits(laidOut)) return {};
    if (!fits(smallest)) return cutBoxes(request, smallest, page);
    return { size: await searchBoxes(request, laidOut, fits, at) };
  } finally {
    if (written === undefined) delete style.fontSize;
    else style.fontSize = written;
  }
}

type Laid = { box: MeasuredBox; bound: Rect; text: LinesOnPage };

/** The largest whole size that fits, above the smallest (which does), as searchSize finds it. */
async function searchBoxes(
  request: FitRequest,
  first: Laid,
  fits: (laid: Laid) => boolean,
  at: (size: number) => Promise<Laid>,
): Promise<number> {
  // As much smaller as its lines reach past the room, across or down (down: the square root).
  const estimate = (size: number, { bound, text }: Laid): number => {
    const wide = (text.right - Math.min(text.left, bound.left)) / Math.max(bound.right - bound.left, 1);
    const tall = (text.bottom - Math.min(text.top, bound.top)) / Math.max(bound.bottom - bound.top, 1);
    return Math.floor(size / Math.max(wide, Math.sqrt(tall), 1e-3));
  };
  const found = await largestFitting(
    { low: Math.floor(request.minSize) + 1, high: Math.floor(request.size) - 1, size: request.size, first },
    estimate,
    at,
    fits,
  );
  return found ?? request.minSize;
}

/**
 * The largest whole size from `low` to `high` at which what is laid out fits; undefined when none does. Each size
 * tried is estimated from the last one laid out (`first` at `size`), then one step on to check, and by halves
 * where estimates fail.
 */
async function largestFitting<Laid>(
  range: { low: number; high: number; size: number; first: Laid },
  estimate: (size: number, laid: Laid) => number,
  layOut: (size: number) => Promise<Laid>,
  fits: (laid: Laid) => boolean,
): Promise<number | undefined> {
  let { low, high } = range;
  let best: number | undefined;
  let next = estimate(range.size, range.first);
  const tried = new Set<number>();
  while (low <= high) {
    next = Math.min(high, Math.max(low, next));
    if (tried.has(next)) next = Math.floor((low + high + 1) / 2);
    tried.add(next);
    const laid = await layOut(next);
    if (fits(laid)) {
      best = next;
      low = next + 1;
      next = Math.max(next + 1, estimate(next, laid));
    } else {
      high = next - 1;
      next = Math.min(next - 1, estimate(next, laid));
    }
  }
  return best;
}

/** Where not even its smallest size fits: the box ends after the lines that fit whole, and the page is told. */
function cutBoxes(request: FitRequest, { box, bound, text }: Laid, page: FitPage): FitDecision {
  const kept = text.lines.filter((line) => line.bottom <= bound.bottom + RUN_SLACK).slice(0, request.clamp);
  const top = box.transform[5];
  const edges = boxEdges({ ...request.node.preset, ...request.node.style });
  let end = bound.bottom;
  if (kept.length < text.lines.length) end = kept.length > 0 ? kept[kept.length - 1].bottom : bound.top;
  const maxHeight = Math.max(0, Math.floor(end - top + (edges?.bottom ?? 0)));
  const { line, column } = request.place;
  const cut =
    kept.length < text.lines.length
      ? `it is cut after ${kept.length} line${kept.length === 1 ? '' : 's'}`
      : 'it is cut at the edge of its box';
  page.warn?.(
    request.boxes === 'fit'
      ? `template: line ${line}, column ${column}: the text does not fit its box even at data-min-size ` +
          `${request.minSize}px: ${cut}`
      : `template: line ${line}, column ${column}: data-clamp: the text of this element lies in boxes of its ` +
          `own, which are not clamped with "…": ${cut}`,
  );
  return { size: request.boxes === 'fit' ? request.minSize : undefined, maxHeight };
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
  shareLeftOverRoom(node);
}
