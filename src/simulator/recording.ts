// Reading a request's body and keeping a record of it, as tests read them
// through Simulator.requests.

import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { boundaryOf, type FormPart, parseMultipart } from './multipart';
import { isJsonContentType } from './validate';

export type RecordedPart = FormPart;

export interface RecordedRequest {
  method: string;
  /** Without query and as sent, not percent-decoded, e.g. '/open/v1/todos'. */
  path: string;
  query: Record<string, string>;
  /** As node gives them, lower-case. */
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
  /** Parsed JSON when the content type is JSON (and the body parses). */
  body?: unknown;
  /** Parts of a multipart/form-data body (when it parses). */
  parts?: RecordedPart[];
  /** The fault kind applied to it, if any. */
  fault?: string;
  /** Date.now() at arrival. */
  at: number;
}

export interface ReceivedBody {
  data: Buffer;
  tooLarge: boolean;
}

/** Reads the whole body; past the limit it keeps draining (so the client can read the answer) but keeps nothing. */
export function readBody(request: IncomingMessage, limit: number): Promise<ReceivedBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    request.on('end', () => {
      const tooLarge = size > limit;
      resolve({ data: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), tooLarge });
    });
    request.on('error', reject);
    request.on('close', () => {
      if (!request.complete) reject(new Error('request aborted'));
    });
  });
}

function firstValues(params: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of params) {
    if (!(name in query)) query[name] = value;
  }
  return query;
}

function parsedJsonOrUndefined(contentType: string | undefined, rawBody: Buffer): unknown {
  if (!isJsonContentType(contentType)) return undefined;
  try {
    return JSON.parse(rawBody.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function partsOrUndefined(contentType: string | undefined, rawBody: Buffer): RecordedPart[] | undefined {
  const boundary = boundaryOf(contentType);
  if (!boundary) return undefined;
  try {
    return parseMultipart(rawBody, boundary);
  } catch {
    return undefined;
  }
}

export function recordRequest(request: IncomingMessage, url: URL, rawBody: Buffer, at: number): RecordedRequest {
  const headers: IncomingHttpHeaders = { ...request.headers };
  const contentType = headers['content-type'];
  const record: RecordedRequest = {
    method: request.method ?? 'GET',
    path: url.pathname,
    query: firstValues(url.searchParams),
    headers,
    rawBody,
    at,
  };
  const body = parsedJsonOrUndefined(contentType, rawBody);
  const parts = partsOrUndefined(contentType, rawBody);
  if (body !== undefined) record.body = body;
  if (parts !== undefined) record.parts = parts;
  return record;
}
