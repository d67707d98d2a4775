/** The shared editor code as each node's definition sees it: the global the editor bundle defines. */
declare const DeviceCloudEditor: typeof import('./index');
