/**
 * A formatted number (../tree/number-request) written in the first of its texts that fits, as TRMNL's script
 * chooses it: the element's text on one line, from its padding's left to its padding's right, must fit its parent's
 * room (the parent's box within its border: a browser's `clientWidth`); the whole number first, then 1.23M, 1.2M,
 * 1M; where none fits, the last. The room is read from the page laid out; the texts are measured alone, all of the
 * page's at once, each on a line of its own at the element's font size as written (before any `data-fit` shrinks
 * it), which costs a fraction of laying out the page for each text.
 */
import { boxEdges } from '../css/box-edges';
import { textDeclarations } from '../css/text-style';
import type { ContainerNode, Declarations, DrawingEngine, MeasuredBox, TreeNode } from '../engine/drawing-engine';
import type { NumberFormatRequest } from '../tree/number-request';
import { SLACK } from './page-boxes';

/** The probe's lines are this wide, and each this many times its font size tall: none is cut or wrapped. */
const PROBE_WIDTH = 4096;
const PROBE_LINE = 3;

/** The declarations of `style` whose names match `only`, for the edges of those alone. */
function only(style: Declarations, names: RegExp): Declarations {
  return Object.fromEntries(Object.entries(style).filter(([name]) => names.test(name)));
}

function horizontal(node: TreeNode, names: RegExp): number | undefined {
  const edges = boxEdges(only({ ...node.preset, ...node.style }, names));
  return edges && edges.left + edges.right;
}

/** How wide a line of text the element may hold: its parent's room, less its own padding. */
function roomFor(request: NumberFormatRequest, boxes: Map<TreeNode, MeasuredBox>): number | undefined {
  const parentBox = boxes.get(request.parent);
  const border = horizontal(request.parent, /^border/);
  const padding = horizontal(request.node, /^padding/);
  if (!parentBox || !boxes.has(request.node) || border === undefined || padding === undefined) return undefined;
  return parentBox.width - border - padding;
}

/** Each text of each request on a line of its own, with the declarations the element's text takes. */
function probeLines(requests: readonly NumberFormatRequest[]): ContainerNode[] {
  return requests.flatMap((request) => {
    const style: Declarations = {
      display: 'block',
      ...textDeclarations(...request.lineage.flatMap((node) => [node.preset, node.style])),
      whiteSpace: 'nowrap',
      textAlign: 'left',
      textIndent: '0px',
    };
    if (request.size !== undefined) style.fontSize = `${request.size}px`;
    return request.texts.map((text): ContainerNode => ({
      type: 'container',
      style,
      children: [{ type: 'text', text }],
    }));
  });
}

function lineWidth(box: MeasuredBox | undefined): number {
  if (!box || box.runs.length === 0) return 0;
  const left = Math.min(...box.runs.map((run) => run.x));
  return Math.max(...box.runs.map((run) => run.x + run.width)) - left;
}

/**
 * Which text each formatted number is written in (its index in its texts, 0: whole), each written so; whether any
 * text changed from what the page was laid out with.
 */
export async function formatNumbers(
  engine: DrawingEngine,
  requests: readonly NumberFormatRequest[],
  boxes: Map<TreeNode, MeasuredBox>,
): Promise<{ chosen: number[]; changed: boolean }> {
  if (requests.length === 0) return { chosen: [], changed: false };
  const lines = probeLines(requests);
  const root: ContainerNode = {
    type: 'container',
    style: { display: 'block', width: `${PROBE_WIDTH}px` },
    children: lines,
  };
  const height = requests.reduce((sum, { size, texts }) => sum + PROBE_LINE * (size ?? 64) * texts.length, 0);
  const measured = await engine.measure(root, PROBE_WIDTH, Math.ceil(height));
  let at = 0;
  let changed = false;
  const chosen = requests.map((request) => {
    const widths = request.texts.map((_, i) => lineWidth(measured.children[at + i]));
    at += request.texts.length;
    const room = roomFor(request, boxes);
    const fits = widths.findIndex((width) => room === undefined || width <= room + SLACK);
    const index = fits === -1 ? request.texts.length - 1 : fits;
    changed ||= applyNumber(request, index);
    return index;
  });
  return { chosen, changed };
}

/** The number written in its text `index`; whether its text changed. */
export function applyNumber(request: NumberFormatRequest, index: number): boolean {
  const text = request.texts[index] ?? request.texts[0];
  if (request.text.text === text) return false;
  request.text.text = text;
  return true;
}
