import { fitImages, fitOptions } from '../lib/image-fit';
import type { ImageFile, PageId, PushResult } from '../lib/types';
import * as validate from '../lib/validate';
import { defineDeviceAction } from './shared/device-action';
import { optionalPageId } from './shared/fields';

interface ImageInput {
  pageId?: PageId;
  dither: boolean;
  images: ImageFile[];
}

export default defineDeviceAction<ImageInput, PushResult>({
  type: 'device-cloud-display-image',
  async prepare(inputs) {
    const pageId = await optionalPageId(inputs);
    const dither = validate.boolean(await inputs.get('dither', 'dither', true), 'dither');
    const fit = fitOptions(await inputs.get('fit'), await inputs.get('width'), await inputs.get('height'));
    // Fitted once per message, however many devices it goes to.
    const images = await fitImages(inputs.msg.payload, 'payload', fit);
    return { pageId, dither, images };
  },
  run: (client, deviceId, { pageId, dither, images }, signal) =>
    client.pushImages(deviceId, { images, dither, pageId }, signal),
  push: {
    pageId: (input) => input.pageId,
    content: ({ dither, images }) => ['image', dither, ...images.map((image) => image.data)],
  },
  status: (result, input, RED) =>
    RED._('device-cloud-display-image.status.pushed', {
      count: input.images.length,
      page: result.pageId ?? input.pageId ?? '-',
    }),
});
