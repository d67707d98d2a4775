/**
 * A CalDAV server as one user sees it: the connections and credentials (one per CalDAV node), the task list at
 * the configured address, and the task lists found from any address of the server. Knows nothing of Node-RED.
 *
 *   const caldav = new CalDavClient({ url, username, password, timeoutMs: 30_000 });
 *   await caldav.taskList.check();              // a task list, or an error saying what the address is
 *   const tasks = await caldav.taskList.readTasks();
 *   await caldav.close();
 */
import { DeviceCloudError } from '../errors';
import { asCollection, caldavUrl } from './address';
import { Authorization } from './authorization';
import { findTaskLists, type TaskListChoice } from './discovery';
import { CalDavHttp } from './http';
import { CalDavTaskList } from './task-list';

export interface CalDavOptions {
  /** The task list's address. */
  url: unknown;
  username?: string;
  password?: string;
  /** How long to wait for an answer's headers, and then between chunks of its body. */
  timeoutMs: number;
}

export class CalDavClient {
  readonly taskList: CalDavTaskList;
  private readonly http: CalDavHttp;

  constructor(options: CalDavOptions) {
    const login = { username: options.username ?? '', password: options.password ?? '' };
    this.http = new CalDavHttp(new Authorization(login), options.timeoutMs);
    this.taskList = new CalDavTaskList(this.http, asCollection(caldavUrl(options.url)));
  }

  /** The task lists the user has on the server of `address` (any address of it). */
  findTaskLists(address: URL, signal?: AbortSignal): Promise<TaskListChoice[]> {
    return findTaskLists(this.http, address, signal);
  }

  async close(): Promise<void> {
    await this.http.close(new DeviceCloudError('aborted', 'the CalDAV node was closed (redeploy or shutdown)'));
  }
}

export type { TaskListChoice };
export type { TaskResource, WriteOutcome } from './task-list';
export { caldavUrl, sendsCredentialsInClear } from './address';
