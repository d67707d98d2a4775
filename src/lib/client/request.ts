/** One request as an operation describes it, and its body as sent. */
import type FormData from 'form-data';
import { FORM_DATA } from './modules';
import type { Target } from './order';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Request {
  /** what the call does, as the error text says it */
  name: string;
  method: Method;
  /** below /open/v1 */
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  multipart?: FormData;
  /**
   * `always`: repeating it leaves the same result (reads, PUT, DELETE, page pushes).
   * `unsent`: repeat only when the service certainly did not get it (429, connection refused).
   */
  repeat: 'always' | 'unsent';
  /**
   * The caller reads the state again after a failure that may have arrived
   * (the to-do state workflow) and words the last failure itself.
   */
  stateReadAgain?: boolean;
  /**
   * A 404 after an attempt that may have arrived means that attempt did the
   * work (a delete whose answer was lost): the call succeeds without data.
   */
  goneMeansDone?: boolean;
  /** What it acts on: operations on one target go in the order they came (see TargetOrder). */
  target?: Target;
}

export interface EncodedBody {
  bytes: Buffer | string;
  headers: Record<string, string>;
}

/** The body, encoded once however many attempts send it. */
export function encodeBody(request: Request): EncodedBody | undefined {
  if (request.multipart) {
    const bytes = request.multipart.getBuffer();
    return { bytes, headers: { ...request.multipart.getHeaders(), 'content-length': String(bytes.length) } };
  }
  if (request.json !== undefined) {
    return { bytes: JSON.stringify(request.json), headers: { 'content-type': 'application/json' } };
  }
  return undefined;
}

export function queryString(query: Record<string, string> | undefined): string {
  return query && Object.keys(query).length > 0 ? `?${new URLSearchParams(query).toString()}` : '';
}

/** form-data is loaded by then: at deploy (see ./modules), or here. */
export function newForm(): FormData {
  const Form = FORM_DATA.get();
  return new Form();
}
