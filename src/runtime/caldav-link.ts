import type { CalDavClient } from '../lib/caldav/client';
import { configNodeOf, type Node, type NodeAPI } from './node-red-api';

/** What the to-do sync needs of a CalDAV node. */
export interface CalDavNode extends Node {
  /** The node's client; throws a validation error when the node is not usable (no address, a bad one). */
  caldav(): CalDavClient;
  /** The display's time zone: the node's, else Node-RED's. */
  displayZone: string;
}

export function caldavOf(RED: NodeAPI, id: unknown): CalDavNode | null {
  return configNodeOf<CalDavNode>(RED, id, (node) => typeof node.caldav === 'function');
}
