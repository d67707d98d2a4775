/**
 * What the service answers: its resources and results, as the specification describes them, and how a listed
 * to-do's id and state are read.
 */

/** A to-do's priority: 0 normal, 1 important, 2 urgent. */
export type Priority = 0 | 1 | 2;
/** A to-do's state: 0 pending, 1 completed. */
export type TodoStatus = 0 | 1;

export interface Device {
  deviceId: string;
  alias: string;
  board: string;
}

export interface SyncIntervalResult {
  deviceId: string;
  syncInterval: number;
}

export interface TodoListItem {
  id: number;
  title: string;
  description: string | null;
  dueDate: string;
  dueTime: string;
  repeatType: string;
  status: TodoStatus;
  priority: Priority;
  completed: boolean;
  deviceId: string;
  deviceName: string;
  createDate: string;
  updateDate: number;
  [field: string]: unknown;
}

/** The id as a number, or undefined when the item has none a to-do can be told apart by. */
export function todoIdOf(item: TodoListItem): number | undefined {
  if (item === null || typeof item !== 'object') return undefined;
  const id = Number(item.id);
  return Number.isSafeInteger(id) ? id : undefined;
}

export function isCompleted(item: TodoListItem): boolean {
  return item.completed === true || Number(item.status) === 1;
}

export interface TodoCreated {
  id: number;
  title: string;
  status: TodoStatus;
  priority: Priority;
  deviceId: string;
  createDate: string;
}

export interface TodoUpdated {
  id: number;
  title: string;
  status: TodoStatus;
  priority: Priority;
}

export interface TodoState {
  id: number;
  status: TodoStatus;
  completed: boolean;
}

export interface PushResult {
  totalPages: number;
  pushedPages: number;
  pageId?: string;
}

/** The payload of a page push that was not sent: a newer push to the same page came while it waited. */
export interface SupersededPush {
  superseded: true;
  deviceId: string;
  pageId: string;
}

export function isSuperseded(value: unknown): value is SupersededPush {
  return typeof value === 'object' && value !== null && (value as { superseded?: unknown }).superseded === true;
}
