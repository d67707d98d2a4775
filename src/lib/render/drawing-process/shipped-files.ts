/**
 * Where the files the build writes beside the code lie: the fonts (dist/fonts, scripts/fonts.js) and the icons
 * (dist/icons, scripts/icons.js). Found from this folder, which is where the drawing process's bundle (./main.js)
 * stands and where tsc writes this file: the same place whichever of them runs.
 */
import { join } from 'node:path';

const DIST = join(__dirname, '..', '..', '..');

export const FONTS_DIR = join(DIST, 'fonts');
export const ICONS_DIR = join(DIST, 'icons');
