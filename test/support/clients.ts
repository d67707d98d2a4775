/**
 * The API client against the simulator: clients made with short retry waits
 * and closed after each test, and the error a call ends in.
 */
import { expect } from 'chai';
import { DeviceCloudClient, DeviceCloudError, type ClientOptions } from '../../dist/lib';
import type { Simulator } from '../../dist/simulator/server';

export type ClientSettings = Partial<ClientOptions>;

/** The clients of one test file: each made for the simulator, all closed by closeAll() (call from afterEach). */
export class Clients {
  private readonly made: DeviceCloudClient[] = [];
  /** The simulator, once started (`before` starts it after the clients are declared). */
  private readonly sim: () => Simulator;

  constructor(sim: () => Simulator) {
    this.sim = sim;
  }

  /** A client of the simulator with short retry waits. */
  of(settings: ClientSettings = {}): DeviceCloudClient {
    const client = new DeviceCloudClient({
      baseUrl: this.sim().url,
      apiKey: this.sim().apiKey,
      ...settings,
      retry: { baseDelayMs: 2, ...settings.retry },
    });
    this.made.push(client);
    return client;
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.made.splice(0).map((client) => client.close()));
  }
}

/** The error a call ends in; fails when it succeeds, or fails with anything but our error. */
export async function failureOf(call: Promise<unknown>): Promise<DeviceCloudError> {
  let result: unknown;
  try {
    result = await call;
  } catch (error) {
    expect(error, String(error)).to.be.instanceOf(DeviceCloudError);
    return error as DeviceCloudError;
  }
  throw new Error(`expected the call to fail, it succeeded with ${JSON.stringify(result)}`);
}

/** The error a function throws at once; fails when it throws none, or anything but our error. */
export function thrownBy(call: () => unknown): DeviceCloudError {
  try {
    call();
  } catch (error) {
    expect(error, String(error)).to.be.instanceOf(DeviceCloudError);
    return error as DeviceCloudError;
  }
  throw new Error('expected the call to throw, it did not');
}

/**
 * A call to the simulator's API as another client of the service makes it (the device, a person at it, an app):
 * not through the nodes or their account. Fails unless the service answers success.
 */
export async function callAsAnotherClient(
  sim: Simulator,
  method: string,
  path: string,
  body?: Record<string, unknown>,
): Promise<unknown> {
  const response = await fetch(`${sim.url}/open/v1${path}`, {
    method,
    headers: { 'x-api-key': sim.apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = (await response.json()) as { code: number; data?: unknown };
  expect(envelope.code, `${method} ${path}`).to.equal(0);
  return envelope.data;
}
