import { DEFAULT_SCREEN, FIT_MODES, IMAGE_DITHER_CHOICES } from '../../lib/values/display';
import { PAGE_IDS } from '../../lib/values/ids';

RED.nodes.registerType('device-cloud-display-image', {
  category: 'device cloud',
  color: '#C7D8D8',
  defaults: {
    name: { value: '' },
    version: { value: DeviceCloudEditor.configVersion('device-cloud-display-image') },
    account: { value: '', type: 'device-cloud-account', required: true },
    deviceId: { value: '', validate: DeviceCloudEditor.validators.deviceId({ allDevices: true }) },
    deviceIdType: { value: 'device' },
    pageId: { value: '', validate: DeviceCloudEditor.validators.oneOf(PAGE_IDS) },
    dither: { value: '', validate: DeviceCloudEditor.validators.oneOf(IMAGE_DITHER_CHOICES) },
    fit: { value: FIT_MODES[0], validate: DeviceCloudEditor.validators.oneOf(FIT_MODES) },
    width: { value: String(DEFAULT_SCREEN.width), validate: DeviceCloudEditor.validators.pixelSide() },
    height: { value: String(DEFAULT_SCREEN.height), validate: DeviceCloudEditor.validators.pixelSide() },
    skipUnchanged: { value: false },
  },
  inputs: 1,
  outputs: 1,
  icon: 'device-cloud-display-image.svg',
  align: 'right',
  paletteLabel: DeviceCloudEditor.paletteLabel,
  label: DeviceCloudEditor.label,
  labelStyle: DeviceCloudEditor.labelStyle,
  inputLabels: DeviceCloudEditor.inputLabels,
  outputLabels: DeviceCloudEditor.outputLabels,
  oneditprepare: DeviceCloudEditor.prepare,
});
