/** The identifiers a request names: a device, one of its pages, a to-do. */
import { invalid } from '../errors';
import { toInteger, type Parsed } from './primitives';

/** A MAC address as the service writes it: six upper-case hex pairs joined by colons. */
export type DeviceId = Parsed<string, 'DeviceId'>;

/** The device value that means every device of the account (exactly so, lower case). */
export const ALL_DEVICES = 'all';

/** The page value that means every page of the device (exactly so, lower case): never the result of a missing value. */
export const ALL_PAGES = 'all';

export const PAGE_IDS = ['1', '2', '3', '4', '5'] as const;
/** A page of a device, as the service wants it: a string from "1" to "5". */
export type PageId = Parsed<(typeof PAGE_IDS)[number], 'PageId'>;

/** A to-do's id: a positive whole number. */
export type TodoId = Parsed<number, 'TodoId'>;

/** A device id as the service writes it: checked with one cheap test, as most ids come so. */
const CANONICAL_DEVICE_ID = /^[0-9A-F]{2}(?::[0-9A-F]{2}){5}$/;
const DEVICE_ID = /^([0-9a-f]{2})([:-]?)([0-9a-f]{2})\2([0-9a-f]{2})\2([0-9a-f]{2})\2([0-9a-f]{2})\2([0-9a-f]{2})$/i;

/** Lower case and `-` or no separators are accepted; the id is sent upper case with colons. */
export function deviceId(value: unknown, field = 'deviceId'): DeviceId {
  const rule = 'must be a MAC address of six hex pairs, e.g. AA:BB:CC:DD:EE:FF';
  if (typeof value !== 'string') throw invalid(field, rule, value);
  if (CANONICAL_DEVICE_ID.test(value)) return value as DeviceId;
  const match = DEVICE_ID.exec(value.trim());
  if (!match) throw invalid(field, rule, value);
  return [match[1], match[3], match[4], match[5], match[6], match[7]].join(':').toUpperCase() as DeviceId;
}

export function pageId(value: unknown, field = 'pageId'): PageId {
  const page = toInteger(value);
  if (page === undefined || page < 1 || page > 5) throw invalid(field, 'must be a page number from 1 to 5', value);
  return PAGE_IDS[page - 1] as PageId;
}

export function todoId(value: unknown, field = 'todoId'): TodoId {
  const id = toInteger(value);
  if (id === undefined || id < 1) throw invalid(field, 'must be a positive whole number', value);
  return id as TodoId;
}
