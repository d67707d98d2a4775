/**
 * The client as the package's public entry gives it to library users: the same
 * operations as the account's client, each taking unknown input and parsing it
 * with the rules in ../values before anything is sent.
 */
import { invalid } from '../errors';
import { imageList, type ImagePush } from '../images/image-file';
import { sendableImages } from '../images/sendable';
import type { Device, SyncIntervalResult, TodoCreated, TodoListItem, TodoState, TodoUpdated } from '../types';
import {
  displayText,
  fontSize,
  structuredText,
  syncInterval,
  type StructuredTextPush,
  type TextPush,
} from '../values/display';
import { deviceId, pageId, todoId } from '../values/ids';
import { boolean, isPlainObject } from '../values/primitives';
import { todoCreate, todoFilter, todoUpdate } from '../values/todos';
import { ServiceClient, type ClientOptions } from './client';
import type { PageDeleted, PushOutcome } from './operations/display';
import type { WantedState } from './operations/todo-state';

/** A text push as a library user gives it. */
export interface TextPushInput {
  text: unknown;
  fontSize?: unknown;
  pageId?: unknown;
}

export interface StructuredTextPushInput {
  title?: unknown;
  body?: unknown;
  pageId?: unknown;
}

/** Pictures as `{data}`: a Buffer, a data URL or a base64 string each. */
export interface ImagePushInput {
  images: unknown;
  dither?: unknown;
  pageId?: unknown;
}

export class DeviceCloudClient {
  private readonly client: ServiceClient;

  constructor(options: ClientOptions) {
    this.client = new ServiceClient(options);
  }

  get endpoint(): string {
    return this.client.endpoint;
  }

  get pacing(): ServiceClient['pacing'] {
    return this.client.pacing;
  }

  get timeoutMs(): number {
    return this.client.timeoutMs;
  }

  get retry(): ServiceClient['retry'] {
    return this.client.retry;
  }

  get limits(): ServiceClient['limits'] {
    return this.client.limits;
  }

  get closed(): boolean {
    return this.client.closed;
  }

  /** Refuses queued requests, aborts those in flight, closes every socket. */
  close(): Promise<void> {
    return this.client.close();
  }

  listDevices(signal?: AbortSignal): Promise<Device[]> {
    return this.client.devices.list({ signal });
  }

  async setSyncInterval(device: unknown, minutes: unknown, signal?: AbortSignal): Promise<SyncIntervalResult> {
    return this.client.devices.setSyncInterval(deviceId(device), syncInterval(minutes), { signal });
  }

  async listTodos(
    filter: { status?: unknown; deviceId?: unknown } = {},
    signal?: AbortSignal,
  ): Promise<TodoListItem[]> {
    return this.client.todos.list(todoFilter(filter), { signal });
  }

  /** Never repeated after a failure that may have reached the service: a duplicate is worse than an error. */
  async createTodo(fields: unknown, signal?: AbortSignal): Promise<TodoCreated> {
    return this.client.todos.create(todoCreate(fields), { signal });
  }

  /** An update carrying repeatType, a repeat day or deviceId is confirmed from the list: see TodoOperations.update. */
  async updateTodo(id: unknown, fields: unknown, signal?: AbortSignal): Promise<TodoUpdated> {
    return this.client.todos.update(todoId(id), todoUpdate(fields), { signal });
  }

  /** The service's complete call, once and unchecked: it toggles, or on some services only marks completed. */
  async toggleTodo(id: unknown, signal?: AbortSignal): Promise<void> {
    return this.client.todos.toggle(todoId(id), { signal });
  }

  async findTodo(id: unknown, signal?: AbortSignal): Promise<TodoListItem> {
    return this.client.todos.find(todoId(id), { signal });
  }

  /**
   * Brings a to-do to the wanted state: `true` completed, `false` pending, `'toggle'` the opposite of the
   * state read; confirmed from the list, or an `unconfirmed` error that carries the to-do.
   */
  async setTodoCompleted(
    id: unknown,
    wanted: WantedState,
    signal?: AbortSignal,
  ): Promise<TodoState & { changed: boolean }> {
    const todo = todoId(id);
    if (wanted !== 'toggle' && typeof wanted !== 'boolean')
      throw invalid('wanted', 'must be true, false or "toggle"', wanted);
    return this.client.todos.setCompleted(todo, wanted, { signal });
  }

  async deleteTodo(id: unknown, signal?: AbortSignal): Promise<{ id: number; deleted: true }> {
    return this.client.todos.delete(todoId(id), { signal });
  }

  async pushText(device: unknown, push: TextPushInput, signal?: AbortSignal): Promise<PushOutcome> {
    const id = deviceId(device);
    return this.client.display.pushText(id, textPush(push), { signal });
  }

  async pushStructuredText(device: unknown, push: StructuredTextPushInput, signal?: AbortSignal): Promise<PushOutcome> {
    const id = deviceId(device);
    return this.client.display.pushStructuredText(id, structuredTextPush(push), { signal });
  }

  /** A picture that is not PNG or JPEG is sent as a PNG of its own size (see ../images/sendable). */
  async pushImages(device: unknown, push: ImagePushInput, signal?: AbortSignal): Promise<PushOutcome> {
    const id = deviceId(device);
    return this.client.display.pushImages(id, await imagePush(push), { signal });
  }

  /** Deletes one page, or every page of the device with `'all'` (said explicitly, never by omission). */
  async deletePage(device: unknown, page: unknown, signal?: AbortSignal): Promise<PageDeleted> {
    const id = deviceId(device);
    return this.client.display.deletePage(id, page === 'all' ? 'all' : pageId(page), { signal });
  }
}

function textPush(push: unknown): TextPush {
  const given = fieldsOf(push);
  return {
    text: displayText(given.text),
    fontSize: optional(given.fontSize, fontSize),
    pageId: optional(given.pageId, pageId),
  };
}

function structuredTextPush(push: unknown): StructuredTextPush {
  const given = fieldsOf(push);
  return { ...structuredText(given.title, given.body), pageId: optional(given.pageId, pageId) };
}

async function imagePush(push: unknown): Promise<ImagePush> {
  const given = fieldsOf(push);
  const images = imageList(given.images);
  const dither = optional(given.dither, (value) => boolean(value, 'dither'));
  return { images: await sendableImages(images), dither, pageId: optional(given.pageId, pageId) };
}

function fieldsOf(push: unknown): Record<string, unknown> {
  if (!isPlainObject(push)) throw invalid('push', 'must be an object', push);
  return push;
}

/** A field that may be left out: undefined stays so, anything else must pass its rule. */
function optional<T>(value: unknown, parse: (value: unknown) => T): T | undefined {
  return value === undefined ? undefined : parse(value);
}
