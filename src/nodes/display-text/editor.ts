import { PAGE_IDS } from '../../lib/values/ids';
import { LIMITS } from '../../lib/values/limits';
import { TEXT_MODES } from './settings';

RED.nodes.registerType('device-cloud-display-text', {
  category: 'device cloud',
  color: '#C7D8D8',
  defaults: {
    name: { value: '' },
    version: { value: DeviceCloudEditor.configVersion('device-cloud-display-text') },
    account: { value: '', type: 'device-cloud-account', required: true },
    mode: { value: TEXT_MODES[0], validate: DeviceCloudEditor.validators.oneOf(TEXT_MODES) },
    deviceId: { value: '', validate: DeviceCloudEditor.validators.deviceId({ allDevices: true }) },
    deviceIdType: { value: 'device' },
    pageId: { value: '', validate: DeviceCloudEditor.validators.oneOf(PAGE_IDS) },
    fontSize: { value: '', validate: DeviceCloudEditor.validators.fontSize('fontSizeType') },
    fontSizeType: { value: 'num' },
    title: { value: '', validate: DeviceCloudEditor.validators.typedText('titleType', LIMITS.structuredTitle) },
    titleType: { value: 'str' },
    skipUnchanged: { value: false },
  },
  inputs: 1,
  outputs: 1,
  icon: 'device-cloud-display-text.svg',
  align: 'right',
  paletteLabel: DeviceCloudEditor.paletteLabel,
  label: DeviceCloudEditor.labelBy('mode'),
  labelStyle: DeviceCloudEditor.labelStyle,
  inputLabels: DeviceCloudEditor.inputLabels,
  outputLabels: DeviceCloudEditor.outputLabels,
  oneditprepare: DeviceCloudEditor.prepare,
});
