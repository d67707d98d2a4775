/**
 * The client of one account: its operations, which take values already
 * parsed (see ../values), over the account's one request path. It knows
 * nothing of Node-RED.
 */
import { serviceAddress, type ServiceAddress } from './base-url';
import { DEFAULT_PACING, DEFAULT_TIMEOUT_MS } from './defaults';
import type { LimiterOptions } from './limiter';
import { DeviceOperations } from './operations/devices';
import { DisplayOperations } from './operations/display';
import { TodoOperations } from './operations/todos';
import { AccountRequests } from './account-requests';
import { DEFAULT_RETRY, type RetryOptions } from './retry';
import { Transport, type AuthHeader } from './transport';

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  authHeader?: AuthHeader;
  /** how long to wait for the answer's headers, and then between chunks of its body */
  timeoutMs?: number;
  retry?: Partial<RetryOptions>;
  pacing?: Partial<LimiterOptions>;
}

export { DEFAULT_PACING, DEFAULT_TIMEOUT_MS };

export class ServiceClient {
  readonly devices: DeviceOperations;
  readonly todos: TodoOperations;
  readonly display: DisplayOperations;
  readonly timeoutMs: number;
  readonly retry: RetryOptions;
  readonly limits: LimiterOptions;
  private readonly address: ServiceAddress;
  private readonly path: AccountRequests;

  constructor(options: ClientOptions) {
    this.address = serviceAddress(options.baseUrl);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.limits = { ...DEFAULT_PACING, ...options.pacing };
    const transport = new Transport({
      address: this.address,
      apiKey: options.apiKey,
      authHeader: options.authHeader,
      timeoutMs: this.timeoutMs,
      connections: this.limits.maxInFlight,
    });
    this.path = new AccountRequests(transport, this.retry, this.limits);
    this.devices = new DeviceOperations(this.path);
    this.todos = new TodoOperations(this.path);
    this.display = new DisplayOperations(this.path);
  }

  /** The base address requests go to, `/open/v1` included. */
  get endpoint(): string {
    return this.address.origin + this.address.basePath;
  }

  get pacing(): { inFlight: number; queued: number; peakInFlight: number } {
    const { limiter } = this.path;
    return { inFlight: limiter.inFlight, queued: limiter.queued, peakInFlight: limiter.peakInFlight };
  }

  get closed(): boolean {
    return this.path.closed;
  }

  /** Refuses queued requests, aborts those in flight, closes every socket. */
  close(): Promise<void> {
    return this.path.close();
  }
}
