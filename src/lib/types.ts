/** The service's resources and request shapes, as the specification describes them. */

export const SYNC_INTERVALS = [0, 10, 30, 60, 180, 720] as const;
export type SyncInterval = (typeof SYNC_INTERVALS)[number];

export const PAGE_IDS = ['1', '2', '3', '4', '5'] as const;
export type PageId = (typeof PAGE_IDS)[number];

export const REPEAT_TYPES = ['none', 'daily', 'weekly', 'monthly', 'yearly'] as const;
export type RepeatType = (typeof REPEAT_TYPES)[number];

export const PRIORITY_NAMES = ['normal', 'important', 'urgent'] as const;
export type Priority = 0 | 1 | 2;
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

export interface TodoFilter {
  status?: TodoStatus;
  deviceId?: string;
}

/** Fields shared by create and update; the create request also requires a title. */
export interface TodoFields {
  title?: string;
  description?: string;
  dueDate?: string;
  dueTime?: string;
  repeatType?: RepeatType;
  repeatWeekday?: number;
  repeatMonth?: number;
  repeatDay?: number;
  priority?: Priority;
  deviceId?: string;
}

export interface TodoCreate extends TodoFields {
  title: string;
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

export interface TextPush {
  text: string;
  fontSize?: number;
  pageId?: PageId;
}

export interface StructuredTextPush {
  title?: string;
  body?: string;
  pageId?: PageId;
}

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'bmp' | 'webp';

export interface ImageFile {
  data: Buffer;
  format: ImageFormat;
}

export interface ImagePush {
  images: ImageFile[];
  dither?: boolean;
  pageId?: PageId;
}
