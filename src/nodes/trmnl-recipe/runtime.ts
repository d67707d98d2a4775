/**
 * device-cloud-trmnl-recipe: its registration with Node-RED (the credential of its password fields) and the
 * dialog's admin endpoint. The page is drawn by the runtime of the recipe node.
 */
import { DeviceCloudError } from '../../lib/errors';
import type { NodeRuntime } from '../../runtime/node-folder';
import type { NodeAPI } from '../../runtime/node-red-api';
import { registerRecipeFieldsEndpoint } from './recipe-fields-endpoint';

const TYPE = 'device-cloud-trmnl-recipe';

const runtime: NodeRuntime = {
  type: TYPE,
  register(RED: NodeAPI) {
    RED.nodes.registerType(
      TYPE,
      function (this: { on(event: string, listener: (...args: never[]) => void): void }, config: object) {
        RED.nodes.createNode(this as never, config as never);
        this.on('input', (_msg: never, _send: never, done: (error?: Error) => void) => {
          done(new DeviceCloudError('validation', 'recipe: drawing a recipe is not built yet', { field: 'recipe' }));
        });
      } as never,
      { credentials: { fieldSecrets: { type: 'password' } } },
    );
    registerRecipeFieldsEndpoint(RED);
  },
};
export default runtime;
