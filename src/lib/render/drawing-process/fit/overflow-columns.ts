/**
 * Items that flow through columns (../tree/column-flow), decided as TRMNL's columns engine decides them, from the
 * page laid out with the number of columns tried shown, the blocks all in the first column, at the width each column
 * has then: the items are taken in order, each into the first column from
 * the current one on where it fits whole below the room's bottom, the next column starting at its top (a divider
 * before an item that starts a column is left out, a group header goes with its item); an item that fits in no
 * column is left out. Then, where items are left out and there is a counter, it goes at the end of the last
 * column, the last items of that column left out until it fits, and counts every item left out.
 *
 * Of the numbers of columns, the one that shows the most items wins; where two show as many, the one with more
 * columns where both leave items out, the one with fewer where neither does: a list that fits one column stays in
 * one, and the numbers are tried from 1 up only until one shows every item. With a fixed number, that many.
 *
 * A text fitted by measuring inside an item is fitted before (../fit/fit-layout) at the width of the first column
 * as built.
 */
import type { DrawingEngine, MeasuredBox, TreeNode } from '../engine/drawing-engine';
import { overflowText } from '../tree/fit-attributes';
import { columnLook, type FlowBlock, type OverflowColumnsRequest } from '../tree/column-flow';
import type { PageTree } from '../tree/tree-types';
import { borderRect, contentRect, measurePage, room, SLACK, type FitPage, type Rect } from './page-boxes';

/** How many columns are shown, each block's column (-1: left out), and the counter's number (-1: no counter). */
export interface ColumnsDecision {
  count: number;
  columnOf: number[];
  counter: number;
}

interface Plan extends ColumnsDecision {
  visible: number;
  hidden: number;
}

type Boxes = Map<TreeNode, MeasuredBox>;

/** An item of the flow, and the dividers and headers just before it (indices into the blocks). */
interface Entry {
  item: number;
  before: number[];
}

function entriesOf(blocks: readonly FlowBlock[]): Entry[] {
  const entries: Entry[] = [];
  let before: number[] = [];
  blocks.forEach((block, index) => {
    if (block.part !== 'item') {
      before.push(index);
      return;
    }
    entries.push({ item: index, before });
    before = [];
  });
  return entries;
}

