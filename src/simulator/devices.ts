// The device operations: the account's devices and their sync intervals.

import { type Envelope, knownDevice, jsonBody, type OperationContext, successWithData } from './operation';
import { badRequest } from './validate';

export const SYNC_INTERVALS = [0, 10, 30, 60, 180, 720] as const;

export function listDevices({ state }: OperationContext): Envelope {
  return successWithData(state.devices.map(({ deviceId, alias, board }) => ({ deviceId, alias, board })));
}

export function setSyncInterval({ state, request, params }: OperationContext): Envelope {
  const body = jsonBody(request);
  const syncInterval = body.syncInterval;
  if (typeof syncInterval !== 'number' || !(SYNC_INTERVALS as readonly number[]).includes(syncInterval)) {
    throw badRequest(`syncInterval must be one of ${SYNC_INTERVALS.join(', ')}`);
  }
  const device = knownDevice(state, params.deviceId);
  state.syncIntervals.set(device.deviceId, syncInterval);
  // The one answer the specification shows with both msg and data.
  return { code: 0, msg: 'success', data: { deviceId: device.deviceId, syncInterval } };
}
