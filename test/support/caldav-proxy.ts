/**
 * A small HTTP server in front of a test's CalDAV server (Radicale or Xandikos): it forwards every request as it
 * came and records it with its answer's status, asks for HTTP Digest authentication (RFC 7616) when given a user
 * and password (Xandikos has none of its own), and can act before a request is forwarded, as another client editing
 * a task between the sync's read and its write does, or answer a request itself, as a server of another make
 * answers it. A real HTTP server: nothing of the code under test is stood in for.
 *
 * The Digest it asks for is the challenge's: MD5 (the default), SHA-256 or SHA-512-256, each also -sess; qop "auth",
 * another list, or none (RFC 2069); a nonce that turns stale after some requests. Each answer is checked as a
 * server that keeps no session checks it: the response recomputed from what the request itself carries
 * (`digestResponse`, checked against the RFCs' own examples).
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  method: string;
  path: string;
  ifMatch?: string;
  authorization?: string;
  /** The parameters of a Digest `Authorization` header, names lower case. */
  digest?: Record<string, string>;
  status?: number;
  body: string;
}

export interface DigestChallenge {
  user: string;
  password: string;
  /** The algorithm the challenge names; null names none (then it is MD5). Default MD5. */
  algorithm?: 'MD5' | 'MD5-sess' | 'SHA-256' | 'SHA-256-sess' | 'SHA-512-256' | 'SHA-512-256-sess' | null;
  /** The qop the challenge offers, as written; null offers none (RFC 2069). Default "auth". */
  qop?: string | null;
  /** Requests a nonce answers before the proxy says it is stale (stale=true, a new nonce). Default: no end. */
  nonceUses?: number;
  /** Other challenges in the same answer, e.g. `Basic realm="x"` (never accepted: only Digest is). */
  others?: string[];
  /** Extra parameters of the challenge, as written (e.g. `userhash=true`). */
  extra?: string;
}

export interface ProxyAnswer {
  status: number;
  headers?: Record<string, string | string[]>;
  body?: string;
}

export interface ProxyOptions {
  /** Ask for Digest authentication of this user. */
  digest?: DigestChallenge;
  /** Ask only this (e.g. `Bearer realm="x"`) in every 401, and take nothing. */
  challenge?: string;
  /** Runs before a request is forwarded; the request waits for it. */
  before?: (request: ProxiedRequest) => Promise<void> | void;
  /** The proxy's own answer to a request, as another server would give it; undefined forwards it. */
  answer?: (request: ProxiedRequest) => ProxyAnswer | undefined | Promise<ProxyAnswer | undefined>;
}

export const REALM = 'CalDAV test';
const HASHES: Record<string, string> = {
  md5: 'md5',
  sha256: 'sha256',
  'sha-256': 'sha256',
  'sha-512-256': 'sha512-256',
};

/**
 * The Digest `response` of RFC 7616 3.4.1 (RFC 2617 3.2.2.1, and RFC 2069 without qop) for what a request carries.
 */
export function digestResponse(p: {
  algorithm?: string;
  username: string;
  realm: string;
  password: string;
  method: string;
  uri: string;
  nonce: string;
  nc?: string;
  cnonce?: string;
  qop?: string;
  body?: string;
}): string {
  const algorithm = (p.algorithm ?? 'MD5').toLowerCase();
  const hash = (text: string) =>
    createHash(HASHES[algorithm.replace(/-sess$/, '')])
      .update(text, 'utf8')
      .digest('hex');
  let ha1 = hash(`${p.username}:${p.realm}:${p.password}`);
  if (algorithm.endsWith('-sess')) ha1 = hash(`${ha1}:${p.nonce}:${p.cnonce}`);
  const ha2 = hash(p.qop === 'auth-int' ? `${p.method}:${p.uri}:${hash(p.body ?? '')}` : `${p.method}:${p.uri}`);
  return p.qop ? hash(`${ha1}:${p.nonce}:${p.nc}:${p.cnonce}:${p.qop}:${ha2}`) : hash(`${ha1}:${p.nonce}:${ha2}`);
}

