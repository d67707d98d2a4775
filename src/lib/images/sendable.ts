/**
 * Pictures made fit to send: the devices are known to show PNG and JPEG, and
 * the specification names no format, so a PNG or JPEG goes as it is and any
 * other picture becomes a PNG of its own size and pixels first, whatever its
 * size. GIF, WebP and TIFF are converted by sharp; BMP, which sharp cannot
 * read, by our own decoder and PNG writer, so a BMP is sent on every platform.
 */
import { invalid } from '../errors';
import { LIMITS } from '../values/limits';
import { BmpError, decodeBmp, type RgbaPicture } from './bmp';
import {
  FORMAT_NAMES,
  isSentFormat,
  type ImageFile,
  type ImageFormat,
  type NamedImage,
  type PushImages,
  type SentImageFile,
} from './image-file';
import { encodeRgbaPng } from './rgba-png';
import { SHARP, SharpUnavailable, type SharpFactory } from './sharp';

/** The most pixels a BMP is decoded to: 100 MB of pixels in memory, more than any BMP of 40 MB holds uncompressed. */
export const MAX_BMP_PIXELS = 25_000_000;
const MAX_SOURCE_PIXELS = 100_000_000;

/** One picture as sent: a PNG or JPEG as it is, anything else converted to PNG, at its own size; at most 2 MB. */
export async function sendableImage(image: ImageFile, field: string): Promise<SentImageFile> {
  if (isSentFormat(image.format)) return { data: image.data, format: image.format };
  const data =
    image.format === 'bmp'
      ? encodeRgbaPng(readBmp(image.data, field))
      : await converting(field, image.format, (sharp) =>
          sharp(image.data, { limitInputPixels: MAX_SOURCE_PIXELS }).png().toBuffer(),
        );
  if (data.length > LIMITS.imageBytes) {
    throw invalid(field, `is a ${FORMAT_NAMES[image.format]} that is over 2 MB as PNG; send it smaller, or as JPEG`);
  }
  return { data, format: 'png' };
}

/** Pictures as read (see imageFiles, imageList), made fit to send. */
export async function sendableImages(images: readonly NamedImage[]): Promise<PushImages> {
  const sent = await Promise.all(images.map(({ image, field }) => sendableImage(image, field)));
  return sent as readonly SentImageFile[] as PushImages;
}

/** A BMP's pixels, or an error that says why they cannot be read. */
export function readBmp(bytes: Buffer, field: string): RgbaPicture {
  try {
    return decodeBmp(bytes, MAX_BMP_PIXELS);
  } catch (error) {
    if (!(error instanceof BmpError)) throw error;
    throw invalid(field, `is a BMP that cannot be read: ${error.message}`);
  }
}

/** Runs a conversion with sharp, or says why it cannot be done here and what to do. */
async function converting(
  field: string,
  format: ImageFormat,
  convert: (sharp: SharpFactory) => Promise<Buffer>,
): Promise<Buffer> {
  let sharp: SharpFactory;
  try {
    sharp = SHARP.get();
  } catch (error) {
    if (!(error instanceof SharpUnavailable)) throw error;
    throw invalid(
      field,
      `is a ${FORMAT_NAMES[format]}, which is sent as PNG (the devices are known to show PNG and JPEG), and cannot ` +
        `be converted here: sharp, the image library, cannot load (${error.problem}). Send it as PNG, JPEG or ` +
        `BMP; to convert other pictures, ${error.wayOut}`,
    );
  }
  try {
    return await convert(sharp);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0].slice(0, 120) : String(error);
    throw invalid(field, `could not be read as an image (${reason})`);
  }
}
