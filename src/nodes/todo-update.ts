import { invalid } from '../lib/errors';
import type { TodoUpdated } from '../lib/types';
import { defineAction } from './shared/action';
import { todoIdInput } from './shared/fields';

export default defineAction<{ id: number; fields: unknown }, TodoUpdated>({
  type: 'device-cloud-todo-update',
  async prepare(inputs) {
    const id = await todoIdInput(inputs, false);
    const payload = inputs.msg.payload;
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
      throw invalid('payload', 'must be an object with the fields to change', payload);
    }
    return { id, fields: payload };
  },
  run: (client, { id, fields }, signal) => client.updateTodo(id, fields, signal),
  status: (updated, _input, RED) => RED._('device-cloud-todo-update.status.updated', { id: updated.id }),
});
