/**
 * The editor's view of an account: the admin endpoint behind the device
 * picker. It answers for deployed accounts only, since the key lives with the
 * running account node, and its error texts never carry the key.
 */
import { DeviceCloudError } from '../../lib/errors';
import type { Device } from '../../lib/types';
import { accountOf } from '../../runtime/account-link';
import type { HttpRequest, HttpResponse, NodeAPI } from '../../runtime/node-red-api';

export const DEVICES_PATH = '/device-cloud/accounts/:id/devices';
export const READ_PERMISSION = 'device-cloud.read';

/** What the picker shows of a device: no more than the service's device record. */
type DeviceChoice = Pick<Device, 'deviceId' | 'alias' | 'board'>;

export function registerDevicesEndpoint(RED: NodeAPI): void {
  RED.httpAdmin.get(DEVICES_PATH, RED.auth.needsPermission(READ_PERMISSION), (req, res) => {
    void answerDevices(RED, req, res);
  });
}

async function answerDevices(RED: NodeAPI, req: HttpRequest, res: HttpResponse): Promise<void> {
  const account = accountOf(RED, req.params.id);
  if (!account) {
    res.status(404).json({ error: 'no deployed Device Cloud account with this id: deploy the account first' });
    return;
  }
  try {
    const devices = await account.client().devices.list();
    res.status(200).json(devices.map(choiceOf));
  } catch (error) {
    res.status(502).json(failureOf(error));
  }
}

function choiceOf(device: Device): DeviceChoice {
  return { deviceId: device.deviceId, alias: device.alias, board: device.board };
}

function failureOf(error: unknown): { error: string; code?: number; statusCode?: number } {
  if (!(error instanceof DeviceCloudError)) return { error: 'list devices failed: internal error' };
  return { error: error.message, code: error.code, statusCode: error.statusCode };
}
