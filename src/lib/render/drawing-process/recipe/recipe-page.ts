/**
 * A TRMNL recipe's page (filled and wrapped by ../../../trmnl) made into the tree the page renderer draws, as a
 * browser with TRMNL's framework would show it: its HTML read as a browser reads it (../html/html), its own
 * `<style>` sheets and the framework's CSS for the classes it uses (../../../trmnl/framework, made for the screen
 * its `.screen` element describes) applied by the cascade (../css/cascade); multi-column layout as a row of
 * columns (./multi-column); what the framework's script does done here (./framework-behaviours), its lists that
 * flow over several columns made ready before the cascade, so that what they add is styled (./overflow-columns); what
 * the engine cannot draw made harmless (./page-guards). Nothing of it fails the page: what is left out is a warning.
 */
import { frameworkCss, readScreen } from '../../../trmnl/framework';
import { applyCascade } from '../css/cascade';
import { readStyleSheets } from '../css/style-sheet';
import { parseBrowserHtml, type HtmlElement, type HtmlNode } from '../html/html';
import { frameworkBehaviours } from './framework-behaviours';
import { multiColumns } from './multi-column';
import { overflowColumns, screenContext } from './overflow-columns';
import { guardPage } from './page-guards';
import { classesOf } from '../html/classes';

export interface RecipePage {
  nodes: HtmlNode[];
  warnings: string[];
}

/** Elements a page shows nothing of. */
const SKIPPED = new Set(['link', 'meta', 'base', 'head']);

/**
 * A part view (a half, a quadrant) drawn on a page of its own is its cell of a mashup: the framework's screen is
 * as many pages wide and high as the mashup has cells, and the page shows its first cell, as TRMNL shows it.
 */
const MASHUP_CELLS: readonly [string, number, number][] = [
  ['mashup--1Tx1B', 1, 2],
  ['mashup--1Lx1R', 2, 1],
  ['mashup--2x2', 2, 2],
];

function* elements(nodes: readonly HtmlNode[]): Generator<HtmlElement> {
  for (const node of nodes) {
    if (node.kind !== 'element') continue;
    yield node;
    yield* elements(node.children);
  }
}

export function recipePage(html: string, width: number, height: number): RecipePage {
  const sheets: string[] = [];
  const nodes = parseBrowserHtml(html, {
    skipped: (name) => SKIPPED.has(name),
    rawText: (name, text) => {
      if (name === 'style') sheets.push(text);
    },
  });
  let screen: HtmlElement | undefined;
  for (const element of elements(nodes)) {
    if (classesOf(element).includes('screen')) {
      screen = element;
      break;
    }
  }
  const screenClasses = screen ? classesOf(screen) : [];
  overflowColumns(nodes, screenContext(screenClasses));
  const classes = new Set<string>();
  const tags = new Set<string>();
  for (const element of elements(nodes)) {
    tags.add(element.name);
    for (const name of classesOf(element)) classes.add(name);
  }
  const [, across, down] = MASHUP_CELLS.find(([name]) => classes.has(name)) ?? ['', 1, 1];
  const framework = frameworkCss({ classes, tags }, readScreen(width * across, height * down, screenClasses));
  const rules = readStyleSheets([framework.css, ...sheets], { width: width * across, height: height * down });
  const warnings = applyCascade(rules, nodes).warnings;
  multiColumns(nodes);
  warnings.push(...frameworkBehaviours(nodes));
  warnings.push(...guardPage(nodes));
  return { nodes, warnings };
}
