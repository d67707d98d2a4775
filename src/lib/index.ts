/**
 * The package's public entry (`require('@device-cloud/node-red-device-cloud')`):
 * the client for library users, which validates what it is given, the typed
 * client of the nodes with the rules that make its values, and the error type.
 */
export {
  DeviceCloudClient,
  ServiceClient,
  DEFAULT_PACING,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_RETRY,
  type AuthHeader,
  type CallOptions,
  type ClientOptions,
  type ImagePushInput,
  type LimiterOptions,
  type PageDeleted,
  type PushOutcome,
  type RetryOptions,
  type StructuredTextPushInput,
  type TextPushInput,
  type WantedState,
} from './client';
export { DeviceCloudError, type ErrorKind } from './errors';
export * as validate from './values';
export { PAGE_IDS, PRIORITY_NAMES, REPEAT_TYPES, SYNC_INTERVALS } from './values';
export type {
  DeviceId,
  DisplayText,
  FontSize,
  PageBody,
  PageId,
  PageTitle,
  Parsed,
  Priority,
  RepeatType,
  StructuredTextPush,
  SyncInterval,
  TextPush,
  TodoCreate,
  TodoFields,
  TodoFilter,
  TodoId,
  TodoStatus,
  TodoUpdate,
} from './values';
export {
  detectImageFormat,
  imageFiles,
  sendableImages,
  type ImageFile,
  type SentImageFile,
  type ImageFormat,
  type ImagePush,
  type PushImages,
} from './images';
export type * from './types';
export { isSuperseded } from './types';
