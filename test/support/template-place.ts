// Where a piece of a template is, as an editor counts it: the place a render error or warning must name.

/** `line L, column C` (both from 1) of the `occurrence`-th `marker` in `template`. */
export function placeOf(template: string, marker: string, occurrence = 0): string {
  let index = -1;
  for (let seen = 0; seen <= occurrence; seen++) {
    index = template.indexOf(marker, index + 1);
    if (index === -1) throw new Error(`the template has no ${marker} (${occurrence + 1} times)`);
  }
  const before = template.slice(0, index).split('\n');
  return `line ${before.length}, column ${before[before.length - 1].length + 1}`;
}
