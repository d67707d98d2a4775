/**
 * A formatted number (../tree/number-request) written in the first of its texts that fits, as TRMNL's script
 * chooses it: the element's text on one line, from its padding's left to its padding's right, must fit its parent's
 * room (the parent's box within its border: a browser's `clientWidth`); the whole number first, then 1.23M, 1.2M,
 * 1M; where none fits, the last. The room, and mostly the whole number's width, are read from the page laid out;
 * the shorter texts are measured alone, all of the page's at once, each on a line of its own at the element's font
 * size as written (before any `data-fit` shrinks it): a fraction of laying out the page for each text.
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

/** Each request's texts asked for, one a line, in a block with the declarations the element's text takes. */
function probeBlock({ request, texts }: Asked): ContainerNode {
  const style: Declarations = {
    display: 'block',
    ...textDeclarations(...request.lineage.flatMap((node) => [node.preset, node.style])),
    whiteSpace: 'pre',
    textAlign: 'left',
    textIndent: '0px',
  };
  if (request.size !== undefined) style.fontSize = `${request.size}px`;
  return { type: 'container', style, children: [{ type: 'text', text: texts.join('\n') }] };
}

/** How wide each line of a box's text is, from the top (a line may be drawn in several runs: one font each). */
function lineWidths(box: MeasuredBox | undefined): number[] {
  const lines = new Map<number, { left: number; right: number }>();
  for (const run of box?.runs ?? []) {
    const y = Math.round(run.y);
    const line = lines.get(y) ?? { left: Infinity, right: -Infinity };
    lines.set(y, { left: Math.min(line.left, run.x), right: Math.max(line.right, run.x + run.width) });
  }
  return [...lines].sort(([a], [b]) => a - b).map(([, { left, right }]) => right - left);
}

type Asked = { request: NumberFormatRequest; index: number; texts: string[] };

/** The widths of the texts asked for, measured alone in one layout, each number's texts in a block of its own. */
async function measureTexts(engine: DrawingEngine, asked: readonly Asked[]): Promise<number[][]> {
  if (asked.length === 0) return [];
  const root: ContainerNode = {
    type: 'container',
    style: { display: 'block', width: `${PROBE_WIDTH}px` },
    children: asked.map(probeBlock),
  };
  const height = asked.reduce((sum, { request, texts }) => sum + PROBE_LINE * (request.size ?? 64) * texts.length, 0);
  const measured = await engine.measure(root, PROBE_WIDTH, Math.ceil(height));
  return asked.map((_, i) => lineWidths(measured.children[i]));
}

/**
 * Which text each formatted number is written in (its index in its texts, 0: whole), each written so; whether any
 * text changed from what the page was laid out with. The whole number's width is read from the page where its
 * text is laid out at its size as written (not shrunk by Takumi's `text-fit`); the other texts are measured only
 * for a number whose whole text does not fit.
 */
export async function formatNumbers(
  engine: DrawingEngine,
  requests: readonly NumberFormatRequest[],
  boxes: Map<TreeNode, MeasuredBox>,
): Promise<{ chosen: number[]; changed: boolean }> {
  const rooms = requests.map((request) => roomFor(request, boxes));
  const laidOut = requests.map((request) =>
    request.holder.style?.textFit === undefined && request.text.text === request.texts[0]
      ? lineWidths(boxes.get(request.holder))[0]
      : undefined,
  );
  const fits = (width: number, i: number): boolean => width <= (rooms[i] as number) + SLACK;
  const asked = requests.flatMap((request, i): Asked[] => {
    if (rooms[i] === undefined) return [];
    const whole = laidOut[i];
    if (whole !== undefined && fits(whole, i)) return [];
    return [{ request, index: i, texts: whole === undefined ? request.texts : request.texts.slice(1) }];
  });
  const widths = await measureTexts(engine, asked);
  const chosen = requests.map(() => 0);
  asked.forEach(({ request, index, texts }, i) => {
    const first = request.texts.length - texts.length;
    const found = texts.findIndex((_, line) => fits(widths[i][line] ?? 0, index));
    chosen[index] = found === -1 ? request.texts.length - 1 : first + found;
  });
  let changed = false;
  requests.forEach((request, i) => (changed = applyNumber(request, chosen[i]) || changed));
  return { chosen, changed };
}

/** The number written in its text `index`; whether its text changed. */
export function applyNumber(request: NumberFormatRequest, index: number): boolean {
  const text = request.texts[index] ?? request.texts[0];
  if (request.text.text === text) return false;
  request.text.text = text;
  return true;
}
