import type { NodeFolder } from '../../runtime/node-folder';
import runtime from './runtime';

export default {
  runtime,
  examples: [],
} satisfies NodeFolder;
