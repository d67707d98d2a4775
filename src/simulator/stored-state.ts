// The simulator's state as a file keeps it across restarts (the command line's --state, npm start): the devices,
// their pages, temporary screens and sync intervals, the to-dos, and the calendars with each object's text and
// ETag, as JSON with pictures in base64. Read back, every field is checked (an object's text as a CalDAV server
// checks a PUT): a file that is not this shape is refused whole, naming the first field that is wrong.

import { readCalendarObject } from './calendar-object';
import { sampleCalendars } from './calendar-samples';
import { CALENDAR_COMPONENTS, otherObjectWithUid, type SimCalendar } from './calendars';
import {
  PAGE_COUNT,
  REPEAT_TYPES,
  type PageSlots,
  type SimDevice,
  type SimImage,
  type SimPage,
  type SimState,
  type SimTodo,
} from './state';

const FORMAT = 'device-cloud-simulator-state/1';

/** The state as the file holds it. */
export function storedState(state: SimState): unknown {
  const page = (slot: SimPage | null): unknown =>
    slot?.kind === 'image'
      ? { ...slot, images: slot.images.map((image) => ({ ...image, data: image.data.toString('base64') })) }
      : slot;
  return {
    format: FORMAT,
    devices: state.devices,
    nextTodoId: state.nextTodoId,
    todos: [...state.todos.values()],
    pages: Object.fromEntries([...state.pages].map(([deviceId, slots]) => [deviceId, slots.map(page)])),
    temporaryScreens: Object.fromEntries(
      [...state.temporaryScreens].map(([deviceId, screen]) => [deviceId, page(screen)]),
    ),
    syncIntervals: Object.fromEntries(state.syncIntervals),
    calendars: state.calendars.map((calendar) => ({
      ...calendar,
      objects: Object.fromEntries([...calendar.objects].map(([name, { ics, etag }]) => [name, { ics, etag }])),
    })),
  };
}

class StoredStateError extends Error {}

type Reading = Record<string, unknown>;

function record(value: unknown, where: string): Reading {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new StoredStateError(`${where} is not an object`);
  }
  return value as Reading;
}

function list(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new StoredStateError(`${where} is not a list`);
  return value;
}

function field<T>(holder: Reading, name: string, where: string, accepts: (value: unknown) => value is T): T {
  const value = holder[name];
  if (!accepts(value)) throw new StoredStateError(`${where}.${name} is not what the simulator writes there`);
  return value;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isNumberOrNull = (value: unknown): value is number | null => value === null || isNumber(value);
const isStringOrNull = (value: unknown): value is string | null => value === null || isString(value);
const oneOf =
  <T>(choices: readonly T[]) =>
  (value: unknown): value is T =>
    choices.includes(value as T);

function readDevice(value: unknown, where: string): SimDevice {
  const device = record(value, where);
  return {
    deviceId: field(device, 'deviceId', where, isString),
    alias: field(device, 'alias', where, isString),
    board: field(device, 'board', where, isString),
  };
}

function readTodo(value: unknown, where: string): SimTodo {
  const todo = record(value, where);
  return {
    id: field(todo, 'id', where, (id): id is number => Number.isSafeInteger(id) && (id as number) > 0),
    title: field(todo, 'title', where, isString),
    description: field(todo, 'description', where, isStringOrNull),
    dueDate: field(todo, 'dueDate', where, isString),
    dueTime: field(todo, 'dueTime', where, isString),
    repeatType: field(todo, 'repeatType', where, oneOf(REPEAT_TYPES)),
    repeatWeekday: field(todo, 'repeatWeekday', where, isNumberOrNull),
    repeatMonth: field(todo, 'repeatMonth', where, isNumberOrNull),
    repeatDay: field(todo, 'repeatDay', where, isNumberOrNull),
    status: field(todo, 'status', where, oneOf([0, 1] as const)),
    priority: field(todo, 'priority', where, oneOf([0, 1, 2] as const)),
    deviceId: field(todo, 'deviceId', where, isString),
    createDate: field(todo, 'createDate', where, isString),
    updateDate: field(todo, 'updateDate', where, isNumber),
  };
}

function readImage(value: unknown, where: string): SimImage {
  const image = record(value, where);
  const data = field(image, 'data', where, isString);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data)) throw new StoredStateError(`${where}.data is not base64`);
  return { contentType: field(image, 'contentType', where, isString), data: Buffer.from(data, 'base64') };
}

