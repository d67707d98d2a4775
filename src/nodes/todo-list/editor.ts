import { STATUS_FILTERS } from './settings';

RED.nodes.registerType('device-cloud-todo-list', {
  category: 'device cloud',
  color: '#C7D8D8',
  defaults: {
    name: { value: '' },
    version: { value: DeviceCloudEditor.configVersion('device-cloud-todo-list') },
    account: { value: '', type: 'device-cloud-account', required: true },
    statusFilter: { value: '', validate: DeviceCloudEditor.validators.oneOf(STATUS_FILTERS) },
    deviceId: { value: '', validate: DeviceCloudEditor.validators.deviceId() },
    deviceIdType: { value: 'device' },
  },
  inputs: 1,
  outputs: 1,
  icon: 'device-cloud-todo-list.svg',
  paletteLabel: DeviceCloudEditor.paletteLabel,
  label: DeviceCloudEditor.labelBy('statusFilter'),
  labelStyle: DeviceCloudEditor.labelStyle,
  inputLabels: DeviceCloudEditor.inputLabels,
  outputLabels: DeviceCloudEditor.outputLabels,
  oneditprepare: DeviceCloudEditor.prepare,
});
