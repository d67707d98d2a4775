/**
 * A node's own fonts as a page is drawn with them, from what was read of their files (plain data): made in
 * Node-RED's process at deploy (../../node-red-process/fonts/own-fonts), and again in a drawing process from
 * what it was sent, so that nothing is read or parsed there again.
 */
import { Coverage } from './coverage';
import type { FontFace, OwnFonts, OwnFontsRead } from './font-types';

/** The fonts as the renderer uses them, from what `readFonts` read: in a drawing process, nothing is read again. */
export function ownFontsFrom(read: OwnFontsRead): OwnFonts {
  return {
    key: read.key,
    read,
    families: read.families.map(({ name, cssName, ranges, faces }) => ({
      name,
      cssName,
      coverage: new Coverage(ranges),
      faces: faces.map(({ key, weight, style, data }): FontFace => ({
        name,
        weight,
        style,
        key,
        load: () => Promise.resolve(data),
      })),
    })),
  };
}
