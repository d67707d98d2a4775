import { REMOVED_ACTIONS } from '../../lib/values/todo-sync';

RED.nodes.registerType('device-cloud-todo-sync', {
  category: 'device cloud',
  color: '#C7D8D8',
  defaults: {
    name: { value: '' },
    version: { value: DeviceCloudEditor.configVersion('device-cloud-todo-sync') },
    account: { value: '', type: 'device-cloud-account', required: true },
    caldav: { value: '', type: 'device-cloud-caldav', required: false },
    source: { value: '' },
    deviceId: { value: '', validate: DeviceCloudEditor.validators.deviceId() },
    deviceIdType: { value: 'device' },
    removed: { value: REMOVED_ACTIONS[0], validate: DeviceCloudEditor.validators.oneOf(REMOVED_ACTIONS) },
  },
  inputs: 1,
  outputs: 2,
  icon: 'device-cloud-todo-sync.svg',
  paletteLabel: DeviceCloudEditor.paletteLabel,
  label: DeviceCloudEditor.labelWith('source'),
  labelStyle: DeviceCloudEditor.labelStyle,
  inputLabels: DeviceCloudEditor.inputLabels,
  outputLabels: DeviceCloudEditor.outputLabelsEach(['synced', 'device']),
  oneditprepare: DeviceCloudEditor.prepare,
});
