/**
 * The editor code every Device Cloud dialog shares, bundled at build into resources/device-cloud-editor.js as
 * the global `DeviceCloudEditor`, which each node's definition (src/nodes/<node>/editor.ts) uses.
 */
import { followAccountKeys } from './account-key';
import { expandDialogsOnRegistration } from './dialog-rows';
import { followHelpLinks } from './help-links';
import { migrateOnLoad } from './migrations';

export { NAMESPACE, text } from './catalog';
export { confirm } from './confirm';
export { prepare } from './dialog-rows';
export {
  inputLabels,
  label,
  labelBy,
  labelStyle,
  labelWith,
  outputLabels,
  outputLabelsEach,
  paletteLabel,
} from './labels';
export { configVersion } from './migrations';
export { PagePreview, destroyCodeEditor, LATE_WORK_OFF, type PageRequest } from './page-preview';
export { validators } from './validators';

expandDialogsOnRegistration();
followAccountKeys();
followHelpLinks();
migrateOnLoad();
