/** The account's client (typed operations) and the public client that validates its input. */
export { ServiceClient, DEFAULT_PACING, DEFAULT_TIMEOUT_MS, type ClientOptions } from './client';
export {
  DeviceCloudClient,
  type ImagePushInput,
  type StructuredTextPushInput,
  type TextPushInput,
} from './device-cloud-client';
export type { AuthHeader } from './transport';
export type { CallOptions } from './account-requests';
export type { LimiterOptions } from './limiter';
export { DEFAULT_RETRY, type RetryOptions } from './retry';
export type { PageDeleted, PushOutcome } from './operations/display';
export type { WantedState } from './operations/todo-state';
export { serviceAddress, sendsKeyInClear } from './base-url';
