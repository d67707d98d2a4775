/**
 * What a page holds, counted on its HTML before anything is drawn: its elements (and those with a shadow or a
 * filter, whose cost grows with their area), its characters of text, and the pixels of its pictures as their
 * files give them. ../shared/budget-checks holds it against the page's limits.
 */
import type { PageSize } from '../shared/budget-checks';
import type { HtmlNode } from './html/html';
import { naturalSize } from './pictures/image-slots';

const EFFECT = /(^|;)\s*(box-shadow|text-shadow|filter|backdrop-filter)\s*:/i;
const DATA_PICTURE = /url\(\s*["']?(data:image\/[^"')\s]+)/gi;

/** What the page holds. */
export function pageSize(nodes: readonly HtmlNode[]): PageSize {
  const size: PageSize = { elements: 0, effects: 0, textCharacters: 0, picturePixels: 0 };
  const addPicture = (dataUrl: string): void => {
    const natural = naturalSize(dataUrl);
    if (!natural) return;
    const [width, height] = natural;
    size.picturePixels += width * height;
    const largest = size.largestPicture;
    if (!largest || width * height > largest[0] * largest[1]) size.largestPicture = natural;
  };
  const pending = [...nodes];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.kind === 'text') {
      size.textCharacters += node.text.length;
      continue;
    }
    size.elements++;
    const style = node.attributes.style;
    if (style) {
      if (EFFECT.test(style)) size.effects++;
      for (const [, dataUrl] of style.matchAll(DATA_PICTURE)) addPicture(dataUrl);
    }
    const src = node.name === 'img' ? node.attributes.src?.trim() : undefined;
    if (src && /^data:image\//i.test(src)) addPicture(src);
    pending.push(...node.children);
  }
  return size;
}
