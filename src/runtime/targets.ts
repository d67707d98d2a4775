/** Inputs several nodes read the same way, parsed into the values the client takes. */
import { invalid } from '../lib/errors';
import { ALL_DEVICES, deviceId, pageId, todoId, type DeviceId, type PageId, type TodoId } from '../lib/values';
import type { Inputs } from './inputs';

export { ALL_DEVICES };

/** A list longer than this is surely a mistake (a whole table passed by accident). */
export const MOST_DEVICES_PER_MESSAGE = 100;

/** The devices a message addresses: one id, a list of ids (fanOut), or every device of the account. */
export type DeviceTargets = { ids: DeviceId[]; fanOut: boolean } | typeof ALL_DEVICES;

export async function deviceTargets(inputs: Inputs): Promise<DeviceTargets> {
  const value = await inputs.get('deviceId');
  if (value === undefined || value === '') {
    throw invalid('deviceId', 'is required: set a device, a list of devices or "all", or msg.deviceId');
  }
  if (value === ALL_DEVICES) return ALL_DEVICES;
  if (!Array.isArray(value)) return { ids: [deviceId(value)], fanOut: false };
  if (value.length === 0 || value.length > MOST_DEVICES_PER_MESSAGE) {
    throw invalid('deviceId', `must list 1 to ${MOST_DEVICES_PER_MESSAGE} devices`, value);
  }
  // A device listed twice gets one push, not two.
  const ids = new Set(value.map((item, index) => deviceId(item, `deviceId[${index}]`)));
  return { ids: [...ids], fanOut: true };
}

export async function optionalPageId(inputs: Inputs): Promise<PageId | undefined> {
  const value = await inputs.get('pageId');
  return value === undefined || value === '' ? undefined : pageId(value);
}

/** The to-do id: the dialog, msg.todoId, msg.payload as an id, or msg.payload.id. */
export async function todoIdInput(inputs: Inputs, payloadMayBeId: boolean): Promise<TodoId> {
  let value = await inputs.get('todoId');
  const payload = inputs.msg.payload;
  if (value === undefined && payloadMayBeId && (typeof payload === 'number' || typeof payload === 'string')) {
    value = payload;
  }
  if (value === undefined && payload !== null && typeof payload === 'object' && !Array.isArray(payload)) {
    value = (payload as Record<string, unknown>).id;
  }
  if (value === undefined || value === '') {
    throw invalid('todoId', 'is required: set msg.todoId, or msg.payload.id');
  }
  return todoId(value, 'todoId');
}

/** A text input from a message: strings as they are, numbers and booleans written out, nothing else. */
export function textOf(value: unknown, field: string): string {
  if (typeof value === 'string') return value;
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') return String(value);
  throw invalid(field, 'must be a string', value);
}
