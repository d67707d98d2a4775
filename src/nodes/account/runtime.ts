import { sendsKeyInClear, ServiceClient, type AuthHeader } from '../../lib/client';
import { UNDICI } from '../../lib/client/modules';
import { describeThrown, DeviceCloudError } from '../../lib/errors';
import { PushMemory } from '../../lib/push-memory';
import type { AccountNode } from '../../runtime/account-link';
import { registerDevicesEndpoint } from './devices-endpoint';
import { pageRecord } from '../../runtime/page-record';
import { preloadAtDeploy } from '../../runtime/preload';
import { migrate, type Migration } from '../../runtime/config-versions';
import type { NodeRuntime } from '../../runtime/node-folder';
import type { Node, NodeAPI, NodeConfig } from '../../runtime/node-red-api';
import { accountSetting, ACCOUNT_DEFAULTS, AUTH_HEADERS, type AccountSetting } from './settings';

const TYPE = 'device-cloud-account';

/** A setting from the config, else its default; a value out of its range is the default, with a warning. */
function setting(node: Node, config: NodeConfig, name: AccountSetting): number {
  try {
    return accountSetting(name, config[name]) ?? ACCOUNT_DEFAULTS[name];
  } catch (error) {
    node.warn(`${describeThrown(error)}; using the default ${ACCOUNT_DEFAULTS[name]}`);
    return ACCOUNT_DEFAULTS[name];
  }
}

function authHeaderOf(node: Node, config: NodeConfig): AuthHeader {
  const value = config.authHeader;
  if ((AUTH_HEADERS as readonly unknown[]).includes(value)) return value as AuthHeader;
  if (value !== undefined && value !== null && value !== '') {
    node.warn('authHeader: must be x-api-key or bearer; sending the key as X-API-Key');
  }
  return 'x-api-key';
}

function register(RED: NodeAPI, migrations: readonly Migration[]): void {
  function DeviceCloudAccount(this: Node, saved: NodeConfig): void {
    const config = migrate(saved, migrations);
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
      // What the account's nodes last pushed is on disk before a restart or a redeploy goes on.
      const closing = Promise.all([client ? client.close() : undefined, pageRecord()?.settled()]);
      closing.then(
        () => done(),
        () => done(),
      );
    });
  }

  RED.nodes.registerType(TYPE, DeviceCloudAccount, {
    credentials: { apiKey: { type: 'password' } },
  });
  registerDevicesEndpoint(RED);
}

const runtime: NodeRuntime = { type: TYPE, register };
export default runtime;
