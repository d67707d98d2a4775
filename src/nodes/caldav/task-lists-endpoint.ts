/**
 * The editor's view of a CalDAV server: the admin endpoint behind the task list picker of the CalDAV dialog. It
 * takes the address and credentials as typed in the dialog, deployed or not; a password field left as the editor
 * shows a stored one is taken from the node's stored credentials, so a password is never sent back to the
 * browser. It sends credentials to the address it is given, so it asks for the permission to change flows.
 */
import { CalDavClient, caldavUrl } from '../../lib/caldav/client';
import { DeviceCloudError } from '../../lib/errors';
import type { HttpRequest, HttpResponse, NodeAPI } from '../../runtime/node-red-api';
import { caldavTimeout } from './settings';

export const TASK_LISTS_PATH = '/device-cloud/caldav/task-lists';
export const WRITE_PERMISSION = 'device-cloud.write';
/** What the editor shows in a password field of a stored password. */
const STORED_PASSWORD = '__PWRD__';

interface Asked {
  id?: unknown;
  url?: unknown;
  username?: unknown;
  password?: unknown;
  timeout?: unknown;
}

export function registerTaskListsEndpoint(RED: NodeAPI): void {
  RED.httpAdmin.post(TASK_LISTS_PATH, RED.auth.needsPermission(WRITE_PERMISSION), (req, res) => {
    void answerTaskLists(RED, req, res);
  });
}

async function answerTaskLists(RED: NodeAPI, req: HttpRequest, res: HttpResponse): Promise<void> {
  const asked = (req.body ?? {}) as Asked;
  let client: CalDavClient | undefined;
  try {
    const stored = typeof asked.id === 'string' && asked.id !== '' ? (RED.nodes.getCredentials?.(asked.id) ?? {}) : {};
    const typed = (value: unknown) => (typeof value === 'string' ? value : undefined);
    const password = typed(asked.password);
    const address = caldavUrl(asked.url);
    client = new CalDavClient({
      url: address.href,
      username: typed(asked.username) ?? stored.username ?? '',
      password: password === undefined || password === STORED_PASSWORD ? (stored.password ?? '') : password,
      timeoutMs: caldavTimeout(asked.timeout) * 1000,
    });
    const lists = await client.findTaskLists(address);
    res.status(200).json(lists);
  } catch (error) {
    if (error instanceof DeviceCloudError) {
      res.status(error.kind === 'validation' ? 400 : 502).json({ error: error.message, statusCode: error.statusCode });
    } else {
      res.status(500).json({ error: 'listing the task lists failed: internal error' });
    }
  } finally {
    await client?.close();
  }
}
