/**
 * The measured part of text that fits (../tree/fit-attributes): the page is laid out once without drawing
 * (Takumi's `measure`), which gives every box and every line of text, then:
 *
 * - an element whose wrapping text runs out of its room (its own box, each box around it, the page) gets the
 *   largest whole font size, down to its smallest, at which its lines fit: each size tried is measured alone,
 *   the element's text in a box of its width (a fraction of the page's cost). Where even the smallest does not
 *   fit, its text is cut after the lines that fit, the last ending in "…", and the page is told (./fit-text).
 * - an element whose text lies in elements of its own (boxes, pictures beside it) is laid out as the page lays it
 *   out, the whole page measured at each size tried, until every line of every box in it fits its room; where even
 *   its smallest does not, its box ends after the lines that fit (no "…"), and the page is told. `data-clamp` on it
 *   cuts it after its lines the same way (./fit-boxes).
 * - an element whose line of text (it does not wrap) Takumi shrinks, but which is still wider than its room at its
 *   smallest size, ends in "…" as Takumi draws it, and the page is told (./fit-text).
 * - a formatted number (`data-number-format`) is written in the first of its texts that fits its parent's room,
 *   whole or shorter (12.3k), before the texts are fitted, so that `data-fit` shrinks the text chosen
 *   (./number-format).
 * - a container with `data-overflow` keeps the children that lie wholly inside its room, then its overflow line
 *   with how many were left out, in the place of the first one left out (one fewer kept when the line itself
 *   would not fit there; ./overflow).
 * - items that flow through columns (a TRMNL recipe's `.columns`) go through as many columns as show the most of
 *   them, each keeping what fits, the page laid out again for each number of columns tried (./overflow-columns).
 *
 * Each text's size is searched from an estimate (./largest-fitting); what was decided is applied to the tree and
 * kept, to draw the next page of the same shape early (./decisions).
 */
import type { DrawingEngine } from '../engine/drawing-engine';
import type { PageTree } from '../tree/tree-types';
import { applyFit, type FitDecisions } from './decisions';
import { fitBoxes } from './fit-boxes';
import { checkLine, fitText } from './fit-text';
import { formatNumbers } from './number-format';
import { applyOverflow, keepWhatFits } from './overflow';
import { applyColumns, flowColumns } from './overflow-columns';
import { measurePage, type FitPage } from './page-boxes';

/** Fits the page's texts and overflows, each decided from the page laid out once, and says what it decided. */
export async function fitLayout(engine: DrawingEngine, tree: PageTree, page: FitPage): Promise<FitDecisions> {
  let boxes = await measurePage(engine, tree, page);
  // A number written shorter changes the page: laid out again, before the texts are fitted.
  const numbers = await formatNumbers(engine, tree.numbers, boxes);
  if (numbers.changed) boxes = await measurePage(engine, tree, page);
  for (const request of tree.lineFits) checkLine(request, boxes, page);
  const decisions: FitDecisions = { fits: [], overflows: [], overflowColumns: [], numbers: numbers.chosen };
  // One after another: a text's size is decided with the sizes decided before it applied.
  for (const request of tree.fits) {
    const decision = request.boxes
      ? await fitBoxes(engine, tree, request, boxes, page)
      : await fitText(engine, request, boxes, page);
    applyFit(request, decision);
    decisions.fits.push(decision);
  }
  for (const request of tree.overflows) {
    const kept = keepWhatFits(request, boxes, page);
    applyOverflow(request, kept);
    decisions.overflows.push(kept);
  }
  for (const request of tree.overflowColumns) {
    const decision = await flowColumns(engine, tree, request, boxes, page);
    applyColumns(request, decision);
    decisions.overflowColumns.push(decision);
  }
  return decisions;
}
