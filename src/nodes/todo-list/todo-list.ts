import type { TodoListItem } from '../../lib/types';
import { defineAction } from '../shared/action';

interface ListInput {
  status?: unknown;
  deviceId?: unknown;
}

module.exports = defineAction<ListInput, TodoListItem[]>({
  type: 'device-cloud-todo-list',
  async prepare(inputs) {
    // The dialog's "all" lists both states whatever msg.status says.
    const status = await inputs.get('status');
    const deviceId = await inputs.get('deviceId');
    return {
      status: status === 'all' || status === '' ? undefined : status,
      deviceId: deviceId === '' ? undefined : deviceId,
    };
  },
  run: (client, filter, signal) => client.listTodos(filter, signal),
  status: (items, _input, RED) => RED._('device-cloud-todo-list.status.listed', { count: items.length }),
});
