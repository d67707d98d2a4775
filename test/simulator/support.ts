// What the simulator's tests share: its devices, request bodies built byte by
// byte, one /open/v1 call over Node's fetch, a raw HTTP request for the cases
// fetch would shape on its own, and a reader of the page's event stream.

import { connect } from 'node:net';
import type { Simulator } from '../../dist/simulator/server';

export { HALLWAY, KITCHEN } from '../fixtures/service';

/** An envelope as the simulator answers it; `code: -1` stands for a body that was not JSON. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface Answer<T> {
  status: number;
  headers: Headers;
  text: string;
  body: Envelope<T>;
}

export function parseEnvelope<T>(text: string): Envelope<T> {
  try {
    return JSON.parse(text) as Envelope<T>;
  } catch {
    return { code: -1, msg: `not JSON: ${text.slice(0, 80)}`, data: undefined as T };
  }
}

export interface CallOptions {
  /** Sent as application/json; a string is sent as it is. */
  json?: unknown;
  body?: BodyInit | Buffer;
  contentType?: string;
  auth?: 'key' | 'bearer' | 'none';
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export type Call = <T = unknown>(method: string, apiPath: string, options?: CallOptions) => Promise<Answer<T>>;

/** One /open/v1 call to the simulator `current()` returns (the simulator starts after this is made). */
export function apiCaller(current: () => Simulator): Call {
  return async function call<T>(method: string, apiPath: string, options: CallOptions = {}): Promise<Answer<T>> {
    const sim = current();
    const { json, body, contentType, auth = 'key', headers = {}, signal } = options;
    const sent: Record<string, string> = { ...headers };
    if (auth === 'key') sent['X-API-Key'] = sim.apiKey;
    if (auth === 'bearer') sent.Authorization = `Bearer ${sim.apiKey}`;
    let payload = Buffer.isBuffer(body) ? new Uint8Array(body) : body;
    if (json !== undefined) {
      payload = typeof json === 'string' ? json : JSON.stringify(json);
      sent['Content-Type'] = 'application/json';
    }
    if (contentType) sent['Content-Type'] = contentType;
    const response = await fetch(`${sim.url}/open/v1${apiPath}`, { method, headers: sent, body: payload, signal });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, body: parseEnvelope<T>(text) };
  };
}

export type FormField = { name: string; value: string };
export type FilePart = { name: string; filename?: string; contentType?: string; data: Buffer };

/** A multipart/form-data body built by hand, so each part's headers are exactly those given (none left out or added). */
export function multipart(
  parts: (FormField | FilePart)[],
  boundary = 'sim-test-boundary-7MA4YWxkTrZu0gW',
): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if ('data' in part && part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if ('data' in part && part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    const data = 'data' in part ? part.data : Buffer.from(part.value);
    chunks.push(Buffer.from(`${head}\r\n`), data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface RawAnswer {
  status: number;
  /** Header names lower-case. */
  headers: Record<string, string>;
  body: Envelope<unknown>;
}

/**
 * One HTTP/1.1 request written byte by byte on a socket: exactly the header lines given (plus Host and
 * Connection: close), and a body only when one is given. fetch would add a Content-Type or a Content-Length.
 */
export function rawRequest(
  sim: Simulator,
  requestLine: string,
  headerLines: string[],
  body?: Buffer,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(sim.url);
  const head = [requestLine, `Host: ${hostname}:${port}`, 'Connection: close', ...headerLines].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine, ...lines] = text.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: parseEnvelope(text.slice(split + 4)) });
    });
    socket.write(`${head}\r\n\r\n`);
    if (body) socket.write(body);
  });
}

export interface ServerEvent<T> {
  event: string | undefined;
  data: T;
}

/** Reads Server-Sent Events from a fetch response, one at a time. */
export function eventReader<T>(response: Response): () => Promise<ServerEvent<T>> {
  if (!response.body) throw new Error('the event stream has no body');
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return async function nextEvent(): Promise<ServerEvent<T>> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = frame.split('\n');
        const data = lines
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('\n');
        const event = lines.find((line) => line.startsWith('event: '));
        if (data) return { event: event?.slice(7), data: JSON.parse(data) as T };
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('event stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
}
