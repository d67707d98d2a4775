/**
 * The runtime side of the editor's Device Cloud sidebar (plugins/device-cloud-sidebar.js): the plugin only
 * announces itself. The page record and its admin API belong to the node set, which makes every push.
 */
interface PluginAPI {
  plugins: { registerPlugin(id: string, definition: { type: string }): void };
}

export = function registerDeviceCloudSidebar(RED: PluginAPI): void {
  RED.plugins.registerPlugin('device-cloud-sidebar', { type: 'device-cloud-sidebar' });
};
