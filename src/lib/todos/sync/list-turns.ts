/**
 * One sync at a time per list: a sync that comes while one of the same list runs waits for it, and a newer one
 * that comes meanwhile takes its place (the newest list wins; the one it replaces is never run). A dry run and a
 * sync wait apart: a plan asked for never replaces a list to apply, nor the other way round.
 */
import { DeviceCloudError } from '../../errors';

/** What a turn that was replaced by a newer one ends with. */
export const SUPERSEDED_SYNC = Symbol('superseded sync');

/** A turn taken: the sync may run until it calls `end`. */
export interface SyncTurn {
  end(): void;
}

interface Waiting {
  kind: string;
  start(turn: SyncTurn | typeof SUPERSEDED_SYNC): void;
}

interface Line {
  running: boolean;
  /** In the order they came; at most one of each kind. */
  waiting: Waiting[];
}

export class SyncTurns {
  private readonly lines = new Map<string, Line>();

  /**
   * Waits for the list's turn; resolves with SUPERSEDED_SYNC when a newer sync of the same kind replaced this one
   * while it waited, and rejects with the signal's reason when it aborts first.
   */
  take(list: string, kind: string, signal?: AbortSignal): Promise<SyncTurn | typeof SUPERSEDED_SYNC> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const line = this.lines.get(list) ?? { running: false, waiting: [] };
    this.lines.set(list, line);
    if (!line.running) {
      line.running = true;
      return Promise.resolve(this.turnOf(list, line));
    }
    const replaced = line.waiting.find((waiting) => waiting.kind === kind);
    if (replaced) {
      line.waiting.splice(line.waiting.indexOf(replaced), 1);
      replaced.start(SUPERSEDED_SYNC);
    }
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        line.waiting.splice(line.waiting.indexOf(waiting), 1);
        reject(abortReason(signal as AbortSignal));
      };
      const waiting: Waiting = {
        kind,
        start(turn) {
          signal?.removeEventListener('abort', onAbort);
          resolve(turn);
        },
      };
      line.waiting.push(waiting);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Lists with a sync running or waiting. */
  get busy(): number {
    return this.lines.size;
  }

  private turnOf(list: string, line: Line): SyncTurn {
    let ended = false;
    return {
      end: () => {
        if (ended) return;
        ended = true;
        const next = line.waiting.shift();
        if (next) {
          next.start(this.turnOf(list, line));
        } else {
          line.running = false;
          this.lines.delete(list);
        }
      },
    };
  }
}

function abortReason(signal: AbortSignal): DeviceCloudError {
  const reason: unknown = signal.reason;
  return reason instanceof DeviceCloudError ? reason : new DeviceCloudError('aborted', 'sync abandoned: aborted');
}
