import {
  DEFAULT_PACING,
  DEFAULT_RETRY,
  DEFAULT_TIMEOUT_MS,
  sendsKeyInClear,
  ServiceClient,
  type AuthHeader,
} from '../../lib/client';
import { UNDICI } from '../../lib/client/modules';
import { DeviceCloudError } from '../../lib/errors';
import { PushMemory } from '../../lib/push-memory';
import type { AccountNode } from '../../runtime/account-link';
import { registerDevicesEndpoint } from './devices-endpoint';
import { preloadAtDeploy } from '../../runtime/preload';
import type { Node, NodeAPI, NodeConfig } from '../../runtime/node-red-api';

/**
 * The tuning of an account, as the dialog stores it (strings) or a hand-written flow gives it.
 * `retryBaseDelay` (ms) is not in the dialog: it is for flows written by hand and for tests.
 */
export const ACCOUNT_DEFAULTS = {
  timeout: DEFAULT_TIMEOUT_MS / 1000,
  retries: DEFAULT_RETRY.maxAttempts - 1,
  maxInFlight: DEFAULT_PACING.maxInFlight,
  queueLimit: DEFAULT_PACING.maxQueue,
  minSpacing: DEFAULT_PACING.minSpacingMs,
  retryBaseDelay: DEFAULT_RETRY.baseDelayMs,
} as const;

type Setting = keyof typeof ACCOUNT_DEFAULTS;

interface Range {
  min: number;
  max: number;
  whole: boolean;
}

export const ACCOUNT_RANGES: Record<Setting, Range> = {
  timeout: { min: 0.1, max: 300, whole: false },
  retries: { min: 0, max: 10, whole: true },
  maxInFlight: { min: 1, max: 32, whole: true },
  queueLimit: { min: 0, max: 100_000, whole: true },
  minSpacing: { min: 0, max: 600_000, whole: false },
  retryBaseDelay: { min: 1, max: 60_000, whole: false },
};

const DECIMAL = /^\s*\d+(\.\d+)?\s*$/;

/** A setting from the config: a number or a decimal string within its range, else the default with a warning. */
function setting(node: Node, config: NodeConfig, name: Setting): number {
  const raw = config[name];
  if (raw === undefined || raw === null || raw === '') return ACCOUNT_DEFAULTS[name];
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && DECIMAL.test(raw) ? Number(raw) : NaN;
  const { min, max, whole } = ACCOUNT_RANGES[name];
  if (!Number.isFinite(value) || value < min || value > max || (whole && !Number.isInteger(value))) {
    const kind = whole ? 'a whole number' : 'a number';
    node.warn(`${name}: must be ${kind} from ${min} to ${max}; using the default ${ACCOUNT_DEFAULTS[name]}`);
    return ACCOUNT_DEFAULTS[name];
  }
  return value;
}

function authHeaderOf(node: Node, config: NodeConfig): AuthHeader {
  const value = config.authHeader;
  if (value === 'bearer' || value === 'x-api-key') return value;
  if (value !== undefined && value !== null && value !== '') {
    node.warn('authHeader: must be x-api-key or bearer; sending the key as X-API-Key');
  }
  return 'x-api-key';
}

export default function register(RED: NodeAPI): void {
  function DeviceCloudAccount(this: Node, config: NodeConfig): void {
    RED.nodes.createNode(this, config);
    const node = this as AccountNode;
    const baseUrl = typeof config.baseUrl === 'string' ? config.baseUrl.trim() : '';
    let client: ServiceClient | undefined;
    let unusable: DeviceCloudError | undefined;
    try {
      client = new ServiceClient({
        baseUrl,
        apiKey: node.credentials?.apiKey ?? '',
        authHeader: authHeaderOf(node, config),
        timeoutMs: setting(node, config, 'timeout') * 1000,
        retry: {
          maxAttempts: setting(node, config, 'retries') + 1,
          baseDelayMs: setting(node, config, 'retryBaseDelay'),
        },
        pacing: {
          maxInFlight: setting(node, config, 'maxInFlight'),
          maxQueue: setting(node, config, 'queueLimit'),
          minSpacingMs: setting(node, config, 'minSpacing'),
        },
      });
      if (sendsKeyInClear(baseUrl)) {
        node.warn(RED._('device-cloud-account.warn.plainHttp'));
      }
      // Every request of the account's nodes goes through undici: loaded now, not by the first message.
      preloadAtDeploy(node, [UNDICI]);
    } catch (error) {
      unusable =
        error instanceof DeviceCloudError ? error : new DeviceCloudError('validation', `account: ${String(error)}`);
    }

    node.pushes = new PushMemory();
    node.client = () => {
      if (!client) throw unusable ?? new DeviceCloudError('validation', 'account: not usable');
      if (client.closed) throw new DeviceCloudError('aborted', 'the account was closed (redeploy or shutdown)');
      return client;
    };

    node.on('close', (_removed, done) => {
      node.pushes.clear();
      const closing = client ? client.close() : Promise.resolve();
      closing.then(
        () => done(),
        () => done(),
      );
    });
  }

  RED.nodes.registerType('device-cloud-account', DeviceCloudAccount, {
    credentials: { apiKey: { type: 'password' } },
  });
  registerDevicesEndpoint(RED);
}
