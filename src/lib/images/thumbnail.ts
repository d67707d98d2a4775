/**
 * A picture drawn small for the editor's sidebar, at the size it is shown there in device pixels: each pixel
 * the mean of the part of the picture it covers (./area-average), so text a few pixels high stays legible
 * where a browser's nearest-neighbour scaling drops whole strokes (家 a box, "High" read "Iligh"). sharp
 * decodes the picture and writes the PNG.
 */
import { areaAverage, placement } from './area-average';
import { SHARP, SharpUnavailable } from './sharp';

/**
 * The picture within `width` x `height` (its shape kept) as a PNG; undefined when it is no larger already, or
 * sharp cannot load here: then the picture is shown as it is, and the browser scales it.
 */
export async function thumbnailPng(picture: Buffer, width: number, height: number): Promise<Buffer | undefined> {
  let sharp;
  try {
    sharp = SHARP.get();
  } catch (error) {
    if (error instanceof SharpUnavailable) return undefined;
    throw error;
  }
  const { data, info } = await sharp(picture)
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.width <= width && info.height <= height) return undefined;
  const { box } = placement('contain', info.width, info.height, width, height);
  const placed = placement('fill', info.width, info.height, box.width, box.height);
  const { channels } = info;
  const small = Buffer.alloc(box.width * box.height * channels);
  const plane = new Uint8Array(info.width * info.height);
  for (let channel = 0; channel < channels; channel++) {
    for (let pixel = 0; pixel < plane.length; pixel++) plane[pixel] = data[pixel * channels + channel];
    const levels = areaAverage(plane, info.width, info.height, placed);
    for (let pixel = 0; pixel < levels.length; pixel++) small[pixel * channels + channel] = Math.round(levels[pixel]);
  }
  return sharp(small, { raw: { width: box.width, height: box.height, channels } })
    .png()
    .toBuffer();
}
