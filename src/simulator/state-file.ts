// The file that keeps the simulator's state across restarts: read once at start, written whole and atomically
// within a second of a change (the changes of that second in one write), and at once when the simulator closes.

import { readFileSync, renameSync } from 'node:fs';
import { writeFileAtomically } from '../lib/atomic-file';
import { CoalescedWrites } from '../lib/coalesced-writes';
import { describeThrown } from '../lib/errors';
import type { SimDevice, SimState } from './state';
import { restoreState, storedState } from './stored-state';

export class StateFile {
  private readonly writes: CoalescedWrites;

  constructor(
    private readonly file: string,
    private readonly state: SimState,
    private readonly warn: (line: string) => void,
  ) {
    this.writes = new CoalescedWrites(
      () => writeFileAtomically(file, `${JSON.stringify(storedState(state))}\n`),
      (error) => warn(`the state could not be written to ${file}: ${describeThrown(error)}`),
    );
  }

  /**
   * The file's state in place of the simulator's, with `devices` it lacks. Without a file the state stays as it
   * is; with a file that cannot be read or is not the simulator's too, with a warning, the file set aside.
   */
  restore(devices: readonly SimDevice[]): void {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.warn(
          `the state file ${this.file} cannot be read (${describeThrown(error)}): starting with an empty state`,
        );
      }
      return;
    }
    try {
      restoreState(this.state, JSON.parse(text), devices);
    } catch (error) {
      const aside = `${this.file}.corrupt`;
      let moved = `moved to ${aside}`;
      try {
        renameSync(this.file, aside);
      } catch (renameError) {
        moved = `left in place (${describeThrown(renameError)}), to be replaced at the next change`;
      }
      this.warn(
        `the state file ${this.file} is not the simulator's (${describeThrown(error)}): starting with an empty state; the file was ${moved}`,
      );
    }
  }

  /** The state changed: it is written within a second. */
  changed(): void {
    this.writes.request();
  }

  /** Resolves once every change so far is written. */
  flush(): Promise<void> {
    return this.writes.flush();
  }
}
