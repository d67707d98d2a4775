/**
 * What fitting decided for a page, and the page made from it: its texts at the sizes decided, cut where decided,
 * its overflow containers keeping the children decided. A page of the same shape fitted alike can be drawn from a
 * copy of its tree with the last page's decisions (../draw-page), while its own are found.
 */
import type { ContainerNode, TreeNode } from '../engine/drawing-engine';
import { clampLines, type FitRequest } from '../tree/fit-attributes';
import type { PageTree } from '../tree/tree-types';
import { applyNumber } from './number-format';
import { applyOverflow } from './overflow';
import { applyColumns, copiedColumns, sameColumns, type ColumnsDecision } from './overflow-columns';

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
 * What fitting decided for a page, in the order of its requests: each fitted text's decision, how many
 * children each overflow container keeps (-1: all of them, and no overflow line), and where the items of each
 * flow through columns go.
 */
export interface FitDecisions {
  fits: FitDecision[];
  overflows: number[];
  overflowColumns: ColumnsDecision[];
  /** Which of its texts each formatted number is written in (0: whole). */
  numbers: number[];
}

export function sameDecisions(a: FitDecisions, b: FitDecisions): boolean {
  return (
    a.fits.length === b.fits.length &&
    a.overflows.length === b.overflows.length &&
    a.fits.every(
      (fit, i) => fit.size === b.fits[i].size && fit.lines === b.fits[i].lines && fit.maxHeight === b.fits[i].maxHeight,
    ) &&
    a.overflows.every((kept, i) => kept === b.overflows[i]) &&
    a.overflowColumns.length === b.overflowColumns.length &&
    a.overflowColumns.every((columns, i) => sameColumns(columns, b.overflowColumns[i])) &&
    a.numbers.length === b.numbers.length &&
    a.numbers.every((chosen, i) => chosen === b.numbers[i])
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
  tree.overflowColumns.forEach((request, i) =>
    applyColumns(copiedColumns(request, copy), decisions.overflowColumns[i]),
  );
  tree.numbers.forEach((request, i) => applyNumber({ ...request, text: copy(request.text) }, decisions.numbers[i]));
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

/** A text at the size decided (none: as written), clamped as it asks, or cut after the lines that fit with "…". */
export function applyFit(request: FitRequest, decision: FitDecision): void {
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
