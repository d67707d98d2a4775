/** Pictures for a push: read and checked as given, made fit to send (PNG or JPEG), or fitted to the screen. */
export * from './image-file';
export * from './fit';
export { sendableImage, sendableImages } from './sendable';
export { bmpSize, type PictureSize } from './bmp';
