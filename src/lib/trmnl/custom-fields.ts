/**
 * A recipe's custom fields (`custom_fields` of settings.yml): the form TRMNL shows its user, and the values
 * the recipe then reads, as TRMNL keeps them (every leaf a string, a multiple choice a list).
 */

/** The field types TRMNL knows (usetrmnl/trmnlp, db/data/form_fields.yml). */
export const FIELD_TYPES = [
  'author_bio',
  'boolean',
  'code',
  'copyable',
  'copyable_webhook_url',
  'date',
  'multi_string',
  'number',
  'password',
  'plugin_instance_select',
  'select',
  'string',
  'text',
  'time',
  'time_zone',
  'url',
  'xhrFunction',
  'xhrSelect',
  'xhrSelectSearch',
  'xhrString',
] as const;

export type FieldValue = string | FieldValue[] | { [key: string]: FieldValue };

export interface FieldOption {
  label: string;
  value: string;
}

export interface CustomField {
  keyname: string;
  /** One of FIELD_TYPES, or as written when TRMNL does not know it (a warning says so). */
  fieldType: string;
  name: string;
  description?: string;
  helpText?: string;
  placeholder?: string;
  default?: FieldValue;
  options?: FieldOption[];
  optional: boolean;
  /** A select that takes several options. */
  multiple: boolean;
  /** The field as settings.yml has it, every key kept. */
  raw: Record<string, unknown>;
}

/** A value as TRMNL stores it: each leaf a string (a date as 2025-01-11), lists and hashes kept. */
export function fieldValue(value: unknown): FieldValue {
  if (Array.isArray(value)) return value.map(fieldValue);
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, fieldValue(item)]),
    );
  }
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' ? String(value) : '';
}

/** A value's text: a leaf as TRMNL stores it, a list or hash as JSON. */
function fieldText(value: unknown): string {
  const leaf = fieldValue(value);
  return typeof leaf === 'string' ? leaf : JSON.stringify(leaf);
}

function optionalText(value: unknown): string | undefined {
  return value === null || value === undefined ? undefined : fieldText(value);
}

function optionsOf(value: unknown): FieldOption[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.flatMap((option): FieldOption[] => {
    if (option !== null && typeof option === 'object' && !Array.isArray(option) && !(option instanceof Date)) {
      return Object.entries(option as Record<string, unknown>).map(([label, item]) => ({
        label,
        value: fieldText(item),
      }));
    }
    const text = fieldText(option);
    return [{ label: text, value: text }];
  });
}

/** The fields of settings.yml; what TRMNL would not accept is a warning, never an error. */
export function parseCustomFields(raw: unknown, warnings: string[]): CustomField[] {
  if (raw === null || raw === undefined) return [];
  if (!Array.isArray(raw)) {
    warnings.push('settings.yml: custom_fields is not a list; the recipe has no custom fields');
    return [];
  }
  return raw.flatMap((item: unknown, index): CustomField[] => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      warnings.push(`settings.yml: custom field ${index + 1} is not a mapping; it is left out`);
      return [];
    }
    const field = item as Record<string, unknown>;
    for (const key of ['keyname', 'field_type', 'name']) {
      if (field[key] === undefined || field[key] === null) {
        warnings.push(`settings.yml: custom field ${index + 1} has no ${key}`);
      }
    }
    const fieldType = optionalText(field.field_type) ?? 'string';
    if (!(FIELD_TYPES as readonly string[]).includes(fieldType)) {
      warnings.push(`settings.yml: custom field ${index + 1} has the unknown field_type ${JSON.stringify(fieldType)}`);
    }
    return [
      {
        keyname: optionalText(field.keyname) ?? '',
        fieldType,
        name: optionalText(field.name) ?? optionalText(field.keyname) ?? '',
        description: optionalText(field.description),
        helpText: optionalText(field.help_text),
        placeholder: optionalText(field.placeholder),
        default: field.default === undefined || field.default === null ? undefined : fieldValue(field.default),
        options: optionsOf(field.options),
        optional: field.optional === true || field.optional === 'true' || field.optional === 'yes',
        multiple: field.multiple === true || field.multiple === 'true' || field.multiple === 'yes',
        raw: field,
      },
    ];
  });
}

/**
 * The values a recipe reads: each field's default, overridden by the values given (keys the recipe does not
 * declare are kept too); a field with neither has no value, as on TRMNL.
 */
export function fieldValues(fields: readonly CustomField[], given: unknown): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  for (const field of fields) {
    if (field.keyname && field.default !== undefined) values[field.keyname] = field.default;
  }
  if (given !== null && typeof given === 'object' && !Array.isArray(given)) {
    for (const [key, value] of Object.entries(given)) {
      if (value !== undefined) values[key] = fieldValue(value);
    }
  }
  return values;
}
