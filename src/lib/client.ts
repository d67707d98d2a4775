/**
 * The Device Cloud Open API client: one typed method per operation, one undici
 * pool per account, pacing, retries and validation before every request.
 * It knows nothing of Node-RED.
 */
import { setMaxListeners } from 'node:events';
import type FormData from 'form-data';
import type { Pool } from 'undici';
import { serviceAddress, type ServiceAddress } from './base-url';
import { DeviceCloudError, invalid } from './errors';
import { CONTENT_TYPES, FILE_EXTENSIONS, imageFile } from './images';
import { RequestLimiter, type LimiterOptions } from './limiter';
import { DEFAULT_RETRY, backoffDelay, parseRetryAfter, sleep, type RetryOptions } from './retry';
import type {
  Device,
  ImagePush,
  PushResult,
  StructuredTextPush,
  SyncIntervalResult,
  TextPush,
  TodoCreate,
  TodoCreated,
  TodoFields,
  TodoFilter,
  TodoListItem,
  TodoState,
  TodoUpdated,
} from './types';
import * as validate from './validate';

export type AuthHeader = 'x-api-key' | 'bearer';

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  authHeader?: AuthHeader;
  /** how long to wait for the answer's headers, and then between chunks of its body */
  timeoutMs?: number;
  retry?: Partial<RetryOptions>;
  pacing?: Partial<LimiterOptions>;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_PACING: LimiterOptions = { maxInFlight: 3, maxQueue: 200, minSpacingMs: 0 };
/** The largest answer read; the service's answers are small JSON, so anything near this is not one. */
export const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;
const LONGEST_API_KEY = 4096;
/** What an HTTP header value may hold: tab, printable ASCII and Latin-1, no control characters. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]+$/;
/** Connection failures that happen before a byte of the request is written. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
]);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Operation {
  /** what the call does, as the error text says it */
  name: string;
  method: Method;
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  multipart?: FormData;
  /**
   * `always`: repeating it leaves the same result (reads, PUT, DELETE, page pushes).
   * `unsent`: repeat only when the service certainly did not get it (429, connection refused).
   */
  repeat: 'always' | 'unsent';
  /**
   * A 404 after an attempt that may have arrived means that attempt did the
   * work (a delete whose answer was lost): the call succeeds without data.
   */
  goneMeansDone?: boolean;
}

interface Body {
  bytes: Buffer | string;
  headers: Record<string, string>;
}

/** An abort signal for one call, and how to stop listening for it once the call has ended. */
interface CallSignal {
  signal: AbortSignal;
  release: () => void;
}

export class DeviceCloudClient {
  private readonly address: ServiceAddress;
  /** Created by the first request: see `pool`. */
  private openPool: Pool | undefined;
  private readonly limiter: RequestLimiter;
  private readonly closing = new AbortController();
  private readonly calls = new CallSignals(this.closing.signal);
  // Private fields (#) stay out of util.inspect, JSON and any debug dump of the client.
  readonly #authHeaders: Record<string, string>;
  readonly #apiKey: string;
  readonly timeoutMs: number;
  readonly retry: RetryOptions;
  readonly limits: LimiterOptions;

