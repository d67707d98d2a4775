// The simulator's HTTP server: the /open/v1 service (api.ts) behind recording
// and fault injection, plus the page for people (/, /sim/state, /sim/events).

import { readFile } from 'node:fs/promises';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { API_PREFIX, type ApiResponse, errorResponse, handleApiRequest } from './api';
import { EventStream } from './events';
import { type Fault, FaultQueue } from './faults';
import { boundaryOf, type FormPart, parseMultipart } from './multipart';
import { stateSnapshot } from './snapshot';
import { createState, insertTodo, resetState, type SimDevice, type SimState, type SimTodo } from './state';
import { isJsonContentType } from './validate';

export type { Fault, FaultKind } from './faults';
export type { StateSnapshot } from './snapshot';
export type {
  PageSlots,
  Priority,
  RepeatType,
  SimDevice,
  SimImage,
  SimImagePage,
  SimPage,
  SimState,
  SimStructuredPage,
  SimTextPage,
  SimTodo,
  TodoListItem,
  TodoStatus,
} from './state';

export interface SimulatorOptions {
  /** Default 0 = any free port. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Default 'sim-key'. */
  apiKey?: string;
  /** Default: DEFAULT_DEVICES. */
  devices?: SimDevice[];
  /** Optional request log; never given the API key. */
  log?: (line: string) => void;
}

export type RecordedPart = FormPart;

export interface RecordedRequest {
  method: string;
  /** Without query, e.g. '/open/v1/todos'. */
  path: string;
  query: Record<string, string>;
  /** As node gives them, lower-case. */
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
  /** Parsed JSON when the content type is JSON (and the body parses). */
  body?: unknown;
  /** Parts of a multipart/form-data body (when it parses). */
  parts?: RecordedPart[];
  /** The fault kind applied to it, if any. */
  fault?: string;
  /** Date.now() at arrival. */
  at: number;
}

export interface Simulator {
  /** Base URL, e.g. 'http://127.0.0.1:41234' (no /open/v1). */
  readonly url: string;
  readonly port: number;
  readonly apiKey: string;
  /** Every request to /open/v1/..., in arrival order. */
  readonly requests: RecordedRequest[];
  clearRequests(): void;
  /** Queues a fault; several may be queued, the first matching one applies. */
  misbehave(fault: Fault): void;
  clearFaults(): void;
  /** Back to the initial devices, no to-dos, no pages, no faults, no requests. */
  reset(): void;
  /** Live state, for tests to read and to seed. */
  readonly state: SimState;
  /** Seeds a to-do as if created through the API (status 0 unless given). */
  addTodo(fields: Partial<SimTodo> & { title: string }): SimTodo;
  /** Stops listening and destroys every open socket, hanging requests and event streams included. */
  close(): Promise<void>;
}

export const DEFAULT_API_KEY = 'sim-key';
export const DEFAULT_DEVICES: readonly SimDevice[] = [
  { deviceId: 'AA:BB:CC:DD:EE:01', alias: 'Kitchen', board: 'esp32-c3' },
  { deviceId: 'AA:BB:CC:DD:EE:02', alias: 'Hallway', board: 'esp32-s3' },
];
export const MAX_BODY_BYTES = 12 * 1024 * 1024;

const PAGE_FILE = path.join(__dirname, 'page.html');

interface ReceivedBody {
  data: Buffer;
  tooLarge: boolean;
}

/** Reads the whole body; past the limit it keeps draining (so the client can read the answer) but keeps nothing. */
function readBody(request: IncomingMessage, limit: number): Promise<ReceivedBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    request.on('end', () => {
      const tooLarge = size > limit;
      resolve({ data: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), tooLarge });
    });
    request.on('error', reject);
    request.on('close', () => {
      if (!request.complete) reject(new Error('request aborted'));
    });
  });
}

function firstValues(params: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of params) {
    if (!(name in query)) query[name] = value;
  }
  return query;
}

