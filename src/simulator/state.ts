// The simulator's in-memory model of one account: its devices, their pages and
// sync intervals, and the account's to-dos; and the calendars of its CalDAV server.

import { sampleCalendars } from './calendar-samples';
import type { SimCalendars } from './calendars';

export interface SimDevice {
  deviceId: string;
  alias: string;
  board: string;
}

export const DEFAULT_DEVICES: readonly SimDevice[] = [
  { deviceId: 'AA:BB:CC:DD:EE:01', alias: 'Kitchen', board: 'esp32-c3' },
  { deviceId: 'AA:BB:CC:DD:EE:02', alias: 'Hallway', board: 'esp32-s3' },
];
/**
 * The household the example flows use, one page of one device per example (page 5 of each is the every-device
 * example's): what `npx device-cloud-simulator` and npm start offer. The first two are DEFAULT_DEVICES.
 */
export const EXAMPLE_DEVICES: readonly SimDevice[] = [
  ...DEFAULT_DEVICES,
  { deviceId: 'AA:BB:CC:DD:EE:03', alias: 'Living room', board: 'esp32-s3' },
  { deviceId: 'AA:BB:CC:DD:EE:04', alias: 'Bedroom', board: 'esp32-c3' },
  { deviceId: 'AA:BB:CC:DD:EE:05', alias: 'Garage', board: 'esp32-c3' },
];

export const REPEAT_TYPES = ['daily', 'weekly', 'monthly', 'yearly', 'none'] as const;
export type RepeatType = (typeof REPEAT_TYPES)[number];
export type TodoStatus = 0 | 1;
export type Priority = 0 | 1 | 2;

export interface SimTodo {
  id: number;
  title: string;
  /** null until a description is set, as the real service lists it. */
  description: string | null;
  /** yyyy-MM-dd, '' when none. */
  dueDate: string;
  /** HH:mm, '' when none. */
  dueTime: string;
  repeatType: RepeatType;
  repeatWeekday: number | null;
  repeatMonth: number | null;
  repeatDay: number | null;
  status: TodoStatus;
  priority: Priority;
  /** '' for a personal to-do. */
  deviceId: string;
  /** Local time, 'YYYY-MM-DD HH:mm:ss'. */
  createDate: string;
  /** Unix seconds. */
  updateDate: number;
}

/** The shape of one item of GET /todos, exactly: the specification's thirteen fields, and the repeat fields when set. */
export interface TodoListItem {
  id: number;
  title: string;
  description: string | null;
  dueDate: string;
  dueTime: string;
  repeatType: RepeatType;
  status: TodoStatus;
  priority: Priority;
  completed: boolean;
  deviceId: string;
  deviceName: string;
  createDate: string;
  updateDate: number;
  /** Present only when set, as numbers. */
  repeatWeekday?: number;
  repeatMonth?: number;
  repeatDay?: number;
}

export interface SimImage {
  contentType: string;
  data: Buffer;
}

interface PageCommon {
  /** Date.now() of the push. */
  pushedAt: number;
  /**
   * True for a page (the push named its pageId: the specification's persistent page); false for a
   * device's temporary screen (a push without a pageId, shown at once and stored nowhere).
   */
  persistent: boolean;
}
export interface SimTextPage extends PageCommon {
  kind: 'text';
  text: string;
  fontSize: number;
}
export interface SimStructuredPage extends PageCommon {
  kind: 'structured';
  title: string;
  body: string;
}
export interface SimImagePage extends PageCommon {
  kind: 'image';
  images: SimImage[];
  dither: boolean;
}
export type SimPage = SimTextPage | SimStructuredPage | SimImagePage;

export const PAGE_COUNT = 5;
/** Five slots; index 0 holds page '1'. */
export type PageSlots = (SimPage | null)[];

export const DEFAULT_SYNC_INTERVAL = 10;

export interface SimState {
  devices: SimDevice[];
  /** Keyed by to-do id. */
  todos: Map<number, SimTodo>;
  /** Keyed by deviceId; a device without an entry has five empty pages. */
  pages: Map<string, PageSlots>;
  /**
   * Keyed by deviceId: the last push without a pageId, which the device shows as its current screen
   * until the next one; it is no page, replaces none and is not stored with them.
   */
  temporaryScreens: Map<string, SimPage>;
  /** Minutes, keyed by deviceId; a device without an entry has DEFAULT_SYNC_INTERVAL. */
  syncIntervals: Map<string, number>;
  /** The id the next created to-do gets (ids already in `todos` are skipped). */
  nextTodoId: number;
  /** What the CalDAV server serves (caldav.ts): at first the samples. */
  calendars: SimCalendars;
}

