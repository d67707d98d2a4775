// Where the field notes leave the real service's behaviour open, the simulator
// plays either reading. Each default is the specification's own reading; a
// client that does the right thing passes under both.

export interface ServiceReadings {
  /**
   * An unfiltered GET /todos leaves completed to-dos out (the field notes: "likely; unconfirmed").
   * Default false: the specification's `status` only filters when it is given, so everything is listed.
   */
  unfilteredListOmitsCompleted: boolean;
  /**
   * DELETE .../display/pages/ (a trailing slash) deletes every page, as DELETE .../display/pages does.
   * Default false: the specification has no such path, so it is refused as an unknown path (404).
   */
  trailingSlashDeletesAllPages: boolean;
}

export const DEFAULT_READINGS: Readonly<ServiceReadings> = {
  unfilteredListOmitsCompleted: false,
  trailingSlashDeletesAllPages: false,
};

/** `base` (the defaults) changed by what is given; an unknown key is refused, so a typo is not silently ignored. */
export function readingsFrom(
  given: Partial<ServiceReadings> = {},
  base: Readonly<ServiceReadings> = DEFAULT_READINGS,
): ServiceReadings {
  for (const key of Object.keys(given)) {
    if (!(key in DEFAULT_READINGS)) throw new TypeError(`unknown simulator reading "${key}"`);
  }
  const readings: ServiceReadings = { ...base };
  for (const key of Object.keys(DEFAULT_READINGS) as (keyof ServiceReadings)[]) {
    const value = given[key];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') throw new TypeError(`simulator reading "${key}" must be true or false`);
    readings[key] = value;
  }
  return readings;
}
