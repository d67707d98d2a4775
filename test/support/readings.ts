/**
 * The readings of the service that the field notes leave open, for tests that must hold under each: the
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

/** Defines the tests of `body` once for each reading, each set on the simulator for the tests of its block. */
export function underEachReading(readings: readonly Reading[], simulator: () => Simulator, body: () => void): void {
  for (const reading of readings) {
    describe(`with ${reading.name}`, function () {
      before(() => simulator().setReadings(reading.readings));
      after(() => simulator().setReadings(DEFAULT_READINGS));
      body();
    });
  }
}
