import type { DeviceCloudError } from '../../lib/errors';
import type { NodeAPI } from './red';

/** The message catalog shared by all our nodes lives with the account node. */
export const SHARED_NAMESPACE = '@device-cloud/node-red-device-cloud/device-cloud-account';

const key = (path: string) => `${SHARED_NAMESPACE}:common.${path}`;

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
    internal: key('error.internal'),
  },
} as const;

/** A short reason for the red status: the field, the HTTP status or the service code. */
export function statusOfError(RED: NodeAPI, error: DeviceCloudError): string {
  return RED._(COMMON.error[error.kind], {
    field: error.field ?? 'input',
    status: error.statusCode ?? '',
    code: error.code ?? '',
  });
}
