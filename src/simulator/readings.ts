// Where the specification leaves the real service's behaviour open, the simulator plays either reading.
// Each default is the specification's reading where it has one, else the one public clients report
// most; a client that does the right thing passes under every combination.

export interface ServiceReadings {
  /**
   * An unfiltered GET /todos leaves completed to-dos out (as a public sync tool suggests; unconfirmed).
   * Default false: the specification's `status` only filters when it is given, so everything is listed.
   */
  unfilteredListOmitsCompleted: boolean;
  /**
   * DELETE .../display/pages/ (a trailing slash) deletes every page, as DELETE .../display/pages does.
   * Default false: the specification has no such path, so it is refused as an unknown path (404).
   */
  trailingSlashDeletesAllPages: boolean;
  /**
   * PUT /todos/{id} ignores the fields the specification calls uncertain (repeatType, deviceId) and the
   * repeat fields no statement lists for an update (repeatWeekday, repeatMonth, repeatDay): the answer is
   * a success and the to-do keeps them as they were.
   * Default false: they are applied, as the older statement of the interface lists them.
   */
  updateIgnoresUncertainFields: boolean;
  /**
   * PUT /todos/{id}/complete only marks a to-do completed: a completed one stays completed.
   * Default false: it toggles, as two public clients and copies of the interface document say.
   */
  completeOnlyMarks: boolean;
  /**
   * Every refusal is answered HTTP 200 with the envelope's non-zero `code` and `msg`.
   * Default false: HTTP 4xx with the same envelope, as public clients see for a bad key and an unknown id.
   */
  errorsAsHttp200: boolean;
  /**
   * A `status` (0 or 1) in an update body sets the to-do's state, as one public client relies on.
   * Default false: it is ignored, as the specification says status cannot be set through an update.
   * Either way it is never refused.
   */
  updateAppliesStatus: boolean;
}

export const DEFAULT_READINGS: Readonly<ServiceReadings> = {
  unfilteredListOmitsCompleted: false,
  trailingSlashDeletesAllPages: false,
  updateIgnoresUncertainFields: false,
  completeOnlyMarks: false,
  errorsAsHttp200: false,
  updateAppliesStatus: false,
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
