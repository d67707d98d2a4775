import type { NodeFolder } from '../../runtime/node-folder';
import runtime from './runtime';

export default {
  runtime,
  examples: [
    'render-dashboard.json',
    'render-weather.json',
    'render-todo-list.json',
    'render-big-value.json',
    'render-notice.json',
    'render-wifi-card.json',
  ],
} satisfies NodeFolder;
