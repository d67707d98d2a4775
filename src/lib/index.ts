export { DeviceCloudClient, DEFAULT_PACING, DEFAULT_TIMEOUT_MS } from './client';
export type { AuthHeader, ClientOptions } from './client';
export { DeviceCloudError } from './errors';
export type { ErrorKind } from './errors';
export { DEFAULT_RETRY } from './retry';
export * as validate from './validate';
export { detectImageFormat, imageFiles } from './images';
export * from './types';
