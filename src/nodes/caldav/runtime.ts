/**
 * The CalDAV node: a task list on a CalDAV server, for the to-do sync. It owns the client (its connections and
 * credentials), closes it on redeploy, and serves the editor's list of the server's task lists.
 */
import { CalDavClient, caldavUrl, sendsCredentialsInClear } from '../../lib/caldav/client';
import { ICAL, XMLDOM } from '../../lib/caldav/modules';
import { UNDICI } from '../../lib/client/modules';
import { describeThrown, DeviceCloudError } from '../../lib/errors';
import type { CalDavNode } from '../../runtime/caldav-link';
import type { NodeRuntime } from '../../runtime/node-folder';
import type { Node, NodeAPI, NodeConfig } from '../../runtime/node-red-api';
import { preloadAtDeploy } from '../../runtime/preload';
import { caldavTimeout, CALDAV_DEFAULTS, displayTimeZone } from './settings';
import { registerTaskListsEndpoint } from './task-lists-endpoint';

const TYPE = 'device-cloud-caldav';

/** A setting from the config; a bad one is its default (the time zone: Node-RED's), with a warning. */
function orDefault<T>(node: Node, read: () => T, fallback: T, said: string): T {
  try {
    return read();
  } catch (error) {
    node.warn(`${describeThrown(error)}; using ${said}`);
    return fallback;
  }
}

function register(RED: NodeAPI): void {
  function DeviceCloudCalDav(this: Node, config: NodeConfig): void {
    RED.nodes.createNode(this, config);
    const node = this as CalDavNode;
    const credentials = (node.credentials ?? {}) as { username?: string; password?: string };
    const timeout = orDefault(
      node,
      () => caldavTimeout(config.timeout),
      CALDAV_DEFAULTS.timeout,
      `${CALDAV_DEFAULTS.timeout} s`,
    );
    const zone = orDefault(node, () => displayTimeZone(config.timeZone), '', "Node-RED's time zone");
    node.displayZone = zone || Intl.DateTimeFormat().resolvedOptions().timeZone;
    let client: CalDavClient | undefined;
    let unusable: DeviceCloudError | undefined;
    try {
      client = new CalDavClient({
        url: config.url,
        username: credentials.username ?? '',
        password: credentials.password ?? '',
        timeoutMs: timeout * 1000,
      });
      if (credentials.password && sendsCredentialsInClear(caldavUrl(config.url))) {
        node.warn(RED._(`${TYPE}.warn.plainHttp`));
      }
      preloadAtDeploy(node, [UNDICI, ICAL, XMLDOM]);
    } catch (error) {
      unusable =
        error instanceof DeviceCloudError
          ? error
          : new DeviceCloudError('validation', `caldav: ${describeThrown(error)}`);
    }
    node.caldav = () => {
      if (!client) throw unusable ?? new DeviceCloudError('validation', 'caldav: not usable');
      return client;
    };
    node.on('close', (_removed, done) => {
      const closing = client ? client.close() : Promise.resolve();
      closing.then(
        () => done(),
        () => done(),
      );
    });
  }

  RED.nodes.registerType(TYPE, DeviceCloudCalDav, {
    credentials: { username: { type: 'text' }, password: { type: 'password' } },
  });
  registerTaskListsEndpoint(RED);
}

const runtime: NodeRuntime = { type: TYPE, register };
export default runtime;
