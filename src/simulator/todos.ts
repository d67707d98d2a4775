// The to-do operations: list, create, update, complete (a toggle) and delete.

import { type Envelope, jsonBody, knownDevice, knownTodo, type OperationContext, success } from './operation';
import {
  insertTodo,
  type Priority,
  REPEAT_TYPES,
  sameDeviceId,
  type SimState,
  type SimTodo,
  toListItem,
  todosInIdOrder,
  unixSeconds,
} from './state';
import {
  badRequest,
  type JsonObject,
  optionalDate,
  optionalInteger,
  optionalOneOf,
  optionalString,
  optionalTime,
  parseTodoId,
  requiredString,
} from './validate';

export function listTodos({ state, readings, request }: OperationContext): Envelope {
  const { status, deviceId } = request.query;
  if (status !== undefined && status !== '0' && status !== '1') throw badRequest('status must be 0 or 1');
  const wanted = status === undefined ? (readings.unfilteredListOmitsCompleted ? 0 : undefined) : Number(status);
  const todos = todosInIdOrder(state).filter(
    (todo) => (wanted === undefined || todo.status === wanted) && (!deviceId || sameDeviceId(todo.deviceId, deviceId)),
  );
  return success(todos.map((todo) => toListItem(state, todo)));
}

/**
 * The to-do fields a create or an update may carry, checked. A field that is absent or null is not given:
 * a create leaves it empty, an update leaves it as it was ('' clears dueDate and dueTime).
 */
function todoFields(body: JsonObject): Partial<SimTodo> {
  const fields: Partial<SimTodo> = {
    description: optionalString(body, 'description'),
    dueDate: optionalDate(body, 'dueDate'),
    dueTime: optionalTime(body, 'dueTime'),
    repeatType: optionalOneOf(body, 'repeatType', REPEAT_TYPES),
    repeatWeekday: optionalInteger(body, 'repeatWeekday', { min: 0, max: 6, numericString: true }),
    repeatMonth: optionalInteger(body, 'repeatMonth', { min: 1, max: 12, numericString: true }),
    repeatDay: optionalInteger(body, 'repeatDay', { min: 1, max: 31, numericString: true }),
    priority: optionalInteger(body, 'priority', { min: 0, max: 2 }) as Priority | undefined,
    deviceId: optionalString(body, 'deviceId'),
  };
  for (const key of Object.keys(fields) as (keyof SimTodo)[]) {
    if (fields[key] === undefined) delete fields[key];
  }
  return fields;
}

/** A deviceId given in any letter case is stored as the device's own id. */
function resolveTodoDevice(state: SimState, fields: Partial<SimTodo>): void {
  if (fields.deviceId) fields.deviceId = knownDevice(state, fields.deviceId).deviceId;
}

export function createTodo({ state, request }: OperationContext): Envelope {
  const body = jsonBody(request);
  const title = requiredString(body, 'title');
  const fields = todoFields(body);
  resolveTodoDevice(state, fields);
  const todo = insertTodo(state, { ...fields, title, status: 0 });
  const { id, status, priority, deviceId, createDate } = todo;
  return success({ id, title, status, priority, deviceId, createDate });
}

/**
 * The specification: status cannot be set through update. A status equal to the to-do's own sets nothing
 * (a sync tool sends the record back whole) and passes; any other is refused, so a client that hopes to
 * complete a to-do this way fails clearly instead of silently.
 */
function checkStatusUnchanged(body: JsonObject, todo: SimTodo): void {
  if (body.status === undefined || body.status === null || body.status === todo.status) return;
  throw badRequest('status cannot be set through update; use PUT /todos/{id}/complete');
}

export function updateTodo({ state, request, params }: OperationContext): Envelope {
  parseTodoId(params.todoId); // a malformed id is a 400 before anything in the body is
  const body = jsonBody(request);
  const fields = todoFields(body);
  if (body.title !== undefined && body.title !== null) fields.title = requiredString(body, 'title');
  const todo = knownTodo(state, params.todoId);
  checkStatusUnchanged(body, todo);
  resolveTodoDevice(state, fields);
  Object.assign(todo, fields, { updateDate: unixSeconds(new Date()) });
  const { id, title, status, priority } = todo;
  return success({ id, title, status, priority });
}

/** Toggles; whatever body or content type came with the request is not read. */
export function toggleTodo({ state, params }: OperationContext): Envelope {
  const todo = knownTodo(state, params.todoId);
  todo.status = todo.status === 1 ? 0 : 1;
  todo.updateDate = unixSeconds(new Date());
  return success();
}

export function deleteTodo({ state, params }: OperationContext): Envelope {
  const todo = knownTodo(state, params.todoId);
  state.todos.delete(todo.id);
  return success();
}
