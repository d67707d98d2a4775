import { imageFiles } from '../../lib/images';
import type { ImageFile, PageId, PushResult } from '../../lib/types';
import * as validate from '../../lib/validate';
import { defineAction } from '../shared/action';
import { deviceIdInput, optionalPageId } from '../shared/fields';

interface ImageInput {
  deviceId: string;
  pageId?: PageId;
  dither: boolean;
  images: ImageFile[];
}

module.exports = defineAction<ImageInput, PushResult>({
  type: 'device-cloud-display-image',
  async prepare(inputs) {
    const deviceId = await deviceIdInput(inputs);
    const pageId = await optionalPageId(inputs);
    const dither = validate.boolean(await inputs.get('dither', 'dither', true), 'dither');
    return { deviceId, pageId, dither, images: imageFiles(inputs.msg.payload, 'payload') };
  },
  run: (client, { deviceId, pageId, dither, images }, signal) => client.pushImages(deviceId, { images, dither, pageId }, signal),
  status: (result, input, RED) =>
    RED._('device-cloud-display-image.status.pushed', { count: input.images.length, page: result.pageId ?? input.pageId ?? '-' }),
});
