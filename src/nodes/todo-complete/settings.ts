/** What todo-complete does: `complete` and `reopen` call the service only when the state must change; `toggle` always does. */
export const COMPLETE_ACTIONS = ['complete', 'reopen', 'toggle'] as const;
export type CompleteAction = (typeof COMPLETE_ACTIONS)[number];
