/**
 * The `trmnl` variable TRMNL gives every recipe (as usetrmnl/trmnlp assembles it): the user, the device, the
 * system's clock and the plugin's settings with its custom field values. Here the user is the Node-RED
 * process (its time zone, English), the device the page being drawn; an object like `msg.trmnl` overrides any
 * part, and a time zone given alone brings its own offset.
 */
import { invalid } from '../errors';
import { isKnownZone, zoneOffset } from '../values/zone-clock';
import type { FieldValue } from './custom-fields';
import type { RecipeSettings } from './settings';

export interface TrmnlInput {
  settings: RecipeSettings;
  fields: Record<string, FieldValue>;
  width: number;
  height: number;
  /** Milliseconds since 1970. */
  now: number;
  /** Parts of `trmnl` to override (`{ user: { locale: 'de' } }`). */
  overrides?: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `base` with `override`'s values, objects merged key by key. */
export function mergeDeep(base: Record<string, unknown>, override: unknown): Record<string, unknown> {
  if (!isRecord(override)) return base;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    if (value === undefined) continue;
    const current = merged[key];
    merged[key] = isRecord(current) && isRecord(value) ? mergeDeep(current, value) : value;
  }
  return merged;
}

let systemZone: string | undefined;

/** The process's time zone, read once. */
function systemTimeZone(): string {
  systemZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return systemZone;
}

/** Seconds a time zone is ahead of UTC at a moment; an unknown zone is an error naming the field. */
export function utcOffset(timeZone: string, now: number, field = 'trmnl.user.time_zone_iana'): number {
  if (!isKnownZone(timeZone)) {
    throw invalid(field, 'is not a time zone the runtime knows (an IANA name such as Europe/Berlin)', timeZone);
  }
  return Math.round(zoneOffset(now, timeZone) / 1000);
}

/** `trmnl` for one filling of a page. */
export function trmnlVariables(input: TrmnlInput): Record<string, unknown> {
  const { settings, fields, width, height, now, overrides } = input;
  const overriddenUser = isRecord(overrides) && isRecord(overrides.user) ? overrides.user : {};
  const zone = typeof overriddenUser.time_zone_iana === 'string' ? overriddenUser.time_zone_iana : systemTimeZone();
  const defaults: Record<string, unknown> = {
    user: {
      id: 1,
      name: 'Node-RED',
      first_name: 'Node-RED',
      last_name: '',
      locale: 'en',
      time_zone: zone,
      time_zone_iana: zone,
      utc_offset: utcOffset(zone, now),
    },
    device: { friendly_id: 'NODE-RED', percent_charged: 100, wifi_strength: 100, width, height },
    system: { timestamp_utc: Math.floor(now / 1000) },
    plugin_settings: {
      instance_name: settings.name ?? 'Recipe',
      strategy: settings.strategy,
      dark_mode: settings.darkMode ? 'yes' : 'no',
      polling_headers: settings.pollingHeaders,
      polling_url: settings.pollingUrl,
      custom_fields_values: fields,
    },
  };
  return mergeDeep(defaults, overrides);
}
