/**
 * `<img>` in a template. `src` may be `icon:NAME` (./icons), `qr:TEXT`, `chart:line` / `chart:bar`, or a picture as a
 * data URL (PNG, JPEG, GIF or SVG; a Buffer placeholder becomes one, see
 * ../../node-red-process/template/fill-template). Nothing is fetched: a file or web address is an error. An empty `src`
 * (a placeholder without a value) draws nothing and keeps the box.
 *
 * QR codes and charts are drawn by us at exactly the size of their box, as are the template's own pictures
 * when the page dithers them; each such image is a `PagePicture`, which ./picture-boxes sizes and
 * ./page-images draws. Until then its node shows a blank of the picture's natural proportions.
 */
import { detectImageFormat } from '../../../images/image-file';
import { pictureHeader } from '../../../images/picture-size';
import { withSizeAttributes } from '../css/lengths';
import { chartSpec, type Chart } from './chart';
import type { Declarations, ImageNode, RgbaImage, TreeNode } from '../engine/drawing-engine';
import { templateError, type HtmlElement, type SourcePlace } from '../html/html';
import { iconSvg, lookUpIcon } from './icons';
import { ECC_LEVELS, qrCode, type EccLevel, type QrCode } from './qr';

/** What a picture shows, where it is written, and its natural size (undefined: not known). */
type PictureSpec = { place: SourcePlace; natural: readonly [number, number] | undefined } & (
  { kind: 'qr'; code: QrCode } | { kind: 'chart'; chart: Chart } | { kind: 'picture'; dataUrl: string }
);

/** A picture we draw, with its node in the page's tree. */
export type PagePicture = PictureSpec & { node: ImageNode };

const PICTURE = /^data:image\/(png|jpeg|jpg|gif|svg\+xml)[;,]/i;

/** A fully transparent picture of the given proportions: what the layout sees before our drawing. */
export function blank(width: number, height: number): RgbaImage {
  return { width, height, data: new Uint8Array(width * height * 4) };
}

export function imageElement(
  node: HtmlElement,
  templateStyle: Declarations,
  layout: { ditherPictures: boolean },
  pictures: PagePicture[],
  colour: string,
): TreeNode {
  const src = (node.attributes.src ?? '').trim();
  const style = withSizeAttributes(node, templateStyle);
  if (src === '' || src === 'qr:') {
    // Nothing to show: a box of the img's size, as a browser keeps it.
    return { type: 'container', style: { display: 'inline-block', ...style } };
  }
  const place = node.place;
  if (/^icon:/i.test(src)) return iconImage(src.slice(5), style, colour, place);
  if (/^qr:/i.test(src)) {
    const code = qrCode(src.slice(3), eccLevel(node), place);
    return picture({ kind: 'qr', code, place, natural: [1, 1] }, style, pictures);
  }
  if (/^chart:/i.test(src)) {
    const chart = chartSpec(src.slice(6).trim().toLowerCase(), node.attributes, place);
    return picture({ kind: 'chart', chart, place, natural: [3, 1] }, style, pictures);
  }
  if (PICTURE.test(src)) {
    if (!layout.ditherPictures) return { type: 'image', src, style };
    return picture({ kind: 'picture', dataUrl: src, place, natural: naturalSize(src) }, style, pictures);
  }
  if (/^data:/i.test(src)) {
    const type = /^data:([^;,]*)/i.exec(src)?.[1] || 'of no type';
    throw templateError(place, `<img> picture is ${type}: a page shows PNG, JPEG, GIF or SVG pictures`);
  }
  throw templateError(
    place,
    `<img src="${src.slice(0, 40)}"> is not icon:NAME, qr:TEXT, chart:line, chart:bar or a data: URL (nothing is fetched)`,
  );
}

/** An icon, drawn by Takumi as the vector it is at the img's size (1em square when the img gives none). */
function iconImage(spec: string, style: Declarations, colour: string, place: SourcePlace): TreeNode {
  const icon = lookUpIcon(spec);
  if ('problem' in icon) throw templateError(place, icon.problem);
  if (style.width === undefined && style.height === undefined) Object.assign(style, { width: '1em', height: '1em' });
  const svg = iconSvg(icon.path, colour);
  return { type: 'image', src: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, style };
}

function picture(spec: PictureSpec, style: Declarations, pictures: PagePicture[]): ImageNode {
  const [width, height] = spec.natural ?? [1, 1];
  const src = spec.kind === 'picture' ? spec.dataUrl : blank(width, height);
  const node: ImageNode = { type: 'image', src, style };
  pictures.push({ ...spec, node });
  return node;
}

/** A base64 picture's own size from its header (PNG, JPEG, GIF), for an img given one side only. */
export function naturalSize(dataUrl: string): readonly [number, number] | undefined {
  const base64 = /^data:[^,]*;base64,/i.exec(dataUrl);
  if (!base64) return undefined;
  const bytes = Buffer.from(dataUrl.slice(base64[0].length), 'base64');
  const format = detectImageFormat(bytes);
  const header = format && pictureHeader(bytes, format);
  return header ? [header.width, header.height] : undefined;
}

function eccLevel(node: HtmlElement): EccLevel {
  const value = (node.attributes['data-ecc'] ?? 'M').trim().toUpperCase();
  if ((ECC_LEVELS as readonly string[]).includes(value)) return value as EccLevel;
  throw templateError(node.place, `data-ecc must be one of ${ECC_LEVELS.join(', ')}`);
}
