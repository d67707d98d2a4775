import { PALETTE_NAMES } from '../../lib/images/palette';
import { DITHER_MODES } from '../../lib/images/dither';
import { LAYOUT_RULES } from '../../lib/render/shared/page-options';
import { DEFAULT_SCREEN } from '../../lib/values/display';
import { PAGE_BUDGET } from '../../lib/values/page-budget';
import { renderDialog } from './editor-dialog';

RED.nodes.registerType('device-cloud-render', {
  category: 'device cloud',
  color: '#C7D8D8',
  defaults: {
    name: { value: '' },
    version: { value: DeviceCloudEditor.configVersion('device-cloud-render') },
    template: { value: '' },
    width: { value: String(DEFAULT_SCREEN.width), validate: DeviceCloudEditor.validators.pixelSide() },
    height: { value: String(DEFAULT_SCREEN.height), validate: DeviceCloudEditor.validators.pixelSide() },
    colors: { value: PALETTE_NAMES[0], validate: DeviceCloudEditor.validators.oneOf(PALETTE_NAMES) },
    dither: { value: DITHER_MODES[0], validate: DeviceCloudEditor.validators.oneOf(DITHER_MODES) },
    layoutRules: { value: LAYOUT_RULES[0], validate: DeviceCloudEditor.validators.oneOf(LAYOUT_RULES) },
    // Absent (a flow saved before there was a budget) or empty: the default.
    timeBudget: { value: String(PAGE_BUDGET.defaultSeconds), validate: DeviceCloudEditor.validators.timeBudget() },
    fonts: { value: '' },
    sample: { value: '' },
  },
  inputs: 1,
  outputs: 1,
  icon: 'device-cloud-render.svg',
  paletteLabel: DeviceCloudEditor.paletteLabel,
  label: DeviceCloudEditor.label,
  labelStyle: DeviceCloudEditor.labelStyle,
  inputLabels: DeviceCloudEditor.inputLabels,
  outputLabels: DeviceCloudEditor.outputLabels,
  oneditprepare: renderDialog.prepare,
  oneditsave: renderDialog.save,
  oneditcancel: renderDialog.cancel,
  oneditresize: renderDialog.resize,
});
