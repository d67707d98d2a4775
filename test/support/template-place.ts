// Where a piece of a template is, as an editor counts it (the place a render error or warning must name), and
// templates whose filled HTML lies far from what the author typed: lists of items written on several lines, a
// partial, helpers, triple mustaches.

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

/** A character no font of the page has (an Egyptian hieroglyph), and another (Phoenician). */
export const NO_FONT = '\u{13000}';
const NO_FONT_EITHER = '\u{10900}';

/** Five to-dos, each written on three lines of HTML by a triple mustache. */
export const LIST_ITEMS = ['Buy milk', 'Take out the bins', 'Call the plumber', 'Water the plants', 'Book tickets'].map(
  (title, i) => ({ title, html: `<b>${title}</b><br>\ndue<br>\nin ${i + 1} days`, price: 1.25 * i }),
);

/** A partial, then a list of `payload.items` (LIST_ITEMS) with a helper, then a mistake on line 5. */
export const LIST_WITH_MISTAKE = [
  '{{> header}}<div style="font-size:14px">',
  '  {{#payload.items}}',
  '  <p>{{{html}}} {{price | number: 2}}</p>',
  '  {{/payload.items}}',
  '  <span><i>{{payload.note}}</span>',
  '</div>',
].join('\n');

/** The error LIST_WITH_MISTAKE must give, at the template's places. */
export const LIST_MISTAKE =
  `template: ${placeOf(LIST_WITH_MISTAKE, '</span>')}: </span> found where <i> (opened at ` +
  `${placeOf(LIST_WITH_MISTAKE, '<i>')}) must be closed first`;

/**
 * A list whose third item holds a character no font has and whose fourth title does not fit its box even at its
 * smallest size, then typed text with that character and another no font has.
 */
const WARNED_TEMPLATE = [
  '<div style="display:flex;flex-direction:column">',
  '  {{#payload}}',
  '  <div style="width:120px;height:24px;font-size:20px" data-fit="shrink" data-min-size="14">{{title}}</div>',
  '  {{/payload}}',
  `  <div>typed ${NO_FONT} ${NO_FONT_EITHER}</div>`,
  '</div>',
].join('\n');

export const WARNED_LIST = {
  template: WARNED_TEMPLATE,
  message: {
    payload: ['Milk', 'Bins', `Old ${NO_FONT}`, 'A title far too long for a box of 120 px at any size it may take'].map(
      (title) => ({ title }),
    ),
  },
  /** The warning of the title cut, at its element's place in the template. */
  cut: new RegExp(`^template: ${placeOf(WARNED_TEMPLATE, '<div style="width')}: the text does not fit its box even at`),
  /** The warnings of the characters no font has: the first at the placeholder that wrote it, the other where typed. */
  missing: [
    `template: ${placeOf(WARNED_TEMPLATE, '{{title}}')}: U+13000 "${NO_FONT}" is in none of the page's fonts`,
    `template: ${placeOf(WARNED_TEMPLATE, NO_FONT_EITHER)}: U+10900 "${NO_FONT_EITHER}" is in none of the page's fonts`,
  ],
};
