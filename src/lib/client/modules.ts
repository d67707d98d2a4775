/**
 * The client's two dependencies, each loaded once per process: at deploy by
 * the nodes that need them (see src/runtime/preload.ts), else by the
 * first request that needs them. Neither is loaded when Node-RED starts.
 */
import type FormData from 'form-data';
import { Preload } from '../loading';

/** The HTTP client: the account's connection pool. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded at deploy or on first use, not at start
export const UNDICI = new Preload('undici', () => require('undici') as typeof import('undici'));

/** The multipart body of an image push. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded at deploy or on first use, not at start
export const FORM_DATA = new Preload('form-data', () => require('form-data') as typeof FormData);
