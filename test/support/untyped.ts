/**
 * A value outside its declared type, as a JavaScript caller, a flow or the
 * service may give it: what the code under test checks at run time. The cast
 * is the point of the test, so it is spelled out.
 */
export function untyped<T>(value: unknown): T {
  return value as T;
}
