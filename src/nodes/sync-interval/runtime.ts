import type { SyncIntervalResult } from '../../lib/types';
import { syncInterval, type SyncInterval } from '../../lib/values';
import { defineDeviceAction } from '../../runtime/device-action-node';

export default defineDeviceAction<SyncInterval, SyncIntervalResult>({
  type: 'device-cloud-sync-interval',
  prepare: async (inputs) => syncInterval(await inputs.get('syncInterval', 'payload'), 'syncInterval'),
  run: (client, deviceId, minutes, options) => client.devices.setSyncInterval(deviceId, minutes, options),
  status: (result, _input, RED) =>
    Number(result.syncInterval) === 0
      ? RED._('device-cloud-sync-interval.status.off')
      : RED._('device-cloud-sync-interval.status.set', { minutes: result.syncInterval }),
});
