import type { NodeFolder } from '../../runtime/node-folder';
import runtime from './runtime';

export default {
  runtime,
  examples: ['trmnl-recipe.json'],
} satisfies NodeFolder;
