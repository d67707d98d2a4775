/**
 * Saved flows keep working: a node's stored config carries the version of its shape (`version`), and a config
 * of an earlier version (or of none: a flow saved before versions, or written by hand) passes through the node's
 * migrations, in order, before anything reads it. The same functions run in the runtime (a deployed flow) and
 * in the editor (a flow loaded or imported), so both see one config.
 */

export const VERSION_PROPERTY = 'version';

/** A config as Node-RED stores it: the node's properties by name. */
export type StoredConfig = Record<string, unknown>;

/** One step: what brings a config of version `version - 1` to `version`. */
export interface Migration {
  version: number;
  /** What changed, in a sentence. */
  change: string;
  /** The config at `version`, from one at the version before; never changes its argument. */
  up(config: StoredConfig): StoredConfig;
}

/** The version of a node type's newest config: that of its last migration, 0 without any. */
export function currentVersion(migrations: readonly Migration[]): number {
  return migrations.reduce((newest, migration) => Math.max(newest, migration.version), 0);
}

/** The version a stored config declares; none, or anything but a whole number, is 0. */
export function storedVersion(config: StoredConfig): number {
  const version = config[VERSION_PROPERTY];
  const number = typeof version === 'string' && /^\d+$/.test(version) ? Number(version) : version;
  return typeof number === 'number' && Number.isInteger(number) && number >= 0 ? number : 0;
}

/**
 * Brings a config to the newest version, in place: Node-RED's runtime gives each node a copy of its own, which
 * carries properties it does not enumerate (its flow, its path), and the editor's node is the editor's object.
 */
export function migrate<Config extends StoredConfig>(config: Config, migrations: readonly Migration[]): Config {
  const from = storedVersion(config);
  const steps = migrations.filter((migration) => migration.version > from).sort((a, b) => a.version - b.version);
  if (steps.length === 0) return config;
  let migrated: StoredConfig = { ...config };
  for (const step of steps) migrated = { ...step.up(migrated), [VERSION_PROPERTY]: step.version };
  const target: StoredConfig = config;
  for (const key of Object.keys(target)) if (!(key in migrated)) delete target[key];
  Object.assign(target, migrated);
  return config;
}
