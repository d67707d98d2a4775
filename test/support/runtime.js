'use strict';
/**
 * The Node-RED the suite runs on: the project's own (Node-RED 4), or the one
 * NODE_RED_RUNTIME names (the CI's Node-RED 5 run). Its modules, such as
 * @node-red/util, must come from that runtime: the project's copies are other
 * instances, and hooks or log handlers added to them would never fire.
 */
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');

/** The runtime's package folder. */
function runtimeFolder() {
  if (process.env.NODE_RED_RUNTIME) return path.resolve(process.env.NODE_RED_RUNTIME);
  return path.dirname(require.resolve('node-red/package.json', { paths: [ROOT] }));
}

/** The runtime's entry module, for helper.init. */
function runtimeEntry() {
  return require.resolve(runtimeFolder());
}

/** Where a module of the runtime (such as '@node-red/util') lives. */
function runtimeResolve(name) {
  return require.resolve(name, { paths: [runtimeFolder()] });
}

/** A module of the runtime, the instance the running Node-RED uses. */
function runtimeRequire(name) {
  return require(runtimeResolve(name));
}

module.exports = { runtimeFolder, runtimeEntry, runtimeResolve, runtimeRequire };
