import type { Device } from '../../lib/types';
import { defineAction } from '../../runtime/action-node';

export default defineAction<void, Device[]>({
  type: 'device-cloud-devices',
  prepare: () => undefined,
  run: (client, _input, options) => client.devices.list(options),
  status: (devices, _input, RED) => RED._('device-cloud-devices.status.listed', { count: devices.length }),
});
