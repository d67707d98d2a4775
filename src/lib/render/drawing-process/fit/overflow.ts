/**
 * A container with `data-overflow` keeps the children that lie wholly inside its room, then its overflow line with
 * how many were left out, in the place of the first one left out (one fewer kept when the line itself would not fit
 * there).
 */
import type { MeasuredBox, TreeNode } from '../engine/drawing-engine';
import { templateError } from '../html/html';
import { overflowText, shareLeftOverRoom, type OverflowRequest } from '../tree/fit-attributes';
import { borderRect, contentRect, intersect, room, SLACK, type FitPage, type Rect } from './page-boxes';

/** How many children of an overflow container fit whole beside its line; -1 when all of them fit. */
export function keepWhatFits(request: OverflowRequest, boxes: Map<TreeNode, MeasuredBox>, page: FitPage): number {
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
export function applyOverflow(request: OverflowRequest, kept: number): void {
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
