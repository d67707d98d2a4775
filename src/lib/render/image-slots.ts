/**
 * `<img>` in a template. `src` may be `qr:TEXT`, `chart:line` / `chart:bar`, or a picture as a data URL
 * (PNG, JPEG, GIF or SVG; a Buffer placeholder becomes one, see ./fill). Nothing is fetched: a file or web
 * address is an error. An empty `src` (a placeholder without a value) draws nothing and keeps the box.
 *
 * QR codes and charts must be drawn at the size the layout gives them, known only after layout: they enter
 * the layout as a blank placeholder picture that carries the slot's number, and ./page-images draws them
 * into the boxes the layout found.
 */
import { chartSpec, type Chart } from './chart';
import type { LayoutElement } from './layout-tree';
import { templateError, type HtmlElement, type SourcePlace } from './html';
import { ECC_LEVELS, qrCode, type EccLevel, type QrCode } from './qr';
import type { Style } from './style';

export type Slot =
  { kind: 'qr'; code: QrCode; place: SourcePlace } | { kind: 'chart'; chart: Chart; place: SourcePlace };

const PICTURE = /^data:image\/(png|jpeg|jpg|gif|svg\+xml)[;,]/i;
const SLOT_MARK = /dc-slot-(\d+)/;
/** Natural proportions of a placeholder, for an img given only a width or a height: QR codes are square. */
const NATURAL = { qr: [1, 1], chart: [3, 1] } as const;

export class ImageSlots {
  private readonly slots: Slot[] = [];

  /** A picture for the layout that stands in for `slot`. */
  add(slot: Slot): string {
    this.slots.push(slot);
    const [width, height] = NATURAL[slot.kind];
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" id="dc-slot-${this.slots.length - 1}"></svg>`;
    return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  }

  /** The slot whose placeholder `href` is, or undefined for a picture of the template's own. */
  find(href: string): Slot | undefined {
    const base64 = /^data:image\/svg\+xml;base64,([A-Za-z0-9+/=]{1,400})$/.exec(href)?.[1];
    const mark = base64 ? SLOT_MARK.exec(Buffer.from(base64, 'base64').toString('utf8')) : null;
    return mark ? this.slots[Number(mark[1])] : undefined;
  }

  get size(): number {
    return this.slots.length;
  }
}

function pixels(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*\d+(\.\d+)?\s*(px)?\s*$/.test(value)) return undefined;
  return parseFloat(value);
}

export function imageElement(node: HtmlElement, style: Style, slots: ImageSlots): LayoutElement {
  const src = (node.attributes.src ?? '').trim();
  const props: LayoutElement['props'] = { style };
  const width = pixels(node.attributes.width);
  const height = pixels(node.attributes.height);
  if (width !== undefined) props.width = width;
  if (height !== undefined) props.height = height;
  if (src === '' || src === 'qr:') {
    return { type: 'div', props: { style: { ...style, ...sizeStyle(width, height) } } };
  }
  if (/^qr:/i.test(src)) {
    props.src = slots.add({ kind: 'qr', code: qrCode(src.slice(3), eccLevel(node), node.place), place: node.place });
  } else if (/^chart:/i.test(src)) {
    const chart = chartSpec(src.slice(6).trim().toLowerCase(), node.attributes, node.place);
    props.src = slots.add({ kind: 'chart', chart, place: node.place });
  } else if (PICTURE.test(src)) {
    props.src = src;
  } else if (/^data:/i.test(src)) {
    const type = /^data:([^;,]*)/i.exec(src)?.[1] || 'of no type';
    throw templateError(node.place, `<img> picture is ${type}: a page shows PNG, JPEG, GIF or SVG pictures`);
  } else {
    throw templateError(
      node.place,
      `<img src="${src.slice(0, 40)}"> is not qr:TEXT, chart:line, chart:bar or a data: URL (nothing is fetched)`,
    );
  }
  return { type: 'img', props };
}

function sizeStyle(width: number | undefined, height: number | undefined): Style {
  const style: Style = {};
  if (width !== undefined) style.width = `${width}px`;
  if (height !== undefined) style.height = `${height}px`;
  return style;
}

function eccLevel(node: HtmlElement): EccLevel {
  const value = (node.attributes['data-ecc'] ?? 'M').trim().toUpperCase();
  if ((ECC_LEVELS as readonly string[]).includes(value)) return value as EccLevel;
  throw templateError(node.place, `data-ecc must be one of ${ECC_LEVELS.join(', ')}`);
}
