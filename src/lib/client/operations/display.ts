/** Pushes to a device's display pages, and page deletes (specification 4.8 to 4.11). */
import { CONTENT_TYPES, FILE_EXTENSIONS, type ImagePush } from '../../images/image-file';
import type { PushResult } from '../../types';
import type { StructuredTextPush, TextPush } from '../../values/display';
import type { DeviceId, PageId } from '../../values/ids';
import { expectObject } from '../envelope';
import { newForm, type Request } from '../request';
import type { CallOptions, Caller } from '../request-path';

export interface PageDeleted {
  deviceId: string;
  pageId: string;
  deleted: true;
}

export class DisplayOperations {
  constructor(private readonly path: Caller) {}

  pushText(deviceId: DeviceId, push: TextPush, options?: CallOptions): Promise<PushResult> {
    const json = { text: push.text, fontSize: push.fontSize, pageId: push.pageId };
    return this.push(deviceId, 'push text', '/display/text', { json }, options);
  }

  pushStructuredText(deviceId: DeviceId, push: StructuredTextPush, options?: CallOptions): Promise<PushResult> {
    const json = { title: push.title, body: push.body, pageId: push.pageId };
    return this.push(deviceId, 'push title and body', '/display/structured-text', { json }, options);
  }

  pushImages(deviceId: DeviceId, push: ImagePush, options?: CallOptions): Promise<PushResult> {
    const form = newForm();
    push.images.forEach(({ data, format }, index) => {
      form.append('images', data, {
        filename: `image-${index + 1}.${FILE_EXTENSIONS[format]}`,
        contentType: CONTENT_TYPES[format],
        knownLength: data.length,
      });
    });
    if (push.dither !== undefined) form.append('dither', String(push.dither));
    if (push.pageId !== undefined) form.append('pageId', push.pageId);
    return this.push(deviceId, 'push images', '/display/image', { multipart: form }, options);
  }

  /** Deletes one page, or every page of the device with `'all'` (said explicitly, never by omission). */
  async deletePage(deviceId: DeviceId, pageId: PageId | 'all', options?: CallOptions): Promise<PageDeleted> {
    const all = pageId === 'all';
    await this.path.call(
      {
        name: all ? 'delete all pages' : 'delete page',
        method: 'DELETE',
        path: `/devices/${deviceId}/display/pages${all ? '' : `/${pageId}`}`,
        repeat: 'always',
      },
      options,
    );
    return { deviceId, pageId, deleted: true };
  }

  private async push(
    deviceId: DeviceId,
    name: string,
    path: string,
    content: Pick<Request, 'json' | 'multipart'>,
    options?: CallOptions,
  ): Promise<PushResult> {
    const data = await this.path.call(
      { name, method: 'POST', path: `/devices/${deviceId}${path}`, ...content, repeat: 'always' },
      options,
    );
    const result = expectObject<PushResult>(data, name);
    // pushedPages was seen as a string, and the pageId echo may be missing.
    const normalised: PushResult = {
      ...result,
      totalPages: Number(result.totalPages),
      pushedPages: Number(result.pushedPages),
    };
    if (result.pageId !== undefined && result.pageId !== null) normalised.pageId = String(result.pageId);
    return normalised;
  }
}