  constructor(options: ClientOptions) {
    this.address = serviceAddress(options.baseUrl);
    this.#apiKey = checkedApiKey(options.apiKey);
    // Calls made without a signal of their own listen for the close: as many as the queue holds, so no listener warning.
    setMaxListeners(0, this.closing.signal);
    this.#authHeaders =
      options.authHeader === 'bearer' ? { authorization: `Bearer ${this.#apiKey}` } : { 'x-api-key': this.#apiKey };
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    const pacing = { ...DEFAULT_PACING, ...options.pacing };
    this.limits = pacing;
    this.limiter = new RequestLimiter(pacing);
  }

  /**
   * The account's one connection pool. undici is loaded and the pool made on
   * the first request, so that Node-RED starts without loading undici.
   */
  private get pool(): Pool {
    if (this.closed) throw this.closing.signal.reason;
    this.openPool ??= new (loadUndici().Pool)(this.address.origin, {
      connections: this.limits.maxInFlight,
      keepAliveTimeout: 30_000,
      maxResponseSize: MAX_RESPONSE_BYTES,
      connect: { timeout: this.timeoutMs },
    });
    return this.openPool;
  }

  /** The base address requests go to, `/open/v1` included. */
  get endpoint(): string {
    return this.address.origin + this.address.basePath;
  }

  get pacing(): { inFlight: number; queued: number; peakInFlight: number } {
    return { inFlight: this.limiter.inFlight, queued: this.limiter.queued, peakInFlight: this.limiter.peakInFlight };
  }

  get closed(): boolean {
    return this.closing.signal.aborted;
  }

  /** Refuses queued requests, aborts those in flight, closes every socket. */
  async close(): Promise<void> {
    if (this.closed) return;
    const error = new DeviceCloudError('aborted', 'the account was closed (redeploy or shutdown); request abandoned');
    this.closing.abort(error);
    this.calls.abortAll(error);
    this.limiter.close(error);
    await this.openPool?.destroy();
  }

  // --- devices -------------------------------------------------------------

  async listDevices(signal?: AbortSignal): Promise<Device[]> {
    const data = await this.call({ name: 'list devices', method: 'GET', path: '/devices', repeat: 'always' }, signal);
    return expectArray<Device>(data, 'list devices');
  }

  async setSyncInterval(deviceId: unknown, minutes: unknown, signal?: AbortSignal): Promise<SyncIntervalResult> {
    // A validated MAC holds only hex pairs and colons, both allowed in a path segment: sent as the specification writes it.
    const device = validate.deviceId(deviceId);
    const syncInterval = validate.syncInterval(minutes);
    const data = await this.call(
      {
        name: 'set sync interval',
        method: 'PUT',
        path: `/devices/${device}/sync-interval`,
        json: { syncInterval },
        repeat: 'always',
      },
      signal,
    );
    return isObject(data) ? (data as unknown as SyncIntervalResult) : { deviceId: device, syncInterval };
  }

  // --- to-dos --------------------------------------------------------------

  async listTodos(
    filter: { status?: unknown; deviceId?: unknown } = {},
    signal?: AbortSignal,
  ): Promise<TodoListItem[]> {
    const query: Record<string, string> = {};
    const checked: TodoFilter = {};
    if (filter.status !== undefined) checked.status = validate.todoStatus(filter.status);
    if (filter.deviceId !== undefined) checked.deviceId = validate.deviceId(filter.deviceId);
    if (checked.status !== undefined) query.status = String(checked.status);
    if (checked.deviceId !== undefined) query.deviceId = checked.deviceId;
    const data = await this.call(
      { name: 'list to-dos', method: 'GET', path: '/todos', query, repeat: 'always' },
      signal,
    );
    return expectArray<TodoListItem>(data, 'list to-dos');
  }

  /** Creates a to-do. Never repeated after a failure that may have reached the service: a duplicate is worse than an error. */
  async createTodo(fields: unknown, signal?: AbortSignal): Promise<TodoCreated> {
    const body: TodoCreate = validate.todoCreate(fields);
    const data = await this.call(
      { name: 'create to-do', method: 'POST', path: '/todos', json: body, repeat: 'unsent' },
      signal,
    );
    return expectObject<TodoCreated>(data, 'create to-do');
  }

  async updateTodo(id: unknown, fields: unknown, signal?: AbortSignal): Promise<TodoUpdated> {
    const todo = validate.todoId(id);
    const body: TodoFields = validate.todoUpdate(fields);
    const data = await this.call(
      { name: 'update to-do', method: 'PUT', path: `/todos/${todo}`, json: body, repeat: 'always' },
      signal,
    );
    return expectObject<TodoUpdated>(data, 'update to-do');
  }

  /** The service's complete call: it flips the state. Repeated only when it certainly did not arrive. */
  async toggleTodo(id: unknown, signal?: AbortSignal): Promise<void> {
    const todo = validate.todoId(id);
    await this.call({ name: 'toggle to-do', method: 'PUT', path: `/todos/${todo}/complete`, repeat: 'unsent' }, signal);
  }

  /** One to-do as the list shows it, looked for among all, then among completed ones. */
  async findTodo(id: unknown, signal?: AbortSignal): Promise<TodoListItem> {
    const todo = validate.todoId(id);
    const found =
      (await this.listTodos({}, signal)).find((item) => Number(item.id) === todo) ??
      (await this.listTodos({ status: 1 }, signal)).find((item) => Number(item.id) === todo);
    if (!found) {
      throw new DeviceCloudError('http', `to-do ${todo} not found`, { operation: 'find to-do', statusCode: 404 });
    }
    return found;
  }

  /**
   * Brings a to-do to the wanted state (`'toggle'`: the opposite of the state
   * read) with the service's toggling call: reads the state, toggles only when
   * it differs, and after a failure that may or may not have reached the
   * service reads again instead of toggling blindly.
   */
  async setTodoCompleted(
    id: unknown,
    wanted: boolean | 'toggle',
    signal?: AbortSignal,
  ): Promise<TodoState & { changed: boolean }> {
    const todo = validate.todoId(id);
    const started = Date.now();
    let target = wanted;
    let changed = false;
    for (let attempt = 1; ; attempt++) {
      const current = isCompleted(await this.findTodo(todo, signal));
      if (target === 'toggle') target = !current;
      if (current === target) return { ...todoState(todo, target), changed };
      try {
        await this.toggleTodo(todo, signal);
        return { ...todoState(todo, target), changed: true };
      } catch (error) {
        const failure = asError(error);
        const wait = backoffDelay(attempt, this.retry);
        if (!failure.transient || !this.mayRetry(attempt, started, wait)) throw failure;
        // The toggle may have arrived: the next round reads the state before toggling again.
        changed = true;
        await this.pause(wait, signal);
      }
    }
  }

  async deleteTodo(id: unknown, signal?: AbortSignal): Promise<{ id: number; deleted: true }> {
    const todo = validate.todoId(id);
    await this.call(
      { name: 'delete to-do', method: 'DELETE', path: `/todos/${todo}`, repeat: 'always', goneMeansDone: true },
      signal,
    );
    return { id: todo, deleted: true };
  }

  // --- display -------------------------------------------------------------

  async pushText(deviceId: unknown, push: TextPush, signal?: AbortSignal): Promise<PushResult> {
    const device = validate.deviceId(deviceId);
    const body: Record<string, unknown> = { text: validate.text(push.text, 'text', validate.LIMITS.text) };
    if (push.fontSize !== undefined) body.fontSize = validate.fontSize(push.fontSize);
    if (push.pageId !== undefined) body.pageId = validate.pageId(push.pageId);
    return this.push(device, 'push text', '/display/text', { json: body }, signal);
  }

  async pushStructuredText(deviceId: unknown, push: StructuredTextPush, signal?: AbortSignal): Promise<PushResult> {
    const device = validate.deviceId(deviceId);
    const body: Record<string, unknown> = {};
    if (push.title !== undefined) body.title = validate.text(push.title, 'title', validate.LIMITS.structuredTitle);
    if (push.body !== undefined) body.body = validate.text(push.body, 'body', validate.LIMITS.structuredBody);
    if (body.title === undefined && body.body === undefined) throw invalid('title', 'or body is required');
    if (push.pageId !== undefined) body.pageId = validate.pageId(push.pageId);
    return this.push(device, 'push title and body', '/display/structured-text', { json: body }, signal);
  }

  async pushImages(deviceId: unknown, push: ImagePush, signal?: AbortSignal): Promise<PushResult> {
    const device = validate.deviceId(deviceId);
    const images = Array.isArray(push.images) ? push.images : [];
    if (images.length === 0 || images.length > validate.LIMITS.imagesPerPush) {
      throw invalid('images', `must hold 1 to ${validate.LIMITS.imagesPerPush} images`, push.images);
    }
    const form = new (loadFormData())();
    images.forEach((image, index) => {
      const { data, format } = imageFile(image.data, `images[${index}]`);
      form.append('images', data, {
        filename: `image-${index + 1}.${FILE_EXTENSIONS[format]}`,
        contentType: CONTENT_TYPES[format],
        knownLength: data.length,
      });
    });
    if (push.dither !== undefined) form.append('dither', String(validate.boolean(push.dither, 'dither')));
    if (push.pageId !== undefined) form.append('pageId', validate.pageId(push.pageId));
    return this.push(device, 'push images', '/display/image', { multipart: form }, signal);
  }

  /** Deletes one page, or every page of the device with `'all'` (said explicitly, never by omission). */
  async deletePage(
    deviceId: unknown,
    page: unknown,
    signal?: AbortSignal,
  ): Promise<{ deviceId: string; pageId: string; deleted: true }> {
    const device = validate.deviceId(deviceId);
    const pageId = page === 'all' ? 'all' : validate.pageId(page);
    const path = `/devices/${device}/display/pages${pageId === 'all' ? '' : `/${pageId}`}`;
    await this.call(
      { name: pageId === 'all' ? 'delete all pages' : 'delete page', method: 'DELETE', path, repeat: 'always' },
      signal,
    );
    return { deviceId: device, pageId, deleted: true };
  }

  private async push(
    device: string,
    name: string,
    path: string,
    content: Pick<Operation, 'json' | 'multipart'>,
    signal?: AbortSignal,
  ): Promise<PushResult> {
    const data = await this.call(
      { name, method: 'POST', path: `/devices/${device}${path}`, ...content, repeat: 'always' },
      signal,
    );
    const result = expectObject<PushResult>(data, name);
    // pushedPages was seen as a string, and the pageId echo may be missing.
    const normalised: PushResult = {
      ...result,
      totalPages: Number(result.totalPages),
      pushedPages: Number(result.pushedPages),
    };
    if (result.pageId !== undefined && result.pageId !== null) normalised.pageId = String(result.pageId);
    return normalised;
  }

  // --- transport -----------------------------------------------------------

  private async call(operation: Operation, signal?: AbortSignal): Promise<unknown> {
    const body = encodeBody(operation);
    const started = Date.now();
    const link = this.link(signal);
    let mayHaveArrived = false;
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          return await this.limiter.run(() => this.send(operation, body, link.signal), link.signal);
        } catch (error) {
          const failure = link.signal.aborted ? abortReason(link.signal, operation.name) : asError(error);
          if (operation.goneMeansDone && mayHaveArrived && failure.statusCode === 404) return undefined;
          mayHaveArrived ||= failure.transient && !failure.notSent;
          const repeatable = failure.transient && (operation.repeat === 'always' || failure.notSent === true);
          const wait = Math.max(backoffDelay(attempt, this.retry), failure.retryAfterMs ?? 0);
          if (!repeatable || wait > this.retry.maxDelayMs || !this.mayRetry(attempt, started, wait)) {
            throw this.givenUp(operation, failure, attempt);
          }
          await this.pause(wait, signal);
        }
      }
    } finally {
      link.release();
    }
  }

  /** The last failure of a call, with what the user needs to know about the attempts made. */
  private givenUp(operation: Operation, failure: DeviceCloudError, attempts: number): DeviceCloudError {
    if (failure.kind === 'aborted') return failure;
    const notes: string[] = [];
    if (attempts > 1) notes.push(`gave up after ${attempts} attempts`);
    if (failure.retryAfterMs !== undefined && failure.retryAfterMs > this.retry.maxDelayMs) {
      notes.push(
        `the service asked to retry after ${Math.ceil(failure.retryAfterMs / 1000)} s, ` +
          `longer than the ${this.retry.maxDelayMs / 1000} s this account waits`,
      );
    }
    if (operation.repeat === 'unsent' && failure.transient && !failure.notSent) {
      notes.push('not repeated, because the service may have carried it out: check before sending it again');
    }
    return notes.length === 0 ? failure : annotated(failure, notes.join('; '));
  }

  private mayRetry(attempt: number, started: number, wait: number): boolean {
    return attempt < this.retry.maxAttempts && Date.now() - started + wait <= this.retry.maxTotalMs;
  }

  private async pause(ms: number, signal?: AbortSignal): Promise<void> {
    const link = this.link(signal);
    try {
      await sleep(ms, link.signal);
    } catch {
      throw abortReason(link.signal, 'wait before retrying');
    } finally {
      link.release();
    }
  }

  /** One signal that aborts when the account closes or the caller gives up. */
  private link(signal?: AbortSignal): CallSignal {
    if (!signal) return { signal: this.closing.signal, release: () => undefined };
    return this.calls.link(signal);
  }

  private async send(operation: Operation, body: Body | undefined, signal: AbortSignal): Promise<unknown> {
    const query =
      operation.query && Object.keys(operation.query).length > 0
        ? `?${new URLSearchParams(operation.query).toString()}`
        : '';
    let status: number;
    let headers: Record<string, string | string[] | undefined>;
    let text: string;
    try {
      const response = await this.pool.request({
        method: operation.method,
        path: this.address.basePath + operation.path + query,
        headers: { accept: 'application/json', ...this.#authHeaders, ...body?.headers },
        body: body?.bytes ?? null,
        signal,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      });
      status = response.statusCode;
      headers = response.headers;
      text = await response.body.text();
    } catch (error) {
      throw this.transportError(operation.name, error, signal);
    }
    return readEnvelope(operation.name, status, headers, text);
  }

  /** An undici failure as our error, without the request's headers, the key or the raw cause. */
  private transportError(name: string, error: unknown, signal: AbortSignal): DeviceCloudError {
    if (error instanceof DeviceCloudError) return error;
    if (this.closing.signal.aborted) return this.closing.signal.reason as DeviceCloudError;
    if (signal.aborted) return abortReason(signal, name);
    const code = errorCode(error);
    if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
      return new DeviceCloudError('timeout', `${name} failed: no answer within ${this.timeoutMs} ms`, {
        operation: name,
      });
    }
    if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') {
      return new DeviceCloudError('parse', `${name} failed: the answer is larger than ${MAX_RESPONSE_BYTES} bytes`, {
        operation: name,
      });
    }
    const detail = this.redact(error instanceof Error ? error.message : String(error)).slice(0, 300);
    const said = code && !detail.includes(code) ? `${code} ${detail}` : detail;
    return new DeviceCloudError('network', `${name} failed: ${said}`.trim(), {
      operation: name,
      notSent: code !== undefined && NOT_SENT_CODES.has(code),
    });
  }

  private redact(text: string): string {
    return text.split(this.#apiKey).join('***');
  }
}

