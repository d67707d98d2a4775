/**
 * The CalDAV client's two libraries, each loaded once per process: at deploy by the nodes that use a CalDAV task
 * list (see src/runtime/preload.ts), else by the first request that needs them. Neither is loaded when Node-RED
 * starts.
 */
import type ICALModule from 'ical.js';
import { Preload } from '../loading';

/** iCalendar (RFC 5545): parsing, writing, time zones and recurrence rules. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded at deploy or on first use, not at start
export const ICAL = new Preload('ical.js', () => require('ical.js') as typeof ICALModule);

/** XML with namespaces, for WebDAV's multistatus answers. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded at deploy or on first use, not at start
export const XMLDOM = new Preload('@xmldom/xmldom', () => require('@xmldom/xmldom') as typeof import('@xmldom/xmldom'));
