/** A text of the TRMNL recipe node's catalog, in the editor's language. */
export function t(key: string, substitutions?: Record<string, unknown>): string {
  return DeviceCloudEditor.text(`device-cloud-trmnl-recipe.${key}`, substitutions);
}
