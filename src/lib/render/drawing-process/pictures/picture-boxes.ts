/**
 * The box each picture we draw (QR code, chart, dithered picture) is drawn in, in whole pixels: its content
 * box. Where the img's own CSS gives its size in px (both sides, or one and the picture's proportions), that
 * size less its padding and border. Otherwise the page is laid out once without drawing (Takumi's
 * `measure`) and the img's box read from the laid-out tree, which is matched to ours by the way Takumi
 * builds it: blocks and flex or grid items are boxes of their own; inline elements are not, but a picture
 * or inline block inside them is a box of the block that holds the line.
 */
import { templateError } from '../html/html';
import { boxEdges } from '../css/box-edges';
import { cssPx } from '../css/lengths';
import { displayOf } from '../css/presets';
import type { ContainerNode, DrawingEngine, MeasuredBox, TreeNode } from '../engine/drawing-engine';
import type { PagePicture } from './image-slots';

export interface Size {
  width: number;
  height: number;
}

/** Where a picture is drawn: its content box in whole pixels, and the border box layout found, if it did. */
export interface PictureBox extends Size {
  laidOut?: Size;
}

/** Declarations that may give an img another size than its width and height say. */
const SIZE_CHANGING = [
  'minWidth',
  'maxWidth',
  'minHeight',
  'maxHeight',
  'aspectRatio',
  'boxSizing',
  'flex',
  'flexGrow',
  'flexShrink',
  'flexBasis',
  'alignSelf',
  'justifySelf',
  'inset',
];

/** The border box the img's declarations give it, without layout; undefined when layout decides. */
function givenSize(picture: PagePicture): Size | undefined {
  const style = picture.node.style ?? {};
  if (SIZE_CHANGING.some((property) => style[property] !== undefined)) return undefined;
  // A bare number is taken as px here, as it always was for a picture's size.
  const width = cssPx(style.width, 'any');
  const height = cssPx(style.height, 'any');
  const [naturalWidth, naturalHeight] = picture.natural ?? [0, 0];
  if (width !== undefined && height !== undefined) return { width, height };
  if (naturalWidth <= 0 || naturalHeight <= 0) return undefined;
  if (width !== undefined) return { width, height: (width * naturalHeight) / naturalWidth };
  if (height !== undefined) return { width: (height * naturalWidth) / naturalHeight, height };
  return undefined;
}

/** The content box of a border box, rounded to whole pixels; undefined when padding or border is not in px. */
function contentBox(picture: PagePicture, border: Size): Size {
  const edges = boxEdges(picture.node.style ?? {});
  if (!edges) {
    throw templateError(picture.place, 'give the padding and border of this picture in px, so its box is known');
  }
  return {
    width: Math.max(0, Math.round(border.width - edges.left - edges.right)),
    height: Math.max(0, Math.round(border.height - edges.top - edges.bottom)),
  };
}

/** The content box of every picture, in the order given. */
export async function pictureBoxes(
  engine: DrawingEngine,
  root: ContainerNode,
  pictures: readonly PagePicture[],
  page: { width: number; height: number },
): Promise<PictureBox[]> {
  const given = pictures.map(givenSize);
  let measured: Map<TreeNode, MeasuredBox> | undefined;
  if (given.some((size) => size === undefined)) {
    const laidOut = await engine.measure(root, page.width, page.height);
    measured = layoutBoxes(root, laidOut);
  }
  return pictures.map((picture, i) => {
    const size = given[i];
    if (size) return contentBox(picture, size);
    const box = measured?.get(picture.node);
    if (!box) {
      throw templateError(
        picture.place,
        'the size of this picture could not be found: give the img a width and a height in px',
      );
    }
    return { ...contentBox(picture, box), laidOut: { width: box.width, height: box.height } };
  });
}

function isOutOfFlow(node: TreeNode): boolean {
  return /^(absolute|fixed)$/i.test(node.style?.position ?? '');
}

/** Text of white space only (not a no-break space): no box of its own. */
function isBlankText(node: TreeNode): boolean {
  return node.type === 'text' && /^[ \t\n\r\f]*$/.test(node.text);
}

const ITEM_CONTAINERS = new Set(['flex', 'grid', 'inline-flex', 'inline-grid', '-webkit-box', '-webkit-flex']);
const ATOMIC_INLINE = new Set(['inline-block', 'inline-flex', 'inline-grid', 'inline-table']);

function isInlineLevel(node: TreeNode): boolean {
  if (node.type === 'text') return true;
  if (isOutOfFlow(node)) return false;
  const display = displayOf(node);
  return display === 'inline' || ATOMIC_INLINE.has(display);
}

/** A box of the laid-out tree stands for one of our nodes, or for a run of inline content. */
type Entry = { node: TreeNode } | { line: TreeNode[] };

/** The boxes Takumi makes inside a line of inline content: pictures and inline blocks, inline elements opened. */
function lineEntries(nodes: readonly TreeNode[]): Entry[] {
  const out: Entry[] = [];
  for (const node of nodes) {
    if (node.type === 'text') continue;
    if (node.type === 'container' && displayOf(node) === 'inline' && !isOutOfFlow(node)) {
      out.push(...lineEntries(node.children ?? []));
    } else {
      out.push({ node });
    }
  }
  return out;
}

/** The boxes of a container's laid-out children, in Takumi's order; undefined where that is not known. */
function entriesOf(container: ContainerNode): Entry[] | undefined {
  const display = displayOf(container);
  const children = (container.children ?? []).filter((child) => !isBlankText(child));
  if (ITEM_CONTAINERS.has(display)) return children.map((node) => ({ node }));
  if (ATOMIC_INLINE.has(display) || display === 'none' || display.startsWith('table')) return undefined;
  if (display === 'list-item') return undefined;
  if (children.every(isInlineLevel)) return lineEntries(children);
  // Blocks among inline content: each run of inline content is a box of its own.
  const out: Entry[] = [];
  let line: TreeNode[] = [];
  for (const node of children) {
    if (isInlineLevel(node)) {
      line.push(node);
      continue;
    }
    if (line.length > 0) out.push({ line });
    line = [];
    out.push({ node });
  }
  if (line.length > 0) out.push({ line });
  return out;
}

/**
 * Our nodes (the page, its containers and images) and the laid-out boxes that stand for them, where the two
 * trees could be matched. A box's `transform` places its border box on the page; its text runs are placed
 * from its content box.
 */
export function layoutBoxes(root: ContainerNode, laidOut: MeasuredBox): Map<TreeNode, MeasuredBox> {
  const found = new Map<TreeNode, MeasuredBox>([[root, laidOut]]);
  const walk = (entries: Entry[] | undefined, box: MeasuredBox): void => {
    if (!entries || entries.length !== box.children.length) return;
    entries.forEach((entry, i) => {
      const child = box.children[i];
      if ('line' in entry) {
        walk(lineEntries(entry.line), child);
      } else if (entry.node.type !== 'text') {
        found.set(entry.node, child);
        if (entry.node.type === 'container') walk(entriesOf(entry.node), child);
      }
    });
  };
  walk(entriesOf(root), laidOut);
  return found;
}
