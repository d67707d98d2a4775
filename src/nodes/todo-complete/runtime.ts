import type { WantedState } from '../../lib/client';
import { invalid } from '../../lib/errors';
import type { TodoState } from '../../lib/types';
import { isOneOf, listOfChoices, type TodoId } from '../../lib/values';
import { defineAction } from '../../runtime/action-node';
import { todoIdInput } from '../../runtime/targets';
import { COMPLETE_ACTIONS, type CompleteAction } from './settings';

const WANTED: Record<CompleteAction, WantedState> = { complete: true, reopen: false, toggle: 'toggle' };

export default defineAction<{ id: TodoId; wanted: WantedState }, TodoState>({
  type: 'device-cloud-todo-complete',
  async prepare(inputs) {
    const id = await todoIdInput(inputs, true);
    const action = await inputs.get('action', 'action', 'complete');
    if (!isOneOf(COMPLETE_ACTIONS, action)) {
      throw invalid('action', `must be ${listOfChoices(COMPLETE_ACTIONS)}`, action);
    }
    return { id, wanted: WANTED[action] };
  },
  async run(client, { id, wanted }, options) {
    const state = await client.todos.setCompleted(id, wanted, options);
    return { id: state.id, status: state.status, completed: state.completed };
  },
  status: (state, _input, RED) =>
    RED._(`device-cloud-todo-complete.status.${state.completed ? 'completed' : 'pending'}`, { id: state.id }),
});
