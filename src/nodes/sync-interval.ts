import type { SyncInterval, SyncIntervalResult } from '../lib/types';
import * as validate from '../lib/validate';
import { defineDeviceAction } from './shared/device-action';

export default defineDeviceAction<{ minutes: SyncInterval }, SyncIntervalResult>({
  type: 'device-cloud-sync-interval',
  async prepare(inputs) {
    const minutes = await inputs.get('syncInterval', 'payload');
    return { minutes: validate.syncInterval(minutes, 'syncInterval') };
  },
  run: (client, deviceId, { minutes }, signal) => client.setSyncInterval(deviceId, minutes, signal),
  status: (result, _input, RED) =>
    Number(result.syncInterval) === 0
      ? RED._('device-cloud-sync-interval.status.off')
      : RED._('device-cloud-sync-interval.status.set', { minutes: result.syncInterval }),
});
