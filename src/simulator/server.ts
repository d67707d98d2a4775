// The simulator's HTTP server: the /open/v1 service (api.ts) behind recording
// and fault injection, a CalDAV server (caldav.ts, /caldav/), and the page for people (site.ts).

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { API_PREFIX, type ApiResponse, errorResponse, handleApiRequest } from './api';
import { answerCalDav, isCalDavRequest, MAX_DAV_BODY_BYTES } from './caldav';
import { EventStream } from './events';
import { type Fault, FaultQueue } from './faults';
import { type ServiceReadings, readingsFrom } from './readings';
import { readBody, type RecordedRequest, recordRequest } from './recording';
import { answerWithFault, sendDav, sendJson } from './respond';
import { answerSite, type Site } from './site';
import { type StateSnapshot, stateSnapshot } from './snapshot';
import {
  createState,
  DEFAULT_DEVICES,
  insertTodo,
  resetState,
  type SimDevice,
  type SimState,
  type SimTodo,
} from './state';
import { StateFile } from './state-file';

export { TASK_LIST_PATH } from './calendar-samples';
export type { CalendarComponent, SimCalendar, SimCalendarObject } from './calendars';
export type { Fault, FaultKind } from './faults';
export type { TaskListView, TaskView } from './phone-tasks';
export { DEFAULT_READINGS, type ServiceReadings } from './readings';
export type { RecordedPart, RecordedRequest } from './recording';
export type { StateSnapshot } from './snapshot';
export { DEFAULT_DEVICES, EXAMPLE_DEVICES } from './state';
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
  /** Default: DEFAULT_DEVICES (two); the command line and npm start give EXAMPLE_DEVICES. */
  devices?: SimDevice[];
  /** Optional request log; never given the API key. */
  log?: (line: string) => void;
  /** Where the specification leaves the service open, which reading to play (default: DEFAULT_READINGS). */
  readings?: Partial<ServiceReadings>;
  /**
   * A file that keeps the state across restarts (state-file.ts): read at start, written within a second of a
   * change and at close. A file that is not the simulator's is a warning through `log`, and an empty state.
   */
  stateFile?: string;
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
  /** The readings the simulator plays now. */
  readonly readings: Readonly<ServiceReadings>;
  /**
   * Changes some readings, for the requests that follow. reset() leaves them as they are, so a describe block
   * can set them once in before(); setReadings(DEFAULT_READINGS) goes back to the defaults.
   */
  setReadings(changes: Partial<ServiceReadings>): void;
  /**
   * Back to the initial devices, no to-dos, no pages or screens, the sample calendars, no faults, no requests; the
   * readings stay.
   */
  reset(): void;
  /** Live state, for tests to read and to seed (a calendar too: its objects are then written over CalDAV). */
  readonly state: SimState;
  /** Seeds a to-do as if created through the API (status 0 unless given). */
  addTodo(fields: Partial<SimTodo> & { title: string }): SimTodo;
  /** Stops listening and destroys every open socket, hanging requests and event streams included; writes the state file. */
  close(): Promise<void>;
}

export const DEFAULT_API_KEY = 'sim-key';
export const MAX_BODY_BYTES = 12 * 1024 * 1024;

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
  private currentReadings: Readonly<ServiceReadings>;
  private readonly log: (line: string) => void;
  private readonly faults = new FaultQueue(API_PREFIX);
  private readonly events = new EventStream();
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;
  private readonly stateFile: StateFile | undefined;
  private boundPort = 0;
  private readonly boundHost: string;

  constructor(options: SimulatorOptions) {
    this.apiKey = options.apiKey ?? DEFAULT_API_KEY;
    this.initialDevices = (options.devices ?? DEFAULT_DEVICES).map((device) => ({ ...device }));
    this.state = createState(this.initialDevices);
    this.currentReadings = readingsFrom(options.readings);
    this.log = options.log ?? (() => undefined);
    this.stateFile = options.stateFile ? new StateFile(options.stateFile, this.state, this.log) : undefined;
    this.stateFile?.restore(this.initialDevices);
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

  get readings(): Readonly<ServiceReadings> {
    return this.currentReadings;
  }

  setReadings(changes: Partial<ServiceReadings>): void {
    this.currentReadings = readingsFrom(changes, this.currentReadings);
    this.publishState();
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

  async close(): Promise<void> {
    this.events.close();
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    await this.stateFile?.flush();
  }

  /** What the page for people reads and changes. */
  private get site(): Site {
    return {
      state: this.state,
      apiKey: this.apiKey,
      events: this.events,
      snapshot: () => this.snapshot(),
      changed: () => this.publishState(),
    };
  }

  private snapshot(): StateSnapshot {
    return stateSnapshot(this.state, this.currentReadings);
  }

  private publishState(): void {
    this.stateFile?.changed();
    if (this.events.clientCount > 0) this.events.send(JSON.stringify(this.snapshot()));
  }

  private async onRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://simulator.invalid');
    try {
      if (url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`)) {
        await this.onApiRequest(request, response, url);
      } else if (isCalDavRequest(request.method ?? 'GET', url.pathname)) {
        await this.onCalDavRequest(request, response, url);
      } else {
        await answerSite(this.site, request, response, url);
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
    this.log(`${record.method} ${record.path} -> fault ${fault.kind}${fault.afterEffect ? ' (after effect)' : ''}`);
    answerWithFault(fault, request, response);
  }

  private runOperation(record: RecordedRequest): ApiResponse {
    const service = { state: this.state, apiKey: this.apiKey, readings: this.currentReadings };
    const outcome = handleApiRequest(service, {
      method: record.method,
      path: record.path.slice(API_PREFIX.length),
      query: record.query,
      headers: record.headers,
      rawBody: record.rawBody,
    });
    if (outcome.changed) this.publishState();
    return outcome.response;
  }

  /** A refusal goes out as its HTTP status, or under its reading as HTTP 200 with the same envelope. */
  private answer(record: RecordedRequest, response: ServerResponse, answer: ApiResponse): void {
    const sent = this.currentReadings.errorsAsHttp200 && answer.status >= 400 ? { ...answer, status: 200 } : answer;
    sendJson(response, sent.status, sent.envelope, sent.headers);
    this.log(
      `${record.method} ${record.path} -> ${sent.status}${sent.envelope.code !== 0 ? ` code ${sent.envelope.code}` : ''}`,
    );
  }

  private async onCalDavRequest(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const { method = 'GET', headers } = request;
    const { data: body, tooLarge } = await readBody(request, MAX_DAV_BODY_BYTES);
    const answer = answerCalDav(this.state.calendars, { method, pathname: url.pathname, headers, body, tooLarge });
    if (answer.changed) this.publishState();
    sendDav(response, answer);
    this.log(`CalDAV ${method} ${url.pathname} -> ${answer.status}`);
  }
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const simulator = new SimulatorServer(options);
  await simulator.listen(options.port ?? 0);
  return simulator;
}
