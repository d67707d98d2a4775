import { ALL_PAGES, PAGE_IDS } from '../../lib/values/ids';

RED.nodes.registerType('device-cloud-page-delete', {
  category: 'device cloud',
  color: '#C7D8D8',
  defaults: {
    name: { value: '' },
    version: { value: DeviceCloudEditor.configVersion('device-cloud-page-delete') },
    account: { value: '', type: 'device-cloud-account', required: true },
    deviceId: { value: '', validate: DeviceCloudEditor.validators.deviceId({ allDevices: true }) },
    deviceIdType: { value: 'device' },
    pageId: { value: '', validate: DeviceCloudEditor.validators.oneOf([...PAGE_IDS, ALL_PAGES]) },
  },
  inputs: 1,
  outputs: 1,
  icon: 'device-cloud-page-delete.svg',
  align: 'right',
  paletteLabel: DeviceCloudEditor.paletteLabel,
  label: DeviceCloudEditor.labelBy('pageId'),
  labelStyle: DeviceCloudEditor.labelStyle,
  inputLabels: DeviceCloudEditor.inputLabels,
  outputLabels: DeviceCloudEditor.outputLabels,
  oneditprepare: DeviceCloudEditor.prepare,
});
