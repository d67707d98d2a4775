// What every /open/v1 operation shares: the request it reads, the envelope it
// answers, and the look-ups and body parsing they all use.

import type { IncomingHttpHeaders } from 'node:http';
import type { ServiceReadings } from './readings';
import { findDevice, type SimDevice, type SimState, type SimTodo } from './state';
import { ApiError, type JsonObject, parseJsonObject, parseTodoId } from './validate';

export interface ApiRequest {
  method: string;
  /** Path without query and without the /open/v1 prefix, e.g. '/todos/3'. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
}

/** `{code, data}`, `{code, msg}` or, for the sync interval alone, both: as the specification shows each answer. */
export interface Envelope {
  code: number;
  msg?: string;
  data?: unknown;
}

export interface OperationContext {
  state: SimState;
  readings: Readonly<ServiceReadings>;
  request: ApiRequest;
  /** Path parameters, percent-decoded. */
  params: Record<string, string>;
}

export type Operation = (context: OperationContext) => Envelope;

/** A success that carries data: `{code: 0, data}`. */
export function successWithData(data: unknown): Envelope {
  return { code: 0, data };
}

/** A success without data: `{code: 0, msg: "success"}`. */
export function successWithMsg(): Envelope {
  return { code: 0, msg: 'success' };
}

export function knownDevice(state: SimState, deviceId: string): SimDevice {
  const device = findDevice(state, deviceId);
  if (!device) throw new ApiError(404, 'device not found');
  return device;
}

export function knownTodo(state: SimState, idSegment: string): SimTodo {
  const todo = state.todos.get(parseTodoId(idSegment));
  if (!todo) throw new ApiError(404, 'todo not found');
  return todo;
}

export function jsonBody(request: ApiRequest): JsonObject {
  return parseJsonObject(request.headers['content-type'], request.rawBody);
}
