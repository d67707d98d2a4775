// The service itself: authentication, routing and every /open/v1 operation,
// working on a SimState. Transport (sockets, faults, recording) lives in server.ts.

import type { IncomingHttpHeaders } from 'node:http';
import { boundaryOf, type FormPart, MultipartError, parseMultipart } from './multipart';
import {
  countFilledPages,
  findDevice,
  insertTodo,
  pageSlotsOf,
  type Priority,
  REPEAT_TYPES,
  type SimDevice,
  type SimImage,
  type SimImagePage,
  type SimPage,
  type SimState,
  type SimStructuredPage,
  type SimTextPage,
  type SimTodo,
  toListItem,
  todosInIdOrder,
  unixSeconds,
} from './state';
import {
  ApiError,
  badRequest,
  type JsonObject,
  optionalDate,
  optionalInteger,
  optionalOneOf,
  optionalString,
  optionalTime,
  parseJsonObject,
  parsePageId,
  parseTodoId,
  requiredString,
} from './validate';

export const API_PREFIX = '/open/v1';
export const SYNC_INTERVALS = [0, 10, 30, 60, 180, 720] as const;
export const MAX_TEXT_LENGTH = 5000;
export const MAX_TITLE_LENGTH = 200;
export const MAX_IMAGES = 5;
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const DEFAULT_FONT_SIZE = 20;

export interface ApiRequest {
  method: string;
  /** Path without query and without the /open/v1 prefix, e.g. '/todos/3'. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
}

export interface Envelope {
  code: number;
  msg: string;
  data?: unknown;
}

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

interface RouteContext {
  state: SimState;
  request: ApiRequest;
  params: Record<string, string>;
}

interface Route {
  method: string;
  /** Segments after /open/v1; ':name' captures a path parameter. */
  pattern: string;
  mutates: boolean;
  handle: (context: RouteContext) => Envelope;
}

function success(data?: unknown): Envelope {
  return data === undefined ? { code: 0, msg: 'success' } : { code: 0, msg: 'success', data };
}

export function errorResponse(status: number, msg: string, headers?: Record<string, string>): ApiResponse {
  return headers ? { status, envelope: { code: status, msg }, headers } : { status, envelope: { code: status, msg } };
}

// --- lookups -------------------------------------------------------------

function knownDevice(state: SimState, deviceId: string): SimDevice {
  const device = findDevice(state, deviceId);
  if (!device) throw new ApiError(404, 'device not found');
  return device;
}

function knownTodo(state: SimState, idSegment: string): SimTodo {
  const todo = state.todos.get(parseTodoId(idSegment));
  if (!todo) throw new ApiError(404, 'todo not found');
  return todo;
}

function jsonBody(request: ApiRequest): JsonObject {
  return parseJsonObject(request.headers['content-type'], request.rawBody);
}

// --- devices -------------------------------------------------------------

function listDevices({ state }: RouteContext): Envelope {
  return success(state.devices.map(({ deviceId, alias, board }) => ({ deviceId, alias, board })));
}

function setSyncInterval({ state, request, params }: RouteContext): Envelope {
  const body = jsonBody(request);
  const syncInterval = body.syncInterval;
  if (typeof syncInterval !== 'number' || !(SYNC_INTERVALS as readonly number[]).includes(syncInterval)) {
    throw badRequest(`syncInterval must be one of ${SYNC_INTERVALS.join(', ')}`);
  }
  const device = knownDevice(state, params.deviceId);
  state.syncIntervals.set(device.deviceId, syncInterval);
  return success({ deviceId: device.deviceId, syncInterval });
}

// --- to-dos --------------------------------------------------------------

function listTodos({ state, request }: RouteContext): Envelope {
  const { status, deviceId } = request.query;
  if (status !== undefined && status !== '0' && status !== '1') throw badRequest('status must be 0 or 1');
  const todos = todosInIdOrder(state).filter(
    (todo) => (status === undefined || todo.status === Number(status)) && (!deviceId || todo.deviceId === deviceId),
  );
  return success(todos.map((todo) => toListItem(state, todo)));
}

