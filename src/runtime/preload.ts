/**
 * Load at deploy: a node names the costly things it will need (see
 * ../../lib/loading) and deploying it starts their loads, off the message path,
 * so that its first message finds them loaded. Requiring the node set loads
 * none of them: only the deploy of a node that needs one does.
 *
 * A load that fails (sharp on a platform it has no binary for) is told once
 * per process, as a warning of the first node that asked for it: its messages
 * then say what they cannot do, each in its own error.
 */
import type { Preload } from '../lib/loading';
import type { Node } from './node-red-api';

const told = new WeakSet<Preload<unknown>>();

export function preloadAtDeploy(node: Node, loads: readonly Preload<unknown>[]): void {
  for (const load of loads) {
    void load.preload().then((error) => {
      if (!error || told.has(load)) return;
      told.add(load);
      node.warn(error.message);
    });
  }
}
