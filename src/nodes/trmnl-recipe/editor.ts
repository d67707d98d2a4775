import { PALETTE_NAMES } from '../../lib/images/palette';
import { DITHER_MODES } from '../../lib/images/dither';
import { DEFAULT_SCREEN } from '../../lib/values/display';
import { trmnlRecipeDialog } from './editor-dialog';
import { VIEW_CHOICES } from './settings';

RED.nodes.registerType('device-cloud-trmnl-recipe', {
  category: 'device cloud',
  color: '#C7D8D8',
  defaults: {
    name: { value: '' },
    version: { value: DeviceCloudEditor.configVersion('device-cloud-trmnl-recipe') },
    recipe: { value: '' },
    markup: { value: '' },
    settings: { value: '' },
    view: { value: VIEW_CHOICES[0], validate: DeviceCloudEditor.validators.oneOf(VIEW_CHOICES) },
    fields: { value: {} },
    width: { value: String(DEFAULT_SCREEN.width), validate: DeviceCloudEditor.validators.pixelSide() },
    height: { value: String(DEFAULT_SCREEN.height), validate: DeviceCloudEditor.validators.pixelSide() },
    colors: { value: PALETTE_NAMES[0], validate: DeviceCloudEditor.validators.oneOf(PALETTE_NAMES) },
    dither: { value: DITHER_MODES[0], validate: DeviceCloudEditor.validators.oneOf(DITHER_MODES) },
    fonts: { value: '' },
    sample: { value: '' },
  },
  credentials: {
    fieldSecrets: { type: 'password' },
  },
  inputs: 1,
  outputs: 1,
  icon: 'device-cloud-trmnl-recipe.svg',
  paletteLabel: DeviceCloudEditor.paletteLabel,
  label: DeviceCloudEditor.label,
  labelStyle: DeviceCloudEditor.labelStyle,
  inputLabels: DeviceCloudEditor.inputLabels,
  outputLabels: DeviceCloudEditor.outputLabels,
  oneditprepare: trmnlRecipeDialog.prepare,
  oneditsave: trmnlRecipeDialog.save,
  oneditcancel: trmnlRecipeDialog.cancel,
  oneditresize: trmnlRecipeDialog.resize,
});
