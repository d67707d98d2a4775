/**
 * A page held against its limits (../../values/page-budget), in either process: its size before it is drawn
 * (counted in the drawing process, ../drawing-process/page-size: elements, characters of text, pixels of
 * pictures), and the items its lists repeat while the template is filled in Node-RED's. A page over a limit
 * fails at once with an error that names the limit, the page's figure and a way out. And the errors of a page
 * stopped while it was drawn, for its time or its memory, which tell what the page holds.
 */
import { DeviceCloudError, invalid } from '../../errors';
import { PAGE_BUDGET, PAGE_LIMITS } from '../../values/page-budget';

/** What a page holds, as the drawing process counts it and tells its page renderer. */
export interface PageSize {
  elements: number;
  /** Elements whose style asks for a blur or a shadow, which cost in proportion to their area. */
  effects: number;
  textCharacters: number;
  picturePixels: number;
  /** The largest picture, width x height. */
  largestPicture?: readonly [number, number];
}

const SLICE_THE_LIST =
  'slice long lists in the message (in a function node: msg.payload.items = msg.payload.items.slice(0, 20)) ' +
  'and let data-overflow="+{n} more" on their container say how many were left out';

/** Throws the validation error of the first limit the page is over. */
export function checkPageSize(size: PageSize): void {
  if (size.elements > PAGE_LIMITS.elements) {
    throw invalid(
      'template',
      `the page has ${size.elements} elements, more than the ${PAGE_LIMITS.elements} a page may have: ${SLICE_THE_LIST}`,
    );
  }
  if (size.textCharacters > PAGE_LIMITS.textCharacters) {
    throw invalid(
      'template',
      `the page has ${size.textCharacters} characters of text, more than the ${PAGE_LIMITS.textCharacters} a page may ` +
        'have: cut the text in the message to what a screen shows (msg.payload.text.slice(0, 2000)), and ' +
        SLICE_THE_LIST,
    );
  }
  if (size.picturePixels > PAGE_LIMITS.picturePixels) {
    const [width, height] = size.largestPicture ?? [0, 0];
    throw invalid(
      'template',
      `the page's pictures have ${size.picturePixels} pixels (the largest ${width} x ${height}), more than the ` +
        `${PAGE_LIMITS.picturePixels} a page may have: make them smaller before they reach the template (a 400 x 300 ` +
        'screen shows 120000 pixels)',
    );
  }
}

/**
 * Counts the items the template's lists repeat, all lists of one page together; the list that takes the page
 * over the limit is refused, by its name in the template.
 */
export class ListItemCount {
  private items = 0;

  add(name: string, length: number): void {
    this.items += length;
    if (this.items <= PAGE_LIMITS.listItems) return;
    const what =
      this.items === length
        ? `the list {{#${name}}} has ${length} items`
        : `the list {{#${name}}} (${length} items) brings the page's lists to ${this.items} items`;
    throw invalid('template', `${what}, more than the ${PAGE_LIMITS.listItems} a page may repeat: ${SLICE_THE_LIST}`);
  }
}

/** The page's size as an error tells it: "it has 2345 elements (12 of them with shadows or filters), ...". */
export function describeSize(size: PageSize | undefined, width: number, height: number): string {
  const page = `${width} x ${height} pixels`;
  if (!size) return `it is a page of ${page} whose HTML was still being read`;
  const effects = size.effects > 0 ? ` (${size.effects} with shadows or filters)` : '';
  const pictures = size.picturePixels > 0 ? count(size.picturePixels, 'pixel') + ' of pictures' : 'no pictures';
  const text = `${count(size.textCharacters, 'character')} of text`;
  return `it has ${count(size.elements, 'element')}${effects}, ${text}, ${pictures}, on ${page}`;
}

function count(amount: number, thing: string): string {
  return `${amount} ${thing}${amount === 1 ? '' : 's'}`;
}

/** The error of a page not drawn within its time budget. */
export function overTimeError(seconds: number, size: string): DeviceCloudError {
  return new DeviceCloudError(
    'timeout',
    `page renderer: the page was not drawn within its time budget of ${seconds} s and was stopped; ${size}`,
  );
}

/** The error of a page whose drawing took more memory than the drawing process may hold. */
export function overMemoryError(size: string): DeviceCloudError {
  const megabytes = PAGE_BUDGET.memoryBytes / 1024 / 1024;
  return invalid(
    'template',
    `the page needed more than the ${megabytes} MB of memory a page may take to draw and was stopped; ${size}`,
  );
}