/** The plan for `count` columns, from the page laid out with that many shown. */
function planFor(request: OverflowColumnsRequest, count: number, boxes: Boxes, page: FitPage): Plan {
  const { blocks } = request;
  const entries = entriesOf(blocks);
  const columnOf = blocks.map(() => -1);
  const firstColumn = boxes.get(request.columns[0]);
  if (!firstColumn || !boxes.has(request.node)) {
    // Not laid out (inside something not shown): every block stays in the first column.
    for (const entry of entries) [entry.item, ...entry.before].forEach((index) => (columnOf[index] = 0));
    return { count: 1, columnOf, counter: -1, visible: entries.length, hidden: 0 };
  }
  const rectOf = (index: number): Rect | undefined => {
    const box = boxes.get(blocks[index].node);
    return box && borderRect(box);
  };
  const bottom = room([...request.path, request.node], boxes, page).bottom + SLACK;
  const columnTop = (contentRect(request.columns[0], firstColumn) ?? borderRect(firstColumn)).top;
  const flowTop = blocks.map((_, index) => rectOf(index)?.top).find((top) => top !== undefined) ?? columnTop;
  const startOf = (column: number): number => (column === 0 ? flowTop : columnTop);
  const ends: (number | undefined)[] = Array.from({ length: count }, () => undefined);
  const placed: { entry: number; column: number; end: number | undefined }[] = [];
  let current = 0;
  let lastBottom: number | undefined;
  entries.forEach((entry, at) => {
    const rect = rectOf(entry.item) ?? { top: lastBottom ?? flowTop, bottom: lastBottom ?? flowTop };
    const headers = entry.before.filter((index) => blocks[index].part === 'header');
    const keptTop = Math.min(rect.top, ...headers.map((index) => rectOf(index)?.top ?? rect.top));
    for (let column = current; column < count; column++) {
      const last = ends[column];
      const fresh = last === undefined;
      const end = fresh ? startOf(column) + rect.bottom - keptTop : last + rect.bottom - (lastBottom ?? rect.top);
      if (end > bottom) continue;
      const follows = !fresh && placed[placed.length - 1]?.entry === at - 1;
      for (const index of entry.before) if (blocks[index].part === 'header' || follows) columnOf[index] = column;
      columnOf[entry.item] = column;
      placed.push({ entry: at, column, end: last });
      ends[column] = end;
      current = column;
      break;
    }
    lastBottom = rect.bottom;
  });
  let counter = -1;
  if (request.counter && placed.length < entries.length) {
    const counterBox = boxes.get(request.counter.node);
    const counterRect = counterBox ? borderRect(counterBox) : { top: 0, bottom: 0 };
    const lastColumn = count - 1;
    // As built, the counter follows the last block: what it adds below an item is its gap and its height.
    const blockAbove = blocks
      .map((_, index) => rectOf(index)?.bottom)
      .reverse()
      .find((bottom) => bottom !== undefined);
    const counterEnd = (): number => {
      const last = ends[lastColumn];
      if (last === undefined) return startOf(lastColumn) + counterRect.bottom - counterRect.top;
      return last + counterRect.bottom - (blockAbove ?? counterRect.top);
    };
    while (counterEnd() > bottom && placed[placed.length - 1]?.column === lastColumn) {
      const dropped = placed.pop() as (typeof placed)[number];
      const entry = entries[dropped.entry];
      for (const index of [entry.item, ...entry.before]) columnOf[index] = -1;
      ends[lastColumn] = dropped.end;
    }
    if (counterEnd() <= bottom) counter = entries.length - placed.length;
  }
  return { count, columnOf, counter, visible: placed.length, hidden: entries.length - placed.length };
}

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
 * second layout; otherwise the page is laid out anew for each number tried.
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
  if (request.fixed) return decisionOf(planFor(request, most, first, page));
  let best = planFor(request, 1, first, page);
  if (best.hidden === 0 || most === 1) return decisionOf(best);
  showColumns(request, most);
  const withMost = await measurePage(engine, tree, page);
  const alike = sameHeights(request, first, withMost);
  for (let count = 2; count <= most; count++) {
    if (count < most && !alike) showColumns(request, count);
    const plan = planFor(
      request,
      count,
      count < most && !alike ? await measurePage(engine, tree, page) : withMost,
      page,
    );
    if (better(plan, best)) best = plan;
    if (plan.hidden === 0) break;
  }
  return decisionOf(best);
}

function decisionOf(plan: Plan): ColumnsDecision {
  return { count: plan.count, columnOf: plan.columnOf, counter: plan.counter };
}

export function sameColumns(a: ColumnsDecision, b: ColumnsDecision): boolean {
  return (
    a.count === b.count &&
    a.counter === b.counter &&
    a.columnOf.length === b.columnOf.length &&
    a.columnOf.every((column, i) => column === b.columnOf[i])
  );
}

/** The columns with the blocks decided, after the first column's other children, the counter last. */
export function applyColumns(request: OverflowColumnsRequest, decision: ColumnsDecision): void {
  const { columns, blocks, counter } = request;
  const flowing = new Set<TreeNode>(blocks.map((block) => block.node));
  if (counter) flowing.add(counter.node);
  const lists = columns.map((column, index) =>
    index === 0 ? (column.children ?? []).filter((child) => !flowing.has(child)) : [],
  );
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
  };
  if (request.counter) {
    copied.counter = { ...request.counter, node: copy(request.counter.node), text: copy(request.counter.text) };
  }
  return copied;
}
