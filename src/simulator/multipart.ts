// A small multipart/form-data parser (RFC 7578), enough for what clients of the
// image push send: named fields and file parts, each with its own headers.

export interface FormPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
  /** utf8 of data, for fields that are not files. */
  value?: string;
}

export class MultipartError extends Error {}

const CRLF = Buffer.from('\r\n');
const DASH_DASH = Buffer.from('--');
const HEADER_END = Buffer.from('\r\n\r\n');

/** The boundary parameter of a multipart/form-data content type, or undefined. */
export function boundaryOf(contentType: string | undefined): string | undefined {
  const [mediaType, ...params] = (contentType ?? '').split(';');
  if (mediaType.trim().toLowerCase() !== 'multipart/form-data') return undefined;
  for (const param of params) {
    const match = /^\s*boundary\s*=\s*(?:"([^"]+)"|(\S+))\s*$/i.exec(param);
    if (match) return match[1] ?? match[2];
  }
  return undefined;
}

function startsWithAt(body: Buffer, position: number, expected: Buffer): boolean {
  return body.subarray(position, position + expected.length).equals(expected);
}

function parseHeaderLines(text: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new MultipartError(`malformed part header "${line}"`);
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function dispositionParams(disposition: string): Map<string, string> {
  const params = new Map<string, string>();
  const param = /;\s*([\w*-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (let match = param.exec(disposition); match; match = param.exec(disposition)) {
    const value = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : match[3].trim();
    params.set(match[1].toLowerCase(), value);
  }
  return params;
}

function toPart(headers: Map<string, string>, data: Buffer): FormPart {
  const disposition = headers.get('content-disposition');
  if (!disposition || !/^form-data\s*(;|$)/i.test(disposition)) {
    throw new MultipartError('part without Content-Disposition: form-data');
  }
  const params = dispositionParams(disposition);
  const name = params.get('name');
  if (name === undefined) throw new MultipartError('part without a name');
  const part: FormPart = { name, data };
  const filename = params.get('filename');
  const contentType = headers.get('content-type');
  if (filename !== undefined) part.filename = filename;
  if (contentType !== undefined) part.contentType = contentType;
  if (filename === undefined) part.value = data.toString('utf8');
  return part;
}

export function parseMultipart(body: Buffer, boundary: string): FormPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const nextDelimiter = Buffer.from(`\r\n--${boundary}`);
  const parts: FormPart[] = [];
  let position = body.indexOf(delimiter);
  if (position < 0) throw new MultipartError('boundary not found in body');
  for (;;) {
    position += delimiter.length;
    if (startsWithAt(body, position, DASH_DASH)) return parts;
    if (!startsWithAt(body, position, CRLF)) throw new MultipartError('boundary not followed by a line break');
    position += CRLF.length;
    const headerEnd = body.indexOf(HEADER_END, position);
    if (headerEnd < 0) throw new MultipartError('part headers not terminated');
    const headers = parseHeaderLines(body.subarray(position, headerEnd).toString('utf8'));
    const dataStart = headerEnd + HEADER_END.length;
    const dataEnd = body.indexOf(nextDelimiter, dataStart);
    if (dataEnd < 0) throw new MultipartError('closing boundary missing');
    // A copy, so a stored image does not keep the whole request body alive.
    parts.push(toPart(headers, Buffer.from(body.subarray(dataStart, dataEnd))));
    position = dataEnd + CRLF.length;
  }
}
