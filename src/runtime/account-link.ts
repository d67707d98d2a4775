import type { ServiceClient } from '../lib/client';
import type { PushMemory } from '../lib/push-memory';
import { configNodeOf, type Node, type NodeAPI } from './node-red-api';

/** What an action node needs of its account node. */
export interface AccountNode extends Node {
  /** The account's client; throws a validation error when the account is not usable (no key, bad URL). */
  client(): ServiceClient;
  /** What was last pushed to each device's page through this account, for `skipUnchanged`. */
  pushes: PushMemory;
}

export function accountOf(RED: NodeAPI, id: unknown): AccountNode | null {
  return configNodeOf<AccountNode>(RED, id, (node) => typeof node.client === 'function' && Boolean(node.pushes));
}
