/**
 * A look at the pictures a push sent: format, size and channels as sharp reads
 * them, and the colour of a pixel. The pictures to send are fixtures
 * (test/fixtures/images.ts); their names are re-exported here for the tests
 * that took them from this module.
 */
import sharp from 'sharp';
import type { Rgb } from '../fixtures/images';

export { RED, GREEN, BLUE, WHITE, stripedPicture, bmpOfSize, noisyJpeg } from '../fixtures/images';

export interface PictureFacts {
  format: string | undefined;
  width: number | undefined;
  height: number | undefined;
  channels: number | undefined;
  space: string | undefined;
}

/** Format, size and channels of a picture as sharp reads it. */
export async function describePicture(data: Buffer): Promise<PictureFacts> {
  const { format, width, height, channels, space } = await sharp(data).metadata();
  return { format, width, height, channels, space };
}

export interface Pixels {
  width: number;
  height: number;
  at(x: number, y: number): Rgb;
}

/** A picture's pixels, to ask the colour of one. */
export async function pixelsOf(data: Buffer): Promise<Pixels> {
  const { data: raw, info } = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    at(x, y) {
      const i = (y * info.width + x) * info.channels;
      return info.channels >= 3 ? [raw[i], raw[i + 1], raw[i + 2]] : [raw[i], raw[i], raw[i]];
    },
  };
}

/** Whether a pixel is near a colour (PNG resampling blurs stripe edges only). */
export function isNear(pixel: Rgb, colour: Rgb, tolerance = 40): boolean {
  return pixel.every((value, index) => Math.abs(value - colour[index]) <= tolerance);
}
