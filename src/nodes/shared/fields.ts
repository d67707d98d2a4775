/** Inputs several nodes read the same way. */
import { invalid } from '../../lib/errors';
import * as validate from '../../lib/validate';
import type { PageId } from '../../lib/types';
import type { Inputs } from './inputs';

export async function deviceIdInput(inputs: Inputs): Promise<string> {
  const value = await inputs.get('deviceId');
  if (value === undefined || value === '') throw invalid('deviceId', 'is required: set a device or msg.deviceId');
  return validate.deviceId(value);
}

export async function optionalPageId(inputs: Inputs): Promise<PageId | undefined> {
  const value = await inputs.get('pageId');
  return value === undefined || value === '' ? undefined : validate.pageId(value);
}

/** The to-do id: the dialog, msg.todoId, msg.payload as an id, or msg.payload.id. */
export async function todoIdInput(inputs: Inputs, payloadMayBeId: boolean): Promise<number> {
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
  return validate.todoId(value, 'todoId');
}

/** A text input from a message: strings as they are, numbers and booleans written out, nothing else. */
export function textOf(value: unknown, field: string): string {
  if (typeof value === 'string') return value;
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') return String(value);
  throw invalid(field, 'must be a string', value);
}
