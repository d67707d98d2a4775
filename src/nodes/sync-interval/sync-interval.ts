import type { SyncIntervalResult } from '../../lib/types';
import * as validate from '../../lib/validate';
import { defineAction } from '../shared/action';
import { deviceIdInput } from '../shared/fields';

module.exports = defineAction<{ deviceId: string; minutes: number }, SyncIntervalResult>({
  type: 'device-cloud-sync-interval',
  async prepare(inputs) {
    const deviceId = await deviceIdInput(inputs);
    const minutes = await inputs.get('syncInterval', 'payload');
    return { deviceId, minutes: validate.syncInterval(minutes, 'syncInterval') };
  },
  run: (client, { deviceId, minutes }, signal) => client.setSyncInterval(deviceId, minutes, signal),
  status: (result, _input, RED) =>
    Number(result.syncInterval) === 0
      ? RED._('device-cloud-sync-interval.status.off')
      : RED._('device-cloud-sync-interval.status.set', { minutes: result.syncInterval }),
});