function parsedJsonOrUndefined(contentType: string | undefined, rawBody: Buffer): unknown {
  if (!isJsonContentType(contentType)) return undefined;
  try {
    return JSON.parse(rawBody.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function partsOrUndefined(contentType: string | undefined, rawBody: Buffer): RecordedPart[] | undefined {
  const boundary = boundaryOf(contentType);
  if (!boundary) return undefined;
  try {
    return parseMultipart(rawBody, boundary);
  } catch {
    return undefined;
  }
}

function recordRequest(request: IncomingMessage, url: URL, rawBody: Buffer, at: number): RecordedRequest {
  const headers: IncomingHttpHeaders = { ...request.headers };
  const contentType = headers['content-type'];
  const record: RecordedRequest = {
    method: request.method ?? 'GET',
    path: url.pathname,
    query: firstValues(url.searchParams),
    headers,
    rawBody,
    at,
  };
  const body = parsedJsonOrUndefined(contentType, rawBody);
  const parts = partsOrUndefined(contentType, rawBody);
  if (body !== undefined) record.body = body;
  if (parts !== undefined) record.parts = parts;
  return record;
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  response.end(text);
}

function sendApiResponse(response: ServerResponse, answer: ApiResponse): void {
  sendJson(response, answer.status, answer.envelope, answer.headers);
}

/** A host as it can be put in a URL that a local client connects to. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

class SimulatorServer implements Simulator {
  readonly apiKey: string;
  readonly requests: RecordedRequest[] = [];
  readonly state: SimState;
  private readonly initialDevices: readonly SimDevice[];
  private readonly log: (line: string) => void;
  private readonly faults = new FaultQueue(API_PREFIX);
  private readonly events = new EventStream();
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;
  private boundPort = 0;
  private readonly boundHost: string;

  constructor(options: SimulatorOptions) {
    this.apiKey = options.apiKey ?? DEFAULT_API_KEY;
    this.initialDevices = (options.devices ?? DEFAULT_DEVICES).map((device) => ({ ...device }));
    this.state = createState(this.initialDevices);
    this.log = options.log ?? (() => undefined);
    this.boundHost = options.host ?? '127.0.0.1';
    this.server = createServer((request, response) => void this.onRequest(request, response));
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  get port(): number {
    return this.boundPort;
  }

  get url(): string {
    return `http://${urlHost(this.boundHost)}:${this.boundPort}`;
  }

  listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, this.boundHost, () => {
        this.server.off('error', reject);
        this.boundPort = (this.server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  clearRequests(): void {
    this.requests.length = 0;
  }

  misbehave(fault: Fault): void {
    this.faults.add(fault);
  }

  clearFaults(): void {
    this.faults.clear();
  }

  reset(): void {
    resetState(this.state, this.initialDevices);
    this.clearFaults();
    this.clearRequests();
    this.publishState();
  }

  addTodo(fields: Partial<SimTodo> & { title: string }): SimTodo {
    const todo = insertTodo(this.state, fields);
    this.publishState();
    return todo;
  }

  close(): Promise<void> {
    this.events.close();
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private publishState(): void {
    if (this.events.clientCount > 0) this.events.send(JSON.stringify(stateSnapshot(this.state)));
  }

  private async onRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://simulator.invalid');
    try {
      if (url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`)) {
        await this.onApiRequest(request, response, url);
      } else {
        await this.onSiteRequest(request, response, url);
      }
    } catch (error) {
      this.log(`${request.method} ${url.pathname} failed: ${(error as Error).message}`);
      if (!response.headersSent && !response.destroyed) sendJson(response, 500, { code: 500, msg: 'simulator error' });
      else response.destroy();
    }
  }

  private async onApiRequest(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const at = Date.now();
    const body = await readBody(request, MAX_BODY_BYTES);
    const record = recordRequest(request, url, body.data, at);
    this.requests.push(record);
    if (body.tooLarge) {
      this.answer(record, response, errorResponse(413, `request body larger than ${MAX_BODY_BYTES} bytes`));
      return;
    }
    const fault = this.faults.take(record.method, record.path);
    if (!fault) {
      this.answer(record, response, this.runOperation(record));
      return;
    }
    record.fault = fault.kind;
    if (fault.afterEffect) this.runOperation(record);
    this.answerWithFault(record, fault, request, response);
  }

  private runOperation(record: RecordedRequest): ApiResponse {
    const outcome = handleApiRequest(this.state, this.apiKey, {
      method: record.method,
      path: record.path.slice(API_PREFIX.length),
      query: record.query,
      headers: record.headers,
      rawBody: record.rawBody,
    });
    if (outcome.changed) this.publishState();
    return outcome.response;
  }

  private answer(record: RecordedRequest, response: ServerResponse, answer: ApiResponse): void {
    sendApiResponse(response, answer);
    this.log(`${record.method} ${record.path} -> ${answer.status}`);
  }

  private answerWithFault(
    record: RecordedRequest,
    fault: Fault,
    request: IncomingMessage,
    response: ServerResponse,
  ): void {
    this.log(`${record.method} ${record.path} -> fault ${fault.kind}${fault.afterEffect ? ' (after effect)' : ''}`);
    switch (fault.kind) {
      case 'status': {
        const status = fault.status ?? 503;
        sendJson(response, status, { code: status, msg: `simulated ${status}` });
        return;
      }
      case 'retry-after': {
        const status = fault.status ?? 429;
        sendJson(
          response,
          status,
          { code: status, msg: `simulated ${status}` },
          { 'Retry-After': fault.retryAfter ?? '1' },
        );
        return;
      }
      case 'hang':
        return; // the socket stays open until the client gives up or close() destroys it
      case 'reset':
        request.socket.destroy();
        return;
      case 'not-json':
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        response.end('<html>gateway</html>');
        return;
      case 'code':
        sendJson(response, 200, { code: fault.code ?? 1001, msg: fault.msg ?? 'simulated failure' });
        return;
    }
  }

  private async onSiteRequest(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const route = url.pathname;
    const known = route === '/' || route === '/index.html' || route === '/sim/state' || route === '/sim/events';
    if (!known) {
      sendJson(response, 404, { code: 404, msg: 'not found' });
      return;
    }
    if (request.method !== 'GET') {
      sendJson(response, 405, { code: 405, msg: `method ${request.method} not allowed` }, { Allow: 'GET' });
      return;
    }
    request.resume();
    if (route === '/sim/state') {
      sendJson(response, 200, stateSnapshot(this.state), { 'Cache-Control': 'no-store' });
    } else if (route === '/sim/events') {
      this.events.attach(response, JSON.stringify(stateSnapshot(this.state)));
    } else {
      const html = await readFile(PAGE_FILE);
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': html.length });
      response.end(html);
    }
  }
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const simulator = new SimulatorServer(options);
  await simulator.listen(options.port ?? 0);
  return simulator;
}
