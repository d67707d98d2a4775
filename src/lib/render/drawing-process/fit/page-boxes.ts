/**
 * The page laid out without drawing (Takumi's `measure`) as fitting reads it: each box as a rectangle on the page,
 * the room a box and every box around it leave, and where a box's text reaches. What fits is held to that room,
 * less the fractions layout may differ by.
 */
import type { ContainerNode, DrawingEngine, MeasuredBox, TreeNode } from '../engine/drawing-engine';
import { boxEdges } from '../css/box-edges';
import { templateError } from '../html/html';
import { blank } from '../pictures/image-slots';
import { layoutBoxes } from '../pictures/picture-boxes';
import type { PageTree } from '../tree/tree-types';
import type { SourcePlace } from '../../shared/source-map';

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The page fitting lays out, and where it tells what it cut. */
export interface FitPage {
  width: number;
  height: number;
  warn?: (text: string) => void;
}

/** Half a pixel: what layout's fractions may differ by without anything showing. */
export const SLACK = 0.5;
/**
 * What a run of text may reach past its room's bottom and still fit: its box is its font's height, which a line
 * height smaller than that (30px for 24px text) leaves reaching a pixel or two past its line.
 */
export const RUN_SLACK = 2;

/** Where a box's text reaches: its right and bottom, and the top of each line, from its content box's corner. */
export type Extent = { right: number; bottom: number; lines: number[] };

export function borderRect(box: MeasuredBox): Rect {
  const left = box.transform[4];
  const top = box.transform[5];
  return { left, top, right: left + box.width, bottom: top + box.height };
}

/** The content box of a node's laid-out box; undefined when its padding or border is not in px. */
export function contentRect(node: TreeNode, box: MeasuredBox): Rect | undefined {
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

export function intersect(a: Rect, b: Rect): Rect {
  return {
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  };
}

/** The room the page and every box of `path` leave (each one's content box, or its border box). */
export function room(path: readonly ContainerNode[], boxes: Map<TreeNode, MeasuredBox>, page: FitPage): Rect {
  let rect: Rect = { left: 0, top: 0, right: page.width, bottom: page.height };
  for (const node of path) {
    const box = boxes.get(node);
    if (box) rect = intersect(rect, contentRect(node, box) ?? borderRect(box));
  }
  return rect;
}

/** Where a box's text reaches, from its content box's corner. */
export function textExtent(box: MeasuredBox): Extent {
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

/** The laid-out box of an element whose text is fitted, and its content box; an error at its place if either is unknown. */
export function fittedBox(
  request: { node: TreeNode; place: SourcePlace },
  boxes: Map<TreeNode, MeasuredBox>,
): { box: MeasuredBox; content: Rect } {
  const box = boxes.get(request.node);
  if (!box) {
    throw templateError(request.place, 'data-fit: the box of this element could not be found: give it display:block');
  }
  const content = contentRect(request.node, box);
  if (!content) throw templateError(request.place, 'data-fit: give the padding and border of this element in px');
  return { box, content };
}

/** A blank of an icon's grid: what layout needs of an icon whose size is given (reading its SVG costs more). */
const ICON_BLANK = blank(24, 24);

/** The page laid out without drawing: our nodes and their boxes. */
export async function measurePage(
  engine: DrawingEngine,
  tree: PageTree,
  page: FitPage,
): Promise<Map<TreeNode, MeasuredBox>> {
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
