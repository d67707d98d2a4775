import { COMPLETE_ACTIONS } from './settings';

RED.nodes.registerType('device-cloud-todo-complete', {
  category: 'device cloud',
  color: '#C7D8D8',
  defaults: {
    name: { value: '' },
    version: { value: DeviceCloudEditor.configVersion('device-cloud-todo-complete') },
    account: { value: '', type: 'device-cloud-account', required: true },
    action: { value: COMPLETE_ACTIONS[0], validate: DeviceCloudEditor.validators.oneOf(COMPLETE_ACTIONS) },
    todoId: { value: '', validate: DeviceCloudEditor.validators.todoId() },
    todoIdType: { value: 'num' },
  },
  inputs: 1,
  outputs: 1,
  icon: 'device-cloud-todo-complete.svg',
  paletteLabel: DeviceCloudEditor.paletteLabel,
  label: DeviceCloudEditor.labelBy('action'),
  labelStyle: DeviceCloudEditor.labelStyle,
  inputLabels: DeviceCloudEditor.inputLabels,
  outputLabels: DeviceCloudEditor.outputLabels,
  oneditprepare: DeviceCloudEditor.prepare,
});
