/** The nodes of the package, one folder each, in palette order: adding a node is one folder and one line here. */
import account from './account';
import caldav from './caldav';
import devices from './devices';
import displayImage from './display-image';
import displayText from './display-text';
import pageDelete from './page-delete';
import render from './render';
import trmnlRecipe from './trmnl-recipe';
import syncInterval from './sync-interval';
import todoComplete from './todo-complete';
import todoCreate from './todo-create';
import todoDelete from './todo-delete';
import todoList from './todo-list';
import todoSync from './todo-sync';
import todoUpdate from './todo-update';
import todoWatch from './todo-watch';
import type { NodeFolder } from '../runtime/node-folder';

export const NODE_SET: readonly NodeFolder[] = [
  account,
  devices,
  syncInterval,
  todoList,
  todoCreate,
  todoUpdate,
  todoComplete,
  todoDelete,
  todoWatch,
  todoSync,
  caldav,
  displayText,
  displayImage,
  pageDelete,
  render,
  trmnlRecipe,
];
