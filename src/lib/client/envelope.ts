/** The service's answer: the JSON envelope `{code, msg, data}` read into data or into our error. */
import { DeviceCloudError } from '../errors';
import { parseRetryAfter } from './retry';

interface Envelope {
  code: number;
  msg?: unknown;
  data?: unknown;
}

type Headers = Record<string, string | string[] | undefined>;

/** The data of a successful answer; any HTTP status >= 400, non-zero code or body that is not the envelope throws. */
export function readEnvelope(name: string, status: number, headers: Headers, text: string): unknown {
  let envelope: Envelope | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isObject(parsed) && typeof parsed.code === 'number') envelope = parsed as unknown as Envelope;
  } catch {
    envelope = undefined;
  }
  const serviceMessage =
    typeof envelope?.msg === 'string' && envelope.msg !== '' ? envelope.msg.slice(0, 300) : undefined;
  if (status >= 400) {
    const said = serviceMessage ? `: ${serviceMessage}` : '';
    const code = envelope && envelope.code !== 0 ? envelope.code : undefined;
    return fail('http', `${name} failed: HTTP ${status}${said}${code !== undefined ? ` (code ${code})` : ''}`, {
      operation: name,
      statusCode: status,
      code,
      serviceMessage,
      retryAfterMs: parseRetryAfter(headers['retry-after']),
      notSent: status === 429,
    });
  }
  if (!envelope) {
    const type = headers['content-type'];
    const said = `HTTP ${status}${type ? `, ${String(type)}` : ''}`;
    return fail('parse', `${name} failed: the answer is not the service's JSON (${said})`, {
      operation: name,
      statusCode: status,
    });
  }
  if (envelope.code !== 0) {
    return fail('service', `${name} failed: ${serviceMessage ?? 'the service refused'} (code ${envelope.code})`, {
      operation: name,
      statusCode: status,
      code: envelope.code,
      serviceMessage,
    });
  }
  return envelope.data;
}

export function expectArray<T>(data: unknown, name: string): T[] {
  if (!Array.isArray(data)) fail('parse', `${name} failed: the answer's data is not a list`, { operation: name });
  return data as T[];
}

export function expectObject<T>(data: unknown, name: string): T {
  if (!isObject(data) || Array.isArray(data)) {
    fail('parse', `${name} failed: the answer has no data`, { operation: name });
  }
  return data as T;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function fail(
  kind: DeviceCloudError['kind'],
  message: string,
  details: ConstructorParameters<typeof DeviceCloudError>[2],
): never {
  throw new DeviceCloudError(kind, message, details);
}
