/** The node set's message catalog, as the editor reads it: its texts, and which keys it has. */

export const NAMESPACE = '@device-cloud/node-red-device-cloud/device-cloud';
const MISSING = '\u0000';

/** A text of the node set's catalog, e.g. text('common.label.account'). */
export function text(key: string, substitutions?: Record<string, unknown>): string {
  return RED._(`${NAMESPACE}:${key}`, substitutions);
}

/** Whether the catalog has a text for the key. */
export function has(key: string): boolean {
  return RED._(`${NAMESPACE}:${key}`, { defaultValue: MISSING }) !== MISSING;
}

/** The node type's own text for `key` when its catalog has one, else the shared one: the key, for data-i18n. */
export function keyFor(type: string, key: string): string | null {
  if (has(`${type}.${key}`)) return `${type}.${key}`;
  return has(`common.${key}`) ? `common.${key}` : null;
}

/** A setting's value as the dialog shows it: text, a number or a checkbox's state as text; anything else empty. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

export function isEmpty(value: unknown): value is undefined | null | '' {
  return value === undefined || value === null || value === '';
}
