/** The sidebar's texts in the editor's language, and its buttons, as Node-RED's editor draws them. */

/** The plugin's message catalog: Node-RED names it by the package and the plugin. */
const CATALOG = '@device-cloud/node-red-device-cloud/device-cloud-sidebar';

export function t(key: string, substitutions?: Record<string, unknown>): string {
  return RED._(`${CATALOG}:${key}`, substitutions);
}

/** A small button of the sidebar, named for screen readers and tests by `action`. */
export function button(icon: string, title: string, action: string, click: () => void): JQuery {
  return $('<button type="button" class="red-ui-button red-ui-button-small device-cloud-sidebar-button"></button>')
    .attr('title', title)
    .attr('aria-label', title)
    .attr('data-action', action)
    .append($('<i class="fa"></i>').addClass(icon))
    .on('click', (event) => {
      event.stopPropagation();
      click();
    });
}
