/**
 * An element whose text lies in boxes of its own (child elements, pictures beside it), laid out as the page lays it
 * out: the whole page is measured at each size tried, until every line of every box in it fits its room. Where even
 * its smallest does not, its box ends after the lines that fit (no "…"), and the page is told; `data-clamp` on it
 * cuts it after its lines the same way.
 */
import type { DrawingEngine, MeasuredBox, TreeNode } from '../engine/drawing-engine';
import { boxEdges } from '../css/box-edges';
import type { FitRequest } from '../tree/fit-attributes';
import type { PageTree } from '../tree/tree-types';
import type { FitDecision } from './decisions';
import { largestFitting } from './largest-fitting';
import { fittedBox, intersect, measurePage, room, RUN_SLACK, SLACK, type FitPage, type Rect } from './page-boxes';

/** Where the lines of a box and of every box in it lie on the page, and how far their runs reach. */
interface LinesOnPage extends Rect {
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
export async function fitBoxes(
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
    const { box, content } = fittedBox(request, boxes);
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

/** The largest whole size that fits, above the smallest (which does), as searchSize (./fit-text) finds it. */
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
