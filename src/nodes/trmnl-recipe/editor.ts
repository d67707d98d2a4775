import { DITHER_MODES } from '../../lib/images/dither';
import { PALETTE_NAMES } from '../../lib/images/palette';
import { PAGE_BUDGET } from '../../lib/values/page-budget';
import { trmnlRecipeDialog } from './editor-dialog';
import { PICTURE_CHOICES, RECIPE_SCREEN, VIEW_CHOICES } from './settings';

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
    width: { value: String(RECIPE_SCREEN.width), validate: DeviceCloudEditor.validators.pixelSide() },
    height: { value: String(RECIPE_SCREEN.height), validate: DeviceCloudEditor.validators.pixelSide() },
    colors: { value: PALETTE_NAMES[0], validate: DeviceCloudEditor.validators.oneOf(PALETTE_NAMES) },
    dither: { value: DITHER_MODES[0], validate: DeviceCloudEditor.validators.oneOf(DITHER_MODES) },
    pictures: { value: PICTURE_CHOICES[0], validate: DeviceCloudEditor.validators.oneOf(PICTURE_CHOICES) },
    timeBudget: { value: String(PAGE_BUDGET.defaultSeconds), validate: DeviceCloudEditor.validators.timeBudget() },
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
