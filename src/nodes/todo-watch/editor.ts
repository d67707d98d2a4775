import { DEFAULT_INTERVAL_SECONDS, DIALOG_MIN_INTERVAL_SECONDS } from './settings';

RED.nodes.registerType('device-cloud-todo-watch', {
  category: 'device cloud',
  color: '#C7D8D8',
  defaults: {
    name: { value: '' },
    version: { value: DeviceCloudEditor.configVersion('device-cloud-todo-watch') },
    account: { value: '', type: 'device-cloud-account', required: true },
    interval: {
      value: DEFAULT_INTERVAL_SECONDS,
      required: true,
      validate: DeviceCloudEditor.validators.atLeast(DIALOG_MIN_INTERVAL_SECONDS),
    },
    // A poll has no message to read a device from.
    deviceId: { value: '', validate: DeviceCloudEditor.validators.deviceId({ types: ['flow', 'global', 'env'] }) },
    deviceIdType: { value: 'device' },
    emitExisting: { value: false },
  },
  inputs: 1,
  outputs: 1,
  icon: 'device-cloud-todo-watch.svg',
  paletteLabel: DeviceCloudEditor.paletteLabel,
  label: DeviceCloudEditor.label,
  labelStyle: DeviceCloudEditor.labelStyle,
  inputLabels: DeviceCloudEditor.inputLabels,
  outputLabels: DeviceCloudEditor.outputLabels,
  oneditprepare: DeviceCloudEditor.prepare,
});
