/**
 * Every family of rules, registered once, in the framework's source order: its reset, elements, components,
 * base, device overrides and utilities (the utilities in the order of its `utilities/_index.scss`).
 */
import { Registry } from '../define';
import { registerColumns, registerFrame, registerLayout, registerNormalize } from './base';
import { registerBox } from './box';
import { registerComponents } from './components';
import { registerDeviceOverrides } from './device';
import { registerElements } from './elements';
import { registerFlex } from './flex';
import { registerGrid } from './grid';
import { registerBackgrounds, registerBorders, registerTextColors } from './paint';
import { registerTitleBar } from './title-bar';
import {
  registerAspectRatios,
  registerClamp,
  registerFontUtilities,
  registerImages,
  registerOutline,
  registerRounded,
  registerStrokes,
  registerTextAlignment,
  registerVisibility,
} from './text';

let registry: Registry | undefined;

export function frameworkRegistry(): Registry {
  if (registry) return registry;
  const made = new Registry();
  registerNormalize(made);
  registerElements(made);
  registerComponents(made);
  registerFrame(made);
  registerLayout(made);
  registerTitleBar(made);
  registerColumns(made);
  registerDeviceOverrides(made);
  registerFlex(made);
  registerGrid(made);
  registerBackgrounds(made);
  registerBorders(made);
  registerVisibility(made);
  registerStrokes(made);
  registerTextAlignment(made);
  registerTextColors(made);
  registerImages(made);
  registerRounded(made);
  registerOutline(made);
  registerAspectRatios(made);
  registerFontUtilities(made);
  registerBox(made);
  registerClamp(made);
  registry = made;
  return made;
}
