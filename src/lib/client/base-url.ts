import { invalid } from '../errors';

export const API_PREFIX = '/open/v1';

export interface ServiceAddress {
  /** scheme://host:port, the pool's origin */
  origin: string;
  /** the path every operation is appended to, ending in /open/v1 */
  basePath: string;
}

/** The base URL as a user types it, with `/open/v1` added once (kept when already there). */
export function serviceAddress(baseUrl: unknown, field = 'baseUrl'): ServiceAddress {
  const rule = 'must be an http or https address such as https://cloud.example.com';
  if (typeof baseUrl !== 'string' || baseUrl.trim() === '') throw invalid(field, rule, baseUrl);
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    throw invalid(field, rule, baseUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid(field, rule, baseUrl);
  if (url.username || url.password) throw invalid(field, 'must not carry a user name or password');
  if (url.search || url.hash) throw invalid(field, 'must not carry a query (?...) or a fragment (#...)');
  let path = url.pathname.replace(/\/+$/, '');
  if (!path.endsWith(API_PREFIX)) path += API_PREFIX;
  return { origin: url.origin, basePath: path };
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** True when the key would cross a network in clear text: plain http to a host that is not this machine. */
export function sendsKeyInClear(baseUrl: string): boolean {
  try {
    const url = new URL(baseUrl);
    return url.protocol === 'http:' && !LOOPBACK.test(url.hostname);
  } catch {
    return false;
  }
}