/** The parameters of a Digest header's value (after `Digest `), names lower case, quoted values unquoted. */
export function digestParams(text: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [, name, quoted, bare] of text.matchAll(/(\w+)=(?:"((?:[^"\\]|\\.)*)"|([^,\s]*))/g)) {
    params[name.toLowerCase()] = quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : bare;
  }
  return params;
}

export class CalDavProxy {
  readonly requests: ProxiedRequest[] = [];
  url = '';
  /** The requests each nonce has answered. */
  private readonly nonces = new Map<string, number>();
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
    const authorization = request.headers.authorization;
    if (authorization) recorded.authorization = authorization;
    if (authorization?.startsWith('Digest ')) recorded.digest = digestParams(authorization.slice(7));
    this.requests.push(recorded);
    if (this.options.challenge !== undefined) {
      this.refuse(recorded, response, [this.options.challenge]);
      return;
    }
    const digest = this.options.digest;
    if (digest) {
      const checked = this.checked(recorded, digest);
      if (checked !== 'ok') {
        this.refuse(recorded, response, [this.challengeOf(digest, checked === 'stale'), ...(digest.others ?? [])]);
        return;
      }
    }
    await this.options.before?.(recorded);
    const own = await this.options.answer?.(recorded);
    if (own) {
      recorded.status = own.status;
      response.writeHead(own.status, own.headers ?? {});
      response.end(own.body ?? '');
      return;
    }
    const headers = { ...request.headers, host: this.target.host };
    if (digest) delete headers.authorization;
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

  private refuse(recorded: ProxiedRequest, response: http.ServerResponse, challenges: string[]): void {
    recorded.status = 401;
    response.writeHead(401, { 'www-authenticate': challenges, 'content-type': 'text/plain' });
    response.end('authentication required');
  }

  private challengeOf(digest: DigestChallenge, stale: boolean): string {
    const nonce = randomBytes(16).toString('base64');
    this.nonces.set(nonce, 0);
    const qop = digest.qop === undefined ? 'auth' : digest.qop;
    const algorithm = digest.algorithm === undefined ? 'MD5' : digest.algorithm;
    const parts = [`realm="${REALM}"`, `nonce="${nonce}"`, 'opaque="caldav"'];
    if (qop !== null) parts.push(`qop="${qop}"`);
    if (algorithm !== null) parts.push(`algorithm=${algorithm}`);
    if (stale) parts.push('stale=true');
    if (digest.extra) parts.push(digest.extra);
    return `Digest ${parts.join(', ')}`;
  }

  /** Whether a request carries a right Digest answer to a live nonce of this proxy ('stale': right, on an old one). */
  private checked(recorded: ProxiedRequest, digest: DigestChallenge): 'ok' | 'stale' | 'refused' {
    const params = recorded.digest;
    if (!params) return 'refused';
    const qop = digest.qop === undefined ? 'auth' : digest.qop;
    const offered = qop === null ? [] : qop.split(',').map((each) => each.trim());
    const uses = this.nonces.get(params.nonce);
    const right =
      params.username === digest.user &&
      params.realm === REALM &&
      params.opaque === 'caldav' &&
      uses !== undefined &&
      params.uri === recorded.path &&
      (params.algorithm ?? 'MD5') === (digest.algorithm ?? 'MD5') &&
      (qop === null ? params.qop === undefined : offered.includes(params.qop)) &&
      params.response ===
        digestResponse({
          ...params,
          username: digest.user,
          password: digest.password,
          method: recorded.method,
          body: recorded.body,
        } as Parameters<typeof digestResponse>[0]);
    if (!right) return 'refused';
    if (digest.nonceUses !== undefined && uses >= digest.nonceUses) return 'stale';
    this.nonces.set(params.nonce, uses + 1);
    return 'ok';
  }
}