export function createState(devices: readonly SimDevice[]): SimState {
  const state: SimState = {
    devices: [],
    todos: new Map(),
    pages: new Map(),
    temporaryScreens: new Map(),
    syncIntervals: new Map(),
    nextTodoId: 1,
    calendars: [],
  };
  resetState(state, devices);
  return state;
}

/** Resets in place, so references held to the state and its collections stay live. */
export function resetState(state: SimState, devices: readonly SimDevice[]): void {
  state.devices = devices.map((device) => ({ ...device }));
  state.todos.clear();
  state.pages.clear();
  state.temporaryScreens.clear();
  state.syncIntervals.clear();
  state.nextTodoId = 1;
  state.calendars.splice(0, state.calendars.length, ...sampleCalendars(new Date()));
}

/** MACs name the same device in either letter case (one public client compares them so); nothing else is loosened. */
export function sameDeviceId(a: string, b: string): boolean {
  return a.toUpperCase() === b.toUpperCase();
}

export function findDevice(state: SimState, deviceId: string): SimDevice | undefined {
  return state.devices.find((device) => sameDeviceId(device.deviceId, deviceId));
}

export function emptyPageSlots(): PageSlots {
  return new Array<SimPage | null>(PAGE_COUNT).fill(null);
}

/** The device's page slots, created (empty) when the device has none yet. */
export function pageSlotsOf(state: SimState, deviceId: string): PageSlots {
  let slots = state.pages.get(deviceId);
  if (!slots) {
    slots = emptyPageSlots();
    state.pages.set(deviceId, slots);
  }
  return slots;
}

export function syncIntervalOf(state: SimState, deviceId: string): number {
  return state.syncIntervals.get(deviceId) ?? DEFAULT_SYNC_INTERVAL;
}

function takeTodoId(state: SimState): number {
  let id = state.nextTodoId;
  while (state.todos.has(id)) id += 1;
  state.nextTodoId = id + 1;
  return id;
}

/** Adds a to-do with defaults for every field not given, as a create through the API would. */
export function insertTodo(state: SimState, fields: Partial<SimTodo> & { title: string }, now = new Date()): SimTodo {
  const id = fields.id ?? takeTodoId(state);
  state.nextTodoId = Math.max(state.nextTodoId, id + 1);
  const todo: SimTodo = {
    description: null,
    dueDate: '',
    dueTime: '',
    repeatType: 'none',
    repeatWeekday: null,
    repeatMonth: null,
    repeatDay: null,
    status: 0,
    priority: 0,
    deviceId: '',
    createDate: formatLocalDateTime(now),
    updateDate: unixSeconds(now),
    ...fields,
    id,
  };
  state.todos.set(id, todo);
  return todo;
}

export function toListItem(state: SimState, todo: SimTodo): TodoListItem {
  const item: TodoListItem = {
    id: todo.id,
    title: todo.title,
    description: todo.description,
    dueDate: todo.dueDate,
    dueTime: todo.dueTime,
    repeatType: todo.repeatType,
    status: todo.status,
    priority: todo.priority,
    completed: todo.status === 1,
    deviceId: todo.deviceId,
    deviceName: findDevice(state, todo.deviceId)?.alias ?? '',
    createDate: todo.createDate,
    updateDate: todo.updateDate,
  };
  if (todo.repeatWeekday !== null) item.repeatWeekday = todo.repeatWeekday;
  if (todo.repeatMonth !== null) item.repeatMonth = todo.repeatMonth;
  if (todo.repeatDay !== null) item.repeatDay = todo.repeatDay;
  return item;
}

export function todosInIdOrder(state: SimState): SimTodo[] {
  return [...state.todos.values()].sort((a, b) => a.id - b.id);
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

export function formatLocalDateTime(date: Date): string {
  const day = `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
  const time = `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}:${twoDigits(date.getSeconds())}`;
  return `${day} ${time}`;
}

export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
