import { PRIORITY_NAMES, REPEAT_TYPES } from '../../lib/values/todos';

RED.nodes.registerType('device-cloud-todo-create', {
  category: 'device cloud',
  color: '#C7D8D8',
  defaults: {
    name: { value: '' },
    version: { value: DeviceCloudEditor.configVersion('device-cloud-todo-create') },
    account: { value: '', type: 'device-cloud-account', required: true },
    title: { value: '', validate: DeviceCloudEditor.validators.typedText('titleType') },
    titleType: { value: 'str' },
    description: { value: '', validate: DeviceCloudEditor.validators.typedText('descriptionType') },
    descriptionType: { value: 'str' },
    priority: { value: '', validate: DeviceCloudEditor.validators.oneOf(PRIORITY_NAMES) },
    repeatType: { value: '', validate: DeviceCloudEditor.validators.oneOf(REPEAT_TYPES) },
    deviceId: { value: '', validate: DeviceCloudEditor.validators.deviceId() },
    deviceIdType: { value: 'device' },
  },
  inputs: 1,
  outputs: 1,
  icon: 'device-cloud-todo-create.svg',
  paletteLabel: DeviceCloudEditor.paletteLabel,
  label: DeviceCloudEditor.label,
  labelStyle: DeviceCloudEditor.labelStyle,
  inputLabels: DeviceCloudEditor.inputLabels,
  outputLabels: DeviceCloudEditor.outputLabels,
  oneditprepare: DeviceCloudEditor.prepare,
});
