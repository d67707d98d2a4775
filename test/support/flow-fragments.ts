/** Nodes a test adds to a flow beside the node under test, to hear what became of its messages. */
import type { FlowNode } from './node-red';

export interface CompleteOptions {
  /** The ids of the nodes whose messages it hears of. */
  scope: string[];
  /** The helper node it is wired to: it gets each message the scoped nodes ended without an error. */
  heardBy: string;
  /** The Complete node's own id. */
  id?: string;
  /** Where the pair is drawn, so that it overlaps no other node. */
  y?: number;
}

/** A Complete node on `scope`, wired to a helper node. */
export function completeNodes({ scope, heardBy, id = 'complete', y = 300 }: CompleteOptions): FlowNode[] {
  return [
    { id, z: 'flow', x: 100, y, type: 'complete', scope, uncaught: false, wires: [[heardBy]] },
    { id: heardBy, z: 'flow', x: 300, y, type: 'helper' },
  ];
}

/** A Catch node on the whole flow, wired to a helper node: it gets each error a node reported with its message. */
export function catchNodes({
  heardBy,
  id = 'catch',
  y = 200,
}: {
  heardBy: string;
  id?: string;
  y?: number;
}): FlowNode[] {
  return [
    { id, z: 'flow', x: 100, y, type: 'catch', scope: null, uncaught: false, wires: [[heardBy]] },
    { id: heardBy, z: 'flow', x: 300, y, type: 'helper' },
  ];
}
