/**
 * The way every request of an account takes: its abort signal, the account's
 * limiter, the transport, and the retry loop around them.
 */
import { setMaxListeners } from 'node:events';
import { annotated, asDeviceCloudError, DeviceCloudError } from '../errors';
import { RequestLimiter, type LimiterOptions } from './limiter';
import { abandoned, SUPERSEDED, TargetOrder, Turn, type Target } from './order';
import { encodeBody, type EncodedBody, type Request } from './request';
import { retrying, sleep, type RetryOptions } from './retry';
import { abortReason, CallSignals, type CallSignal } from './signals';
import type { Transport } from './transport';

export interface CallOptions {
  /** Gives the call up when it aborts (a node closing). */
  signal?: AbortSignal;
  /** Calls given the same object wait in one place of the account's queue: see RequestLimiter.run. */
  group?: object;
}

/** What the operations need of the request path. */
export interface ServiceRequests {
  /**
   * Sends one request with the account's pacing, order and retries; resolves
   * with the data of the answer, or SUPERSEDED for a page push a newer one replaced.
   */
  call(request: Request, options?: CallOptions): Promise<unknown>;
  /** Runs several requests as one operation on the target: in its order, none of them targeted itself. */
  ordered<T>(target: Target, name: string, work: () => Promise<T>, options?: CallOptions): Promise<T>;
  /**
   * Runs `round` again after a failure that `repeatable` allows, in the same
   * loop and within the same limits as a request's retries; `givenUp` words the
   * last failure.
   */
  repeat<T>(
    round: () => Promise<T>,
    repeatable: (failure: DeviceCloudError) => boolean,
    options?: CallOptions,
    givenUp?: (failure: DeviceCloudError, rounds: number) => DeviceCloudError,
  ): Promise<T>;
}

export class AccountRequests implements ServiceRequests {
  private readonly closing = new AbortController();
  private readonly signals = new CallSignals(this.closing.signal);
  readonly limiter: RequestLimiter;
  private readonly order: TargetOrder;

  constructor(
    private readonly transport: Transport,
    readonly retry: RetryOptions,
    limits: LimiterOptions,
  ) {
    // Calls made without a signal of their own listen for the close: as many as the queue holds, so no listener warning.
    setMaxListeners(0, this.closing.signal);
    this.limiter = new RequestLimiter(limits);
    this.order = new TargetOrder(this.limiter);
  }

  get closed(): boolean {
    return this.closing.signal.aborted;
  }

  /** Refuses queued requests, aborts those in flight, closes every socket. */
  async close(): Promise<void> {
    if (this.closed) return;
    const error = new DeviceCloudError('aborted', 'the account was closed (redeploy or shutdown); request abandoned');
    this.closing.abort(error);
    this.signals.abortAll(error);
    this.limiter.close(error);
    await this.transport.close(error);
  }

  async call(request: Request, options: CallOptions = {}): Promise<unknown> {
    const startedAt = Date.now();
    const { target } = request;
    const link = this.signals.link(options.signal, target?.supersedable === true);
    try {
      if (!target) return await this.attempts(request, link, options.group, startedAt);
      return await this.inTurn(target, request.name, link, options.group, startedAt, (turn) =>
        this.attempts(request, link, options.group, startedAt, turn),
      );
    } finally {
      link.release();
    }
  }

  async ordered<T>(target: Target, name: string, work: () => Promise<T>, options: CallOptions = {}): Promise<T> {
    const link = this.signals.link(options.signal);
    try {
      const result = await this.inTurn(target, name, link, options.group, Date.now(), work);
      // Only a page push is superseded.
      if (result === SUPERSEDED) throw new DeviceCloudError('internal', `internal error: ${name} was superseded`);
      return result;
    } finally {
      link.release();
    }
  }

