import { defineAction } from '../../runtime/action-node';
import { todoIdInput } from '../../runtime/targets';

export default defineAction({
  type: 'device-cloud-todo-delete',
  prepare: (inputs) => todoIdInput(inputs, true),
  run: (client, id, options) => client.todos.delete(id, options),
  status: (result, _input, RED) => RED._('device-cloud-todo-delete.status.deleted', { id: result.id }),
});
