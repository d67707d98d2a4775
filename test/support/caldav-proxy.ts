/**
 * A small HTTP server in front of a test's CalDAV server (Radicale or Xandikos): it forwards every request as it
 * came and records it with its answer's status, asks for HTTP Digest authentication (RFC 7616, MD5, qop=auth)
 * when given a user and password (Xandikos has none of its own), and can act before a request is forwarded, as
 * another client editing a task between the sync's read and its write does. A real HTTP server: nothing of the
 * code under test is stood in for.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  method: string;
  path: string;
  ifMatch?: string;
  authorization?: string;
  status?: number;
  body: string;
}

export interface ProxyOptions {
  /** Ask for Digest authentication of this user. */
  digest?: { user: string; password: string };
  /** Runs before a request is forwarded; the request waits for it. */
  before?: (request: ProxiedRequest) => Promise<void> | void;
}

const REALM = 'CalDAV test';

export class CalDavProxy {
  readonly requests: ProxiedRequest[] = [];
  url = '';
  private readonly nonces = new Set<string>();
  private readonly server: http.Server;
  private readonly target: URL;
  private readonly options: ProxyOptions;

  private constructor(target: URL, options: ProxyOptions) {
    this.target = target;
    this.options = options;
    this.server = http.createServer((request, response) => void this.handle(request, response));
  }

  static async start(target: string, options: ProxyOptions = {}): Promise<CalDavProxy> {
    const proxy = new CalDavProxy(new URL(target), options);
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    proxy.url = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`;
    return proxy;
  }

  /** The requests of a method, as `METHOD path status`. */
  seen(method?: string): string[] {
    return this.requests
      .filter((request) => method === undefined || request.method === method)
      .map((request) => `${request.method} ${request.path} ${request.status ?? '-'}`);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const recorded: ProxiedRequest = {
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      body: Buffer.concat(chunks).toString('utf8'),
    };
    if (typeof request.headers['if-match'] === 'string') recorded.ifMatch = request.headers['if-match'];
    if (request.headers.authorization) recorded.authorization = request.headers.authorization;
    this.requests.push(recorded);
    if (this.options.digest && !this.authorized(request)) {
      const nonce = randomBytes(16).toString('hex');
      this.nonces.add(nonce);
      recorded.status = 401;
      response.writeHead(401, {
        'www-authenticate': `Digest realm="${REALM}", qop="auth", algorithm=MD5, nonce="${nonce}", opaque="caldav"`,
        'content-type': 'text/plain',
      });
      response.end('authentication required');
      return;
    }
    await this.options.before?.(recorded);
    const headers = { ...request.headers, host: this.target.host };
    if (this.options.digest) delete headers.authorization;
    const forwarded = http.request(
      { host: this.target.hostname, port: this.target.port, method: recorded.method, path: recorded.path, headers },
      (answer) => {
        recorded.status = answer.statusCode;
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', (error) => {
      recorded.status = 502;
      response.writeHead(502).end(error.message);
    });
    forwarded.end(Buffer.concat(chunks));
  }

  /** A Digest answer to one of this proxy's nonces, for this request, with the user's password. */
  private authorized(request: http.IncomingMessage): boolean {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Digest ')) return false;
    const params: Record<string, string> = {};
    for (const [, name, quoted, bare] of header.slice(7).matchAll(/(\w+)=(?:"((?:[^"\\]|\\.)*)"|([^,\s]*))/g)) {
      params[name.toLowerCase()] = quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : bare;
    }
    const { user, password } = this.options.digest as { user: string; password: string };
    if (params.username !== user || !this.nonces.has(params.nonce) || params.uri !== request.url) return false;
    const md5 = (text: string) => createHash('md5').update(text).digest('hex');
    const ha1 = md5(`${user}:${REALM}:${password}`);
    const ha2 = md5(`${request.method}:${params.uri}`);
    const expected = md5(`${ha1}:${params.nonce}:${params.nc}:${params.cnonce}:${params.qop}:${ha2}`);
    return params.qop === 'auth' && params.response === expected;
  }
}
