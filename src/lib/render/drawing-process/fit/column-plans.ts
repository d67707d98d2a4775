/**
 * Where each block of columns that items flow through goes, for a number of columns, planned as TRMNL's columns
 * engine plans it from the page laid out with that many columns shown (the blocks all in the first column).
 *
 * In order (`sequentialPlan`): each item goes into the first column, from the current one on, where it fits whole;
 * the header of its group (the last `.label[data-group-header]` before it) goes with the group's first item drawn,
 * and where the group goes on in a later column, the column's repeated header (a plain grey label of the header's
 * text) stands at its top; either is counted in the room of the column it stands in. A header with no item of its
 * group after it in its column is left out, as is a repeated one.
 *
 * A column for each group (`harmoniousPlan`), where there are as many groups as columns: each group's header at its
 * column's top, its items under it; the plan is given up where a header or an item of any group but the last does
 * not fit, the last group's items that do not fit are left out.
 *
 * Then, where items are left out and there is a counter, it goes at the end of the last column, the last items of
 * that column left out until it fits; it counts every item left out (a header is not an item).
 */
import type { MeasuredBox, TreeNode } from '../engine/drawing-engine';
import type { FlowBlock, OverflowColumnsRequest } from '../tree/column-flow';
import { borderRect, contentRect, room, SLACK, type FitPage, type Rect } from './page-boxes';

/** How many columns are shown, each block's column (-1: left out), each column's repeated header, the counter. */
export interface ColumnsDecision {
  count: number;
  columnOf: number[];
  /** For each column, the index of the header repeated at its top, or -1. */
  repeats: number[];
  /** The counter's number, -1 where there is no counter. */
  counter: number;
}

export interface Plan extends ColumnsDecision {
  /** Items shown, as TRMNL weighs plans (for a plan of a column for each group, before the counter's room). */
  visible: number;
  hidden: number;
}

export type Boxes = Map<TreeNode, MeasuredBox>;

/** An item of the flow, the dividers and headers just before it, and its group's header (indices into the blocks). */
interface Entry {
  item: number;
  before: number[];
  header: number;
}

function entriesOf(blocks: readonly FlowBlock[]): Entry[] {
  const entries: Entry[] = [];
  let before: number[] = [];
  let header = -1;
  blocks.forEach((block, index) => {
    if (block.part === 'header') header = index;
    if (block.part !== 'item') {
      before.push(index);
      return;
    }
    entries.push({ item: index, before, header });
    before = [];
  });
  return entries;
}

/** An entry placed: its column, and that column's end before it. */
interface Placed {
  entry: number;
  column: number;
  end: number | undefined;
}

/** The page's measures a plan is made from. */
interface Layout {
  request: OverflowColumnsRequest;
  entries: Entry[];
  columnOf: number[];
  rectOf: (index: number) => Rect | undefined;
  bottom: number;
  columnTop: number;
  flowTop: number;
  /** What a header adds above the item under it: its height and the space to its next block. */
  headerSpan: (header: number) => number;
  /** What the repeated header at the top of a column adds above the item under it. */
  repeatSpan: (column: number) => number;
  counterRect: Rect | undefined;
}

function layoutOf(request: OverflowColumnsRequest, boxes: Boxes, page: FitPage): Layout | undefined {
  const { blocks } = request;
  const firstColumn = boxes.get(request.columns[0]);
  if (!firstColumn || !boxes.has(request.node)) return undefined;
  const rectOf = (index: number): Rect | undefined => {
    const box = boxes.get(blocks[index].node);
    return box && borderRect(box);
  };
  const columnTop = (contentRect(request.columns[0], firstColumn) ?? borderRect(firstColumn)).top;
  const gapAfter = (index: number): number => {
    const rect = rectOf(index);
    const next = index + 1 < blocks.length ? rectOf(index + 1) : undefined;
    return rect && next ? Math.max(0, next.top - rect.bottom) : 0;
  };
  const counterBox = request.counter && boxes.get(request.counter.node);
  const headerGap = blocks.findIndex((block, index) => block.part === 'header' && index + 1 < blocks.length);
  return {
    request,
    entries: entriesOf(blocks),
    columnOf: blocks.map(() => -1),
    rectOf,
    bottom: room([...request.path, request.node], boxes, page).bottom + SLACK,
    columnTop,
    flowTop: blocks.map((_, index) => rectOf(index)?.top).find((top) => top !== undefined) ?? columnTop,
    headerSpan: (header) => {
      const rect = rectOf(header);
      return rect ? rect.bottom - rect.top + gapAfter(header) : 0;
    },
    repeatSpan: (column) => {
      const box = boxes.get(request.repeats[column]?.node as TreeNode);
      const gap = headerGap >= 0 ? gapAfter(headerGap) : 0;
      return box ? box.height + gap : 0;
    },
    counterRect: counterBox ? borderRect(counterBox) : undefined,
  };
}

