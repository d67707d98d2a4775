// WebDAV's XML for the simulator's CalDAV server: a request body read with its namespaces (a client chooses any
// prefixes), and the answers written: multistatus (RFC 4918 13), a property of any namespace, an error body that
// names the precondition a request broke.

import { DOMParser, type Element } from '@xmldom/xmldom';

export const DAV = 'DAV:';
export const CALDAV = 'urn:ietf:params:xml:ns:caldav';

/** A property's name: its namespace and its local name. */
export interface XmlName {
  namespace: string;
  local: string;
}

const ELEMENT_NODE = 1;
const PREFIXES: Record<string, string> = { [DAV]: 'D', [CALDAV]: 'C' };
const HEAD = '<?xml version="1.0" encoding="utf-8"?>\n';
const NAMESPACES = `xmlns:D="${DAV}" xmlns:C="${CALDAV}"`;

/** The body's root element; undefined for a body that is not well-formed XML. */
export function parseXml(body: string): Element | undefined {
  let failed = false;
  const parser = new DOMParser({
    onError: (level) => {
      if (level !== 'warning') failed = true;
    },
  });
  try {
    const root = parser.parseFromString(body, 'text/xml').documentElement;
    return failed || !root ? undefined : root;
  } catch {
    return undefined;
  }
}

export function isNamed(element: Element | undefined, namespace: string, local: string): boolean {
  return element?.namespaceURI === namespace && element.localName === local;
}

/** The child elements, all or those of one name. */
export function childElements(element: Element | undefined, namespace?: string, local?: string): Element[] {
  const found: Element[] = [];
  for (let child = element?.firstChild ?? null; child; child = child.nextSibling) {
    if (child.nodeType !== ELEMENT_NODE) continue;
    const item = child as Element;
    if (namespace === undefined || (local !== undefined && isNamed(item, namespace, local))) found.push(item);
  }
  return found;
}

export function nameOf(element: Element): XmlName {
  return { namespace: element.namespaceURI ?? '', local: element.localName ?? '' };
}

export function sameName(a: XmlName, b: XmlName): boolean {
  return a.namespace === b.namespace && a.local === b.local;
}

/** Text as XML character data; a CR is kept as a reference, since a parser turns a CR LF of the text into LF. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"\r]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** An element of a name in any namespace, holding `inner` (XML). */
export function element(name: XmlName, inner = ''): string {
  const prefix = PREFIXES[name.namespace];
  const [open, close] = prefix
    ? [`${prefix}:${name.local}`, `${prefix}:${name.local}`]
    : name.namespace === ''
      ? [`${name.local} xmlns=""`, name.local]
      : [`X:${name.local} xmlns:X="${escapeXml(name.namespace)}"`, `X:${name.local}`];
  return inner === '' ? `<${open}/>` : `<${open}>${inner}</${close}>`;
}

const REASONS: Record<number, string> = { 200: 'OK', 403: 'Forbidden', 404: 'Not Found' };

export function statusLine(status: number): string {
  return `<D:status>HTTP/1.1 ${status} ${REASONS[status] ?? ''}</D:status>`;
}

/** One response of a multistatus: a resource's properties, grouped by their status. */
export interface PropertyAnswers {
  href: string;
  /** Found properties as elements; the names of those not found. */
  found: string[];
  missing: XmlName[];
}

export function responseXml(answers: PropertyAnswers): string {
  const propstat = (props: string[], status: number) =>
    props.length === 0 ? '' : `<D:propstat><D:prop>${props.join('')}</D:prop>${statusLine(status)}</D:propstat>`;
  return (
    `<D:response><D:href>${escapeXml(answers.href)}</D:href>` +
    propstat(answers.found, 200) +
    propstat(
      answers.missing.map((name) => element(name)),
      404,
    ) +
    '</D:response>'
  );
}

/** A response without properties: an href and its status (e.g. 404 for an object a multiget names that is gone). */
export function statusResponseXml(href: string, status: number): string {
  return `<D:response><D:href>${escapeXml(href)}</D:href>${statusLine(status)}</D:response>`;
}

export function multistatusXml(responses: string[]): string {
  return `${HEAD}<D:multistatus ${NAMESPACES}>${responses.join('')}</D:multistatus>\n`;
}

/** An error body naming the precondition broken (RFC 4918 16), with a description people can read. */
export function errorXml(condition: XmlName, description: string, inner = ''): string {
  const said = `<D:responsedescription>${escapeXml(description)}</D:responsedescription>`;
  return `${HEAD}<D:error ${NAMESPACES}>${element(condition, inner)}${said}</D:error>\n`;
}