/**
 * The signals of the calls under way that have a caller's signal. A caller's
 * signal is listened to once, however many of its calls are under way: a node
 * gives one signal to all its messages, and with a listener per call each new
 * listener would be checked against all the others (a burst would be quadratic).
 */
class CallSignals {
  private readonly underWay = new Set<AbortController>();
  private readonly byCaller = new WeakMap<AbortSignal, Set<AbortController>>();

  constructor(private readonly closing: AbortSignal) {}

  link(caller: AbortSignal): CallSignal {
    const call = new AbortController();
    const aborted = this.closing.aborted ? this.closing : caller.aborted ? caller : undefined;
    if (aborted) {
      call.abort(aborted.reason);
      return { signal: call.signal, release: () => undefined };
    }
    const callerCalls = this.callsOf(caller);
    callerCalls.add(call);
    this.underWay.add(call);
    return {
      signal: call.signal,
      release: () => {
        callerCalls.delete(call);
        this.underWay.delete(call);
      },
    };
  }

  /** Aborts every call under way: the account closes. */
  abortAll(reason: unknown): void {
    for (const call of this.underWay) call.abort(reason);
    this.underWay.clear();
  }

  private callsOf(caller: AbortSignal): Set<AbortController> {
    const known = this.byCaller.get(caller);
    if (known) return known;
    const calls = new Set<AbortController>();
    caller.addEventListener('abort', () => calls.forEach((call) => call.abort(caller.reason)), { once: true });
    this.byCaller.set(caller, calls);
    return calls;
  }
}

