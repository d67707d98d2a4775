import type { PageDeleted } from '../../lib/client';
import { invalid } from '../../lib/errors';
import { ALL_PAGES, pageId, type PageId } from '../../lib/values';
import { defineDeviceAction, type DeviceActionSpec } from '../../runtime/device-action-node';

/** Deleting every page is never the result of a missing value: it takes the dialog's "all" or msg.pageId "all". */
export const pageDeleteAction: DeviceActionSpec<{ pageId: PageId | typeof ALL_PAGES }, PageDeleted> = {
  type: 'device-cloud-page-delete',
  async prepare(inputs) {
    const page = await inputs.get('pageId');
    if (page === undefined || page === '') {
      throw invalid('pageId', 'is required: a page from 1 to 5, or "all" to delete every page');
    }
    return { pageId: page === ALL_PAGES ? ALL_PAGES : pageId(page) };
  },
  run: (client, deviceId, input, options) => client.display.deletePage(deviceId, input.pageId, options),
  empties: (input) => input.pageId,
  status: (result, _input, RED) =>
    result.pageId === 'all'
      ? RED._('device-cloud-page-delete.status.deletedAll')
      : RED._('device-cloud-page-delete.status.deleted', { page: result.pageId }),
};

export default defineDeviceAction(pageDeleteAction);
