/**
 * The account's one connection pool (undici), the key in its header, the
 * request timeout, and undici's failures as our errors without the key.
 */
import type { Pool } from 'undici';
import { DeviceCloudError, invalid } from '../errors';
import type { ServiceAddress } from './base-url';
import { readEnvelope } from './envelope';
import { UNDICI } from './modules';
import { queryString, type EncodedBody, type Request } from './request';
import { abortReason } from './signals';

export type AuthHeader = 'x-api-key' | 'bearer';

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

export interface TransportOptions {
  address: ServiceAddress;
  apiKey: unknown;
  authHeader?: AuthHeader;
  /** how long to wait for the answer's headers, and then between chunks of its body */
  timeoutMs: number;
  /** connections kept open at most */
  connections: number;
}

export class Transport {
  /** Created by the first request: see `pool`. */
  private openPool: Pool | undefined;
  private closedWith: DeviceCloudError | undefined;
  // Private fields (#) stay out of util.inspect, JSON and any debug dump of the client.
  readonly #authHeaders: Record<string, string>;
  readonly #apiKey: string;
  private readonly options: Omit<TransportOptions, 'apiKey'>;

  constructor({ apiKey, ...options }: TransportOptions) {
    this.options = options;
    this.#apiKey = checkedApiKey(apiKey);
    this.#authHeaders =
      options.authHeader === 'bearer' ? { authorization: `Bearer ${this.#apiKey}` } : { 'x-api-key': this.#apiKey };
  }

  /** One attempt: the request on the wire, and the data of the answer or our error. */
  async send(request: Request, body: EncodedBody | undefined, signal: AbortSignal): Promise<unknown> {
    let status: number;
    let headers: Record<string, string | string[] | undefined>;
    let text: string;
    try {
      const response = await this.pool.request({
        method: request.method,
        path: this.options.address.basePath + request.path + queryString(request.query),
        headers: { accept: 'application/json', ...this.#authHeaders, ...body?.headers },
        body: body?.bytes ?? null,
        signal,
        headersTimeout: this.options.timeoutMs,
        bodyTimeout: this.options.timeoutMs,
      });
      status = response.statusCode;
      headers = response.headers;
      text = await response.body.text();
    } catch (error) {
      throw this.transportError(request.name, error, signal);
    }
    return readEnvelope(request.name, status, headers, text);
  }

  /** Closes every socket; a request after this fails with `reason`. */
  async close(reason: DeviceCloudError): Promise<void> {
    this.closedWith = reason;
    await this.openPool?.destroy();
  }

  /**
   * The account's one connection pool, made on the first request. undici is
   * loaded by then: at deploy (see ./modules), or here.
   */
  private get pool(): Pool {
    if (this.closedWith) throw this.closedWith;
    this.openPool ??= new (UNDICI.get().Pool)(this.options.address.origin, {
      connections: this.options.connections,
      keepAliveTimeout: 30_000,
      maxResponseSize: MAX_RESPONSE_BYTES,
      connect: { timeout: this.options.timeoutMs },
    });
    return this.openPool;
  }

  /** An undici failure as our error, without the request's headers, the key or the raw cause. */
  private transportError(name: string, error: unknown, signal: AbortSignal): DeviceCloudError {
    if (error instanceof DeviceCloudError) return error;
    if (this.closedWith) return this.closedWith;
    if (signal.aborted) return abortReason(signal, name);
    const code = errorCode(error);
    if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
      return new DeviceCloudError('timeout', `${name} failed: no answer within ${this.options.timeoutMs} ms`, {
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

function checkedApiKey(apiKey: unknown): string {
  if (typeof apiKey !== 'string' || apiKey.trim() === '') {
    throw invalid('apiKey', 'is missing: set the API key in the account node');
  }
  const key = apiKey.trim();
  // The key itself never goes into the text.
  if (key.length > LONGEST_API_KEY) throw invalid('apiKey', `is longer than ${LONGEST_API_KEY} characters`);
  if (!HEADER_VALUE.test(key)) {
    throw invalid('apiKey', 'holds characters a key cannot have (line breaks, control characters)');
  }
  return key;
}

export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (typeof code === 'string') return code;
  const causeCode = typeof cause === 'object' && cause !== null ? (cause as { code?: unknown }).code : undefined;
  return typeof causeCode === 'string' ? causeCode : undefined;
}
