/**
 * Columns that items flow through (the parts a reshaped page marks, ../html/html `FlowPart`), gathered as the tree is
 * built into a request that fitting decides once the page is laid out (../fit/overflow-columns).
 *
 * As built, the page is laid out as fitting first measures it: every block in the first column, under the column's
 * other children, then the counter; each other column holds only its repeated group header (where the list has
 * groups); the first column only shown (all of them where their number is fixed). Each
 * column starts its blocks at its top however it places them (`justify-content`), so that a block is measured where
 * it lies; blocks are never squeezed into the room (kept whole or left out).
 */
import type { ContainerNode, TextNode, TreeNode } from '../engine/drawing-engine';
import type { HtmlElement, SourcePlace } from '../html/html';
import { keepWhole } from './fit-attributes';

/** A block of the flow: an item, or a divider or group header before the next item. */
export interface FlowBlock {
  node: TreeNode;
  part: 'item' | 'divider' | 'header';
}

/** The declarations of a column that measuring changes, as built. */
export interface ColumnLook {
  display: string | undefined;
  justifyContent: string | undefined;
}

export interface OverflowColumnsRequest {
  node: ContainerNode;
  place: SourcePlace;
  /** Its ancestors, the page first. */
  path: readonly ContainerNode[];
  /** Its columns, the first holding every block as built. */
  columns: ContainerNode[];
  looks: ColumnLook[];
  /** Exactly that many columns (`fixed`), or as many as show the most items, up to that many. */
  fixed: boolean;
  blocks: FlowBlock[];
  /** Each column's repeated group header (none in the first), and its text. */
  repeats: ({ node: TreeNode; text: TextNode | undefined } | undefined)[];
  /** The "and N more" item, and its text with `{n}` in it. */
  counter?: { node: ContainerNode; text: TextNode; template: string };
}

function firstText(node: TreeNode, having: string): TextNode | undefined {
  if (node.type === 'text') return node.text.includes(having) ? node : undefined;
  if (node.type !== 'container') return undefined;
  for (const child of node.children ?? []) {
    const found = firstText(child, having);
    if (found) return found;
  }
  return undefined;
}

/** The flows of a page, each opened at its container and closed once its parts are built. */
export class ColumnFlows {
  private readonly open: OverflowColumnsRequest[] = [];

  constructor(private readonly requests: OverflowColumnsRequest[]) {}

  /** Before the element's children are built. */
  enter(element: HtmlElement, made: ContainerNode, path: readonly ContainerNode[]): void {
    if (element.flow?.part !== 'columns') return;
    this.open.push({
      node: made,
      place: element.place,
      path,
      columns: [],
      looks: [],
      fixed: element.flow.fixed,
      blocks: [],
      repeats: [],
    });
  }

  /** Once the element and its children are built. */
  leave(element: HtmlElement, made: ContainerNode): void {
    const flow = element.flow;
    const request = this.open[this.open.length - 1];
    if (!flow || !request) return;
    if (flow.part === 'columns') {
      this.open.pop();
      if (request.columns.length > 0) this.close(request);
    } else if (flow.part === 'column') {
      request.columns.push(made);
    } else if (flow.part === 'counter') {
      const text = firstText(made, '{n}');
      if (text) request.counter = { node: made, text, template: text.text };
      keepWhole(made);
    } else if (flow.part === 'repeat') {
      // Built at the top of its column, measured there; shown where a group goes on in that column.
      request.repeats[request.columns.length] = { node: made, text: firstText(made, '') };
      keepWhole(made);
    } else {
      request.blocks.push({ node: made, part: flow.part });
      keepWhole(made);
    }
  }

  private close(request: OverflowColumnsRequest): void {
    request.columns.forEach((column, index) => {
      const style = (column.style ??= {});
      request.looks.push({ display: style.display, justifyContent: style.justifyContent });
      style.justifyContent = 'flex-start';
      if (index > 0 && !request.fixed) style.display = 'none';
    });
    this.requests.push(request);
  }
}

/** The column's declarations as built, its blocks placed as it places them, shown or not. */
export function columnLook(column: ContainerNode, look: ColumnLook, shown: boolean): void {
  const style = (column.style ??= {});
  for (const [property, value] of Object.entries(look) as [keyof ColumnLook, string | undefined][]) {
    if (value === undefined) delete style[property];
    else style[property] = value;
  }
  if (!shown) style.display = 'none';
}
