/**
 * HTTP to a CalDAV server over undici (the package's HTTP client): one connection pool per CalDAV node, the
 * request timeout, the server's authentication (./authorization), redirects within the server for the requests
 * that read, and undici's failures as our errors, naming the server and never the password.
 */
import type { Agent } from 'undici';
import { UNDICI } from '../client/modules';
import { abortReason } from '../client/signals';
import { errorCode } from '../client/transport';
import { DeviceCloudError } from '../errors';
import { resolveHref } from './address';
import type { Authorization } from './authorization';

/** The largest answer read: a REPORT of a list of some thousand tasks stays far below. */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
const MOST_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const OPERATION = 'caldav';

export interface HttpRequest {
  method: string;
  url: URL;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** Follow redirects to the same server (reads only). */
  follow?: boolean;
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Where the answer came from, after the redirects followed. */
  url: URL;
}

export class CalDavHttp {
  private agent: Agent | undefined;
  private closedWith: DeviceCloudError | undefined;

  constructor(
    private readonly authorization: Authorization,
    private readonly timeoutMs: number,
  ) {}

  async send(request: HttpRequest): Promise<HttpAnswer> {
    let url = request.url;
    for (let hops = 0; ; hops++) {
      const answer = await this.authorized(request, url);
      const location = header(answer.headers.location);
      if (!request.follow || !REDIRECTS.has(answer.status) || location === undefined) return answer;
      const next = resolveHref(location, url);
      if (!next || next.origin !== url.origin || hops >= MOST_REDIRECTS) {
        throw new DeviceCloudError(
          'http',
          `${request.method} ${url.href}: the server sends it on to ${next && next.origin !== url.origin ? `another server, ${next.origin}` : 'too many other addresses'}; set the address it ends at`,
          { operation: OPERATION, statusCode: answer.status },
        );
      }
      url = next;
    }
  }

  /** Closes the connections; what is under way ends with `reason`, and so does any later request. */
  async close(reason: DeviceCloudError): Promise<void> {
    this.closedWith = reason;
    await this.agent?.destroy();
  }

  /** The request, and once more with credentials when the server asks for them (twice for a stale Digest nonce). */
  private async authorized(request: HttpRequest, url: URL): Promise<HttpAnswer> {
    for (let attempt = 0; ; attempt++) {
      const target = url.pathname + url.search;
      const credentials = this.authorization.header(request.method, target);
      const answer = await this.once(request, url, credentials);
      if (answer.status !== 401) return answer;
      const outcome =
        attempt < 2
          ? this.authorization.challenged(answer.headers['www-authenticate'], credentials !== undefined)
          : 'refused';
      if (outcome === 'retry') continue;
      const server = url.origin;
      const text = {
        'no-credentials': `the CalDAV server ${server} asks for a user name and password (HTTP 401): set them in the CalDAV node`,
        refused: `the CalDAV server ${server} refused the user name or password (HTTP 401): check them in the CalDAV node`,
        unsupported: `the CalDAV server ${server} asks for an authentication the CalDAV node does not give (HTTP 401): it gives Basic, and Digest with MD5, SHA-256 or SHA-512-256 and qop auth`,
      }[outcome];
      throw new DeviceCloudError('http', text, { operation: OPERATION, statusCode: 401 });
    }
  }

  private async once(request: HttpRequest, url: URL, credentials: string | undefined): Promise<HttpAnswer> {
    const headers: Record<string, string> = { ...request.headers };
    if (credentials) headers.authorization = credentials;
    const signal = request.signal ?? new AbortController().signal;
    try {
      const response = await this.pool.request({
        origin: url.origin,
        path: url.pathname + url.search,
        method: request.method,
        headers,
        body: request.body ?? null,
        signal,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      });
      const body = await response.body.text();
      return { status: response.statusCode, headers: response.headers, body, url };
    } catch (error) {
      throw this.failure(url, error, signal);
    }
  }

  private get pool(): Agent {
    if (this.closedWith) throw this.closedWith;
    this.agent ??= new (UNDICI.get().Agent)({
      connections: 4,
      keepAliveTimeout: 30_000,
      maxResponseSize: MAX_ANSWER_BYTES,
      connect: { timeout: this.timeoutMs },
    });
    return this.agent;
  }

  private failure(url: URL, error: unknown, signal: AbortSignal): DeviceCloudError {
    if (error instanceof DeviceCloudError) return error;
    if (this.closedWith) return this.closedWith;
    if (signal.aborted) return abortReason(signal, OPERATION);
    const server = url.origin;
    const code = errorCode(error);
    if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
      return new DeviceCloudError(
        'timeout',
        `the CalDAV server ${server} did not answer within ${this.timeoutMs / 1000} s`,
        { operation: OPERATION },
      );
    }
    if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') {
      return new DeviceCloudError('parse', `the CalDAV server ${server} answered more than ${MAX_ANSWER_BYTES} bytes`, {
        operation: OPERATION,
      });
    }
    const said = this.authorization.redact(error instanceof Error ? error.message : String(error)).slice(0, 200);
    const detail = code && !said.includes(code) ? `${code} ${said}` : said;
    return new DeviceCloudError('network', `the CalDAV server ${server} could not be reached: ${detail}`.trim(), {
      operation: OPERATION,
    });
  }
}

/** A header's one value. */
export function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
