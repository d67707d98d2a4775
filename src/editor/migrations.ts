/**
 * Saved flows in the editor: a node loaded or imported with a config of an earlier version is brought to the
 * newest through the same migration table the runtime uses, so its dialog shows what the runtime will do.
 * A loaded flow is migrated from the flow as the runtime sent it, which still holds the properties the editor
 * drops on load (a node's `status`); an imported one from what the editor kept of it.
 */
import { MIGRATIONS_BY_TYPE } from '../nodes/migrations';
import { currentVersion, migrate, storedVersion, type StoredConfig } from '../runtime/config-versions';

/** The version a new node of `type` is made at. */
export function configVersion(type: string): number {
  return currentVersion(MIGRATIONS_BY_TYPE[type] ?? []);
}

/** Brings the editor's node to the newest version from `source`, its saved config; whether it changed. */
function migrateNode(node: EditorNode, source: StoredConfig): boolean {
  const migrations = MIGRATIONS_BY_TYPE[node.type];
  if (!migrations || storedVersion(source) >= currentVersion(migrations)) return false;
  const migrated = migrate({ ...source }, migrations);
  for (const property of Object.keys(node._def.defaults)) node[property] = migrated[property];
  node.dirty = true;
  return true;
}

export function migrateOnLoad(): void {
  RED.events.on('flows:loaded', () => {
    const saved = new Map((RED.nodes.originalFlow() ?? []).map((config) => [config.id, config]));
    let changed = false;
    const visit = (node: EditorNode): void => {
      changed = migrateNode(node, saved.get(node.id) ?? node) || changed;
    };
    RED.nodes.eachNode(visit);
    RED.nodes.eachConfig(visit);
    if (changed) RED.view.redraw(true);
  });
  // An import: looked at once the editor has placed the node, after a load's own pass above.
  RED.events.on('nodes:add', (node) => {
    if (!MIGRATIONS_BY_TYPE[node.type]) return;
    setTimeout(() => {
      if (RED.nodes.node(node.id) === node && migrateNode(node, node)) RED.view.redraw(true);
    }, 0);
  });
}
