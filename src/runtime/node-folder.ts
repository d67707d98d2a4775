/** What each node's folder gives the node set: its runtime, and the example flows that show it. */
import type { Migration } from './config-versions';
import type { NodeAPI } from './node-red-api';

/** A node's runtime: its type, as flows name it, and how it registers with Node-RED. */
export interface NodeRuntime {
  type: string;
  /** Registers the node; each config it is given has passed `migrations` first. */
  register(RED: NodeAPI, migrations: readonly Migration[]): void;
}

export interface NodeFolder {
  runtime: NodeRuntime;
  /** The files in examples/ that show this node (Node-RED's Import > Examples). */
  examples: readonly string[];
}
