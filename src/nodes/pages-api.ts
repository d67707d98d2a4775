/**
 * The admin API of the page record, behind the editor's Device Cloud sidebar:
 *
 *   GET    /device-cloud/pages                                       device-cloud.read
 *   GET    /device-cloud/pages/:account/:deviceId/:pageId/image      device-cloud.read   (?index=n: the n-th picture;
 *                                                                                       &width=w&height=h: drawn
 *                                                                                       within w x h, a thumbnail)
 *   DELETE /device-cloud/pages/:account/:deviceId/:pageId            device-cloud.write  (pageId "all": every page)
 *   POST   /device-cloud/pages/:account/:deviceId/:pageId/push       device-cloud.write
 *
 * A delete and a push again go as the page-delete and display nodes send theirs: through the account's client,
 * in the order of the page's other calls, with the same rules and retries, and into the push memory and the record.
 */
import { asDeviceCloudError, DeviceCloudError } from '../lib/errors';
import type { PageContent } from '../lib/page-record/content';
import type { RecordedPage } from '../lib/page-record/record';
import { ALL_PAGES, deviceId, pageId, pixels, type DeviceId, type PageId } from '../lib/values';
import { accountOf, type AccountNode } from '../runtime/account-link';
import { actOnDevice, type DeviceActionSpec } from '../runtime/device-action-node';
import type { HttpRequest, HttpResponse, NodeAPI } from '../runtime/node-red-api';
import { pageRecord, type PageRecordService } from '../runtime/page-record';
import { displayImageAction } from './display-image/runtime';
import { displayTextAction } from './display-text/runtime';
import { pageDeleteAction } from './page-delete/runtime';

export const PAGES_PATH = '/device-cloud/pages';
const PAGE_PATH = `${PAGES_PATH}/:account/:deviceId/:pageId`;
export const PAGES_READ_PERMISSION = 'device-cloud.read';
export const PAGES_WRITE_PERMISSION = 'device-cloud.write';

/** A recorded page as the API lists it: `image` is the path of its first picture, relative to the admin API's root. */
export interface ListedPage extends Omit<RecordedPage, 'images'> {
  image?: string;
  /** How many pictures the page shows (a push of several pictures to one page). */
  images?: number;
}

export function registerPagesApi(RED: NodeAPI): void {
  const read = RED.auth.needsPermission(PAGES_READ_PERMISSION);
  const write = RED.auth.needsPermission(PAGES_WRITE_PERMISSION);
  RED.httpAdmin.get(PAGES_PATH, read, (_req, res) => {
    res.status(200).json((pageRecord()?.record.list() ?? []).map(listed));
  });
  RED.httpAdmin.get(`${PAGE_PATH}/image`, read, (req, res) => {
    void answer(res, () => image(req, res));
  });
  RED.httpAdmin.delete(PAGE_PATH, write, (req, res) => {
    void answer(res, () => deletePage(RED, req, res));
  });
  RED.httpAdmin.post(`${PAGE_PATH}/push`, write, (req, res) => {
    void answer(res, () => pushAgain(RED, req, res));
  });
}

function listed(page: RecordedPage): ListedPage {
  const { images, ...rest } = page;
  if (!images) return rest;
  const where = [page.account, page.deviceId, page.pageId].map(encodeURIComponent).join('/');
  return { ...rest, image: `${PAGES_PATH.slice(1)}/${where}/image`, images: images.length };
}

async function image(req: HttpRequest, res: HttpResponse): Promise<void> {
  const { service, page } = recordedPage(req);
  const index = req.query.index === undefined ? 0 : Number(req.query.index);
  const found = Number.isInteger(index) ? await picture(service, page, index, req.query) : undefined;
  if (!found) throw notFound('no such picture on this page');
  const type = found.format === 'png' ? 'image/png' : 'image/jpeg';
  res.status(200).type(type).set('Cache-Control', 'no-store').send(found.data);
}

