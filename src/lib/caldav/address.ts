/**
 * Addresses on a CalDAV server: the task list's URL as a user gives it (http or https, no user name or password in
 * it: those are credentials), and the hrefs a server answers with, read against the address they came from.
 */
import { invalid } from '../errors';

/** A CalDAV address, checked: an absolute http(s) URL without credentials or fragment. */
export function caldavUrl(value: unknown, field = 'url'): URL {
  const given = typeof value === 'string' ? value.trim() : '';
  if (given === '') throw invalid(field, 'is required: the address of the task list on the CalDAV server');
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw invalid(field, 'must be an address such as https://cloud.example.com/remote.php/dav/calendars/anna/tasks/');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw invalid(field, 'must start with http:// or https://');
  // The text of the address is never repeated: it would show what was typed into it.
  if (url.username !== '' || url.password !== '') {
    throw invalid(field, 'must not hold a user name or password: set them in the user name and password fields');
  }
  url.hash = '';
  return url;
}

/** A collection's address ends in `/`: WebDAV servers answer the address without it by a redirect, or not at all. */
export function asCollection(url: URL): URL {
  const collection = new URL(url.href);
  if (!collection.pathname.endsWith('/')) collection.pathname += '/';
  collection.search = '';
  return collection;
}

/** An href of a server's answer (a path, or a whole URL) against the address it answered; undefined if unusable. */
export function resolveHref(href: string, base: URL): URL | undefined {
  try {
    return new URL(href.trim(), base);
  } catch {
    return undefined;
  }
}

/** Two addresses of the same resource: the same origin and path, a trailing `/` and percent-encoding aside. */
export function sameResource(a: URL, b: URL): boolean {
  return a.origin === b.origin && normalPath(a.pathname) === normalPath(b.pathname);
}

function normalPath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // kept as it is
  }
  return decoded.endsWith('/') ? decoded : `${decoded}/`;
}

/** Whether an address is below a collection (or is the collection). */
export function isWithin(url: URL, collection: URL): boolean {
  return url.origin === collection.origin && normalPath(url.pathname).startsWith(normalPath(collection.pathname));
}

/** True when credentials sent to this address cross a network unencrypted: plain http to another machine. */
export function sendsCredentialsInClear(url: URL): boolean {
  if (url.protocol !== 'http:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return !(host === 'localhost' || host === '::1' || /^127\./.test(host));
}
