/**
 * One page, from filled HTML to PNG bytes: read the HTML (./html/html), hold its size against the page's
 * limits (./page-size, ../shared/budget-checks), build the tree Takumi draws (./tree/page-tree), load the
 * fonts its text needs (./fonts/page-fonts), fit its text where it asks to be fitted (./fit/fit-layout), draw our
 * pictures at the size of their boxes (./pictures/picture-boxes, ./pictures/page-images), draw the page, bring
 * every pixel to the palette by a threshold and write an indexed PNG (./page-png).
 *
 * A declaration Takumi cannot read (`font-size: huge`, `display: contents`) is left out, as a browser leaves it
 * out, and the page drawn without it; the caller is told which and where.
 */
import { DeviceCloudError, invalid } from '../../errors';
import { PALETTES } from '../../images/palette';
import { checkPageSize, type PageSize } from '../shared/budget-checks';
import type { DrawingEngine } from './engine/drawing-engine';
import { pageTree } from './tree/page-tree';
import type { PageTree } from './tree/tree-types';
import { fittedCopy, sameDecisions, type FitDecisions } from './fit/decisions';
import { fitLayout } from './fit/fit-layout';
import { characterName, PageFonts } from './fonts/page-fonts';
import { parseHtml, type HtmlNode } from './html/html';
import { recipePage } from './recipe/recipe-page';
import type { TemplateMap } from '../shared/source-map';
import type { PageOptions } from '../shared/page-options';
import { pageSize } from './page-size';
import { pictureBoxes } from './pictures/picture-boxes';
import { drawPictures } from './pictures/page-images';
import { pagePng } from './page-png';

export interface DrawOptions extends PageOptions {
  /** Where the HTML was written in its template (without it, the HTML is its own template). */
  map?: TemplateMap;
  signal?: AbortSignal;
  /** Told of each declaration left out, with the place of its element. */
  warn?: (text: string) => void;
  /** Told the page's size once its HTML is read and found within the limits, before it is drawn. */
  measured?: (size: PageSize) => void;
}

/** Takumi's words for a value it cannot read: `invalid value for fontSize, line 1, column 1 near "huge"`. */
const UNREADABLE = /invalid value for ([\w-]+)\b.*?near "((?:[^"\\]|\\.)*)"/s;
/** More than this many unreadable declarations in one page is a page not worth guessing at. */
const MAX_LEFT_OUT = 100;
/** Characters without a glyph named one by one in a page's warnings; the rest are counted. */
const MAX_MISSING_NAMED = 10;

