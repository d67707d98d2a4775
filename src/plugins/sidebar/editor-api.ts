/**
 * What the sidebar reads through the admin API (the pages recorded as pushed, an account's devices) and the calls that
 * act on a recorded page: delete it, push it again, delete all of a device's.
 */
import { t } from './editor-controls';

export interface ListedPage {
  account: string;
  deviceId: string;
  pageId: string;
  kind: 'text' | 'structured-text' | 'image';
  persistent: boolean;
  pushedAt: string;
  node: { id: string; name: string; z: string };
  text?: string;
  title?: string;
  body?: string;
  options: { fontSize?: number; dither?: boolean };
  image?: string;
  images?: number;
}

export interface Device {
  deviceId: string;
  alias?: string;
  board?: string;
}

export type DeviceList = { devices: Device[] } | { error: string };

/** The admin API's address of a page (`all`: every page of the device). */
export function pagePath(account: string, deviceId: string, pageId: string): string {
  return ['device-cloud/pages', account, deviceId, pageId]
    .map((part, index) => (index === 0 ? part : encodeURIComponent(part)))
    .join('/');
}

/** Calls the admin API on a page and says how it went; `after` either way. */
export function act(method: 'DELETE' | 'POST', url: string, done: string, after: () => void): void {
  $.ajax({ url, method, dataType: 'json' })
    .done(() => RED.notify(done, { type: 'success', timeout: 3000 }))
    .fail((xhr: JQuery.jqXHR) => {
      const answer = xhr.responseJSON as { error?: string } | undefined;
      RED.notify(t('failed', { error: answer?.error ?? `${xhr.status} ${xhr.statusText}` }), { type: 'error' });
    })
    .always(after);
}
