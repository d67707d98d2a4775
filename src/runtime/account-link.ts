import type { ServiceClient } from '../lib/client';
import type { PushMemory } from '../lib/push-memory';
import type { Node, NodeAPI } from './node-red-api';

/** What an action node needs of its account node. */
export interface AccountNode extends Node {
  /** The account's client; throws a validation error when the account is not usable (no key, bad URL). */
  client(): ServiceClient;
  /** What was last pushed to each device's page through this account, for `skipUnchanged`. */
  pushes: PushMemory;
}

export function accountOf(RED: NodeAPI, id: unknown): AccountNode | null {
  if (typeof id !== 'string' || id === '') return null;
  const node = RED.nodes.getNode(id) as Partial<AccountNode> | null;
  return node && typeof node.client === 'function' && node.pushes ? (node as AccountNode) : null;
}
