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
    'render-calendar-home-assistant.json',
    'render-weather-home-assistant.json',
  ],
} satisfies NodeFolder;
