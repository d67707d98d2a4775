/**
 * The to-do watch: polls GET /todos, compares with what it saw last and sends
 * one message per change, and one when a pending to-do falls due. The service
 * has no events, so this node is where flows start from a to-do.
 */
import { DeviceCloudError, describe } from '../lib/errors';
import { TodoWatch, pollDelay, type TodoEvent } from '../lib/todo-watch';
import * as validate from '../lib/validate';
import { accountOf, type AccountNode } from './shared/account-link';
import { Inputs } from './shared/inputs';
import type { Node, NodeAPI, NodeConfig, NodeMessage } from './shared/red';
import { COMMON, statusOfError } from './shared/status';

const TYPE = 'device-cloud-todo-watch';
const DEFAULT_INTERVAL_SECONDS = 60;
/** The longest wait a Node.js timer takes; a longer one would fire at once. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Seconds between polls: the dialog asks for at least 10, a hand-written flow may set less. */
function intervalMsOf(node: Node, config: NodeConfig): number {
  const raw = config.interval;
  if (raw === undefined || raw === null || raw === '') return DEFAULT_INTERVAL_SECONDS * 1000;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    node.warn(
      `interval: must be a number of seconds above 0 (got ${describe(raw)}); using ${DEFAULT_INTERVAL_SECONDS}`,
    );
    return DEFAULT_INTERVAL_SECONDS * 1000;
  }
  return seconds * 1000;
}

