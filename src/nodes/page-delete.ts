import { invalid } from '../lib/errors';
import type { PageId } from '../lib/types';
import * as validate from '../lib/validate';
import { defineDeviceAction } from './shared/device-action';

/** Deleting every page is never the result of a missing value: it takes the dialog's "all" or msg.pageId "all". */
export default defineDeviceAction<{ pageId: PageId | 'all' }, { deviceId: string; pageId: string; deleted: true }>({
  type: 'device-cloud-page-delete',
  async prepare(inputs) {
    const page = await inputs.get('pageId');
    if (page === undefined || page === '') {
      throw invalid('pageId', 'is required: a page from 1 to 5, or "all" to delete every page');
    }
    return { pageId: page === 'all' ? 'all' : validate.pageId(page) };
  },
  run: (client, deviceId, { pageId }, signal) => client.deletePage(deviceId, pageId, signal),
  empties: ({ pageId }) => pageId,
  status: (result, _input, RED) =>
    result.pageId === 'all'
      ? RED._('device-cloud-page-delete.status.deletedAll')
      : RED._('device-cloud-page-delete.status.deleted', { page: result.pageId }),
});