// undici and form-data are loaded where they are first needed, so that Node-RED starts without them.
function loadUndici(): typeof import('undici') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, not at start
  return require('undici') as typeof import('undici');
}

function loadFormData(): typeof FormData {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, not at start
  return require('form-data') as typeof FormData;
}

function encodeBody(operation: Operation): Body | undefined {
  if (operation.multipart) {
    const bytes = operation.multipart.getBuffer();
    return { bytes, headers: { ...operation.multipart.getHeaders(), 'content-length': String(bytes.length) } };
  }
  if (operation.json !== undefined) {
    return { bytes: JSON.stringify(operation.json), headers: { 'content-type': 'application/json' } };
  }
  return undefined;
}

interface Envelope {
  code: number;
  msg?: unknown;
  data?: unknown;
}

function readEnvelope(
  name: string,
  status: number,
  headers: Record<string, string | string[] | undefined>,
  text: string,
): unknown {
  let envelope: Envelope | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isObject(parsed) && typeof parsed.code === 'number') envelope = parsed as unknown as Envelope;
  } catch {
    envelope = undefined;
  }
  const serviceMessage =
    typeof envelope?.msg === 'string' && envelope.msg !== '' ? envelope.msg.slice(0, 300) : undefined;
  if (status >= 400) {
    const said = serviceMessage ? `: ${serviceMessage}` : '';
    const code = envelope && envelope.code !== 0 ? envelope.code : undefined;
    const retryAfterMs = parseRetryAfter(headers['retry-after']);
    return fail('http', `${name} failed: HTTP ${status}${said}${code !== undefined ? ` (code ${code})` : ''}`, {
      operation: name,
      statusCode: status,
      code,
      serviceMessage,
      retryAfterMs,
      notSent: status === 429,
    });
  }
  if (!envelope) {
    const type = headers['content-type'];
    return fail(
      'parse',
      `${name} failed: the answer is not the service's JSON (HTTP ${status}${type ? `, ${String(type)}` : ''})`,
      {
        operation: name,
        statusCode: status,
      },
    );
  }
  if (envelope.code !== 0) {
    return fail('service', `${name} failed: ${serviceMessage ?? 'the service refused'} (code ${envelope.code})`, {
      operation: name,
      statusCode: status,
      code: envelope.code,
      serviceMessage,
    });
  }
  return envelope.data;
}

