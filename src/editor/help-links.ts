/**
 * Links between help pages. The shared policy (where a value comes from, several devices, errors, ...) is
 * written once, in the account's help; the other helps link to its sections:
 * <a href="#" data-device-cloud-help="several-devices">.
 */
import { ACCOUNT_TYPE } from './account-key';

export function showAccountHelp(section: string): void {
  RED.sidebar.help.show(ACCOUNT_TYPE);
  const heading = $(`.red-ui-sidebar-help-stack h3[data-device-cloud-section="${section}"]`).first();
  if (heading.length) heading[0].scrollIntoView({ block: 'start' });
}

export function followHelpLinks(): void {
  $(document).on('click', 'a[data-device-cloud-help]', function (this: HTMLElement, event) {
    event.preventDefault();
    showAccountHelp($(this).attr('data-device-cloud-help') ?? '');
  });
}
