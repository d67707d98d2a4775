/**
 * Which of the files of dist/icons holds an icon's name: the build writes each icon into the file its name hashes to
 * (scripts/icons.js, which takes this module from dist/), and ./icons reads the one file of a name it is asked for.
 */

/** How many files the icons are shared out among. */
export const ICON_FILES = 64;

/** The file of `name`: FNV-1a of the name's UTF-16 code units, 32 bits, modulo ICON_FILES. */
export function iconFileOf(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % ICON_FILES;
}

/** The name of the file numbered `file`. */
export function iconFileName(file: number): string {
  return `mdi-${String(file).padStart(2, '0')}.txt`;
}