  /** Runs `work` in its turn on the target; SUPERSEDED when a newer push made it unnecessary first. */
  private async inTurn<T>(
    target: Target,
    name: string,
    link: CallSignal,
    group: object | undefined,
    startedAt: number,
    work: (turn: Turn) => Promise<T>,
  ): Promise<T | typeof SUPERSEDED> {
    const entered = this.order.enter(target, { link, group, name, deadline: startedAt + this.retry.maxTotalMs });
    const turn = entered instanceof Turn ? entered : await entered;
    if (turn === SUPERSEDED) return SUPERSEDED;
    try {
      return await work(turn);
    } catch (error) {
      // A superseded push that failed is not repeated; one abandoned on a close ends as the close says.
      if (turn.superseded && !abandoned(link)) return SUPERSEDED;
      throw error;
    } finally {
      this.order.leave(turn);
    }
  }

  /** The attempts of one request, in the retry loop; a superseded turn makes no further attempt. */
  private attempts(
    request: Request,
    link: CallSignal,
    group: object | undefined,
    startedAt: number,
    turn?: Turn,
  ): Promise<unknown> {
    // Encoded when first sent, not while waiting: a fan-out's calls all wait at once, each with its own body.
    let body: EncodedBody | undefined | null = null;
    const send = async (): Promise<unknown> => {
      if (turn) turn.onWire = true;
      try {
        return await this.transport.send(request, (body ??= encodeBody(request)), link.signal);
      } finally {
        if (turn) turn.onWire = false;
      }
    };
    const limits = { signal: link.signal, group, admitted: turn?.waited === true };
    let mayHaveArrived = false;
    const attempt = async (): Promise<unknown> => {
      try {
        return await this.limiter.run(send, limits);
      } catch (error) {
        const failure = link.signal.aborted ? abortReason(link.signal, request.name) : asDeviceCloudError(error);
        if (request.goneMeansDone && mayHaveArrived && failure.statusCode === 404) return undefined;
        mayHaveArrived ||= failure.transient && !failure.notSent;
        throw failure;
      }
    };
    return retrying(attempt, {
      policy: this.retry,
      startedAt,
      failureOf: asDeviceCloudError,
      repeatable: (failure) =>
        turn?.superseded !== true && failure.transient && (request.repeat === 'always' || failure.notSent === true),
      pause: (ms) => pause(ms, link.signal),
      givenUp: (failure, attempts) => this.givenUp(request, failure, attempts),
    });
  }

  async repeat<T>(
    round: () => Promise<T>,
    repeatable: (failure: DeviceCloudError) => boolean,
    options: CallOptions = {},
    givenUp?: (failure: DeviceCloudError, rounds: number) => DeviceCloudError,
  ): Promise<T> {
    const link = this.signals.link(options.signal);
    try {
      return await retrying(round, {
        policy: this.retry,
        failureOf: asDeviceCloudError,
        repeatable,
        pause: (ms) => pause(ms, link.signal),
        givenUp,
      });
    } finally {
      link.release();
    }
  }

  /** The last failure of a call, with what the user needs to know about the attempts made. */
  private givenUp(request: Request, failure: DeviceCloudError, attempts: number): DeviceCloudError {
    if (failure.kind === 'aborted') return failure;
    const notes: string[] = [];
    if (attempts > 1) notes.push(`gave up after ${attempts} attempts`);
    if (failure.retryAfterMs !== undefined && failure.retryAfterMs > this.retry.maxDelayMs) {
      notes.push(
        `the service asked to retry after ${Math.ceil(failure.retryAfterMs / 1000)} s, ` +
          `longer than the ${this.retry.maxDelayMs / 1000} s this account waits`,
      );
    }
    if (request.repeat === 'unsent' && !request.stateReadAgain && failure.transient && !failure.notSent) {
      notes.push('not repeated, because the service may have carried it out: check before sending it again');
    }
    return notes.length === 0 ? failure : annotated(failure, notes.join('; '));
  }
}

async function pause(ms: number, signal: AbortSignal): Promise<void> {
  try {
    await sleep(ms, signal);
  } catch {
    throw abortReason(signal, 'wait before retrying');
  }
}
