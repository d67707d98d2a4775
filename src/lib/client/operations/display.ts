/** Pushes to a device's display pages, and page deletes (specification 4.8 to 4.11). */
import { CONTENT_TYPES, FILE_EXTENSIONS, type ImagePush } from '../../images/image-file';
import type { PushResult, SupersededPush } from '../../types';
import type { StructuredTextPush, TextPush } from '../../values/display';
import type { DeviceId, PageId } from '../../values/ids';
import { expectObject } from '../envelope';
import { deviceTarget, SUPERSEDED } from '../order';
import { newForm, type Request } from '../request';
import type { CallOptions, ServiceRequests } from '../account-requests';

export interface PageDeleted {
  deviceId: string;
  pageId: string;
  deleted: true;
}

/**
 * What a push ends with: the service's result, or, for a push to a page that a
 * newer push to the same page replaced while it waited, that it was not sent.
 */
export type PushOutcome = PushResult | SupersededPush;

export class DisplayOperations {
  constructor(private readonly path: ServiceRequests) {}

  pushText(deviceId: DeviceId, push: TextPush, options?: CallOptions): Promise<PushOutcome> {
    const json = { text: push.text, fontSize: push.fontSize, pageId: push.pageId };
    return this.push(deviceId, push.pageId, 'push text', '/display/text', { json }, options);
  }

  pushStructuredText(deviceId: DeviceId, push: StructuredTextPush, options?: CallOptions): Promise<PushOutcome> {
    const json = { title: push.title, body: push.body, pageId: push.pageId };
    return this.push(deviceId, push.pageId, 'push title and body', '/display/structured-text', { json }, options);
  }

  pushImages(deviceId: DeviceId, push: ImagePush, options?: CallOptions): Promise<PushOutcome> {
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
    return this.push(deviceId, push.pageId, 'push images', '/display/image', { multipart: form }, options);
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
        target: deviceTarget(deviceId, all ? undefined : pageId),
      },
      options,
    );
    return { deviceId, pageId, deleted: true };
  }

  /** A push with a page goes in that page's order and may be superseded; one without, in the device's. */
  private async push(
    deviceId: DeviceId,
    pageId: PageId | undefined,
    name: string,
    path: string,
    content: Pick<Request, 'json' | 'multipart'>,
    options?: CallOptions,
  ): Promise<PushOutcome> {
    const data = await this.path.call(
      {
        name,
        method: 'POST',
        path: `/devices/${deviceId}${path}`,
        ...content,
        repeat: 'always',
        target: deviceTarget(deviceId, pageId, true),
      },
      options,
    );
    if (data === SUPERSEDED && pageId !== undefined) return { superseded: true, deviceId, pageId };
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
