import { invalid } from '../lib/errors';
import type { TodoState } from '../lib/types';
import { defineAction } from './shared/action';
import { todoIdInput } from './shared/fields';

const ACTIONS = { complete: true, reopen: false, toggle: 'toggle' } as const;
type Action = keyof typeof ACTIONS;

export default defineAction<{ id: number; action: Action }, TodoState>({
  type: 'device-cloud-todo-complete',
  async prepare(inputs) {
    const id = await todoIdInput(inputs, true);
    const action = await inputs.get('action', 'action', 'complete');
    if (typeof action !== 'string' || !Object.hasOwn(ACTIONS, action)) {
      throw invalid('action', 'must be complete, reopen or toggle', action);
    }
    return { id, action: action as Action };
  },
  async run(client, { id, action }, signal) {
    const state = await client.setTodoCompleted(id, ACTIONS[action], signal);
    return { id: state.id, status: state.status, completed: state.completed };
  },
  status: (state, _input, RED) =>
    RED._(
      state.completed ? 'device-cloud-todo-complete.status.completed' : 'device-cloud-todo-complete.status.pending',
      {
        id: state.id,
      },
    ),
});