/** Where nothing is laid out (inside something not shown): every block stays in the first column. */
function unplanned(request: OverflowColumnsRequest): Plan {
  const entries = entriesOf(request.blocks);
  const columnOf = request.blocks.map(() => -1);
  for (const entry of entries) [entry.item, ...entry.before].forEach((index) => (columnOf[index] = 0));
  return {
    count: 1,
    columnOf,
    repeats: [],
    counter: -1,
    visible: entries.length,
    hidden: 0,
  };
}

/** The items in order, each into the first column from the current one on where it fits with its header. */
export function sequentialPlan(request: OverflowColumnsRequest, count: number, boxes: Boxes, page: FitPage): Plan {
  const layout = layoutOf(request, boxes, page);
  if (!layout) return unplanned(request);
  const { blocks } = request;
  const { entries, columnOf, rectOf, bottom } = layout;
  const startOf = (column: number): number => (column === 0 ? layout.flowTop : layout.columnTop);
  const ends: (number | undefined)[] = Array.from({ length: count }, () => undefined);
  const headed = Array.from({ length: count }, () => new Set<number>());
  const placed: Placed[] = [];
  let current = 0;
  let lastBottom: number | undefined;
  entries.forEach((entry, at) => {
    const rect = rectOf(entry.item) ?? { top: lastBottom ?? layout.flowTop, bottom: lastBottom ?? layout.flowTop };
    for (let column = current; column < count; column++) {
      const last = ends[column];
      const fresh = last === undefined;
      const needsHeader = entry.header >= 0 && !headed[column].has(entry.header);
      const opening = needsHeader && columnOf[entry.header] < 0;
      const adjacent = opening && entry.before.includes(entry.header);
      const headerTop = adjacent ? (rectOf(entry.header)?.top ?? rect.top) : rect.top;
      const span = !needsHeader || adjacent ? 0 : opening ? layout.headerSpan(entry.header) : layout.repeatSpan(column);
      const end = fresh
        ? startOf(column) + span + rect.bottom - headerTop
        : last + span + rect.bottom - (lastBottom ?? rect.top);
      if (end > bottom) continue;
      const follows = !fresh && placed[placed.length - 1]?.entry === at - 1;
      for (const index of entry.before) if (blocks[index].part === 'divider' && follows) columnOf[index] = column;
      if (opening) columnOf[entry.header] = column;
      if (needsHeader) headed[column].add(entry.header);
      columnOf[entry.item] = column;
      placed.push({ entry: at, column, end: last });
      ends[column] = end;
      current = column;
      break;
    }
    lastBottom = rect.bottom;
  });
  return finished(layout, count, ends, placed, placed.length);
}

