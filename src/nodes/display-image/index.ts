import type { NodeFolder } from '../../runtime/node-folder';
import runtime from './runtime';

export default {
  runtime,
  examples: ['display-image.json', 'photo-frame.json', 'morning-brief.json', 'screen-from-another-server.json'],
} satisfies NodeFolder;
