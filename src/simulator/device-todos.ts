// What a person does to a to-do on the device itself, for the simulator's page: tick it off, reopen it, edit
// its title or description, delete it. Each change is made as the device makes it: the to-do's updateDate
// moves, and the next list through the API shows it, as a to-do watch or a sync would find it.

import { type SimState, type SimTodo, unixSeconds } from './state';

/** /sim/todos/{id}, /sim/todos/{id}/complete, /sim/todos/{id}/reopen. */
export const DEVICE_TODO_ROUTE = /^\/sim\/todos\/(\d+)(?:\/(complete|reopen))?$/;

export interface DeviceChangeAnswer {
  status: number;
  body: unknown;
}

function refused(status: number, msg: string): DeviceChangeAnswer {
  return { status, body: { code: status, msg } };
}

function edits(rawBody: Buffer): Partial<Pick<SimTodo, 'title' | 'description'>> | string {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return 'the body must be JSON: {title?, description?}';
  }
  if (!body || typeof body !== 'object') return 'the body must be a JSON object: {title?, description?}';
  const { title, description } = body as Record<string, unknown>;
  if (title !== undefined && (typeof title !== 'string' || title.trim() === ''))
    return 'title must be a non-empty text';
  if (description !== undefined && description !== null && typeof description !== 'string') {
    return 'description must be a text';
  }
  return {
    ...(title !== undefined ? { title } : {}),
    ...(description !== undefined ? { description } : {}),
  };
}

/**
 * POST .../complete or .../reopen sets the state; PUT changes title and description; DELETE removes the to-do.
 * Answers 200 with the to-do (or {id, deleted: true}), 404 for an unknown to-do, 400 for a bad edit, 405 else.
 */
export function changeOnDevice(
  state: SimState,
  method: string,
  id: number,
  action: string | undefined,
  rawBody: Buffer,
): DeviceChangeAnswer {
  const todo = state.todos.get(id);
  if (!todo) return refused(404, `to-do ${id} not found`);
  const now = unixSeconds(new Date());
  if (action) {
    if (method !== 'POST') return refused(405, `${action} takes POST`);
    todo.status = action === 'complete' ? 1 : 0;
    todo.updateDate = now;
    return { status: 200, body: todo };
  }
  if (method === 'DELETE') {
    state.todos.delete(id);
    return { status: 200, body: { id, deleted: true } };
  }
  if (method !== 'PUT') return refused(405, `method ${method} not allowed`);
  const changes = edits(rawBody);
  if (typeof changes === 'string') return refused(400, changes);
  Object.assign(todo, changes, { updateDate: now });
  return { status: 200, body: todo };
}
