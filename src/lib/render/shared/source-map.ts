/**
 * Where the filled HTML came from in the template, so that an error or a warning about a place of the page names the
 * line and column the author typed: HTML copied from the template points at itself, text a placeholder wrote
 * (`{{payload.title}}`, `{{{payload.html}}}`, `{{payload.temp | number: 1}}`) at the placeholder. The map is made as
 * the template is filled (../node-red-process/template/mapped-writer) and crosses to the drawing process with the HTML.
 */

/** A line and a column (both from 1) of the template, as an editor counts them. */
export interface SourcePlace {
  line: number;
  column: number;
}

export interface TemplateMap {
  /**
   * Three numbers for each stretch of the filled HTML, in order: where it starts in the HTML, where it came from
   * in the template, and 1 when it was copied from there (each character from its own place) or 0 when a
   * placeholder wrote it (every character from the placeholder).
   */
  stretches: Int32Array;
  /** Where each line of the template starts. */
  lineStarts: Int32Array;
}

export function lineStartsOf(text: string): Int32Array {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return Int32Array.from(starts);
}

/** The map of HTML that is its own template (a page not filled from one). */
export function identityMap(html: string): TemplateMap {
  return { stretches: Int32Array.from([0, 0, 1]), lineStarts: lineStartsOf(html) };
}

/** The last index of `sorted` (every `step`-th number from 0) whose number is at most `value`; 0 when none. */
function lastAtMost(sorted: Int32Array, value: number, step = 1): number {
  let low = 0;
  let high = Math.floor((sorted.length - 1) / step);
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (sorted[middle * step] <= value) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The template's place of the character at `index` of the filled HTML. */
export function templatePlace(map: TemplateMap, index: number): SourcePlace {
  const { stretches, lineStarts } = map;
  let source = 0;
  if (stretches.length >= 3) {
    const at = lastAtMost(stretches, index, 3) * 3;
    source = stretches[at + 1] + (stretches[at + 2] === 1 ? Math.max(0, index - stretches[at]) : 0);
  }
  return lineAndColumn(lineStarts, source);
}

/** The line and column of `index` of a text whose lines start at `lineStarts`. */
export function lineAndColumn(lineStarts: Int32Array, index: number): SourcePlace {
  const line = lastAtMost(lineStarts, index);
  return { line: line + 1, column: index - lineStarts[line] + 1 };
}
