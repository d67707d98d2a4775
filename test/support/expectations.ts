/**
 * The checks the node tests share, as a user would make them: the request the
 * service received, the message passed on untouched, the status, and how a
 * refusal or a service error reaches the Catch node.
 */
import { expect } from 'chai';
import { DeviceCloudError } from '../../dist/lib';
import type { RecordedPart, RecordedRequest } from '../../dist/simulator/server';
import { KEPT_PROPERTIES } from '../fixtures/messages';
import type { Harness, Outcome } from './harness';
import type { NodeMessage } from './node-red';

/** The path exactly as it arrived: a validated MAC address goes into it as is, colons and all. */
export function servicePath(request: RecordedRequest): string {
  return request.path;
}

/** The pictures of an image push as the service received them: the multipart parts named `images`, in order. */
export function imageParts(request: RecordedRequest): RecordedPart[] {
  return (request.parts ?? []).filter((part) => part.name === 'images');
}

/** The one request the simulator received. */
export function onlyRequest(h: Harness): RecordedRequest {
  expect(
    h.requests.map((r) => `${r.method} ${r.path}`),
    'requests received',
  ).to.have.length(1);
  return h.requests[0];
}

export interface ExpectedRequest {
  method: string;
  path: string;
  query?: Record<string, string>;
  /** The JSON body exactly; absent: no body at all. */
  body?: unknown;
}

/** Checks a request as the service received it: method, path, query, the key header, and the body. */
export function expectRequest(
  h: Harness,
  request: RecordedRequest,
  { method, path, query = {}, body }: ExpectedRequest,
): void {
  expect(request.method, 'method').to.equal(method);
  expect(servicePath(request), 'path').to.equal(path);
  expect(request.query, 'query').to.deep.equal(query);
  expect(request.headers['x-api-key'], 'X-API-Key header').to.equal(h.sim.apiKey);
  expect(request.headers.authorization, 'Authorization header').to.equal(undefined);
  if (body === undefined) {
    expect(request.rawBody.length, 'request body length').to.equal(0);
  } else {
    expect(request.headers['content-type'], 'content type').to.match(/^application\/json\b/);
    expect(request.body, 'JSON body').to.deep.equal(body);
  }
}

/** The output is the message that went in (see `messageWith`), other properties untouched. */
export function expectKept(output: NodeMessage): void {
  for (const [property, value] of Object.entries(KEPT_PROPERTIES)) {
    expect(output[property], `msg.${property}`).to.deep.equal(value);
  }
}

export function expectSuccessStatus(h: Harness): void {
  expect(h.lastStatus).to.include({ fill: 'green', shape: 'dot' });
}

/** The call throws a validation error for `field` whose text starts with the field and matches `pattern`. */
export function expectInvalid(call: () => unknown, field: string, pattern: RegExp): void {
  let error: unknown;
  try {
    call();
  } catch (thrown) {
    error = thrown;
  }
  expect(error, 'it throws').to.be.instanceOf(DeviceCloudError);
  const invalid = error as DeviceCloudError;
  expect(invalid.kind).to.equal('validation');
  expect(invalid.field).to.equal(field);
  expect(invalid.message).to.match(pattern);
  expect(invalid.message.startsWith(`${field}: `), invalid.message).to.equal(true);
}

/**
 * A refusal: one error reaches the Catch node (the harness fails on a second
 * outcome), its text matches, nothing was sent, and the status is a red ring.
 */
export function expectRefused(h: Harness, outcome: Outcome, pattern: RegExp): void {
  expect(outcome.output, 'a message went on').to.equal(undefined);
  expect(outcome.error, 'the Catch node got nothing').to.be.an('object');
  expect(outcome.error?.error.message).to.match(pattern);
  expect(
    h.requests.map((r) => `${r.method} ${r.path}`),
    'requests sent',
  ).to.deep.equal([]);
  expect(h.lastStatus).to.include({ fill: 'red', shape: 'ring' });
}

/** A service error: one error at the Catch node with the service's msg and code, and a red ring. */
export function expectServiceError(
  h: Harness,
  outcome: Outcome,
  { pattern, code }: { pattern: RegExp; code: number },
): void {
  expect(outcome.output, 'a message went on').to.equal(undefined);
  expect(outcome.error, 'the Catch node got nothing').to.be.an('object');
  expect(outcome.error?.error.message).to.match(pattern);
  expect(outcome.error?.error.code, 'msg.error.code').to.equal(code);
  expect(h.lastStatus).to.include({ fill: 'red', shape: 'ring' });
}
