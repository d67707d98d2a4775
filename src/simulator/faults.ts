// Faults queued by tests through Simulator.misbehave(): which requests they hit
// and how many. How a fault answers is respond.ts's business.

export type FaultKind = 'status' | 'retry-after' | 'hang' | 'reset' | 'not-json' | 'code';

export interface Fault {
  kind: FaultKind;
  /** Which requests it hits (default: any). A string path may be given with or without the /open/v1 prefix. */
  method?: string;
  path?: string | RegExp;
  /** How many matching requests it hits (default 1). */
  times?: number;
  /** For 'status' (default 503) and 'retry-after' (default 429). */
  status?: number;
  /** Retry-After header value for 'retry-after' (default '1'), seconds or HTTP date. */
  retryAfter?: string;
  /** For 'code': HTTP 200 with envelope {code, msg} (defaults 1001, 'simulated failure'). */
  code?: number;
  msg?: string;
  /** The operation is carried out first, then the fault answers. Default false: nothing happens. */
  afterEffect?: boolean;
}

interface QueuedFault {
  fault: Fault;
  remaining: number;
}

function pathMatches(expected: string | RegExp | undefined, path: string, prefix: string): boolean {
  if (expected === undefined) return true;
  if (expected instanceof RegExp) {
    expected.lastIndex = 0;
    return expected.test(path);
  }
  return expected === path || prefix + expected === path;
}

export class FaultQueue {
  private queued: QueuedFault[] = [];

  constructor(private readonly pathPrefix: string) {}

  add(fault: Fault): void {
    this.queued.push({ fault: { ...fault }, remaining: fault.times ?? 1 });
  }

  clear(): void {
    this.queued = [];
  }

  /** The first queued fault that hits this request, counted as used; undefined when none. */
  take(method: string, path: string): Fault | undefined {
    const hit = this.queued.find(
      ({ fault, remaining }) =>
        remaining > 0 &&
        (fault.method === undefined || fault.method.toUpperCase() === method) &&
        pathMatches(fault.path, path, this.pathPrefix),
    );
    if (!hit) return undefined;
    hit.remaining -= 1;
    if (hit.remaining <= 0) this.queued = this.queued.filter((queued) => queued !== hit);
    return hit.fault;
  }
}