/** The to-do fields a create or an update may carry, checked; absent ones stay absent. */
function todoFields(body: JsonObject): Partial<SimTodo> {
  const fields: Partial<SimTodo> = {
    description: optionalString(body, 'description'),
    dueDate: optionalDate(body, 'dueDate'),
    dueTime: optionalTime(body, 'dueTime'),
    repeatType: optionalOneOf(body, 'repeatType', REPEAT_TYPES),
    repeatWeekday: optionalInteger(body, 'repeatWeekday', { min: 0, max: 6, numericString: true }),
    repeatMonth: optionalInteger(body, 'repeatMonth', { min: 1, max: 12, numericString: true }),
    repeatDay: optionalInteger(body, 'repeatDay', { min: 1, max: 31, numericString: true }),
    priority: optionalInteger(body, 'priority', { min: 0, max: 2 }) as Priority | undefined,
    deviceId: optionalString(body, 'deviceId'),
  };
  for (const key of Object.keys(fields) as (keyof SimTodo)[]) {
    if (fields[key] === undefined) delete fields[key];
  }
  return fields;
}

function checkTodoDevice(state: SimState, fields: Partial<SimTodo>): void {
  if (fields.deviceId) knownDevice(state, fields.deviceId);
}

function createTodo({ state, request }: RouteContext): Envelope {
  const body = jsonBody(request);
  const title = requiredString(body, 'title');
  const fields = todoFields(body);
  checkTodoDevice(state, fields);
  const todo = insertTodo(state, { ...fields, title, status: 0 });
  const { id, status, priority, deviceId, createDate } = todo;
  return success({ id, title, status, priority, deviceId, createDate });
}

function updateTodo({ state, request, params }: RouteContext): Envelope {
  parseTodoId(params.todoId); // a malformed id is a 400 before anything in the body is
  const body = jsonBody(request);
  if ('status' in body) throw badRequest('status cannot be set through update; use PUT /todos/{id}/complete');
  const fields = todoFields(body);
  if (body.title !== undefined && body.title !== null) fields.title = requiredString(body, 'title');
  const todo = knownTodo(state, params.todoId);
  checkTodoDevice(state, fields);
  Object.assign(todo, fields, { updateDate: unixSeconds(new Date()) });
  const { id, title, status, priority } = todo;
  return success({ id, title, status, priority });
}

function toggleTodo({ state, params }: RouteContext): Envelope {
  const todo = knownTodo(state, params.todoId);
  todo.status = todo.status === 1 ? 0 : 1;
  todo.updateDate = unixSeconds(new Date());
  return success();
}

function deleteTodo({ state, params }: RouteContext): Envelope {
  const todo = knownTodo(state, params.todoId);
  state.todos.delete(todo.id);
  return success();
}

// --- display -------------------------------------------------------------

type PushMetadata = 'pushedAt' | 'persistent';
type PageContent =
  Omit<SimTextPage, PushMetadata> | Omit<SimStructuredPage, PushMetadata> | Omit<SimImagePage, PushMetadata>;

/** Stores content on a page (page 1, not persistent, when no pageId) and answers the push result. */
function storePage(
  state: SimState,
  deviceId: string,
  pageId: number | undefined,
  content: PageContent,
  pushedPages: number,
): Envelope {
  const device = knownDevice(state, deviceId);
  const slots = pageSlotsOf(state, device.deviceId);
  const page = pageId ?? 1;
  const stored: SimPage = { ...content, pushedAt: Date.now(), persistent: pageId !== undefined };
  slots[page - 1] = stored;
  return success({ totalPages: countFilledPages(slots), pushedPages, pageId: String(page) });
}

function pushText({ state, request, params }: RouteContext): Envelope {
  const body = jsonBody(request);
  const text = requiredString(body, 'text', MAX_TEXT_LENGTH);
  const fontSize = optionalInteger(body, 'fontSize', { min: 12, max: 48 }) ?? DEFAULT_FONT_SIZE;
  const pageId = parsePageId(body.pageId);
  return storePage(state, params.deviceId, pageId, { kind: 'text', text, fontSize }, 1);
}

function pushStructuredText({ state, request, params }: RouteContext): Envelope {
  const body = jsonBody(request);
  const title = optionalString(body, 'title', MAX_TITLE_LENGTH) ?? '';
  const text = optionalString(body, 'body', MAX_TEXT_LENGTH) ?? '';
  if (title === '' && text === '') throw badRequest('title or body is required (at least one of them)');
  const pageId = parsePageId(body.pageId);
  return storePage(state, params.deviceId, pageId, { kind: 'structured', title, body: text }, 1);
}

function formParts(request: ApiRequest): FormPart[] {
  const boundary = boundaryOf(request.headers['content-type']);
  if (!boundary) throw badRequest('Content-Type must be multipart/form-data with a boundary');
  try {
    return parseMultipart(request.rawBody, boundary);
  } catch (error) {
    if (error instanceof MultipartError) throw badRequest(`malformed multipart body: ${error.message}`);
    throw error;
  }
}

