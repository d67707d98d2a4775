import type { CalDavClient } from '../lib/caldav/client';
import type { Node, NodeAPI } from './node-red-api';

/** What the to-do sync needs of a CalDAV node. */
export interface CalDavNode extends Node {
  /** The node's client; throws a validation error when the node is not usable (no address, a bad one). */
  caldav(): CalDavClient;
  /** The display's time zone: the node's, else Node-RED's. */
  displayZone: string;
}

export function caldavOf(RED: NodeAPI, id: unknown): CalDavNode | null {
  if (typeof id !== 'string' || id === '') return null;
  const node = RED.nodes.getNode(id) as Partial<CalDavNode> | null;
  return node && typeof node.caldav === 'function' ? (node as CalDavNode) : null;
}
