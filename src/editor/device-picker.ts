/**
 * An account's devices in the dialogs: the device picker of every device field and the account dialog's check.
 * Both ask the package's admin endpoint, which calls the service with the deployed account's key: the key
 * never reaches the browser.
 */
import { ALL_DEVICES } from '../lib/values/ids';
import { isEmpty, text as catalogText } from './catalog';
import { EVALUATED_TYPES } from './validators';

interface ListedDevice {
  deviceId: string;
  alias?: string;
}

interface Choice {
  value: string;
  label: string;
}

export interface DevicePickerOptions {
  /** The text of the "from the message" choice. */
  fromMessageLabel: string;
  /** The property types offered (default msg, flow, global, env). */
  evaluatedTypes?: string[];
  /** Offer "every device of the account" (value "all"), for the nodes that fan out. */
  allDevices?: boolean;
}

const DEVICE_TYPE = 'device';
const NO_ACCOUNT = ['', '_ADD_'];

function text(key: string, substitutions?: Record<string, unknown>): string {
  return catalogText(`common.${key}`, substitutions);
}

/**
 * The devices of a deployed account from the admin endpoint; fails with a text for the dialog: not deployed
 * (404), the service's error (502), or Node-RED not reachable.
 */
export function fetchDevices(accountId: string): JQuery.Promise<ListedDevice[]> {
  const answer = $.Deferred<ListedDevice[]>();
  $.ajax({ url: `device-cloud/accounts/${encodeURIComponent(accountId)}/devices`, dataType: 'json', cache: false })
    .done((devices: unknown) => {
      answer.resolve(Array.isArray(devices) ? (devices as ListedDevice[]) : []);
    })
    .fail((xhr: JQuery.jqXHR) => {
      answer.reject(failureText(xhr));
    });
  return answer.promise();
}

function failureText(xhr: JQuery.jqXHR): string {
  const body = (xhr.responseJSON ?? {}) as { error?: string; message?: string };
  if (xhr.status === 404) return text('devicePicker.notDeployed');
  if (xhr.status === 502 && body.error) return text('devicePicker.failed', { error: body.error });
  const reason = body.error || body.message || xhr.statusText || String(xhr.status);
  return text('devicePicker.unreachable', { error: reason });
}

function deviceLabel(device: ListedDevice): string {
  return device.alias ? `${device.alias} (${device.deviceId})` : device.deviceId;
}

/** The picker's choices: "from msg", "every device" where the node offers it, the account's devices, and a kept value that is not among them. */
function deviceChoices(devices: ListedDevice[], kept: string, options: DevicePickerOptions): Choice[] {
  const choices: Choice[] = [{ value: '', label: options.fromMessageLabel }];
  const listed = new Set<string>();
  if (options.allDevices) {
    choices.push({ value: ALL_DEVICES, label: text('option.deviceId.all') });
    listed.add(ALL_DEVICES);
  }
  for (const device of devices) {
    if (typeof device.deviceId !== 'string' || listed.has(device.deviceId)) continue;
    listed.add(device.deviceId);
    choices.push({ value: device.deviceId, label: deviceLabel(device) });
  }
  if (kept !== '' && !listed.has(kept)) {
    choices.push({ value: kept, label: text('devicePicker.notListed', { deviceId: kept }) });
  }
  return choices;
}

/** Shows an icon and a text in an element, as text (a service message is never taken as HTML). */
function noteIn($element: JQuery): (icon: string, message: string) => void {
  return (icon, message) => {
    $element.empty();
    $('<i></i>').addClass(`fa ${icon}`).appendTo($element);
    $element.append(document.createTextNode(` ${message}`));
  };
}

function refreshButton(onClick: () => void): JQuery {
  return $(
    '<button type="button" class="red-ui-button red-ui-button-small" style="margin-left: 8px; flex: none"></button>',
  )
    .attr('title', text('devicePicker.refresh'))
    .append('<i class="fa fa-refresh"></i>')
    .on('click', (event) => {
      event.preventDefault();
      onClick();
    });
}

/**
 * The device field of a node: a TypedInput whose first type lists the selected account's devices (alias and
 * MAC), next to a typed-in MAC and msg/flow/global/env properties. The runtime takes the `device` type as a
 * literal value. A note under the field tells when the list cannot be had. The node's saved value stays
 * selectable.
 */
export function devicePicker(node: EditorNode, options: DevicePickerOptions): void {
  const $input = $('#node-input-deviceId');
  const $account = $('#node-input-account');
  const savedType = node.deviceIdType;
  const kept =
    (savedType === DEVICE_TYPE || isEmpty(savedType)) && typeof node.deviceId === 'string' ? node.deviceId : '';
  let devices: ListedDevice[] = [];
  let request = 0;
  let loadedFor: string | undefined;

  const deviceType: TypedInputType = {
    value: DEVICE_TYPE,
    label: text('devicePicker.type'),
    icon: 'fa fa-tablet',
    hasValue: false,
    options: () => deviceChoices(devices, kept, options),
  };
  const types: TypedInputType[] = [deviceType, 'str', ...(options.evaluatedTypes ?? EVALUATED_TYPES)];
  $input.typedInput({ default: DEVICE_TYPE, typeField: '#node-input-deviceIdType', types });

  const $note = $('<span class="device-cloud-device-note"></span>').css({
    flex: '1 1 auto',
    color: 'var(--red-ui-secondary-text-color)',
    fontSize: '0.9em',
  });
  $('<div class="form-row"></div>')
    .css({
      display: 'flex',
      alignItems: 'flex-start',
      marginLeft: '104px',
      width: 'calc(70% + 4px)',
      marginTop: '-6px',
    })
    .append(
      $note,
      refreshButton(() => load(true)),
    )
    .insertAfter($input.closest('.form-row'));
  const note = noteIn($note);

  function show(list: ListedDevice[], icon: string, message: string): void {
    devices = list;
    note(icon, message);
    // Rebuilds the choices; the value stays when it is still among them.
    $input.typedInput('types', types);
  }

  /** Asks once per account chosen (the config select reports a change more than once); `again` asks anyway. */
  function load(again = false): void {
    const accountId = String($account.val() ?? '');
    if (accountId === loadedFor && !again) return;
    loadedFor = accountId;
    const mine = ++request;
    if (NO_ACCOUNT.includes(accountId)) {
      show([], 'fa-info-circle', text('devicePicker.noAccount'));
      return;
    }
    note('fa-spinner fa-spin', text('devicePicker.loading'));
    fetchDevices(accountId).then(
      (list) => {
        if (mine !== request) return;
        const count =
          list.length === 0 ? text('devicePicker.none') : text('devicePicker.count', { count: list.length });
        show(list, 'fa-check', count);
      },
      (failure: string) => {
        if (mine === request) show([], 'fa-exclamation-triangle', failure);
      },
    );
  }

  $account.on('change', () => load());
  load();
}

/** The account dialog's check: lists the deployed account's devices, which tells whether its address and key work. */
export function accountCheck(accountId: string, $button: JQuery, $result: JQuery): void {
  const note = noteIn($result);
  $button.on('click', (event) => {
    event.preventDefault();
    note('fa-spinner fa-spin', text('devicePicker.loading'));
    fetchDevices(accountId).then(
      (list) => {
        const names = list.map(deviceLabel).join(', ');
        note('fa-check', text('accountCheck.ok', { count: list.length, devices: names || '-' }));
      },
      (failure: string) => note('fa-exclamation-triangle', failure),
    );
  });
}
