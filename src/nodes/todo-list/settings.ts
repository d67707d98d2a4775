/** The todo-list node's filter choices, which the runtime applies and the dialog offers (empty: from msg.status). */
export const STATUS_FILTERS = ['all', 'pending', 'completed'] as const;