function firstFieldValue(parts: FormPart[], name: string): string | undefined {
  return parts.find((part) => part.name === name)?.data.toString('utf8');
}

function parseDither(value: string | undefined): boolean {
  if (value === undefined || value === 'true') return true;
  if (value === 'false') return false;
  throw badRequest('dither must be true or false');
}

function checkedImages(parts: FormPart[]): SimImage[] {
  const files = parts.filter((part) => part.name === 'images');
  if (files.length === 0) throw badRequest('images is required: 1 to 5 image files');
  if (files.length > MAX_IMAGES) throw badRequest(`images: at most ${MAX_IMAGES} images per push`);
  return files.map((file, index) => {
    if (file.filename === undefined) throw badRequest(`images[${index}] must be a file part with a filename`);
    const contentType = (file.contentType ?? '').toLowerCase();
    if (!/^image\/[\w.+-]+$/.test(contentType)) throw badRequest(`images[${index}] must have an image/* content type`);
    if (file.data.length > MAX_IMAGE_BYTES) throw badRequest(`images[${index}] is larger than 2 MB`);
    return { contentType, data: file.data };
  });
}

function pushImages({ state, request, params }: RouteContext): Envelope {
  const parts = formParts(request);
  const images = checkedImages(parts);
  const dither = parseDither(firstFieldValue(parts, 'dither'));
  const pageId = parsePageId(firstFieldValue(parts, 'pageId'));
  return storePage(state, params.deviceId, pageId, { kind: 'image', images, dither }, images.length);
}

function deletePage({ state, params }: RouteContext): Envelope {
  const pageId = parsePageId(params.pageId);
  const device = knownDevice(state, params.deviceId);
  if (pageId !== undefined) pageSlotsOf(state, device.deviceId)[pageId - 1] = null;
  return success();
}

function deleteAllPages({ state, params }: RouteContext): Envelope {
  const device = knownDevice(state, params.deviceId);
  pageSlotsOf(state, device.deviceId).fill(null);
  return success();
}

// --- routing -------------------------------------------------------------

const ROUTES: readonly Route[] = [
  { method: 'GET', pattern: '/devices', mutates: false, handle: listDevices },
  { method: 'PUT', pattern: '/devices/:deviceId/sync-interval', mutates: true, handle: setSyncInterval },
  { method: 'GET', pattern: '/todos', mutates: false, handle: listTodos },
  { method: 'POST', pattern: '/todos', mutates: true, handle: createTodo },
  { method: 'PUT', pattern: '/todos/:todoId', mutates: true, handle: updateTodo },
  { method: 'DELETE', pattern: '/todos/:todoId', mutates: true, handle: deleteTodo },
  { method: 'PUT', pattern: '/todos/:todoId/complete', mutates: true, handle: toggleTodo },
  { method: 'POST', pattern: '/devices/:deviceId/display/image', mutates: true, handle: pushImages },
  { method: 'POST', pattern: '/devices/:deviceId/display/text', mutates: true, handle: pushText },
  { method: 'POST', pattern: '/devices/:deviceId/display/structured-text', mutates: true, handle: pushStructuredText },
  { method: 'DELETE', pattern: '/devices/:deviceId/display/pages/:pageId', mutates: true, handle: deletePage },
  { method: 'DELETE', pattern: '/devices/:deviceId/display/pages', mutates: true, handle: deleteAllPages },
];

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchPattern(pattern: string, path: string): Record<string, string> | undefined {
  const expected = pattern.split('/');
  const actual = path.split('/');
  if (expected.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (let index = 0; index < expected.length; index += 1) {
    if (expected[index].startsWith(':')) {
      if (actual[index] === '') return undefined;
      params[expected[index].slice(1)] = decodeSegment(actual[index]);
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
export function handleApiRequest(state: SimState, apiKey: string, request: ApiRequest): ApiOutcome {
  if (!isAuthorized(request.headers, apiKey)) {
    return { response: errorResponse(401, 'invalid or expired API key'), changed: false };
  }
  const matches = ROUTES.flatMap((route) => {
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
    const envelope = match.route.handle({ state, request, params: match.params });
    return { response: { status: 200, envelope }, changed: match.route.mutates };
  } catch (error) {
    if (error instanceof ApiError) return { response: errorResponse(error.status, error.message), changed: false };
    throw error;
  }
}
