import type { NodeFolder } from '../../runtime/node-folder';
import runtime from './runtime';

export default { runtime, examples: ['display-image.json'] } satisfies NodeFolder;
