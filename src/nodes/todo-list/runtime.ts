import { invalid } from '../../lib/errors';
import type { TodoListItem } from '../../lib/types';
import { todoFilter, type TodoFilter } from '../../lib/values';
import { defineAction } from '../../runtime/action-node';
import type { NodeConfig } from '../../runtime/node-red-api';
import { STATUS_FILTERS } from './settings';

/** The dialog's filter wins; left empty, msg.status; "all" lists both states whatever msg.status says. */
function statusOf(config: NodeConfig, fromMessage: unknown): unknown {
  const filter = config.statusFilter;
  if (filter === 'all') return undefined;
  if (filter === 'pending' || filter === 'completed') return filter;
  if (filter !== undefined && filter !== null && filter !== '') {
    throw invalid('statusFilter', `must be ${STATUS_FILTERS.join(', ')}, or empty to take msg.status`, filter);
  }
  return fromMessage === '' || fromMessage === 'all' ? undefined : fromMessage;
}

export default defineAction<TodoFilter, TodoListItem[]>({
  type: 'device-cloud-todo-list',
  async prepare(inputs) {
    const deviceId = await inputs.get('deviceId');
    return todoFilter({
      status: statusOf(inputs.config, inputs.fromMessage('status')),
      deviceId: deviceId === '' ? undefined : deviceId,
    });
  },
  run: (client, filter, options) => client.todos.list(filter, options),
  status: (items, _input, RED) => RED._('device-cloud-todo-list.status.listed', { count: items.length }),
});
