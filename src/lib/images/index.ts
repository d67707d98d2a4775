/** Pictures for a push: read and checked as given, or fitted to the screen. */
export * from './image-file';
export * from './fit';
export { bmpSize, type PictureSize } from './bmp';
