/**
 * Every picture we draw, drawn at exactly the size of its box in the page's colours and handed to Takumi as
 * pixels it copies one for one: QR codes and charts, and the template's own pictures when the page dithers
 * them (each drawn alone at its box's size, on white, then dithered as the page asks).
 */
import type { DitherMode } from '../../../images/dither';
import { quantize } from '../../../images/dither';
import type { Rgb } from '../../../images/palette';
import { bitmapPixels, type Bitmap } from './bitmap';
import { drawChart } from './chart';
import type { DrawingEngine, TreeNode } from '../engine/drawing-engine';
import type { PagePicture } from './image-slots';
import type { PictureBox } from './picture-boxes';
import { drawQr } from './qr';

export interface PictureColours {
  palette: readonly Rgb[];
  dither: DitherMode;
}

/** A picture of the template's own, alone on a white box of `box`'s size, fitted as its img asks. */
function pictureAlone(picture: Extract<PagePicture, { kind: 'picture' }>, box: PictureBox): TreeNode {
  const style = picture.node.style ?? {};
  const fit: Record<string, string> = { width: '100%', height: '100%' };
  for (const property of ['objectFit', 'objectPosition', 'imageRendering']) {
    if (style[property] !== undefined) fit[property] = style[property];
  }
  return {
    type: 'container',
    style: { display: 'flex', width: `${box.width}px`, height: `${box.height}px`, backgroundColor: 'white' },
    children: [{ type: 'image', src: picture.dataUrl, style: fit }],
  };
}

async function drawPicture(
  engine: DrawingEngine,
  picture: PagePicture,
  box: PictureBox,
  colours: PictureColours,
): Promise<Bitmap> {
  if (picture.kind === 'qr') return drawQr(picture.code, box.width, box.height, picture.place);
  if (picture.kind === 'chart') return drawChart(picture.chart, box.width, box.height, picture.place);
  const rgba = await engine.pixels(pictureAlone(picture, box), box.width, box.height);
  const indices = quantize(rgba, box.width, box.height, colours.palette, { mode: colours.dither });
  return { width: box.width, height: box.height, indices, colours: colours.palette, transparent: false };
}

/** Puts our drawing of each picture into its node, the node held at its box's size. */
export async function drawPictures(
  engine: DrawingEngine,
  pictures: readonly PagePicture[],
  boxes: readonly PictureBox[],
  colours: PictureColours,
): Promise<void> {
  for (const [i, picture] of pictures.entries()) {
    const box = boxes[i];
    const node = picture.node;
    if (box.width < 1 || box.height < 1) {
      // No room: nothing to draw, but a QR code too small to read is an error.
      if (picture.kind === 'qr') drawQr(picture.code, box.width, box.height, picture.place);
      continue;
    }
    node.src = bitmapPixels(await drawPicture(engine, picture, box, colours));
    // Copied pixel for pixel: never smoothed, even where the box does not start on a whole pixel.
    node.style = { ...node.style, imageRendering: 'pixelated' };
    // A box that layout found keeps its size, though the picture's own proportions have changed.
    if (box.laidOut) Object.assign(node.style, { width: `${box.laidOut.width}px`, height: `${box.laidOut.height}px` });
  }
}
