/** The shared editor code as each node's definition sees it: the global the editor bundle defines. */
declare const DeviceCloudEditor: typeof import('./index');
/** A dialog's page preview (./page-preview), as the nodes' dialogs name its types without importing this folder. */
type DeviceCloudPagePreview = import('./page-preview').PagePreview;
type DeviceCloudPageRequest = import('./page-preview').PageRequest;