function readPage(value: unknown, where: string): SimPage {
  const page = record(value, where);
  const common = {
    pushedAt: field(page, 'pushedAt', where, isNumber),
    persistent: field(page, 'persistent', where, isBoolean),
  };
  switch (page.kind) {
    case 'text':
      return {
        ...common,
        kind: 'text',
        text: field(page, 'text', where, isString),
        fontSize: field(page, 'fontSize', where, isNumber),
      };
    case 'structured':
      return {
        ...common,
        kind: 'structured',
        title: field(page, 'title', where, isString),
        body: field(page, 'body', where, isString),
      };
    case 'image':
      return {
        ...common,
        kind: 'image',
        images: list(page.images, `${where}.images`).map((image, i) => readImage(image, `${where}.images[${i}]`)),
        dither: field(page, 'dither', where, isBoolean),
      };
    default:
      throw new StoredStateError(`${where}.kind is not text, structured or image`);
  }
}

function readCalendar(value: unknown, where: string): SimCalendar {
  const stored = record(value, where);
  const calendar: SimCalendar = {
    name: field(stored, 'name', where, (name): name is string => isString(name) && /^[^/]+$/.test(name)),
    displayName: field(stored, 'displayName', where, isString),
    components: list(stored.components, `${where}.components`).map((component, i) =>
      field({ component }, 'component', `${where}.components[${i}]`, oneOf(CALENDAR_COMPONENTS)),
    ),
    objects: new Map(),
  };
  for (const [name, object] of entriesOf(stored.objects, `${where}.objects`, record)) {
    const at = `${where}.objects["${name}"]`;
    const ics = field(object, 'ics', at, isString);
    const read = readCalendarObject(ics);
    if ('refused' in read) throw new StoredStateError(`${at}.ics is not a calendar object: ${read.why}`);
    if (!calendar.components.includes(read.component)) {
      throw new StoredStateError(`${at}.ics is a ${read.component}, which ${where} does not take`);
    }
    if (otherObjectWithUid(calendar, read.uid, name) !== undefined) {
      throw new StoredStateError(`${at}.ics has the UID of another object of ${where}`);
    }
    const etag = field(object, 'etag', at, (tag): tag is string => isString(tag) && /^"[^"]+"$/.test(tag));
    calendar.objects.set(name, { ics, etag, uid: read.uid, component: read.component });
  }
  return calendar;
}

function readSlots(value: unknown, where: string): PageSlots {
  const slots = list(value, where);
  if (slots.length !== PAGE_COUNT) throw new StoredStateError(`${where} does not hold ${PAGE_COUNT} pages`);
  return slots.map((slot, index) => (slot === null ? null : readPage(slot, `${where}[${index}]`)));
}

function entriesOf<T>(value: unknown, where: string, read: (entry: unknown, where: string) => T): [string, T][] {
  return Object.entries(record(value, where)).map(([key, entry]) => [key, read(entry, `${where}["${key}"]`)]);
}

/**
 * Puts the state the file holds in place of `state`'s (in place: what holds the state keeps it). The devices are
 * the file's, then those of `devices` it lacks (a device a later version adds). Throws, changing nothing, when the
 * file is not what the simulator writes.
 */
export function restoreState(state: SimState, file: unknown, devices: readonly SimDevice[]): void {
  const stored = record(file, 'the file');
  if (stored.format !== FORMAT) throw new StoredStateError(`the file's format is not ${FORMAT}`);
  const storedDevices = list(stored.devices, 'devices').map((device, i) => readDevice(device, `devices[${i}]`));
  const todos = list(stored.todos, 'todos').map((todo, i) => readTodo(todo, `todos[${i}]`));
  const pages = entriesOf(stored.pages, 'pages', readSlots);
  const screens = entriesOf(stored.temporaryScreens, 'temporaryScreens', readPage);
  const intervals = entriesOf(stored.syncIntervals, 'syncIntervals', (value, where) => {
    if (!isNumber(value)) throw new StoredStateError(`${where} is not a number`);
    return value;
  });
  const nextTodoId = field(stored, 'nextTodoId', 'the file', isNumber);
  // A file of a version without calendars: the samples.
  const calendars =
    stored.calendars === undefined
      ? sampleCalendars(new Date())
      : list(stored.calendars, 'calendars').map((calendar, i) => readCalendar(calendar, `calendars[${i}]`));
  const known = new Set(storedDevices.map((device) => device.deviceId));
  state.devices = [...storedDevices, ...devices.filter((device) => !known.has(device.deviceId))];
  refill(
    state.todos,
    todos.map((todo) => [todo.id, todo]),
  );
  refill(state.pages, pages);
  refill(state.temporaryScreens, screens);
  refill(state.syncIntervals, intervals);
  state.nextTodoId = nextTodoId;
  state.calendars.splice(0, state.calendars.length, ...calendars);
}

function refill<K, V>(map: Map<K, V>, entries: [K, V][]): void {
  map.clear();
  for (const [key, value] of entries) map.set(key, value);
}
