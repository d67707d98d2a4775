/**
 * The readings of the service that the specification leaves open, for tests that must hold under each: the
 * simulator plays one or the other (src/simulator/readings.ts).
 */
import { DEFAULT_READINGS, type ServiceReadings, type Simulator } from '../../dist/simulator/server';

export interface Reading {
  name: string;
  readings: Partial<ServiceReadings>;
}

/** An unfiltered GET /todos with the completed to-dos (the specification's reading), or without them. */
export const LIST_READINGS: readonly Reading[] = [
  { name: 'an unfiltered list that holds every to-do', readings: { unfilteredListOmitsCompleted: false } },
  { name: 'an unfiltered list that leaves completed to-dos out', readings: { unfilteredListOmitsCompleted: true } },
];

/** Each switch's two readings, as a test's name says them. */
const SAID: Partial<Record<keyof ServiceReadings, [off: string, on: string]>> = {
  updateIgnoresUncertainFields: [
    'an update that applies repeat and device',
    'an update that ignores repeat and device',
  ],
  completeOnlyMarks: ['a complete call that toggles', 'a complete call that only marks completed'],
  errorsAsHttp200: ['errors as HTTP 4xx', 'errors as HTTP 200 with a code'],
  updateAppliesStatus: ['an update that ignores status', 'an update that applies status'],
  unfilteredListOmitsCompleted: ['an unfiltered list of every to-do', 'an unfiltered list without completed to-dos'],
};

/** The open points of the to-dos and of the errors: every combination of their readings is played. */
export const OPEN_POINTS = [
  'updateIgnoresUncertainFields',
  'completeOnlyMarks',
  'errorsAsHttp200',
  'updateAppliesStatus',
] as const satisfies readonly (keyof ServiceReadings)[];

/** Every combination of the switches' readings (2^n of them), each named by what it plays. */
export function everyCombination(switches: readonly (keyof ServiceReadings)[]): Reading[] {
  let combinations: Reading[] = [{ name: '', readings: {} }];
  for (const key of switches) {
    const [off, on] = SAID[key] ?? [`${key} off`, `${key} on`];
    combinations = combinations.flatMap(({ name, readings }) =>
      [false, true].map((value) => ({
        name: name ? `${name}, ${value ? on : off}` : value ? on : off,
        readings: { ...readings, [key]: value },
      })),
    );
  }
  return combinations;
}

/** Defines the tests of `body` once for each reading, each set on the simulator for the tests of its block. */
export function underEachReading(
  readings: readonly Reading[],
  simulator: () => Simulator,
  body: (reading: Reading) => void,
): void {
  for (const reading of readings) {
    describe(`with ${reading.name}`, function () {
      before(() => simulator().setReadings(reading.readings));
      after(() => simulator().setReadings(DEFAULT_READINGS));
      body(reading);
    });
  }
}
