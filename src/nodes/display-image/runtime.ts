import { FORM_DATA } from '../../lib/client/modules';
import { fitImages, fitOptions, type ImagePush } from '../../lib/images';
import { blackAndWhiteImages } from '../../lib/images/black-and-white';
import { SHARP } from '../../lib/images/sharp';
import type { PushResult } from '../../lib/types';
import { imageDither } from '../../lib/values';
import { defineDeviceAction } from '../../runtime/device-action-node';
import { optionalPageId } from '../../runtime/targets';

export default defineDeviceAction<ImagePush, PushResult>({
  type: 'device-cloud-display-image',
  // The multipart body and the fitting; a flow without this node loads neither.
  preload: [FORM_DATA, SHARP],
  async prepare(inputs) {
    const pageId = await optionalPageId(inputs);
    const { dither, blackAndWhite } = imageDither(await inputs.get('dither', 'dither', true));
    const fit = fitOptions(await inputs.get('fit'), await inputs.get('width'), await inputs.get('height'));
    // Fitted (and made black and white) once per message, however many devices it goes to.
    const fitted = await fitImages(inputs.msg.payload, 'payload', fit);
    const images = blackAndWhite ? await blackAndWhiteImages(fitted, blackAndWhite) : fitted;
    return { pageId, dither, images };
  },
  run: (client, deviceId, push, options) => client.display.pushImages(deviceId, push, options),
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
