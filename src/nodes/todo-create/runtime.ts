import { invalid } from '../../lib/errors';
import type { TodoCreated } from '../../lib/types';
import { todoCreate, type TodoCreate } from '../../lib/values';
import { defineAction } from '../../runtime/action-node';

/** The to-do fields: msg.payload (an object, or a string used as the title), overridden by the dialog's values. */
export default defineAction<TodoCreate, TodoCreated>({
  type: 'device-cloud-todo-create',
  async prepare(inputs) {
    const payload = inputs.msg.payload;
    let fields: Record<string, unknown>;
    if (typeof payload === 'string') {
      fields = { title: payload };
    } else if (
      payload !== null &&
      typeof payload === 'object' &&
      !Array.isArray(payload) &&
      !Buffer.isBuffer(payload)
    ) {
      fields = { ...(payload as Record<string, unknown>) };
    } else if (payload === undefined || payload === null) {
      fields = {};
    } else {
      throw invalid('payload', 'must be the to-do fields as an object, or the title as a string', payload);
    }
    for (const name of ['title', 'description', 'priority', 'repeatType', 'deviceId'] as const) {
      const configured = await inputs.dialog(name);
      if (configured !== undefined) fields[name] = configured;
    }
    if (fields.deviceId === undefined) {
      const deviceId = inputs.fromMessage('deviceId');
      if (deviceId !== undefined && deviceId !== '') fields.deviceId = deviceId;
    }
    return todoCreate(fields);
  },
  run: (client, fields, options) => client.todos.create(fields, options),
  status: (created, _input, RED) => RED._('device-cloud-todo-create.status.created', { id: created.id }),
});