/** The picture as recorded, or drawn within the width and height the query names (the sidebar's thumbnail). */
async function picture(
  service: PageRecordService,
  page: RecordedPage,
  index: number,
  { width, height }: Record<string, unknown>,
): Promise<{ data: Buffer; format: 'png' | 'jpeg' } | undefined> {
  if (width === undefined && height === undefined) {
    const found = await service.image(page, index);
    return found && { data: found.data, format: found.image.format };
  }
  return service.thumbnail(page, index, pixels(width, 'width'), pixels(height, 'height'));
}

async function deletePage(RED: NodeAPI, req: HttpRequest, res: HttpResponse): Promise<void> {
  const account = deployedAccount(RED, req.params.account);
  const device = deviceId(req.params.deviceId);
  const page: PageId | typeof ALL_PAGES = req.params.pageId === ALL_PAGES ? ALL_PAGES : pageId(req.params.pageId);
  // A delete leaves no page behind, so the record names no node for it.
  const nobody = { id: '', name: '', z: '' };
  res.status(200).json(await actOnDevice(pageDeleteAction, account, device, { pageId: page }, nobody));
}

async function pushAgain(RED: NodeAPI, req: HttpRequest, res: HttpResponse): Promise<void> {
  const { page } = recordedPage(req);
  const account = deployedAccount(RED, page.account);
  const device = deviceId(page.deviceId);
  const content = contentOf(page, await imagesOf(page));
  const output =
    content.kind === 'image'
      ? await again(displayImageAction, account, device, page, content)
      : await again(displayTextAction, account, device, page, content);
  res.status(200).json(output);
}

async function again<Input, Output>(
  spec: DeviceActionSpec<Input, Output>,
  account: AccountNode,
  device: DeviceId,
  page: RecordedPage,
  content: PageContent,
): Promise<unknown> {
  if (!spec.push) throw new DeviceCloudError('internal', `${spec.type} does not push`);
  const input = await spec.push.again(content, page.persistent ? page.pageId : undefined);
  return actOnDevice(spec, account, device, input, page.node);
}

async function imagesOf(page: RecordedPage): Promise<Buffer[]> {
  const service = pageRecord();
  if (!service || !page.images) return [];
  return Promise.all(
    page.images.map(async (_image, index) => {
      const found = await service.image(page, index);
      if (!found) throw notFound('a picture of this page is missing from the record');
      return found.data;
    }),
  );
}

/** The content a recorded page holds, as a push sends it. */
function contentOf(page: RecordedPage, pictures: Buffer[]): PageContent {
  if (page.kind === 'image') {
    const images = (page.images ?? []).map((image, index) => ({ data: pictures[index], format: image.format }));
    return { kind: 'image', images, options: page.options.dither === undefined ? {} : { dither: page.options.dither } };
  }
  if (page.kind === 'structured-text')
    return { kind: 'structured-text', title: page.title, body: page.body, options: {} };
  const options = page.options.fontSize === undefined ? {} : { fontSize: page.options.fontSize };
  return { kind: 'text', text: page.text ?? '', options };
}

function recordedPage(req: HttpRequest): { service: PageRecordService; page: RecordedPage } {
  const service = pageRecord();
  const page = service?.record.get(req.params.account, deviceId(req.params.deviceId), pageId(req.params.pageId));
  if (!service || !page) throw notFound('nothing is recorded on this page');
  return { service, page };
}

function deployedAccount(RED: NodeAPI, id: string): AccountNode {
  const account = accountOf(RED, id);
  if (!account) throw notFound('no deployed Device Cloud account with this id: deploy the account first');
  return account;
}

class NotFound extends Error {}

function notFound(message: string): NotFound {
  return new NotFound(message);
}

/** The error of the service or of a rule as the answer's error; the API key is never in an error's text. */
async function answer(res: HttpResponse, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof NotFound) {
      res.status(404).json({ error: error.message });
      return;
    }
    const failure = asDeviceCloudError(error);
    const status = failure.kind === 'validation' ? 400 : failure.kind === 'busy' ? 503 : 502;
    res.status(status).json({
      error: failure.message,
      kind: failure.kind,
      field: failure.field,
      code: failure.code,
      statusCode: failure.statusCode,
    });
  }
}
