import type { TodoUpdated } from '../../lib/types';
import { todoUpdate, type TodoId, type TodoUpdate } from '../../lib/values';
import { invalid } from '../../lib/errors';
import { defineAction } from '../../runtime/action-node';
import { todoIdInput } from '../../runtime/targets';

export default defineAction<{ id: TodoId; fields: TodoUpdate }, TodoUpdated>({
  type: 'device-cloud-todo-update',
  async prepare(inputs) {
    const id = await todoIdInput(inputs, false);
    const payload = inputs.msg.payload;
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
      throw invalid('payload', 'must be an object with the fields to change', payload);
    }
    return { id, fields: todoUpdate(payload) };
  },
  run: (client, { id, fields }, options) => client.todos.update(id, fields, options),
  status: (updated, _input, RED) => RED._('device-cloud-todo-update.status.updated', { id: updated.id }),
});