function fail(
  kind: DeviceCloudError['kind'],
  message: string,
  details: ConstructorParameters<typeof DeviceCloudError>[2],
): never {
  throw new DeviceCloudError(kind, message, details);
}

/** The same failure, its text extended by a note. */
function annotated(failure: DeviceCloudError, note: string): DeviceCloudError {
  return new DeviceCloudError(failure.kind, `${failure.message}; ${note}`, {
    operation: failure.operation,
    code: failure.code,
    statusCode: failure.statusCode,
    serviceMessage: failure.serviceMessage,
    field: failure.field,
    retryAfterMs: failure.retryAfterMs,
    notSent: failure.notSent,
  });
}

/** Why a call stopped when its signal aborted: our own reason, or a plain cancellation. */
function abortReason(signal: AbortSignal, name: string): DeviceCloudError {
  const reason: unknown = signal.reason;
  return reason instanceof DeviceCloudError
    ? reason
    : new DeviceCloudError('aborted', `${name} cancelled`, { operation: name });
}

/** Anything that is not our error by now is a fault of ours, not of the network: never retried. */
function asError(error: unknown): DeviceCloudError {
  if (error instanceof DeviceCloudError) return error;
  return new DeviceCloudError('internal', `internal error: ${error instanceof Error ? error.message : String(error)}`);
}

