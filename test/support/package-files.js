'use strict';
/**
 * The package as Node-RED sees it: the node set that package.json names, its
 * editor html and help, and the node types of the public contract
 * (shared/spec/nodes.md), which flows depend on and which must never change.
 */
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const pkg = require(path.join(ROOT, 'package.json'));

const ACCOUNT_TYPE = 'device-cloud-account';
const NODE_TYPES = [
  ACCOUNT_TYPE,
  'device-cloud-devices',
  'device-cloud-sync-interval',
  'device-cloud-todo-list',
  'device-cloud-todo-create',
  'device-cloud-todo-update',
  'device-cloud-todo-complete',
  'device-cloud-todo-delete',
  'device-cloud-todo-watch',
  'device-cloud-display-text',
  'device-cloud-display-image',
  'device-cloud-page-delete',
];

/** package.json's `node-red.nodes` entry files, from the package root. */
const NODE_SET_FILES = Object.values(pkg['node-red'].nodes);
/** The node set modules, as Node-RED requires them (for node-red-node-test-helper). */
const NODE_MODULES = NODE_SET_FILES.map((file) => require(path.join(ROOT, file)));
/** The editor html of each node set. */
const EDITOR_FILES = NODE_SET_FILES.map((file) => path.join(ROOT, file.replace(/\.js$/, '.html')));

/** A node set's help (or catalog, with `.json`) in one language. */
function localeFile(locale, extension = '.html') {
  const [entry] = NODE_SET_FILES;
  return path.join(ROOT, path.dirname(entry), 'locales', locale, path.basename(entry, '.js') + extension);
}

module.exports = { ROOT, pkg, ACCOUNT_TYPE, NODE_TYPES, NODE_SET_FILES, NODE_MODULES, EDITOR_FILES, localeFile };
