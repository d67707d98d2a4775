import { asDeviceCloudError, type DeviceCloudError } from '../../lib/errors';
import { fontFileList, fontFilesStamp, loadFontFiles, type OwnFonts } from '../../lib/render';

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

/**
 * The fonts of the dialog's previews, which ask for a page at every pause in typing: read and parsed once, and
 * again only when a file named changes (its size or time) or another file is named.
 */
export class PreviewFonts {
  private last: { stamp: string; fonts: OwnFonts } | undefined;

  read(setting: unknown, userDir: string | undefined): OwnFonts | DeviceCloudError {
    let stamp: string;
    try {
      stamp = fontFilesStamp(fontFileList(setting), userDir ?? process.cwd());
    } catch (error) {
      return asDeviceCloudError(error);
    }
    if (this.last?.stamp === stamp) return this.last.fonts;
    const fonts = ownFonts(setting, userDir);
    this.last = fonts instanceof Error ? undefined : { stamp, fonts };
    return fonts;
  }

  /** Lets go of the fonts read (the dialog has been quiet for a while). */
  forget(): void {
    this.last = undefined;
  }
}
