import type { TodoListItem } from './types';

/**
 * One error type for everything that can go wrong between a message and the
 * service. Node-RED's Catch node copies `code` onto `msg.error` only when it is
 * an own property, so optional fields are assigned only when they have a value.
 */
export type ErrorKind =
  | 'validation' // refused before any request
  | 'http' // the service answered with an HTTP status >= 400
  | 'service' // HTTP 200 with a non-zero `code`
  | 'parse' // the body is not the JSON envelope
  | 'network' // no usable answer: refused, reset, DNS, TLS
  | 'timeout' // no answer within the request timeout
  | 'aborted' // the node or the account was closed (redeploy, shutdown)
  | 'busy' // the account's queue is full
  | 'unconfirmed' // the service answered success, but what it then lists shows the change was not made
  | 'internal'; // a fault of ours: reported, never thrown into the runtime

export interface DeviceCloudErrorDetails {
  operation?: string;
  code?: number;
  statusCode?: number;
  serviceMessage?: string;
  field?: string;
  retryAfterMs?: number;
  /** True when the request certainly did not reach the service (connection refused, 429, never sent). */
  notSent?: boolean;
  /** The to-do as the service lists it, when a change to it was not confirmed. */
  todo?: TodoListItem;
}

export class DeviceCloudError extends Error {
  declare readonly kind: ErrorKind;
  declare readonly operation?: string;
  declare readonly code?: number;
  declare readonly statusCode?: number;
  declare readonly serviceMessage?: string;
  declare readonly field?: string;
  declare readonly retryAfterMs?: number;
  declare readonly notSent?: boolean;
  declare readonly todo?: TodoListItem;

  constructor(kind: ErrorKind, message: string, details: DeviceCloudErrorDetails = {}) {
    super(message);
    Object.defineProperty(this, 'name', { value: 'DeviceCloudError', enumerable: false, configurable: true });
    Object.defineProperty(this, 'kind', { value: kind, enumerable: true });
    for (const [key, value] of Object.entries(details)) {
      if (value !== undefined) Object.defineProperty(this, key, { value, enumerable: true });
    }
  }

  /** Worth another attempt: the failure is of the passing kind (network, timeout, 408, 425, 429, 5xx). */
  get transient(): boolean {
    if (this.kind === 'network' || this.kind === 'timeout') return true;
    if (this.kind !== 'http' || this.statusCode === undefined) return false;
    return [408, 425, 429].includes(this.statusCode) || this.statusCode >= 500;
  }
}

/**
 * Anything thrown, as our error: our own as it is; anything else is a fault of
 * ours, not of the network or the input, and is never retried.
 */
export function asDeviceCloudError(error: unknown): DeviceCloudError {
  if (error instanceof DeviceCloudError) return error;
  return new DeviceCloudError('internal', `internal error: ${describeThrown(error)}`);
}

/** A short text for anything thrown, even an object without a usable toString. */
export function describeThrown(error: unknown): string {
  let text: string;
  try {
    text = error instanceof Error ? String(error.message) : String(error);
  } catch {
    text = 'an error that cannot be shown as text';
  }
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** The same failure, its text extended by a note. */
export function annotated(failure: DeviceCloudError, note: string): DeviceCloudError {
  return new DeviceCloudError(failure.kind, `${failure.message}; ${note}`, {
    operation: failure.operation,
    code: failure.code,
    statusCode: failure.statusCode,
    serviceMessage: failure.serviceMessage,
    field: failure.field,
    retryAfterMs: failure.retryAfterMs,
    notSent: failure.notSent,
    todo: failure.todo,
  });
}

const LONGEST_FIELD_NAME = 60;

/**
 * Bad input, refused before any request: the text names the field and the rule.
 * A field name built from a message's own keys is cut short, so a huge key cannot flood the text or the status.
 */
export function invalid(field: string, rule: string, value?: unknown): DeviceCloudError {
  const got = arguments.length > 2 ? ` (got ${describe(value)})` : '';
  const name = field.length > LONGEST_FIELD_NAME ? `${field.slice(0, LONGEST_FIELD_NAME)}…` : field;
  return new DeviceCloudError('validation', `${name}: ${rule}${got}`, { field: name });
}

/** A short, safe rendering of a value for an error text: never a huge string or a whole object. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') {
    if (value === '') return 'an empty string';
    return value.length > 40 ? `a string of ${value.length} characters` : JSON.stringify(value);
  }
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Uint8Array) return `a Buffer of ${value.length} bytes`;
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (value instanceof Date) return 'a Date';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
