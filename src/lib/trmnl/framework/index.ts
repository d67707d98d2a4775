/**
 * Our own implementation of the TRMNL framework's class vocabulary: the CSS a page's classes need, made for
 * one screen, drawn as the framework draws it (its layout, type scale, dither patterns and lines), in what the
 * drawing engine reads. Knows nothing of Node-RED.
 */
export { frameworkCss, type FrameworkCss, type FrameworkCssOptions, type PageVocabulary } from './generate';
export { classesDefinedBy, pageStyleSheets, pageVocabulary } from './vocabulary';
export { readScreen, type FontBundle, type Inks, type Screen, type SizeClass } from './screen';
export { FONT_SUBSTITUTES } from './fonts';
export type { FrameworkFont } from './typography';
