/** A text of the render node's catalog, in the editor's language. */
export function t(key: string, substitutions?: Record<string, unknown>): string {
  return DeviceCloudEditor.text(`device-cloud-render.${key}`, substitutions);
}