function checkedApiKey(apiKey: unknown): string {
  if (typeof apiKey !== 'string' || apiKey.trim() === '') {
    throw invalid('apiKey', 'is missing: set the API key in the account node');
  }
  const key = apiKey.trim();
  // The key itself never goes into the text.
  if (key.length > LONGEST_API_KEY) throw invalid('apiKey', `is longer than ${LONGEST_API_KEY} characters`);
  if (!HEADER_VALUE.test(key))
    throw invalid('apiKey', 'holds characters a key cannot have (line breaks, control characters)');
  return key;
}

function errorCode(error: unknown): string | undefined {
  if (!isObject(error)) return undefined;
  if (typeof error.code === 'string') return error.code;
  return isObject(error.cause) && typeof error.cause.code === 'string' ? error.cause.code : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function expectArray<T>(data: unknown, name: string): T[] {
  if (!Array.isArray(data)) fail('parse', `${name} failed: the answer's data is not a list`, { operation: name });
  return data as T[];
}

function expectObject<T>(data: unknown, name: string): T {
  if (!isObject(data) || Array.isArray(data))
    fail('parse', `${name} failed: the answer has no data`, { operation: name });
  return data as T;
}

function isCompleted(item: TodoListItem): boolean {
  return item.completed === true || Number(item.status) === 1;
}

function todoState(id: number, completed: boolean): TodoState {
  return { id, status: completed ? 1 : 0, completed };
}
