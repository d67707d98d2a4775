/** The node set Node-RED loads (nodes/device-cloud.js): every node of the package, in palette order. */
import account from './account/runtime';
import devices from './devices/runtime';
import displayImage from './display-image/runtime';
import displayText from './display-text/runtime';
import pageDelete from './page-delete/runtime';
import render from './render/runtime';
import type { NodeAPI } from '../runtime/node-red-api';
import syncInterval from './sync-interval/runtime';
import todoComplete from './todo-complete/runtime';
import todoCreate from './todo-create/runtime';
import todoDelete from './todo-delete/runtime';
import todoList from './todo-list/runtime';
import todoUpdate from './todo-update/runtime';
import todoWatch from './todo-watch/runtime';

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
