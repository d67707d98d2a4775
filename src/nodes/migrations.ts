/**
 * The one table of config migrations, by node type: the runtime passes a saved config through it before a node
 * reads it, and the editor passes a loaded or imported one (the editor's bundle holds this same table).
 * A node type without an entry has never changed the shape of its config.
 */
import type { Migration } from '../runtime/config-versions';
import { MIGRATIONS as render } from './render/migrations';
import { MIGRATIONS as todoList } from './todo-list/migrations';

export const MIGRATIONS_BY_TYPE: Readonly<Record<string, readonly Migration[]>> = {
  'device-cloud-todo-list': todoList,
  'device-cloud-render': render,
};
