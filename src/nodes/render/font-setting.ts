import { asDeviceCloudError, type DeviceCloudError } from '../../lib/errors';
import { fontFileList, loadFontFiles, type OwnFonts } from '../../lib/render';

/**
 * The fonts the node's `fonts` setting names (relative to Node-RED's user directory), read at deploy; or why
 * they cannot be used, an error naming the setting and the file, for the node to report.
 */
export function ownFonts(setting: unknown, userDir: string | undefined): OwnFonts | DeviceCloudError {
  try {
    return loadFontFiles(fontFileList(setting), userDir ?? process.cwd());
  } catch (error) {
    return asDeviceCloudError(error);
  }
}
