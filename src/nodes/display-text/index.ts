import type { NodeFolder } from '../../runtime/node-folder';
import runtime from './runtime';

export default {
  runtime,
  examples: ['display-text.json', 'display-text-all-devices.json', 'show-this-now.json'],
} satisfies NodeFolder;
