import type { NodeFolder } from '../../runtime/node-folder';
import runtime from './runtime';

export default { runtime, examples: ['devices.json'] } satisfies NodeFolder;