function kebab(property: string): string {
  return property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** Leaves out the first declaration Takumi named, and every other one alike; false when none is found. */
function leaveOut(tree: PageTree, failure: string, options: DrawOptions): boolean {
  const found = UNREADABLE.exec(failure);
  if (!found) return false;
  const [, property, near] = found;
  const token = near.replace(/\\(.)/g, '$1');
  const first = tree.styled.find(({ node }) => node.style?.[property]?.includes(token));
  const value = first?.node.style?.[property];
  if (!first || value === undefined) return false;
  for (const { node } of tree.styled) {
    if (node.style?.[property] === value) delete node.style[property];
  }
  tree.leftOut++;
  const { line, column } = first.place;
  options.warn?.(`template: line ${line}, column ${column}: ${kebab(property)}: ${value} cannot be drawn; left out`);
  return true;
}

function failureText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `work` done on the tree, again without each declaration Takumi cannot read. */
async function withReadableStyles<T>(tree: PageTree, options: DrawOptions, work: () => Promise<T>): Promise<T> {
  for (let leftOut = 0; ; leftOut++) {
    try {
      return await work();
    } catch (error) {
      options.signal?.throwIfAborted();
      if (error instanceof DeviceCloudError) throw error;
      if (leftOut < MAX_LEFT_OUT && leaveOut(tree, failureText(error), options)) continue;
      throw invalid('template', `cannot be drawn: ${failureText(error).split('\n')[0].slice(0, 300)}`);
    }
  }
}

export async function drawPage(engine: DrawingEngine, html: string, options: DrawOptions): Promise<Buffer> {
  const { width, height, signal } = options;
  const palette = PALETTES[options.colors];
  const nodes = readPage(html, options);
  const size = pageSize(nodes);
  checkPageSize(size);
  options.measured?.(size);
  const fonts = new PageFonts(options.fonts);
  const tree = pageTree(nodes, {
    width,
    height,
    rules: options.layoutRules,
    ditherPictures: options.dither !== 'none',
    fonts,
  });
  for (const note of tree.notes) options.warn?.(note);
  const needs = fonts.needs(tree.texts);
  await engine.addFaces(needs.faces);
  warnMissing(needs.missing, options);
  let drawn: Promise<Uint8Array> | undefined;
  if (
    tree.fits.length > 0 ||
    tree.lineFits.length > 0 ||
    tree.overflows.length > 0 ||
    tree.overflowColumns.length > 0 ||
    tree.numbers.length > 0
  ) {
    const shape = pageShape(tree, options);
    const drawsEarly = engine.kind === 'native' && tree.pictures.length === 0 && width * height <= EARLY_DRAWING_PIXELS;
    const guess = drawsEarly ? steadyFit(shape) : undefined;
    // Where the last pages of its shape were fitted alike, the page as they were fitted is drawn while this one is
    // laid out, on another of the engine's threads: where this one is fitted alike too, that is its picture, and
    // it took one step, not two. (Our pictures are drawn at the size layout gives them, so not beside it.)
    const early = guess && engine.pixels(fittedCopy(tree, guess), width, height);
    early?.catch(() => undefined);
    const leftOutBefore = tree.leftOut;
    const decisions = await withReadableStyles(tree, options, () =>
      fitLayout(engine, tree, {
        width,
        height,
        ...(options.warn ? { warn: options.warn } : {}),
      }),
    );
    remember(shape, decisions);
    if (early && guess && tree.leftOut === leftOutBefore && sameDecisions(decisions, guess)) drawn = early;
  }
  if (tree.pictures.length > 0) {
    await withReadableStyles(tree, options, async () => {
      const boxes = await pictureBoxes(engine, tree.root, tree.pictures, { width, height });
      await drawPictures(engine, tree.pictures, boxes, { palette, dither: options.dither });
    });
  }
  const rgba = await withReadableStyles(tree, options, async () => {
    const early = drawn;
    drawn = undefined;
    return (early && (await early.catch(() => undefined))) ?? engine.pixels(tree.root, width, height);
  });
  signal?.throwIfAborted();
  return pagePng(rgba, width, height, palette);
}

/** The page's HTML read: a template's strictly, a TRMNL recipe's as a browser reads it (../recipe/recipe-page). */
function readPage(html: string, options: DrawOptions): HtmlNode[] {
  if (!options.recipe) return parseHtml(html, options.map);
  const page = recipePage(html, options.width, options.height);
  for (const warning of page.warnings) options.warn?.(warning);
  return page.nodes;
}

/**
 * Pages drawn early at most this large: every e-ink panel (a 13.3-inch one is 1600 x 1200), while the second
 * drawing's pixels (16 MB here) stay a small part of the page's memory budget.
 */
const EARLY_DRAWING_PIXELS = 4_000_000;

/** The fitting decided for the last page of each shape, and whether the page before it was fitted alike. */
const lastDecisions = new Map<string, { decisions: FitDecisions; steady: boolean }>();
const MAX_SHAPES = 64;

/** How the last pages of a shape were fitted, where the last two were fitted alike. */
function steadyFit(shape: string): FitDecisions | undefined {
  const last = lastDecisions.get(shape);
  return last?.steady ? last.decisions : undefined;
}

/** What tells pages of one template apart from others: the size, and where the template asks for fitting. */
function pageShape(tree: PageTree, options: DrawOptions): string {
  const places = [...tree.fits, ...tree.overflows, ...tree.overflowColumns, ...tree.numbers].map(
    ({ place }) => `${place.line}:${place.column}`,
  );
  return `${options.width}x${options.height} ${options.layoutRules} ${places.join(' ')}`;
}

function remember(shape: string, decisions: FitDecisions): void {
  const last = lastDecisions.get(shape);
  lastDecisions.delete(shape);
  if (lastDecisions.size >= MAX_SHAPES) lastDecisions.delete(lastDecisions.keys().next().value as string);
  lastDecisions.set(shape, { decisions, steady: last !== undefined && sameDecisions(last.decisions, decisions) });
}

/** Each character no font of its text has, by code point and place: it would be drawn as an empty box. */
function warnMissing(
  missing: { character: string; place: { line: number; column: number } }[],
  options: DrawOptions,
): void {
  for (const { character, place } of missing.slice(0, MAX_MISSING_NAMED)) {
    options.warn?.(
      `template: line ${place.line}, column ${place.column}: ${characterName(character)} is in none of the page's fonts`,
    );
  }
  if (missing.length > MAX_MISSING_NAMED) {
    options.warn?.(`template: ${missing.length - MAX_MISSING_NAMED} more characters are in none of the page's fonts`);
  }
}
