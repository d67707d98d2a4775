/**
 * Items that flow through columns (../tree/column-flow), decided as TRMNL's columns engine decides them, from the
 * page laid out with the number of columns tried shown, the blocks all in the first column, at the width each column
 * has then; each number of columns planned as ./column-plans plans it (in order, or a column for each group).
 *
 * Of the numbers of columns, the one that shows the most items wins; where two show as many, the one with more
 * columns where both leave items out, the one with fewer where neither does: a list that fits one column stays in
 * one, and the numbers are tried from 1 up only until one shows every item. With a fixed number, that many, in
 * order.
 *
 * A text fitted by measuring inside an item is fitted before (../fit/fit-layout) at the width of the first column
 * as built.
 */
import type { DrawingEngine, TreeNode } from '../engine/drawing-engine';
import { overflowText } from '../tree/fit-attributes';
import { columnLook, type OverflowColumnsRequest } from '../tree/column-flow';
import type { PageTree } from '../tree/tree-types';
import { measurePage, SLACK, type FitPage } from './page-boxes';
import { harmoniousPlan, sequentialPlan, type Boxes, type ColumnsDecision, type Plan } from './column-plans';

export type { ColumnsDecision } from './column-plans';

/** TRMNL's choice: more items shown; as many, more columns where both leave items out, fewer where neither does. */
function better(plan: Plan, best: Plan): boolean {
  if (plan.visible !== best.visible) return plan.visible > best.visible;
  if (plan.hidden > 0 && best.hidden > 0) return plan.count > best.count;
  if (plan.hidden === 0 && best.hidden === 0) return plan.count < best.count;
  return false;
}

/** The first `count` columns shown, the others not; each column's blocks still from its top. */
function showColumns(request: OverflowColumnsRequest, count: number): void {
  request.columns.forEach((column, index) => {
    const style = (column.style ??= {});
    const display = request.looks[index].display;
    if (index >= count) style.display = 'none';
    else if (display === undefined) delete style.display;
    else style.display = display;
  });
}

/** Whether every block (and the counter) is as tall in both layouts: its height does not follow its width. */
function sameHeights(request: OverflowColumnsRequest, a: Boxes, b: Boxes): boolean {
  const nodes = [...request.blocks.map((block) => block.node), ...(request.counter ? [request.counter.node] : [])];
  return nodes.every((node) => Math.abs((a.get(node)?.height ?? 0) - (b.get(node)?.height ?? 0)) <= SLACK);
}

/**
 * How many columns the items flow through and where each goes. The page is laid out with one column, then with the
 * most; where every block is as tall in both, it is as tall with any number between, which is planned from the
 * second layout; otherwise the page is laid out anew for each number tried. Where there are as many groups as
 * columns or fewer (not more than the most), a column for each group is planned first, and kept unless a plan in
 * order shows more items; kept where it leaves items out, unless the most columns show as many.
 */
export async function flowColumns(
  engine: DrawingEngine,
  tree: PageTree,
  request: OverflowColumnsRequest,
  boxes: Boxes,
  page: FitPage,
): Promise<ColumnsDecision> {
  const most = request.columns.length;
  // The page as first measured, unless fitting has changed it since (texts fitted, children left out).
  const changed = tree.fits.length > 0 || tree.overflows.length > 0 || tree.overflowColumns[0] !== request;
  const first = changed ? await measurePage(engine, tree, page) : boxes;
  if (request.fixed) return decisionOf(sequentialPlan(request, most, first, page));
  const groups = request.blocks.filter((block) => block.part === 'header').length;
  let withMost: Boxes | undefined;
  let alike = true;
  const boxesFor = async (count: number): Promise<Boxes> => {
    if (count === 1) return first;
    if (!withMost) {
      showColumns(request, most);
      withMost = await measurePage(engine, tree, page);
      alike = sameHeights(request, first, withMost);
    }
    if (count === most || alike) return withMost;
    showColumns(request, count);
    return measurePage(engine, tree, page);
  };
  const harmonious =
    groups >= 1 && groups <= most ? harmoniousPlan(request, groups, await boxesFor(groups), page) : undefined;
  let best = harmonious;
  let last: Plan | undefined;
  for (let count = 1; count <= most; count++) {
    last = sequentialPlan(request, count, await boxesFor(count), page);
    if (!best) best = last;
    else if (best === harmonious ? last.visible > best.visible : better(last, best)) best = last;
    if (last.hidden === 0) break;
  }
  const plan = best as Plan;
  // TRMNL's last word: a plan that leaves items out gives way to the most columns where they show as many.
  if (last && plan.hidden > 0 && last.count > plan.count && last.visible >= plan.visible) return decisionOf(last);
  return decisionOf(plan);
}

function decisionOf(plan: Plan): ColumnsDecision {
  return { count: plan.count, columnOf: plan.columnOf, repeats: plan.repeats, counter: plan.counter };
}

const sameNumbers = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((number, i) => number === b[i]);

export function sameColumns(a: ColumnsDecision, b: ColumnsDecision): boolean {
  return (
    a.count === b.count &&
    a.counter === b.counter &&
    sameNumbers(a.columnOf, b.columnOf) &&
    sameNumbers(a.repeats, b.repeats)
  );
}

/** The text a person reads in a node, its texts joined. */
function textOf(node: TreeNode): string {
  if (node.type === 'text') return node.text;
  if (node.type !== 'container') return '';
  return (node.children ?? []).map(textOf).join('');
}

/**
 * The columns with the blocks decided, after the first column's other children, the counter last; a column's
 * repeated header, with its group's header's text, first.
 */
export function applyColumns(request: OverflowColumnsRequest, decision: ColumnsDecision): void {
  const { columns, blocks, counter, repeats } = request;
  const flowing = new Set<TreeNode>(blocks.map((block) => block.node));
  if (counter) flowing.add(counter.node);
  const lists = columns.map((column, index) =>
    index === 0 ? (column.children ?? []).filter((child) => !flowing.has(child)) : [],
  );
  decision.repeats.forEach((header, index) => {
    const repeat = repeats[index];
    if (header < 0 || !repeat) return;
    if (repeat.text) repeat.text.text = textOf(blocks[header].node).trim();
    lists[index].push(repeat.node);
  });
  blocks.forEach((block, index) => lists[decision.columnOf[index]]?.push(block.node));
  if (counter && decision.counter >= 0) {
    counter.text.text = overflowText(counter.template, decision.counter);
    lists[decision.count - 1].push(counter.node);
  }
  columns.forEach((column, index) => {
    column.children = lists[index];
    columnLook(column, request.looks[index], index < decision.count);
  });
}

/** The request on a copy of the page's tree: its nodes there. */
export function copiedColumns(
  request: OverflowColumnsRequest,
  copy: <T extends TreeNode>(node: T) => T,
): OverflowColumnsRequest {
  const copied: OverflowColumnsRequest = {
    ...request,
    node: copy(request.node),
    columns: request.columns.map(copy),
    blocks: request.blocks.map((block) => ({ ...block, node: copy(block.node) })),
    repeats: request.repeats.map(
      (repeat) => repeat && { node: copy(repeat.node), text: repeat.text && copy(repeat.text) },
    ),
  };
  if (request.counter) {
    copied.counter = { ...request.counter, node: copy(request.counter.node), text: copy(request.counter.text) };
  }
  return copied;
}
