import type { Migration } from '../../runtime/config-versions';
import { STATUS_FILTERS } from './settings';

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    change:
      'the filter moves from `status` (where the editor keeps a node’s run-time status, and saved it over the ' +
      'setting) to `statusFilter`',
    up(config) {
      const { status, ...rest } = config;
      // '' was a filter too: the status from the message.
      const carried = status === '' || (STATUS_FILTERS as readonly unknown[]).includes(status);
      return rest.statusFilter === undefined && carried ? { ...rest, statusFilter: status } : rest;
    },
  },
];
