/**
 * HTTP Digest authentication (RFC 7616, and RFC 2069's MD5 without qop): the `Authorization` header for a request,
 * from a server's challenge. MD5, SHA-256 and SHA-512-256, each also as `-sess`; qop `auth`. The nonce count grows
 * with each request made on the same nonce, so a challenge is answered once and then reused until the server says
 * it is stale. The client nonce stays the same for the nonce's requests, as the `-sess` session key is made from
 * it: a server that recomputes that key from each request's cnonce agrees with one that keeps it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Challenge } from './challenges';

const HASHES: Record<string, string> = {
  md5: 'md5',
  'md5-sess': 'md5',
  'sha-256': 'sha256',
  'sha-256-sess': 'sha256',
  'sha-512-256': 'sha512-256',
  'sha-512-256-sess': 'sha512-256',
};

export interface DigestLogin {
  username: string;
  password: string;
}

export class DigestSession {
  private count = 0;
  private readonly cnonce = randomBytes(12).toString('hex');
  private readonly algorithm: string;
  private readonly qop: string | undefined;
  /** H(A1) of a `-sess` algorithm: made once per nonce. */
  private sessionKey: string | undefined;

  private constructor(private readonly challenge: Challenge) {
    this.algorithm = (challenge.params.algorithm ?? 'MD5').toLowerCase();
    const offered = (challenge.params.qop ?? '').split(',').map((qop) => qop.trim().toLowerCase());
    this.qop = offered.includes('auth') ? 'auth' : undefined;
  }

  /** A session for a Digest challenge this client can answer; undefined for one it cannot (auth-int only, userhash, another algorithm). */
  static of(challenge: Challenge): DigestSession | undefined {
    const { params } = challenge;
    if (challenge.scheme !== 'digest' || !params.nonce || params.realm === undefined) return undefined;
    if (!HASHES[(params.algorithm ?? 'MD5').toLowerCase()] || params.userhash?.toLowerCase() === 'true')
      return undefined;
    if (params.qop !== undefined && !params.qop.split(',').some((qop) => qop.trim().toLowerCase() === 'auth')) {
      return undefined;
    }
    return new DigestSession(challenge);
  }

  /** The header value for one request; `uri` is the request target as sent (path and query). */
  authorization(login: DigestLogin, method: string, uri: string): string {
    const { realm, nonce, opaque } = this.challenge.params;
    const hash = (text: string) => createHash(HASHES[this.algorithm]).update(text, 'utf8').digest('hex');
    const cnonce = this.cnonce;
    const nc = (++this.count).toString(16).padStart(8, '0');
    let ha1 = hash(`${login.username}:${realm}:${login.password}`);
    if (this.algorithm.endsWith('-sess')) {
      this.sessionKey ??= hash(`${ha1}:${nonce}:${cnonce}`);
      ha1 = this.sessionKey;
    }
    const ha2 = hash(`${method}:${uri}`);
    const response = this.qop
      ? hash(`${ha1}:${nonce}:${nc}:${cnonce}:${this.qop}:${ha2}`)
      : hash(`${ha1}:${nonce}:${ha2}`);
    const parts = [
      `username=${quoted(login.username)}`,
      `realm=${quoted(realm)}`,
      `nonce=${quoted(nonce)}`,
      `uri=${quoted(uri)}`,
      `response="${response}"`,
    ];
    if (this.challenge.params.algorithm) parts.push(`algorithm=${this.challenge.params.algorithm}`);
    if (opaque !== undefined) parts.push(`opaque=${quoted(opaque)}`);
    if (this.qop) parts.push(`qop=${this.qop}`, `nc=${nc}`, `cnonce="${cnonce}"`);
    return `Digest ${parts.join(', ')}`;
  }
}

function quoted(value: string): string {
  return `"${value.replace(/["\\]/g, (character) => `\\${character}`)}"`;
}
