// Reading and checking request input. Every rule broken throws an ApiError whose
// message names the field, which the dispatcher turns into {code: status, msg}.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type JsonObject = Record<string, unknown>;

export function badRequest(message: string): ApiError {
  return new ApiError(400, message);
}

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isJsonContentType(contentType: string | undefined): boolean {
  const mediaType = (contentType ?? '').split(';')[0].trim().toLowerCase();
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

export function parseJsonObject(contentType: string | undefined, rawBody: Buffer): JsonObject {
  if (!isJsonContentType(contentType)) throw new ApiError(415, 'Content-Type must be application/json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw badRequest('request body is not valid JSON');
  }
  if (!isJsonObject(parsed)) throw badRequest('request body must be a JSON object');
  return parsed;
}

/** A field that is absent or null counts as not given. */
function given(body: JsonObject, field: string): unknown {
  const value = body[field];
  return value === null ? undefined : value;
}

export function optionalString(body: JsonObject, field: string, maxLength?: number): string | undefined {
  const value = given(body, field);
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`${field} must be a string`);
  // The limits count characters as a person does: code points, so an emoji is one.
  if (maxLength !== undefined && value.length > maxLength && [...value].length > maxLength) {
    throw badRequest(`${field} must be at most ${maxLength} characters`);
  }
  return value;
}

export function requiredString(body: JsonObject, field: string, maxLength?: number): string {
  const value = optionalString(body, field, maxLength);
  if (value === undefined || value.trim() === '') throw badRequest(`${field} is required`);
  return value;
}

interface IntegerRule {
  min: number;
  max: number;
  /** Accepts "3" as well as 3. */
  numericString?: boolean;
}

export function optionalInteger(body: JsonObject, field: string, rule: IntegerRule): number | undefined {
  const value = given(body, field);
  if (value === undefined) return undefined;
  const number = rule.numericString && typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < rule.min || number > rule.max) {
    throw badRequest(`${field} must be an integer from ${rule.min} to ${rule.max}`);
  }
  return number;
}

export function optionalOneOf<T extends string>(body: JsonObject, field: string, allowed: readonly T[]): T | undefined {
  const value = given(body, field);
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw badRequest(`${field} must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** yyyy-MM-dd naming a real calendar day; '' clears. */
export function optionalDate(body: JsonObject, field: string): string | undefined {
  const value = optionalString(body, field);
  if (value === undefined || value === '') return value;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match || !isRealDate(Number(match[1]), Number(match[2]), Number(match[3]))) {
    throw badRequest(`${field} must be a real date in the form yyyy-MM-dd`);
  }
  return value;
}

/** HH:mm on a 24-hour clock; '' clears. */
export function optionalTime(body: JsonObject, field: string): string | undefined {
  const value = optionalString(body, field);
  if (value === undefined || value === '') return value;
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(value)) throw badRequest(`${field} must be a time in the form HH:mm`);
  return value;
}

/** A page number 1..5, given as a JSON number or as a string. */
export function parsePageId(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  const text = typeof value === 'number' || typeof value === 'string' ? String(value) : '';
  if (!/^[1-5]$/.test(text)) throw badRequest('pageId must be one of 1, 2, 3, 4, 5');
  return Number(text);
}

export function parseTodoId(segment: string): number {
  if (!/^[1-9]\d{0,14}$/.test(segment)) throw badRequest('todo id must be a positive integer');
  return Number(segment);
}
