/** Intl's formatters as the helpers use them, each made once (making one takes far longer than using it). */

const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat>();
const MAX_FORMATTERS = 200;

/** An Intl formatter, made once for each language and options (making one takes far longer than using it). */
export function formatter<T extends Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat>(
  kind: new (language: string, options: never) => T,
  language: string,
  options: object,
): T {
  const key = `${kind.name} ${language} ${JSON.stringify(options)}`;
  let made = formatters.get(key) as T | undefined;
  if (!made) {
    made = new kind(language, options as never);
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, made);
  }
  return made;
}