/** Each group in its own column, `count` the number of groups; undefined where a group but the last does not fit. */
export function harmoniousPlan(
  request: OverflowColumnsRequest,
  count: number,
  boxes: Boxes,
  page: FitPage,
): Plan | undefined {
  const layout = layoutOf(request, boxes, page);
  if (!layout) return undefined;
  const { entries, columnOf, rectOf, bottom, columnTop } = layout;
  const headers = request.blocks.flatMap((block, index) => (block.part === 'header' ? [index] : []));
  const ends: (number | undefined)[] = Array.from({ length: count }, () => undefined);
  const lastBottoms: (number | undefined)[] = Array.from({ length: count }, () => undefined);
  for (const [column, header] of headers.entries()) {
    const rect = rectOf(header);
    const end = columnTop + (rect ? rect.bottom - rect.top : 0);
    lastBottoms[column] = rect?.bottom;
    if (end > bottom) {
      if (column < count - 1) return undefined;
      continue;
    }
    columnOf[header] = column;
    ends[column] = end;
  }
  const placed: Placed[] = [];
  for (const [at, entry] of entries.entries()) {
    const column = headers.indexOf(entry.header);
    const rect = rectOf(entry.item);
    // An item before the first header belongs to no column: it is left out.
    if (column >= 0 && rect) {
      const last = ends[column];
      const above = lastBottoms[column] ?? rect.top;
      const end = last === undefined ? columnTop + rect.bottom - rect.top : last + rect.bottom - above;
      if (end <= bottom) {
        const follows = placed[placed.length - 1]?.entry === at - 1 && placed[placed.length - 1]?.column === column;
        for (const index of entry.before)
          if (request.blocks[index].part === 'divider' && follows) columnOf[index] = column;
        columnOf[entry.item] = column;
        placed.push({ entry: at, column, end: last });
        ends[column] = end;
      } else if (column < count - 1) return undefined;
      lastBottoms[column] = rect.bottom;
    }
  }
  return finished(layout, count, ends, placed, placed.length);
}

/** The counter made room for in the last column, the headers settled; `visible` as the plan is weighed. */
function finished(
  layout: Layout,
  count: number,
  ends: (number | undefined)[],
  placed: Placed[],
  visible: number,
): Plan {
  const { request, entries, columnOf, rectOf, bottom } = layout;
  let counter = -1;
  if (request.counter && placed.length < entries.length) {
    const counterRect = layout.counterRect ?? { top: 0, bottom: 0 };
    const lastColumn = count - 1;
    // As built, the counter follows the last block: what it adds below an item is its gap and its height.
    const blockAbove = request.blocks
      .map((_, index) => rectOf(index)?.bottom)
      .reverse()
      .find((blockBottom) => blockBottom !== undefined);
    const counterEnd = (): number => {
      const last = ends[lastColumn];
      if (last === undefined) return layout.columnTop + counterRect.bottom - counterRect.top;
      return last + counterRect.bottom - (blockAbove ?? counterRect.top);
    };
    while (counterEnd() > bottom && placed[placed.length - 1]?.column === lastColumn) {
      const dropped = placed.pop() as Placed;
      const entry = entries[dropped.entry];
      for (const index of [entry.item, ...entry.before])
        if (request.blocks[index].part !== 'header') columnOf[index] = -1;
      ends[lastColumn] = dropped.end;
    }
    if (counterEnd() <= bottom) counter = entries.length - placed.length;
  }
  const repeats = settledHeaders(request.blocks, entries, columnOf, count);
  return { count, columnOf, repeats, counter, visible, hidden: entries.length - visible };
}

/**
 * A header with no item of its group after it in its column left out; where a group's items go on in a later
 * column than its header's, that column's repeated header is the group's. Returns each column's repeated header.
 */
function settledHeaders(blocks: readonly FlowBlock[], entries: Entry[], columnOf: number[], count: number): number[] {
  const repeats = Array.from({ length: count }, () => -1);
  blocks.forEach((block, index) => {
    if (block.part !== 'header' || columnOf[index] < 0) return;
    const column = columnOf[index];
    if (!entries.some((entry) => entry.header === index && columnOf[entry.item] === column)) columnOf[index] = -1;
  });
  for (const entry of entries) {
    const column = columnOf[entry.item];
    if (column <= 0 || entry.header < 0 || columnOf[entry.header] === column || repeats[column] >= 0) continue;
    const firstInColumn = entries.find((other) => columnOf[other.item] === column);
    if (firstInColumn === entry) repeats[column] = entry.header;
  }
  return repeats;
}
