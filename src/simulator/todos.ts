// The to-do operations: list, create, update, complete and delete, each as the readings in force play it.

import {
  type Envelope,
  jsonBody,
  knownDevice,
  knownTodo,
  type OperationContext,
  successWithData,
  successWithMsg,
} from './operation';
import {
  insertTodo,
  type Priority,
  REPEAT_TYPES,
  sameDeviceId,
  type SimState,
  type SimTodo,
  type TodoStatus,
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
  return successWithData(todos.map((todo) => toListItem(state, todo)));
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
  return successWithData({ id, title, status, priority, deviceId, createDate });
}

/** The fields an update may not take on the real service: the specification calls them uncertain, or lists them for no update. */
const UNCERTAIN_UPDATE_FIELDS = ['repeatType', 'repeatWeekday', 'repeatMonth', 'repeatDay', 'deviceId'] as const;

/**
 * The specification: status cannot be set through update; whether the service refuses it or ignores it is
 * not shown. It is never refused: ignored, or, under its reading, applied (0 or 1).
 */
function statusOfUpdate(body: JsonObject, readings: OperationContext['readings']): TodoStatus | undefined {
  if (!readings.updateAppliesStatus) return undefined;
  const status = optionalInteger(body, 'status', { min: 0, max: 1, numericString: true });
  return status as TodoStatus | undefined;
}

export function updateTodo({ state, readings, request, params }: OperationContext): Envelope {
  parseTodoId(params.todoId); // a malformed id is a 400 before anything in the body is
  const body = jsonBody(request);
  const read = { ...body };
  // A field the service ignores is not even read, so a value it would refuse passes too.
  if (readings.updateIgnoresUncertainFields) for (const field of UNCERTAIN_UPDATE_FIELDS) delete read[field];
  const fields = todoFields(read);
  if (body.title !== undefined && body.title !== null) fields.title = requiredString(body, 'title');
  const status = statusOfUpdate(body, readings);
  const todo = knownTodo(state, params.todoId);
  resolveTodoDevice(state, fields);
  Object.assign(todo, fields, status === undefined ? {} : { status }, { updateDate: unixSeconds(new Date()) });
  const { id, title, priority } = todo;
  return successWithData({ id, title, status: todo.status, priority });
}

/** Toggles, or under its reading only marks completed; whatever body or content type came with it is not read. */
export function completeTodo({ state, readings, params }: OperationContext): Envelope {
  const todo = knownTodo(state, params.todoId);
  todo.status = readings.completeOnlyMarks || todo.status === 0 ? 1 : 0;
  todo.updateDate = unixSeconds(new Date());
  return successWithMsg();
}

export function deleteTodo({ state, params }: OperationContext): Envelope {
  const todo = knownTodo(state, params.todoId);
  state.todos.delete(todo.id);
  return successWithMsg();
}
