/**
 * WebDAV's XML (RFC 4918), read with namespaces: a multistatus answer as its responses, each with its href and
 * the properties the server found (a property answered with another status, 404 or 403, is not found), and
 * the few element readings the client needs. Prefixes are whatever each server chooses; names are matched by
 * namespace and local name.
 */
import type { Element, Node } from '@xmldom/xmldom';
import { DeviceCloudError } from '../errors';
import { resolveHref } from './address';
import { XMLDOM } from './modules';

export const DAV = 'DAV:';
export const CALDAV = 'urn:ietf:params:xml:ns:caldav';
export const CARDDAV = 'urn:ietf:params:xml:ns:carddav';

export interface DavResponse {
  /** The href, resolved against the address asked. */
  url: URL;
  /** The response's own status, for a response without properties (e.g. 404 for a resource gone). */
  status?: number;
  /** The properties found (status 2xx), by `namespace localName`. */
  found: Map<string, Element>;
  /** The properties asked for and answered with another status, by name, with it. */
  missing: Map<string, number>;
}

const ELEMENT_NODE = 1;

/** The name a property is kept under. */
export function propName(namespace: string, localName: string): string {
  return `${namespace} ${localName}`;
}

/** The responses of a multistatus answer; an answer that is not one is an error naming `what`. */
export function parseMultistatus(text: string, base: URL, what: string): DavResponse[] {
  const root = documentOf(text, what);
  if (!isNamed(root, DAV, 'multistatus')) {
    throw new DeviceCloudError('parse', `${what}: the answer is not a WebDAV multistatus`, { operation: 'caldav' });
  }
  const responses: DavResponse[] = [];
  for (const response of children(root, DAV, 'response')) {
    const href = children(response, DAV, 'href')[0];
    const url = href && resolveHref(textOf(href), base);
    if (!url) continue;
    const answer: DavResponse = { url, found: new Map(), missing: new Map() };
    const status = children(response, DAV, 'status')[0];
    if (status) answer.status = statusOf(textOf(status));
    for (const propstat of children(response, DAV, 'propstat')) {
      const code = statusOf(textOf(children(propstat, DAV, 'status')[0]));
      for (const prop of children(propstat, DAV, 'prop')) {
        for (const property of children(prop)) {
          const name = propName(property.namespaceURI ?? '', property.localName ?? '');
          if (code >= 200 && code < 300) answer.found.set(name, property);
          else answer.missing.set(name, code);
        }
      }
    }
    responses.push(answer);
  }
  return responses;
}

function documentOf(text: string, what: string): Element {
  const { DOMParser } = XMLDOM.get();
  let root: Element | null = null;
  try {
    root = new DOMParser({ onError: () => undefined }).parseFromString(text, 'text/xml').documentElement;
  } catch {
    root = null;
  }
  if (!root) throw new DeviceCloudError('parse', `${what}: the answer is not XML`, { operation: 'caldav' });
  return root;
}

/** `HTTP/1.1 200 OK` as 200; 0 when there is none. */
function statusOf(line: string): number {
  const match = /^\s*HTTP\/\d(?:\.\d)?\s+(\d{3})/i.exec(line);
  return match ? Number(match[1]) : 0;
}

export function isNamed(element: Element, namespace: string, localName: string): boolean {
  return element.namespaceURI === namespace && element.localName === localName;
}

/** The child elements, all or those of one name. */
export function children(element: Element | Node | undefined, namespace?: string, localName?: string): Element[] {
  const found: Element[] = [];
  for (let child = element?.firstChild ?? null; child; child = child.nextSibling) {
    if (child.nodeType !== ELEMENT_NODE) continue;
    const item = child as Element;
    if (namespace === undefined || (localName !== undefined && isNamed(item, namespace, localName))) found.push(item);
  }
  return found;
}

/** The text of an element, CDATA included, without the spaces around it. */
export function textOf(element: Element | undefined): string {
  return (element?.textContent ?? '').trim();
}

/** The hrefs an element holds (e.g. calendar-home-set), resolved against `base`. */
export function hrefsIn(element: Element | undefined, base: URL): URL[] {
  return children(element, DAV, 'href')
    .map((href) => resolveHref(textOf(href), base))
    .filter((url): url is URL => url !== undefined);
}
