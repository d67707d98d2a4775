/** The node set Node-RED loads (nodes/device-cloud.js): every node of the package, in palette order. */
import account from './account';
import devices from './devices';
import displayImage from './display-image';
import displayText from './display-text';
import pageDelete from './page-delete';
import render from './render';
import type { NodeAPI } from './shared/red';
import syncInterval from './sync-interval';
import todoComplete from './todo-complete';
import todoCreate from './todo-create';
import todoDelete from './todo-delete';
import todoList from './todo-list';
import todoUpdate from './todo-update';
import todoWatch from './todo-watch';

const NODES = [
  account,
  devices,
  syncInterval,
  todoList,
  todoCreate,
  todoUpdate,
  todoComplete,
  todoDelete,
  todoWatch,
  displayText,
  displayImage,
  pageDelete,
  render,
];

export = function registerDeviceCloudNodes(RED: NodeAPI): void {
  for (const register of NODES) register(RED);
};
