/** The account's devices and their sync interval (specification 4.1, 4.2). */
import type { Device, SyncIntervalResult } from '../../types';
import type { SyncInterval } from '../../values/display';
import type { DeviceId } from '../../values/ids';
import { expectArray, isObject } from '../envelope';
import { deviceTarget } from '../order';
import type { CallOptions, ServiceRequests } from '../account-requests';

export class DeviceOperations {
  constructor(private readonly path: ServiceRequests) {}

  async list(options?: CallOptions): Promise<Device[]> {
    const data = await this.path.call(
      { name: 'list devices', method: 'GET', path: '/devices', repeat: 'always' },
      options,
    );
    return expectArray<Device>(data, 'list devices');
  }

  async setSyncInterval(
    deviceId: DeviceId,
    syncInterval: SyncInterval,
    options?: CallOptions,
  ): Promise<SyncIntervalResult> {
    // A device id holds only hex pairs and colons, both allowed in a path segment: sent as the specification writes it.
    const data = await this.path.call(
      {
        name: 'set sync interval',
        method: 'PUT',
        path: `/devices/${deviceId}/sync-interval`,
        json: { syncInterval },
        repeat: 'always',
        target: deviceTarget(deviceId),
      },
      options,
    );
    return isObject(data) ? (data as unknown as SyncIntervalResult) : { deviceId, syncInterval };
  }
}
