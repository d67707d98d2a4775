import { defineAction } from './shared/action';
import { todoIdInput } from './shared/fields';

export default defineAction<number, { id: number; deleted: true }>({
  type: 'device-cloud-todo-delete',
  prepare: (inputs) => todoIdInput(inputs, true),
  run: (client, id, signal) => client.deleteTodo(id, signal),
  status: (result, _input, RED) => RED._('device-cloud-todo-delete.status.deleted', { id: result.id }),
});
