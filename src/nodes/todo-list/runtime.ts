import { invalid } from '../../lib/errors';
import type { TodoListItem } from '../../lib/types';
import { todoFilter, type TodoFilter } from '../../lib/values';
import { defineAction } from '../../runtime/action-node';
import type { NodeConfig } from '../../runtime/node-red-api';

const STATUS_FILTERS = ['', 'all', 'pending', 'completed'];

/**
 * The dialog's filter. Version 0.1 kept it in `status`, the field in which the
 * editor keeps a node's run-time status (it saved that object over the
 * setting); a flow saved then still holds the filter there as a string.
 */
function statusFilterOf(config: NodeConfig): unknown {
  if (config.statusFilter !== undefined) return config.statusFilter;
  return typeof config.status === 'string' && STATUS_FILTERS.includes(config.status) ? config.status : undefined;
}

/** The dialog's filter wins; left empty, msg.status; "all" lists both states whatever msg.status says. */
function statusOf(config: NodeConfig, fromMessage: unknown): unknown {
  const filter = statusFilterOf(config);
  if (filter === 'all') return undefined;
  if (filter === 'pending' || filter === 'completed') return filter;
  if (filter !== undefined && filter !== null && filter !== '') {
    throw invalid('statusFilter', 'must be all, pending, completed, or empty to take msg.status', filter);
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
