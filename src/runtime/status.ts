import type { DeviceCloudError } from '../lib/errors';

/** The node set's message catalog (nodes/locales/), as the editor names it. */
export const CATALOG_NAMESPACE = '@device-cloud/node-red-device-cloud/device-cloud';

const key = (path: string) => `${CATALOG_NAMESPACE}:common.${path}`;

/**
 * Status texts without values are sent as catalog keys, which the editor
 * translates into the browser's language (as Node-RED's core nodes do);
 * texts with values are translated by the runtime.
 */
export const COMMON = {
  status: {
    requesting: key('status.requesting'),
    noAccount: key('status.noAccount'),
    done: key('status.done'),
    devices: key('status.devices'),
    devicesFailed: key('status.devicesFailed'),
    noDevices: key('status.noDevices'),
    unchanged: key('status.unchanged'),
    superseded: key('status.superseded'),
  },
  error: {
    validation: key('error.validation'),
    http: key('error.http'),
    service: key('error.service'),
    parse: key('error.parse'),
    network: key('error.network'),
    timeout: key('error.timeout'),
    aborted: key('error.aborted'),
    busy: key('error.busy'),
    unconfirmed: key('error.unconfirmed'),
    internal: key('error.internal'),
  },
} as const;

/** What a status text needs of Node-RED: `RED._`, the runtime's translation of a catalog key. */
export interface Translator {
  _(key: string, substitutions?: Record<string, unknown>): string;
}

/** Enough for a node's few status texts; counts and ids vary without bound, so the store is emptied when full. */
const MOST_REMEMBERED_TEXTS = 32;

/**
 * A translator that asks Node-RED once per key and values. A node sets a
 * status twice per message, and those two translations (i18next) cost more
 * CPU than all the node's own work for the message.
 */
export function rememberingTranslator(RED: Translator): Translator {
  const texts = new Map<string, string>();
  return {
    _(key, substitutions) {
      const id = substitutions === undefined ? key : `${key}\u0000${JSON.stringify(substitutions)}`;
      let text = texts.get(id);
      if (text === undefined) {
        text = RED._(key, substitutions);
        if (texts.size >= MOST_REMEMBERED_TEXTS) texts.clear();
        texts.set(id, text);
      }
      return text;
    },
  };
}

/** A short reason for the red status: the field, the HTTP status or the service code. */
export function statusOfError(RED: Translator, error: DeviceCloudError): string {
  return RED._(COMMON.error[error.kind], {
    field: error.field ?? 'input',
    status: error.statusCode ?? '',
    code: error.code ?? '',
  });
}
