import { FORM_DATA } from '../../lib/client/modules';
import { invalid } from '../../lib/errors';
import { fitImages, fitOptions, imageList, sendableImages, type ImagePush } from '../../lib/images';
import { blackAndWhiteImages } from '../../lib/images/black-and-white';
import { SHARP } from '../../lib/images/sharp';
import type { PushResult } from '../../lib/types';
import { imageDither } from '../../lib/values';
import { defineDeviceAction, type DeviceActionSpec } from '../../runtime/device-action-node';
import { optionalPageId } from '../../runtime/targets';

export const displayImageAction: DeviceActionSpec<ImagePush, PushResult> = {
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
    content: ({ dither, images }) => ({ kind: 'image', images, options: dither === undefined ? {} : { dither } }),
    answeredPage: (result) => result.pageId,
    // The recorded pictures pass the same rules again; a PNG or JPEG goes as it is, byte for byte.
    async again(content, pageId) {
      if (content.kind !== 'image') throw invalid('kind', 'must be image', content.kind);
      const images = await sendableImages(imageList(content.images.map(({ data }) => ({ data }))));
      return { pageId, dither: content.options.dither, images };
    },
  },
  status: (result, input, RED) =>
    RED._('device-cloud-display-image.status.pushed', {
      count: input.images.length,
      page: result.pageId ?? input.pageId ?? '-',
    }),
};

export default defineDeviceAction(displayImageAction);
