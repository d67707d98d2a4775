import type { NodeFolder } from '../../runtime/node-folder';
import runtime from './runtime';

export default {
  runtime,
  examples: ['todo-sync-caldav.json', 'todo-sync-home-assistant.json', 'todo-sync-list.json'],
} satisfies NodeFolder;
