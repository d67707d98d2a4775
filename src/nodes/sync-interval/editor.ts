import { SYNC_INTERVALS } from '../../lib/values/display';

RED.nodes.registerType('device-cloud-sync-interval', {
  category: 'device cloud',
  color: '#C7D8D8',
  defaults: {
    name: { value: '' },
    version: { value: DeviceCloudEditor.configVersion('device-cloud-sync-interval') },
    account: { value: '', type: 'device-cloud-account', required: true },
    deviceId: { value: '', validate: DeviceCloudEditor.validators.deviceId({ allDevices: true }) },
    deviceIdType: { value: 'device' },
    syncInterval: { value: '', validate: DeviceCloudEditor.validators.oneOf(SYNC_INTERVALS) },
  },
  inputs: 1,
  outputs: 1,
  icon: 'device-cloud-sync-interval.svg',
  align: 'right',
  paletteLabel: DeviceCloudEditor.paletteLabel,
  label: DeviceCloudEditor.labelBy('syncInterval'),
  labelStyle: DeviceCloudEditor.labelStyle,
  inputLabels: DeviceCloudEditor.inputLabels,
  outputLabels: DeviceCloudEditor.outputLabels,
  oneditprepare: DeviceCloudEditor.prepare,
});
