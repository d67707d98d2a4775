import type { WantedState } from '../../lib/client';
import { invalid } from '../../lib/errors';
import type { TodoState } from '../../lib/types';
import type { TodoId } from '../../lib/values';
import { defineAction } from '../../runtime/action-node';
import { todoIdInput } from '../../runtime/targets';

const ACTIONS: Record<string, WantedState> = { complete: true, reopen: false, toggle: 'toggle' };

export default defineAction<{ id: TodoId; wanted: WantedState }, TodoState>({
  type: 'device-cloud-todo-complete',
  async prepare(inputs) {
    const id = await todoIdInput(inputs, true);
    const action = await inputs.get('action', 'action', 'complete');
    if (typeof action !== 'string' || !Object.hasOwn(ACTIONS, action)) {
      throw invalid('action', 'must be complete, reopen or toggle', action);
    }
    return { id, wanted: ACTIONS[action] };
  },
  async run(client, { id, wanted }, options) {
    const state = await client.todos.setCompleted(id, wanted, options);
    return { id: state.id, status: state.status, completed: state.completed };
  },
  status: (state, _input, RED) =>
    RED._(`device-cloud-todo-complete.status.${state.completed ? 'completed' : 'pending'}`, { id: state.id }),
});
