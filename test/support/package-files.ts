/**
 * The package as Node-RED sees it: the node set that package.json names, its
 * editor html and help, and the node types of its public contract (README.md,
 * The nodes), which flows depend on and which must never change.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { NodeModule } from './node-red';

export const ROOT = path.resolve(__dirname, '../..');

export interface PackageJson {
  name: string;
  version: string;
  files: string[];
  engines: Record<string, string>;
  'node-red': { version?: string; nodes: Record<string, string>; plugins?: Record<string, string> };
  [field: string]: unknown;
}

export const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as PackageJson;

export const ACCOUNT_TYPE = 'device-cloud-account';
export const NODE_TYPES: readonly string[] = [
  ACCOUNT_TYPE,
  'device-cloud-devices',
  'device-cloud-sync-interval',
  'device-cloud-todo-list',
  'device-cloud-todo-create',
  'device-cloud-todo-update',
  'device-cloud-todo-complete',
  'device-cloud-todo-delete',
  'device-cloud-todo-watch',
  'device-cloud-todo-sync',
  'device-cloud-caldav',
  'device-cloud-display-text',
  'device-cloud-display-image',
  'device-cloud-page-delete',
  'device-cloud-render',
  'device-cloud-trmnl-recipe',
];
/** The CalDAV task list: a config node the to-do sync uses. */
export const CALDAV_TYPE = 'device-cloud-caldav';
/** The config nodes (category config: no palette entry, no ports). */
export const CONFIG_TYPES: readonly string[] = [ACCOUNT_TYPE, CALDAV_TYPE];
/** The node types that call no service and so have no account. */
export const WITHOUT_ACCOUNT: readonly string[] = ['device-cloud-render', 'device-cloud-trmnl-recipe'];
/** The node types that act through an account. */
export const ACCOUNT_USERS: readonly string[] = NODE_TYPES.filter(
  (type) => !CONFIG_TYPES.includes(type) && !WITHOUT_ACCOUNT.includes(type),
);

/** package.json's `node-red.nodes` entry files, from the package root. */
export const NODE_SET_FILES: readonly string[] = Object.values(pkg['node-red'].nodes);
/** The node set modules, as Node-RED requires them (for node-red-node-test-helper). */
export const NODE_MODULES: NodeModule[] = NODE_SET_FILES.map(
  (file) => createRequire(__filename)(path.join(ROOT, file)) as NodeModule,
);
/** The editor html of each node set. */
export const EDITOR_FILES: readonly string[] = NODE_SET_FILES.map((file) =>
  path.join(ROOT, file.replace(/\.js$/, '.html')),
);

/** A node set's help (or catalog, with `.json`) in one language. */
export function localeFile(locale: string, extension = '.html'): string {
  const [entry] = NODE_SET_FILES;
  return path.join(ROOT, path.dirname(entry), 'locales', locale, path.basename(entry, '.js') + extension);
}
