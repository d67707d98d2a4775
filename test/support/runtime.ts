/**
 * The Node-RED the suite runs on: the project's own (Node-RED 4), or the one
 * NODE_RED_RUNTIME names (the CI's Node-RED 5 run). Its modules, such as
 * @node-red/util, must come from that runtime: the project's copies are other
 * instances, and hooks or log handlers added to them would never fire.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { RuntimeUtil } from './node-red';

const ROOT = path.resolve(__dirname, '../..');

/** The runtime's package folder. */
export function runtimeFolder(): string {
  if (process.env.NODE_RED_RUNTIME) return path.resolve(process.env.NODE_RED_RUNTIME);
  return path.dirname(require.resolve('node-red/package.json', { paths: [ROOT] }));
}

/** The runtime's entry module, for helper.init. */
export function runtimeEntry(): string {
  return require.resolve(runtimeFolder());
}

/** Where a module of the runtime (such as '@node-red/util') lives. */
export function runtimeResolve(name: string): string {
  return require.resolve(name, { paths: [runtimeFolder()] });
}

/** A module of the runtime, the instance the running Node-RED uses. */
export function runtimeRequire(name: string): unknown {
  return createRequire(__filename)(runtimeResolve(name)) as unknown;
}

/** The runtime's @node-red/util: its hooks, log and events. */
export function runtimeUtil(): RuntimeUtil {
  return runtimeRequire('@node-red/util') as RuntimeUtil;
}
