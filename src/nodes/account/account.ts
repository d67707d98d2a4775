import { sendsKeyInClear } from '../../lib/base-url';
import { DeviceCloudClient, DEFAULT_PACING, DEFAULT_TIMEOUT_MS, type AuthHeader } from '../../lib/client';
import { DeviceCloudError } from '../../lib/errors';
import { DEFAULT_RETRY } from '../../lib/retry';
import type { AccountNode } from '../shared/account-link';
import type { Node, NodeAPI, NodeConfig } from '../shared/red';

/** The tuning of an account, as the dialog stores it (strings) or a hand-written flow gives it. */
export const ACCOUNT_DEFAULTS = {
  timeout: DEFAULT_TIMEOUT_MS / 1000,
  retries: DEFAULT_RETRY.maxAttempts - 1,
  maxInFlight: DEFAULT_PACING.maxInFlight,
  queueLimit: DEFAULT_PACING.maxQueue,
  minSpacing: DEFAULT_PACING.minSpacingMs,
} as const;

const RANGES: Record<keyof typeof ACCOUNT_DEFAULTS, [number, number]> = {
  timeout: [0.1, 300],
  retries: [0, 10],
  maxInFlight: [1, 32],
  queueLimit: [0, 100_000],
  minSpacing: [0, 600_000],
};

function setting(node: Node, config: NodeConfig, name: keyof typeof ACCOUNT_DEFAULTS): number {
  const raw = config[name];
  if (raw === undefined || raw === null || raw === '') return ACCOUNT_DEFAULTS[name];
  const value = Number(raw);
  const [min, max] = RANGES[name];
  if (!Number.isFinite(value) || value < min || value > max) {
    node.warn(`${name}: must be a number from ${min} to ${max}; using the default ${ACCOUNT_DEFAULTS[name]}`);
    return ACCOUNT_DEFAULTS[name];
  }
  return value;
}

module.exports = function register(RED: NodeAPI): void {
  function DeviceCloudAccount(this: Node, config: NodeConfig): void {
    RED.nodes.createNode(this, config);
    const node = this as AccountNode;
    const baseUrl = typeof config.baseUrl === 'string' ? config.baseUrl.trim() : '';
    let client: DeviceCloudClient | undefined;
    let unusable: DeviceCloudError | undefined;
    try {
      client = new DeviceCloudClient({
        baseUrl,
        apiKey: node.credentials?.apiKey ?? '',
        authHeader: (config.authHeader === 'bearer' ? 'bearer' : 'x-api-key') satisfies AuthHeader,
        timeoutMs: setting(node, config, 'timeout') * 1000,
        retry: { maxAttempts: Math.round(setting(node, config, 'retries')) + 1 },
        pacing: {
          maxInFlight: Math.round(setting(node, config, 'maxInFlight')),
          maxQueue: Math.round(setting(node, config, 'queueLimit')),
          minSpacingMs: setting(node, config, 'minSpacing'),
        },
      });
      if (sendsKeyInClear(baseUrl)) {
        node.warn(RED._('device-cloud-account.warn.plainHttp'));
      }
    } catch (error) {
      unusable =
        error instanceof DeviceCloudError ? error : new DeviceCloudError('validation', `account: ${String(error)}`);
    }

    node.client = () => {
      if (!client) throw unusable;
      if (client.closed) throw new DeviceCloudError('aborted', 'the account was closed (redeploy or shutdown)');
      return client;
    };

    node.on('close', (_removed, done) => {
      const closing = client ? client.close() : Promise.resolve();
      closing.then(() => done(), () => done());
    });
  }

  RED.nodes.registerType('device-cloud-account', DeviceCloudAccount, {
    credentials: { apiKey: { type: 'password' } },
  });
};
