// The service itself: authentication and routing of every /open/v1 operation,
// working on a SimState. Transport (sockets, faults, recording) lives in server.ts,
// the operations in devices.ts, todos.ts and display.ts.

import type { IncomingHttpHeaders } from 'node:http';
import { listDevices, setSyncInterval } from './devices';
import { deleteAllPages, deletePage, pushImages, pushStructuredText, pushText } from './display';
import type { ApiRequest, Envelope, Operation } from './operation';
import type { ServiceReadings } from './readings';
import type { SimState } from './state';
import { completeTodo, createTodo, deleteTodo, listTodos, updateTodo } from './todos';
import { ApiError } from './validate';

export type { ApiRequest, Envelope } from './operation';
export { SYNC_INTERVALS } from './devices';
export { DEFAULT_FONT_SIZE, MAX_IMAGE_BYTES, MAX_IMAGES, MAX_TEXT_LENGTH, MAX_TITLE_LENGTH } from './display';

export const API_PREFIX = '/open/v1';

export interface ApiResponse {
  status: number;
  envelope: Envelope;
  headers?: Record<string, string>;
}

export interface ApiOutcome {
  response: ApiResponse;
  /** Whether the state changed. */
  changed: boolean;
}

/** What the service is: its account's state, its key, and the readings it plays where the notes leave it open. */
export interface Service {
  state: SimState;
  apiKey: string;
  readings: Readonly<ServiceReadings>;
}

interface Route {
  method: string;
  /** Segments after /open/v1; ':name' captures a path parameter. */
  pattern: string;
  mutates: boolean;
  handle: Operation;
  /** The route exists only under this reading. */
  onlyWhen?: keyof ServiceReadings;
}

export function errorResponse(status: number, msg: string, headers?: Record<string, string>): ApiResponse {
  return headers ? { status, envelope: { code: status, msg }, headers } : { status, envelope: { code: status, msg } };
}

const ROUTES: readonly Route[] = [
  { method: 'GET', pattern: '/devices', mutates: false, handle: listDevices },
  { method: 'PUT', pattern: '/devices/:deviceId/sync-interval', mutates: true, handle: setSyncInterval },
  { method: 'GET', pattern: '/todos', mutates: false, handle: listTodos },
  { method: 'POST', pattern: '/todos', mutates: true, handle: createTodo },
  { method: 'PUT', pattern: '/todos/:todoId', mutates: true, handle: updateTodo },
  { method: 'DELETE', pattern: '/todos/:todoId', mutates: true, handle: deleteTodo },
  { method: 'PUT', pattern: '/todos/:todoId/complete', mutates: true, handle: completeTodo },
  { method: 'POST', pattern: '/devices/:deviceId/display/image', mutates: true, handle: pushImages },
  { method: 'POST', pattern: '/devices/:deviceId/display/text', mutates: true, handle: pushText },
  { method: 'POST', pattern: '/devices/:deviceId/display/structured-text', mutates: true, handle: pushStructuredText },
  { method: 'DELETE', pattern: '/devices/:deviceId/display/pages/:pageId', mutates: true, handle: deletePage },
  { method: 'DELETE', pattern: '/devices/:deviceId/display/pages', mutates: true, handle: deleteAllPages },
  {
    method: 'DELETE',
    pattern: '/devices/:deviceId/display/pages/',
    mutates: true,
    handle: deleteAllPages,
    onlyWhen: 'trailingSlashDeletesAllPages',
  },
];

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Each segment is percent-decoded before it is compared or captured: `AA%3ABB%3A...` names the device `AA:BB:...`. */
function matchPattern(pattern: string, path: string): Record<string, string> | undefined {
  const expected = pattern.split('/');
  const actual = path.split('/').map(decodeSegment);
  if (expected.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (let index = 0; index < expected.length; index += 1) {
    if (expected[index].startsWith(':')) {
      if (actual[index] === '') return undefined;
      params[expected[index].slice(1)] = actual[index];
    } else if (expected[index] !== actual[index]) {
      return undefined;
    }
  }
  return params;
}

function isAuthorized(headers: IncomingHttpHeaders, apiKey: string): boolean {
  if (headers['x-api-key'] === apiKey) return true;
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '');
  return bearer !== null && bearer[1].trim() === apiKey;
}

/** Answers one /open/v1 request, changing the state when the operation succeeds. */
export function handleApiRequest(service: Service, request: ApiRequest): ApiOutcome {
  const { state, apiKey, readings } = service;
  if (!isAuthorized(request.headers, apiKey)) {
    return { response: errorResponse(401, 'invalid or expired API key'), changed: false };
  }
  const matches = ROUTES.flatMap((route) => {
    if (route.onlyWhen && !readings[route.onlyWhen]) return [];
    const params = matchPattern(route.pattern, request.path);
    return params ? [{ route, params }] : [];
  });
  if (matches.length === 0) return { response: errorResponse(404, 'not found'), changed: false };
  const match = matches.find(({ route }) => route.method === request.method);
  if (!match) {
    const allow = matches.map(({ route }) => route.method).join(', ');
    return { response: errorResponse(405, `method ${request.method} not allowed`, { Allow: allow }), changed: false };
  }
  try {
    const envelope = match.route.handle({ state, readings, request, params: match.params });
    return { response: { status: 200, envelope }, changed: match.route.mutates };
  } catch (error) {
    if (error instanceof ApiError) return { response: errorResponse(error.status, error.message), changed: false };
    throw error;
  }
}