function emitExistingOf(config: NodeConfig): boolean {
  return config.emitExisting === true || config.emitExisting === 'true';
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

function clockTime(at: number): string {
  const date = new Date(at);
  return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}:${twoDigits(date.getSeconds())}`;
}

/** A message of its own for each event, with copies, so a flow that edits one cannot change what the watch remembers. */
function messageOf(event: TodoEvent): NodeMessage {
  const msg: NodeMessage = { topic: event.kind, payload: structuredClone(event.todo), todoId: event.id };
  if (event.previous) msg.previous = structuredClone(event.previous);
  return msg;
}

function asDeviceCloudError(error: unknown): DeviceCloudError {
  return error instanceof DeviceCloudError ? error : new DeviceCloudError('internal', String(error));
}

class Watcher {
  private readonly watch: TodoWatch;
  private readonly intervalMs: number;
  private pollTimer: NodeJS.Timeout | undefined;
  private dueTimer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private pollAgain = false;
  private inFlight: AbortController | undefined;
  private failuresInRow = 0;
  private closed = false;
  /** The device filter the current baseline was taken with: another filter is another list. */
  private baselineFilter: string | undefined;

  constructor(
    private readonly RED: NodeAPI,
    private readonly node: Node,
    private readonly config: NodeConfig,
    private readonly account: AccountNode,
  ) {
    this.intervalMs = intervalMsOf(node, config);
    this.watch = new TodoWatch({ emitExisting: emitExistingOf(config) });
  }

  start(): void {
    this.node.status({ fill: 'blue', shape: 'ring', text: this.RED._(COMMON.status.requesting) });
    this.tick();
  }

  /** A poll now; one already running is joined and followed by one more, never run beside. */
  poll(): Promise<void> {
    if (this.running) {
      this.pollAgain = true;
      return this.running;
    }
    this.running = this.pollWhileAsked().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Stops the timers and abandons the poll in flight; resolves once it has settled. */
  close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.pollTimer);
    clearTimeout(this.dueTimer);
    this.inFlight?.abort(new DeviceCloudError('aborted', 'the node was closed (redeploy or shutdown); poll abandoned'));
    return this.running ?? Promise.resolve();
  }

  /** The regular poll: messages in between do not move it. */
  private tick(): void {
    this.pollTimer = undefined;
    void this.poll().then(() => this.scheduleTick());
  }

  private scheduleTick(): void {
    if (this.closed) return;
    const delay = Math.min(pollDelay(this.intervalMs, this.failuresInRow), LONGEST_TIMER_MS);
    this.pollTimer = setTimeout(() => this.tick(), delay);
  }

  private async pollWhileAsked(): Promise<void> {
    do {
      this.pollAgain = false;
      await this.pollOnce();
    } while (this.pollAgain && !this.closed);
  }

  private async pollOnce(): Promise<void> {
    const controller = new AbortController();
    this.inFlight = controller;
    try {
      const deviceId = await this.deviceFilter();
      const items = await this.account
        .client()
        .listTodos(deviceId === undefined ? {} : { deviceId }, controller.signal);
      if (this.closed) return;
      if (deviceId !== this.baselineFilter) {
        this.watch.reset();
        this.baselineFilter = deviceId;
      }
      const now = Date.now();
      const events = this.watch.update(items, now);
      this.failuresInRow = 0;
      for (const event of events) this.node.send(messageOf(event));
      this.showWatching(now);
      this.scheduleDue();
    } catch (error) {
      if (!this.closed) this.reportFailure(asDeviceCloudError(error));
    } finally {
      if (this.inFlight === controller) this.inFlight = undefined;
    }
  }

  /** The device filter as the dialog sets it (a string, or env, flow or global); undefined for every device. */
  private async deviceFilter(): Promise<string | undefined> {
    let value: unknown;
    try {
      value = await new Inputs(this.RED, this.node, this.config, {}).dialog('deviceId');
    } catch (error) {
      throw new DeviceCloudError('validation', `deviceId: could not be read: ${String(error)}`, { field: 'deviceId' });
    }
    return value === undefined || value === '' ? undefined : validate.deviceId(value);
  }

  /** A timer for the next due moment, so a `due` comes on time whatever the interval. */
  private scheduleDue(): void {
    clearTimeout(this.dueTimer);
    this.dueTimer = undefined;
    const next = this.watch.nextDueAt();
    if (next === undefined || this.closed) return;
    const delay = Math.min(Math.max(next - Date.now(), 0), LONGEST_TIMER_MS);
    this.dueTimer = setTimeout(() => {
      this.dueTimer = undefined;
      // A timer may fire a little early, or be capped: poll only once the moment is reached.
      if (Date.now() >= next) void this.poll();
      else this.scheduleDue();
    }, delay);
  }

  private showWatching(now: number): void {
    this.node.status({
      fill: 'green',
      shape: 'dot',
      text: this.RED._(`${TYPE}.status.watching`, { pending: this.watch.pendingCount, time: clockTime(now) }),
    });
  }

  /** Once per failed poll: red status, and an error a Catch node receives. Nothing else changes. */
  private reportFailure(error: DeviceCloudError): void {
    this.failuresInRow += 1;
    const reason = statusOfError(this.RED, error);
    this.node.status({
      fill: 'red',
      shape: 'ring',
      text: this.RED._(`${TYPE}.status.failed`, { reason, time: clockTime(Date.now()) }),
    });
    this.node.error(error, { topic: 'poll-failed', payload: error.message });
  }
}

export default function register(RED: NodeAPI): void {
  function TodoWatchNode(this: Node, config: NodeConfig): void {
    RED.nodes.createNode(this, config);
    const node = this;
    const account = accountOf(RED, config.account);
    if (!account) {
      node.status({ fill: 'red', shape: 'ring', text: RED._(COMMON.status.noAccount) });
      node.on('input', (_msg, _send, done) => {
        done(
          new DeviceCloudError('validation', 'account: no Device Cloud account is set on this node', {
            field: 'account',
          }),
        );
      });
      return;
    }
    const watcher = new Watcher(RED, node, config, account);
    node.on('input', (_msg, _send, done) => {
      void watcher.poll().then(() => done());
    });
    node.on('close', (_removed, done) => {
      node.status({});
      void watcher.close().then(() => done());
    });
    watcher.start();
  }
  RED.nodes.registerType(TYPE, TodoWatchNode);
}
