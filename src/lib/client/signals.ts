/** The abort signal of each call: it aborts when the account closes or the caller gives up. */
import { DeviceCloudError } from '../errors';

/** An abort signal for one call, how to abort it alone, and how to stop listening for it once the call has ended. */
export interface CallSignal {
  signal: AbortSignal;
  abort: (reason: DeviceCloudError) => void;
  release: () => void;
}

const NOTHING = (): void => undefined;

/**
 * The signals of the calls under way. A caller's signal is listened to once,
 * however many of its calls are under way: a node gives one signal to all its
 * messages, and with a listener per call each new listener would be checked
 * against all the others (a burst would be quadratic).
 */
export class CallSignals {
  private readonly underWay = new Set<AbortController>();
  private readonly byCaller = new WeakMap<AbortSignal, Set<AbortController>>();

  constructor(private readonly closing: AbortSignal) {}

  /**
   * One signal that aborts when the account closes or the caller gives up; with
   * `own`, a signal of the call's own, which can also be aborted alone.
   */
  link(caller?: AbortSignal, own = false): CallSignal {
    if (!caller && !own) return { signal: this.closing, abort: NOTHING, release: NOTHING };
    const call = new AbortController();
    const aborted = this.closing.aborted ? this.closing : caller?.aborted ? caller : undefined;
    if (aborted) {
      call.abort(aborted.reason);
      return { signal: call.signal, abort: NOTHING, release: NOTHING };
    }
    const callerCalls = caller ? this.callsOf(caller) : undefined;
    callerCalls?.add(call);
    this.underWay.add(call);
    return {
      signal: call.signal,
      abort: (reason) => call.abort(reason),
      release: () => {
        callerCalls?.delete(call);
        this.underWay.delete(call);
      },
    };
  }

  /** Aborts every call under way: the account closes. */
  abortAll(reason: unknown): void {
    for (const call of this.underWay) call.abort(reason);
    this.underWay.clear();
  }

  private callsOf(caller: AbortSignal): Set<AbortController> {
    const known = this.byCaller.get(caller);
    if (known) return known;
    const calls = new Set<AbortController>();
    caller.addEventListener('abort', () => calls.forEach((call) => call.abort(caller.reason)), { once: true });
    this.byCaller.set(caller, calls);
    return calls;
  }
}

/** Why a call stopped when its signal aborted: our own reason, or a plain cancellation. */
export function abortReason(signal: AbortSignal, name: string): DeviceCloudError {
  const reason: unknown = signal.reason;
  return reason instanceof DeviceCloudError
    ? reason
    : new DeviceCloudError('aborted', `${name} cancelled`, { operation: name });
}
