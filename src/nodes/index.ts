/** The node set Node-RED loads (nodes/device-cloud.js): every node of the package, with its config migrations. */
import type { NodeAPI } from '../runtime/node-red-api';
import { MIGRATIONS_BY_TYPE } from './migrations';
import { NODE_SET } from './node-set';
import { registerPagesApi } from './pages-api';
import { startPageRecord } from '../runtime/page-record';

export = function registerDeviceCloudNodes(RED: NodeAPI): void {
  startPageRecord(RED);
  for (const { runtime } of NODE_SET) runtime.register(RED, MIGRATIONS_BY_TYPE[runtime.type] ?? []);
  registerPagesApi(RED);
};
