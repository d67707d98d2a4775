/** The to-do operations (specification 4.3 to 4.7), and the completion workflow built on them. */
import type { TodoCreated, TodoListItem, TodoUpdated } from '../../types';
import { mergeById } from './todo-merge';
import type { DeviceId, TodoId } from '../../values/ids';
import {
  uncertainFieldsOf,
  type TodoCreate,
  type TodoFilter,
  type TodoStatus,
  type TodoUpdate,
} from '../../values/todos';
import { expectArray, expectObject } from '../envelope';
import { todoTarget, type Target } from '../order';
import type { Request } from '../request';
import type { CallOptions, ServiceRequests } from '../account-requests';
import { confirmedUpdate } from './todo-confirm';
import { findTodo, setTodoCompleted, type CompletionResult, type WantedState } from './todo-state';

export class TodoOperations {
  constructor(private readonly path: ServiceRequests) {}

  /**
   * The to-dos, filtered. Without a status filter, pending and completed ones
   * are fetched apart (two requests) and merged by id: an unfiltered list may
   * leave completed to-dos out on the service.
   */
  async list(filter: TodoFilter = {}, options?: CallOptions): Promise<TodoListItem[]> {
    if (filter.status !== undefined) return this.listOf(filter.status, filter.deviceId, options);
    const pending = await this.listOf(0, filter.deviceId, options);
    const completed = await this.listOf(1, filter.deviceId, options);
    return mergeById([pending, completed]);
  }

  /** Never repeated after a failure that may have reached the service: a duplicate is worse than an error. */
  async create(fields: TodoCreate, options?: CallOptions): Promise<TodoCreated> {
    const data = await this.path.call(
      { name: 'create to-do', method: 'POST', path: '/todos', json: fields, repeat: 'unsent' },
      options,
    );
    return expectObject<TodoCreated>(data, 'create to-do');
  }

  /**
   * PUT /todos/{id}. An update that carries a field the service may not apply
   * (repeatType, the repeat days, deviceId) reads the to-do back and fails,
   * naming each such field, where the service did not apply it; the update
   * and its read are one operation in the to-do's order.
   */
  async update(id: TodoId, fields: TodoUpdate, options?: CallOptions): Promise<TodoUpdated> {
    if (uncertainFieldsOf(fields).length === 0) return this.sendUpdate(id, fields, todoTarget(id), options);
    const work = () =>
      confirmedUpdate(this, () => this.sendUpdate(id, fields, undefined, options), id, fields, options);
    return this.path.ordered(todoTarget(id), 'update to-do', work, options);
  }

  /**
   * The service's complete call as it is, once: it toggles, or on some services
   * only marks completed. Repeated only when it certainly did not arrive.
   */
  async toggle(id: TodoId, options?: CallOptions): Promise<void> {
    await this.path.call(
      { name: 'mark complete / incomplete', method: 'PUT', path: `/todos/${id}/complete`, repeat: 'unsent' },
      options,
    );
  }

  async delete(id: TodoId, options?: CallOptions): Promise<{ id: number; deleted: true }> {
    await this.path.call(
      {
        name: 'delete to-do',
        method: 'DELETE',
        path: `/todos/${id}`,
        repeat: 'always',
        goneMeansDone: true,
        target: todoTarget(id),
      },
      options,
    );
    return { id, deleted: true };
  }

  /** One request: the to-dos in one state, of one device or all. */
  private async listOf(
    status: TodoStatus,
    deviceId: DeviceId | undefined,
    options?: CallOptions,
  ): Promise<TodoListItem[]> {
    const query: Record<string, string> = { status: String(status) };
    if (deviceId !== undefined) query.deviceId = deviceId;
    const data = await this.path.call(
      { name: 'list to-dos', method: 'GET', path: '/todos', query, repeat: 'always' },
      options,
    );
    return expectArray<TodoListItem>(data, 'list to-dos');
  }

  /** One to-do as the list shows it; a 404 error when there is none with this id. */
  find(id: TodoId, options?: CallOptions): Promise<TodoListItem> {
    return findTodo(this, id, options);
  }

  /** Brings a to-do to the wanted state and confirms it (see setTodoCompleted), as one operation in the to-do's order. */
  setCompleted(id: TodoId, wanted: WantedState, options?: CallOptions): Promise<CompletionResult> {
    // Its own requests are not ordered again: the whole workflow holds the to-do's turn.
    const calls = {
      list: (filter: TodoFilter, inner?: CallOptions) => this.list(filter, inner),
      complete: async (todo: TodoId, inner?: CallOptions) => {
        await this.path.call(completeRequest(todo), inner);
      },
      reopenByUpdate: async (todo: TodoId, inner?: CallOptions) => {
        const data = await this.path.call(reopenByUpdateRequest(todo), inner);
        return expectObject<TodoUpdated>(data, 'reopen to-do by update');
      },
    };
    const work = () => setTodoCompleted(this.path, calls, id, wanted, options);
    const name = wanted === 'toggle' ? 'toggle to-do' : wanted ? 'complete to-do' : 'reopen to-do';
    return this.path.ordered(todoTarget(id), name, work, options);
  }

  private async sendUpdate(
    id: TodoId,
    fields: TodoUpdate,
    target: Target | undefined,
    options?: CallOptions,
  ): Promise<TodoUpdated> {
    const data = await this.path.call(
      { name: 'update to-do', method: 'PUT', path: `/todos/${id}`, json: fields, repeat: 'always', target },
      options,
    );
    return expectObject<TodoUpdated>(data, 'update to-do');
  }
}

function completeRequest(id: TodoId): Request {
  return {
    name: 'mark complete / incomplete',
    method: 'PUT',
    path: `/todos/${id}/complete`,
    repeat: 'unsent',
    stateReadAgain: true,
  };
}

/**
 * The specification says status cannot be set through an update; a service
 * that applies it anyway reopens a to-do so. Sent only after the complete call
 * left a to-do completed that should be pending; repeating it changes nothing.
 */
function reopenByUpdateRequest(id: TodoId): Request {
  return { name: 'reopen to-do by update', method: 'PUT', path: `/todos/${id}`, json: { status: 0 }, repeat: 'always' };
}
